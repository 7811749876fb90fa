#pragma once
// The grammar the views' filter fields share: comma-separated alternatives, each a rank or rank range
// ("rank 3", "rank 3-5", "ranks 0..3"), where the table has steps a step or step range ("step 11",
// "steps 2-4"), and the words left over as one phrase ("rank 2 hccl": rank 2 and "hccl"). The timeline's
// track filter and the Steps table read a typed "rank 5" alike (walk 23: the Steps table matched the text
// and listed other ranks' steps whose cause named rank 5). Case-insensitive. Pure; any thread.
#include <QString>
#include <optional>
#include <utility>
#include <vector>

namespace rs::views {

struct FilterClause {
    std::optional<std::pair<int, int>> ranks; ///< inclusive, low first
    std::optional<std::pair<int, int>> steps; ///< inclusive, low first; only where steps were asked for
    QString phrase;                           ///< simplified; empty: any row of the ranks and steps
    /// Whether a row of `rank` and `step` (none: a row without steps) passes the numbers; the phrase is
    /// the caller's to match against its own text.
    bool numbersMatch(int rank, std::optional<qint64> step = {}) const;
};

/// The alternatives in `text`; `withSteps` reads "step N" as a term (else it stays in the phrase).
std::vector<FilterClause> parseFilterClauses(const QString& text, bool withSteps);

} // namespace rs::views
