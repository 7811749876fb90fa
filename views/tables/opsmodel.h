#pragma once
// Table model of the device kernels and collectives of one rank in one step: start (relative to the
// step's start as its Steps row gives it: core/model/stepbounds.h), name, op type, duration, collective
// wait, track. Qt::UserRole holds raw numbers for sorting. GUI thread only.
#include "core/query/analysisqueries.h"

#include <QAbstractTableModel>
#include <memory>

namespace rs::views {

class OpsModel : public QAbstractTableModel {
    Q_OBJECT
  public:
    enum Column { Start, Name, OpType, Duration, Wait, Track, ColumnCount };
    using QAbstractTableModel::QAbstractTableModel;
    /// `originNs`: the step's start (ns), "start in step" counts from it; `originText` says what it is
    /// (model::stepBoundsText), in the column's tooltip.
    void setRows(std::shared_ptr<const std::vector<query::OpRow>> rows, qint64 originNs,
                 const QString& originText);
    const query::OpRow* row(int r) const;
    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QVariant headerData(int section, Qt::Orientation o, int role) const override;

  private:
    std::shared_ptr<const std::vector<query::OpRow>> m_rows;
    qint64 m_origin = 0;
    QString m_originText;
};

} // namespace rs::views
