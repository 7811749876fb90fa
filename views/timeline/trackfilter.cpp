#include "views/timeline/trackfilter.h"

#include <algorithm>

namespace rs::views {

TrackFilter::TrackFilter(const QString& text) : m_clauses(parseFilterClauses(text, false)) {}

bool TrackFilter::matches(int dataRank, const QString& hay) const {
    if (m_clauses.empty()) return true;
    return std::any_of(m_clauses.begin(), m_clauses.end(), [&](const FilterClause& c) {
        if (!c.numbersMatch(dataRank)) return false;
        return c.phrase.isEmpty() || hay.simplified().contains(c.phrase, Qt::CaseInsensitive);
    });
}

} // namespace rs::views
