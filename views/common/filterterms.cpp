#include "views/common/filterterms.h"

#include <QRegularExpression>
#include <QStringList>
#include <algorithm>

namespace rs::views {

namespace {

/// "rank 3", "ranks 3-5", "rank 5..3", "rank 3 to 5" for `word` "rank".
QRegularExpression termFor(const QString& word) {
    return QRegularExpression(QStringLiteral(R"(\b%1s?\s*(\d+)(?:\s*(?:-|\.\.|to)\s*(\d+))?)").arg(word),
                              QRegularExpression::CaseInsensitiveOption);
}

/// The range the first `term` in `part` names, taken out of `part`.
std::optional<std::pair<int, int>> takeRange(QString& part, const QRegularExpression& term) {
    const auto m = term.match(part);
    if (!m.hasMatch()) return std::nullopt;
    const int a = m.captured(1).toInt(), b = m.captured(2).isEmpty() ? a : m.captured(2).toInt();
    part.remove(m.capturedStart(), m.capturedLength());
    return std::pair{std::min(a, b), std::max(a, b)};
}

bool within(qint64 v, const std::optional<std::pair<int, int>>& r) {
    return !r || (v >= r->first && v <= r->second);
}

} // namespace

bool FilterClause::numbersMatch(int rank, std::optional<qint64> step) const {
    return within(rank, ranks) && (!steps || (step && within(*step, steps)));
}

std::vector<FilterClause> parseFilterClauses(const QString& text, bool withSteps) {
    static const QRegularExpression rankTerm = termFor(QStringLiteral("rank")),
                                    stepTerm = termFor(QStringLiteral("step"));
    std::vector<FilterClause> out;
    for (QString part : text.split(',', Qt::SkipEmptyParts)) {
        FilterClause c;
        c.ranks = takeRange(part, rankTerm);
        if (withSteps) c.steps = takeRange(part, stepTerm);
        c.phrase = part.simplified();
        if (c.ranks || c.steps || !c.phrase.isEmpty()) out.push_back(std::move(c));
    }
    return out;
}

} // namespace rs::views
