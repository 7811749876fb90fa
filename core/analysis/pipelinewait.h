#pragma once
// Cross-rank pass "pipeline_waits": ranks that spend a large share of their steps waiting in pipeline
// (point-to-point) receives, told as one pipeline_wait finding per run — the waiting ranks, the receive
// ops, the wall time per step and in all.
//
// Why apart from the stall / late-rank findings: those blame the last arrival at a collective that every
// rank of a group enters; a Send/Receive pair is never matched across ranks (sum_arrival.point_to_point),
// so a stage that waits for the stage feeding it (mindinsight cluster_propose: ranks 0–1 wait ~170 ms of
// every ~179 ms step in Receive) is told by nothing else.
// What counts: a receive's wait as measured by its producer (hccl_raw wait_cost, communication.json's
// Wait Time, Notify_Wait tasks), never its whole duration (a Kineto recv kernel's time mixes wait and
// transfer: without a measured wait it is not counted), placed at the op's start and clipped to the part of
// the step when every rank of the run had begun it (a rank whose profiler began the first step early waits
// for ranks that were not yet running: that cost the job nothing). Sends are not counted: a send waits
// for its receiver to be ready, which is the receiver's wait seen from the other side.
// The rule: a rank waits when its clipped receive wait is at least kPipelineWaitShare of its steps' wall
// time, clipped the same way (steps at least two ranks of the run recorded).
// Whom to blame: the sending rank only where the data names it — every waiting rank's receives are in
// groups of two whose global members comm_group lists (the peer is the other member). Legacy hccl_raw gives
// the peer as a rank of the pipeline group without its members, so there the finding names none and says
// so; it states what the other ranks of the run did instead (their computation, else their time outside
// communication, per step). Units: ns. One thread (the index-building thread), inside the analysis
// transaction.
#include "core/analysis/pass.h"
#include "core/analysis/rootcausefindings.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace rs::analysis {

/// A rank waits in pipeline receives when they take at least this share of its steps' wall time. A
/// pipeline's bubble alone, (stages − 1) / (micro-batches + stages − 1) of a step, stays under it for the
/// usual four or more micro-batches per stage.
constexpr double kPipelineWaitShare = 0.25;

/// One point-to-point receive on a rank, with its producer-measured wait.
struct ReceiveWait {
    int rank = 0;
    int64_t step = 0;
    std::string name;
    int64_t startNs = 0, durNs = 0, waitNs = 0, spanId = 0;
    std::string group;  ///< its communication group, as sum_arrival names it ("" unknown)
    std::string source; ///< what measured its wait, as wait.source names it ("hccl_raw", "Notify_Wait")
};

/// One rank's step: where it starts, how long it is, what of it was communication / computation (when
/// known).
struct RankStep {
    int64_t startNs = 0, wallNs = 0;
    std::optional<int64_t> commNs, computeNs;
};

/// What one run's pipeline_wait finding is built from.
struct PipelineWaitFacts {
    int run = 0;
    std::vector<ReceiveWait> receives;
    std::map<std::pair<int, int64_t>, RankStep> steps; ///< (rank key, step)
    std::map<int, int> dataRank;                       ///< rank key → the rank the data names
    std::map<int64_t, int64_t> jobWall;                ///< step → the job's wall time of it
    /// group → its members as global (data) ranks, where comm_group knows them: a receive in a group of
    /// two can only come from the other member — the one case the data names the sender.
    std::map<std::string, std::vector<int64_t>> groupMembers;
};

/// The run's pipeline_wait finding, when some rank waits (pure).
std::optional<Finding> pipelineWaitFinding(const PipelineWaitFacts& facts);

class PipelineWaitPass : public CrossRankPass {
  public:
    PassInfo info() const override;
    void run(CrossRankContext& ctx) override;
};

} // namespace rs::analysis
