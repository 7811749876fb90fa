#pragma once
// The counters of an area (core/query/areastats.h): one row per counter lane or device-memory curve of a
// rank — the value in force at the area's start and end, the min and max of the values in force in it, the
// samples inside (a row without one: the value held from before the start, in italics, its tooltip says so).
// Qt::UserRole holds raw numbers for sorting. GUI thread.
#include "core/query/areastats.h"

#include <QAbstractTableModel>
#include <map>
#include <memory>

namespace rs::views {

class AreaCounterModel : public QAbstractTableModel {
    Q_OBJECT
  public:
    enum Column { Rank, Lane, First, Last, Min, Max, Samples, ColumnCount };
    /// A row without a sample inside the area: its figures' tooltip (they are set in italics).
    static QString heldText();
    using QAbstractTableModel::QAbstractTableModel;
    void setStats(std::shared_ptr<const query::AreaStats> s, std::map<int, int> dataRank);
    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QVariant headerData(int section, Qt::Orientation o, int role) const override;

  private:
    std::shared_ptr<const query::AreaStats> m_stats;
    std::map<int, int> m_dataRank;
};

} // namespace rs::views
