#pragma once
// Findings by root cause: one finding per cause with its consequences folded in, so a stalled rank, a
// slow card and the waits they cause are each told once and ranked by what the job lost.
//
// Reads what the other passes wrote (collective, wait, step_stat, op_stat) and writes `finding` rows:
//  - stall: a rank whose device sat idle before a collective it arrived last at, far later than the
//    run's typical lateness: one finding per (rank, step), the gap and the waiting ranks folded in;
//  - slow_rank: a rank that arrives last in collectives because its kernels are slower (op types flagged
//    in op_stat, with their ratios); late_rank when no op type explains it (idle or spread-out work).
//    Only a rank last in at least twice its fair share of its instances (capped at 90 %) is a cause:
//    ranks that take turns being last are jitter;
//  - straggler: flagged op types on a rank that nobody waited for (told as extra kernel time, no loss);
//  - outlier_step: an outlier step that no late rank explains (the step's own phase named).
// Units: lost_ns is the wall-clock time the job lost: per collective, how much earlier it would have
// started had the culprit arrived with the next-latest rank (the smallest wait among the others);
// waited_ns is the sum of every other rank's wait for it; extra_ns is extra kernel time.
// Noise floor: a time finding is listed only when its loss (extra time for a straggler) is at least
// max(kFloorNs, kFloorShare × the wall time of the steps it affects).
// The sentences are rendered when shown (core/model/findingtext.h). Stages: lateevents.h (the facts),
// rootcausefindings.h (one builder per kind, the floor, the store).
// Cross-rank pass "root_causes", after the collectives, step breakdown and op statistics passes.
#include "core/analysis/pass.h"

namespace rs::analysis {

class RootCausePass : public CrossRankPass {
  public:
    PassInfo info() const override;
    void run(CrossRankContext& ctx) override;
};

} // namespace rs::analysis
