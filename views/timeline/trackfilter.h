#pragma once
// The timeline's track filter: comma-separated alternatives, each a rank or rank range ("rank 3",
// "rank 3-5", "ranks 0-3") and/or words that must all appear in "Rank N process track kind"
// (case-insensitive). "rank 4, rank 5" shows both ranks; "rank 2 hccl" rank 2's HCCL lanes. Pure.
#include <QString>
#include <QStringList>
#include <optional>
#include <utility>
#include <vector>

namespace rs::views {

class TrackFilter {
  public:
    explicit TrackFilter(const QString& text);
    bool empty() const { return m_clauses.empty(); }
    /// Whether a track of the rank the producer numbers `dataRank`, described by `hay`, is shown.
    bool matches(int dataRank, const QString& hay) const;

  private:
    struct Clause {
        std::optional<std::pair<int, int>> ranks; ///< inclusive
        QStringList words;
    };
    std::vector<Clause> m_clauses;
};

} // namespace rs::views
