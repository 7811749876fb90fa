#include "views/timeline/trackfilter.h"

#include <QRegularExpression>
#include <algorithm>

namespace rs::views {

TrackFilter::TrackFilter(const QString& text) {
    static const QRegularExpression rankTerm(R"(\branks?\s*(\d+)(?:\s*(?:-|\.\.|to)\s*(\d+))?)",
                                             QRegularExpression::CaseInsensitiveOption);
    for (QString part : text.split(',', Qt::SkipEmptyParts)) {
        Clause c;
        if (auto m = rankTerm.match(part); m.hasMatch()) {
            const int a = m.captured(1).toInt(), b = m.captured(2).isEmpty() ? a : m.captured(2).toInt();
            c.ranks = std::pair{std::min(a, b), std::max(a, b)};
            part.remove(m.capturedStart(), m.capturedLength());
        }
        c.phrase = part.simplified();
        if (c.ranks || !c.phrase.isEmpty()) m_clauses.push_back(std::move(c));
    }
}

bool TrackFilter::matches(int dataRank, const QString& hay) const {
    if (m_clauses.empty()) return true;
    return std::any_of(m_clauses.begin(), m_clauses.end(), [&](const Clause& c) {
        if (c.ranks && (dataRank < c.ranks->first || dataRank > c.ranks->second)) return false;
        return c.phrase.isEmpty() || hay.simplified().contains(c.phrase, Qt::CaseInsensitive);
    });
}

} // namespace rs::views
