#pragma once
// Table model of every rank × step with its breakdown (wall, compute, communication, wait, idle,
// preparing); outlier steps marked (background, cause in the tooltip); a compute or idle time nothing
// measured shows "—" with the reason in its tooltip. Qt::UserRole holds raw numbers for sorting (-1:
// unknown). GUI thread only.
#include "core/query/analysisqueries.h"

#include <QAbstractTableModel>
#include <memory>

namespace rs::views {

class StepsModel : public QAbstractTableModel {
    Q_OBJECT
  public:
    enum Column { Rank, Step, Wall, Compute, Comm, Wait, Idle, Preparing, Cause, ColumnCount };
    using QAbstractTableModel::QAbstractTableModel;
    void setRows(std::shared_ptr<const std::vector<query::StepRow>> rows);
    const query::StepRow* row(int r) const;
    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QVariant headerData(int section, Qt::Orientation o, int role) const override;

  private:
    static QVariant toolTip(const query::StepRow& r, Column c);
    std::shared_ptr<const std::vector<query::StepRow>> m_rows;
};

} // namespace rs::views
