#include "views/tables/termfilterproxy.h"

#include <algorithm>

namespace rs::views {

TermFilterProxy::TermFilterProxy(int rankColumn, int stepColumn, QObject* parent)
    : QSortFilterProxyModel(parent), m_rankColumn(rankColumn), m_stepColumn(stepColumn) {}

void TermFilterProxy::setTerms(const QString& text) {
    m_clauses = parseFilterClauses(text, true);
    invalidateFilter();
}

bool TermFilterProxy::filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const {
    if (m_clauses.empty()) return QSortFilterProxyModel::filterAcceptsRow(sourceRow, sourceParent);
    const auto* m = sourceModel();
    const int rank = m->index(sourceRow, m_rankColumn, sourceParent).data(Qt::UserRole).toInt();
    const qint64 step = m->index(sourceRow, m_stepColumn, sourceParent).data(Qt::UserRole).toLongLong();
    return std::any_of(m_clauses.begin(), m_clauses.end(), [&](const FilterClause& c) {
        return c.numbersMatch(rank, step) &&
               (c.phrase.isEmpty() || rowShows(sourceRow, sourceParent, c.phrase));
    });
}

bool TermFilterProxy::rowShows(int sourceRow, const QModelIndex& sourceParent, const QString& phrase) const {
    const auto* m = sourceModel();
    for (int c = 0; c < m->columnCount(sourceParent); ++c)
        if (m->index(sourceRow, c, sourceParent).data().toString().contains(phrase, Qt::CaseInsensitive))
            return true;
    return false;
}

} // namespace rs::views
