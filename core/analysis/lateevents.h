#pragma once
// The facts the root causes are built from, read from the cross-rank passes' outputs: the collective
// instances at which one rank arrived last while others waited (from `collective` and `wait`), the job's
// step times (from `step_stat`), and the test that tells a stall from ordinary lateness. Cross-rank
// stage of RootCausePass; one thread.
#include "core/analysis/analysisoptions.h"
#include "core/analysis/runs.h"
#include "core/index/sqlite.h"

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace rs::analysis {

/// One collective instance at which a rank arrived last and the others waited.
struct LateEvent {
    int run = 0;
    int culprit = 0;
    int64_t step = 0;
    std::string name; ///< the collective's name on the culprit (a kernel signature without its parameters)
    int64_t lateness = 0; ///< smallest wait among the other ranks: what the job lost here
    int64_t waited = 0;   ///< sum of the other ranks' waits
    int64_t gapStart = 0; ///< the culprit's device-idle gap before it (0 dur: none)
    int64_t gapDur = 0;
    int64_t startNs = 0, endNs = 0; ///< the instance across all ranks (and the gap)
    int64_t spanId = 0;             ///< the culprit's collective span
    std::vector<int> waiting;       ///< the ranks that waited for it
    /// `waited` by where each wait comes from (wait.source: "hccl_raw", "arrival order", …)
    std::map<std::string, int64_t> waitedBySource;
};

std::vector<LateEvent> lateEvents(index::Db& db, const RunMap& runs);

/// Job step time: the slowest rank's wall time per (run, step).
using Walls = std::map<std::pair<int, int64_t>, int64_t>;
Walls jobStepWalls(index::Db& db);
int64_t wallOf(const Walls& w, int run, int64_t step);

/// A late event is a stall when the culprit's device was idle for most of its lateness and the lateness
/// stands far out of the run's typical lateness (median / MAD over every late event of every rank; with
/// fewer than three events, when it is at least outlierMinFraction of its step's wall time).
class StallTest {
  public:
    StallTest(const std::vector<LateEvent>& events, const AnalysisOptions& opts);
    bool operator()(const LateEvent& e, int64_t stepWall) const;

  private:
    const AnalysisOptions& m_opts;
    size_t m_count;
    double m_median, m_mad;
};

} // namespace rs::analysis
