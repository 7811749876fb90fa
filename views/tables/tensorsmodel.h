#pragma once
// Table model of tensors (of a step, or of an op in a step): id, op, size, address, bank, allocation and
// free (step positions), lifetime. Qt::UserRole holds raw numbers for sorting. GUI thread only.
#include "core/query/analysisqueries.h"

#include <QAbstractTableModel>
#include <memory>

namespace rs::views {

class TensorsModel : public QAbstractTableModel {
    Q_OBJECT
  public:
    enum Column { Id, Op, Size, Address, Bank, Alloc, Free, Lifetime, ColumnCount };
    using QAbstractTableModel::QAbstractTableModel;
    void setRows(std::shared_ptr<const std::vector<query::TensorItem>> rows);
    const query::TensorItem* row(int r) const;
    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QVariant headerData(int section, Qt::Orientation o, int role) const override;

  private:
    std::shared_ptr<const std::vector<query::TensorItem>> m_rows;
};

} // namespace rs::views
