#pragma once
// The timeline's track filter: comma-separated alternatives, each a rank or rank range ("rank 3",
// "rank 3-5", "ranks 0-3") and/or a phrase that must appear in the track's "process name kind"
// (case-insensitive, not in its rank's label: "plane 0" is every rank's Plane 0, not all of rank 0's
// planes). "rank 4, rank 5" shows both ranks; "rank 2 hccl" rank 2's HCCL lanes. The grammar is
// views/common/filterterms.h, which the Steps table reads too. Pure.
#include "views/common/filterterms.h"

#include <QString>
#include <vector>

namespace rs::views {

class TrackFilter {
  public:
    explicit TrackFilter(const QString& text);
    bool empty() const { return m_clauses.empty(); }
    /// Whether a track of the rank the producer numbers `dataRank`, described by `hay` (its process, name
    /// and kind), is shown.
    bool matches(int dataRank, const QString& hay) const;

  private:
    std::vector<FilterClause> m_clauses;
};

} // namespace rs::views
