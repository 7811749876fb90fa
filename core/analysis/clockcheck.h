#pragma once
// One clock per rank. Every source of a rank is put on the time base of its device ops (the kernels on
// its compute lanes) when the data gives a way to, and kept apart when it does not: a lane or the step
// list whose whole time range lies far from the device ops (more than kFarGapNs and more than twice the
// longer of the two ranges) is on another clock. Legacy MindSpore shows this: its timeline is relative
// (ops at 0–6 s) while its step trace counts system ticks (steps at ~154 908 s). A folder that holds
// aicpu_intermediate_<r>.csv gives the offset (core/import/legacyclocksync.h: the importer puts the steps on
// the timeline's clock before this pass runs); one without it, or whose pairs disagree, has no sync record
// relating the two, and this pass keeps them apart.
//
// Which clock is the rank's when its steps lie far from its device ops: the steps', when its communication
// lies with them and none with the device ops (the collectives are what the job's ranks share: legacy
// MindSpore's step trace counts its steps and communication ops on the system counter the other ranks'
// step traces count, resource/profiler's ranks 0 and 10 begin steps 1-20 within 0.05-0.93 ms of each
// other), and then the lanes far from the steps — its device ops — are the ones apart; else the device
// ops', and the steps are left out (below). Decided from the rank's own data, so a shard decides alike.
//
// Such lanes get track.aligned = 0 (kept in the index, not drawn on the timeline, named in the view and
// in diagnostics); such steps are left out (the rank gets one step covering its device ops, so ops are
// never put into steps of another clock) and rank_info.clock_note says what was kept apart and why.
// Rank-local; the first pass of the plan (later passes read the steps it may replace).
#include "core/analysis/pass.h"

namespace rs::analysis {

constexpr int64_t kFarGapNs = int64_t(10) * 1000 * 1000 * 1000; // 10 s

/// On different clocks as far as the data tells: the time ranges [aStartNs, aEndNs] and [bStartNs, bEndNs]
/// do not overlap, and the gap is larger than kFarGapNs and than twice the longer range.
bool farApart(int64_t aStartNs, int64_t aEndNs, int64_t bStartNs, int64_t bEndNs);

class ClockCheckPass : public RankPass {
  public:
    PassInfo info() const override;
    void run(RankContext& ctx) override;
    /// the split passes read the steps and windows it leaves: it runs for every rank first
    bool firstForEveryRank() const override { return true; }
};

} // namespace rs::analysis
