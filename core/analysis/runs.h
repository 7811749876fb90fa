#pragma once
// Runs: which rank sources of a folder belong to one job. Users drop traces of different jobs side by side
// (a Kineto rank 3 of 8 next to a rank 1 of 2, recorded days apart; an Ascend text export next to a .db
// export of another session); nothing may be matched, compared or aligned across them.
//
// A rank joins a run when the data says it may belong: the same producer family (Ascend, Kineto / Chrome
// trace, legacy MindSpore), a compatible world size (equal, or unknown on one side), a rank number the run
// does not hold yet, and a time window that overlaps the run's or lies within kJoinGapNs or the shorter of
// the two durations of it. Ranks are taken folder by folder (two copies of one job in two folders, the same
// windows, are told apart by nothing else), each joining the first run it may belong to. Runs are numbered by
// start time. A run whose world size is known and larger than
// the ranks it holds is incomplete: its late rank cannot be named (the latest may not be in the folder). So
// is a run whose ranks' collectives name peers it does not hold, or whose rank numbers leave a gap (ranks 0
// and 10 alone miss 1-9: a job numbers its ranks from 0; ranks 4-7 alone are not judged, they may be devices
// 4-7 of a job of 4), and a run of one rank that took part in a
// collective of a group (its other members are not here) unless its world size is 1. The report's banner,
// its wait lines and the timeline's wait tooltips all follow this one rule.
// Cross-rank: reads the per-rank facts in rank_info (source, world size, peers, data rank, the window and
// place RankWindowPass wrote) and sum_arrival (which ranks took part in a group's collective), and writes
// `run` and rank_info.run_id; the first cross-rank pass.
#include "core/analysis/pass.h"

#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>

namespace rs::analysis {

constexpr int64_t kJoinGapNs = int64_t(5) * 1000 * 1000 * 1000; // 5 s

class RunsPass : public CrossRankPass {
  public:
    PassInfo info() const override;
    void run(CrossRankContext& ctx) override;
};

/// rank → run_id, and which runs are complete, as assignRuns wrote them.
struct RunMap {
    std::map<int, int> runOf;
    std::map<int, int> dataRank; ///< index rank key → the rank number the producer wrote
    std::map<int, bool> complete;
    /// Ranks Rankscope numbered itself (one per file: the data names none) whose run holds other ranks:
    /// nothing says their files belong to one job (one device's trace split in files, unrelated runs), so
    /// their collectives are not matched, clocks not aligned, waits not blamed across them (r48d).
    std::set<int> unnamed;
    int run(int rank) const {
        auto it = runOf.find(rank);
        return it == runOf.end() ? 0 : it->second;
    }
    /// "rank N" as the data names it (keys differ from it only when two runs claim one number).
    std::string name(int rank) const {
        auto it = dataRank.find(rank);
        return "rank " + std::to_string(it == dataRank.end() ? rank : it->second);
    }
    bool isComplete(int run) const {
        auto it = complete.find(run);
        return it == complete.end() || it->second;
    }
};
RunMap loadRuns(index::Db& db);

} // namespace rs::analysis
