#pragma once
// The table of an area's statistics (core/query/areastats.h): one row per (op name, kind, rank or all
// ranks) — count, total and self time inside the area, average, min, max, p95. Qt::UserRole holds raw
// numbers for sorting. GUI thread.
#include "core/query/areastats.h"

#include <QAbstractTableModel>
#include <map>
#include <memory>

namespace rs::views {

class AreaStatsModel : public QAbstractTableModel {
    Q_OBJECT
  public:
    enum Column { Name, Kind, Rank, Count, Total, Self, Avg, Min, Max, P95, ColumnCount };
    using QAbstractTableModel::QAbstractTableModel;
    /// The statistics shown (null: none); `dataRank` names ranks as the producer numbered them.
    void setStats(std::shared_ptr<const query::AreaStats> s, std::map<int, int> dataRank);
    const query::AreaStats* stats() const { return m_stats.get(); }
    const query::AreaRow* row(int r) const;
    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QVariant headerData(int section, Qt::Orientation o, int role) const override;

  private:
    QString rankText(const query::AreaRow& r) const;
    std::shared_ptr<const query::AreaStats> m_stats;
    std::map<int, int> m_dataRank;
};

} // namespace rs::views
