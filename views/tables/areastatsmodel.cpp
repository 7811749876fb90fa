#include "views/tables/areastatsmodel.h"

#include "views/common/timemapping.h"

namespace rs::views {

void AreaStatsModel::setStats(std::shared_ptr<const query::AreaStats> s, std::map<int, int> dataRank) {
    beginResetModel();
    m_stats = std::move(s);
    m_dataRank = std::move(dataRank);
    endResetModel();
}

const query::AreaRow* AreaStatsModel::row(int r) const {
    return m_stats && r >= 0 && size_t(r) < m_stats->rows.size() ? &m_stats->rows[size_t(r)] : nullptr;
}

int AreaStatsModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() || !m_stats ? 0 : int(m_stats->rows.size());
}

int AreaStatsModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QString AreaStatsModel::rankText(const query::AreaRow& r) const {
    if (r.rank < 0) return QString::fromStdString(query::pooledRanksText(r, m_dataRank)); // ranks together
    const auto it = m_dataRank.find(r.rank);
    return QString::number(it == m_dataRank.end() ? r.rank : it->second);
}

QVariant AreaStatsModel::data(const QModelIndex& index, int role) const {
    const query::AreaRow* r = row(index.row());
    if (!r) return {};
    const int64_t ns[] = {0,        0,        0,       0, r->totalNs, r->selfNs, int64_t(r->avgNs + 0.5),
                          r->minNs, r->maxNs, r->p95Ns};
    const int c = index.column();
    if (role == Qt::UserRole) { // raw, for sorting
        if (c == Name) return QString::fromStdString(r->name);
        if (c == Kind) return QString::fromStdString(r->kind);
        if (c == Rank) { // the producer's number, as shown (every rank together sorts first)
            const auto it = m_dataRank.find(r->rank);
            return r->rank < 0 ? -1 : it == m_dataRank.end() ? r->rank : it->second;
        }
        if (c == Count) return qlonglong(r->count);
        if (c == Avg) return r->avgNs;
        return qlonglong(ns[c]);
    }
    if (role == Qt::DisplayRole) {
        if (c == Name) return QString::fromStdString(r->name);
        if (c == Kind) return QString::fromStdString(r->kind);
        if (c == Rank) return rankText(*r);
        if (c == Count) return qlonglong(r->count);
        return formatDuration(ns[c]);
    }
    if (role == Qt::TextAlignmentRole && c >= Count) return QVariant(Qt::AlignRight | Qt::AlignVCenter);
    if (role == Qt::ToolTipRole)
        return tr("%1 (%2) on rank %3: %4 spans overlap the area; inside it %5 in all, %6 of it their "
                  "own (not their children's); each span's time inside the area: average %7, min %8, max %9, "
                  "p95 %10 (nearest rank). Click: highlight them on the timeline")
            .arg(QString::fromStdString(r->name), QString::fromStdString(r->kind), rankText(*r))
            .arg(r->count)
            .arg(formatDuration(r->totalNs), formatDuration(r->selfNs), formatDuration(ns[Avg]),
                 formatDuration(r->minNs), formatDuration(r->maxNs), formatDuration(r->p95Ns));
    return {};
}

QVariant AreaStatsModel::headerData(int section, Qt::Orientation o, int role) const {
    if (o != Qt::Horizontal) return {};
    // "kind", not "lane": a compute lane's runtime tasks and collectives have kinds of their own
    static const char* names[] = {"op name", "kind", "rank", "count", "total",
                                  "self",    "avg",  "min",  "max",   "p95"};
    if (role == Qt::DisplayRole)
        return section >= 0 && section < ColumnCount ? tr(names[section]) : QVariant();
    if (role == Qt::ToolTipRole && section == Kind)
        return tr("The lane's kind, but a compute lane's runtime tasks (waits, copies: grey on the "
                  "timeline) are runtime and its collectives communication");
    if (role == Qt::ToolTipRole && section == Self)
        return tr("Wall time inside the area minus the time the span's children on the same lane cover");
    if (role == Qt::ToolTipRole && section >= Avg)
        return tr("Of each span's time inside the area (a span cut by an edge counts with its inside part); "
                  "p95: the ⌈0.95·n⌉-th smallest");
    return {};
}

} // namespace rs::views
