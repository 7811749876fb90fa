#pragma once
// A rank's time window and place, the facts the cross-rank RunsPass groups ranks by: the window from its
// spans on aligned lanes (the first start by the span index, the end from the last few spans of each
// track) and its steps when they are on that clock (not far from it, as the clock pass judges), else from
// its step and communication records; the place is the folder of its first file with
// the digits dropped (rank-0/… and rank-1/… are one place). Writes rank_info.start_ns / end_ns / place
// (NULL when nothing tells). Rank-local, after the clock pass (it reads track.aligned and the steps it
// kept).
#include "core/analysis/pass.h"

#include <string>

namespace rs::analysis {

class RankWindowPass : public RankPass {
  public:
    PassInfo info() const override;
    void run(RankContext& ctx) override;
    /// the split passes read the rank windows it writes: it runs for every rank first
    bool firstForEveryRank() const override { return true; }
};

/// The folder of `path` as written ("" for a bare file name).
std::string dirOf(const std::string& path);
/// The folder of `path` with every digit dropped.
std::string placeOf(const std::string& path);

} // namespace rs::analysis
