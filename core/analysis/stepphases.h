#pragma once
// Rank-local pass "step_phases": each step of one rank measured from its device kernels and collectives —
// wall (the step event's own length), compute, communication (overlapped with compute or not), idle and
// preparing (step start to the first device task) — or, where Ascend ships step_trace_time.csv, its
// breakdown instead, and its step time (Stage + Bubble, the device's first to last task) as the wall
// (told in diagnostics when its Computing differs from the kernels by more than 5 %).
// Written to `sum_step`; the cross-rank StepBreakdownPass adds the waits and blame and judges outliers.
// Split (pass.h), in the "kernels" group: its compute takes the rank's collectives from
// collective_arrivals' compute (RankReadContext::collectivesByStep), not from sum_arrival.
#include "core/analysis/pass.h"
#include "core/analysis/rankkernels.h"
#include "core/analysis/stepindex.h"
#include "core/model/intervals.h"

#include <optional>
#include <string>

namespace rs::analysis {

/// One step's phases as this rank measured them (ns).
struct StepPhases {
    int64_t step = 0, startNs = 0;
    int64_t wall = 0, compute = 0, comm = 0, overlapped = 0, notOverlapped = 0, idle = 0, preparing = 0;
    /// False when nothing measured the compute: a rank without device kernels (a host-only trace, an Ascend
    /// rank without device data) and no shipped breakdown. `compute` is 0 then and stored as NULL, never
    /// shown as a measured 0; `idle` (wall minus the busy time) is unknown as well, since the kernels it
    /// would subtract were not recorded: stored as NULL too.
    bool computeKnown = true;
    /// False when the producer left the step's communication unrecorded (StepWindow::commRecorded): comm,
    /// overlapped, notOverlapped and idle are stored as NULL, never a measured 0.
    bool commKnown = true;
    /// False when nothing measured the preparing: no device task or collective started in the step and the
    /// producer gave none; stored as NULL.
    bool preparingKnown = true;
    std::string source; ///< events, or step_trace_time
};

/// A rank's device time as unions (model::merged): its compute kernels' and its collectives', so that a
/// step reads its share by overlap. ns.
struct RankBusy {
    model::Intervals compute, comm;
};
RankBusy rankBusy(const RankKernels& kernels, model::Intervals collectives);

/// The phases of window `w` from the rank's kernels and collectives. Compute, communication and idle are
/// the overlap with the step's own window [start, own end): a kernel running from one step into the next
/// gives each its part, so the row agrees with the timeline inside the step's band (HTA
/// ns_resolution_trace step 102 counted 0.32 ms of its kernels that ran in step 103, and its idle came out
/// 580 µs where the band shows 0.90 ms). The compute is unknown when the rank has no kernel at all.
StepPhases measureStep(const StepWindow& w, const RankKernels& kernels, const RankBusy& busy);
/// The same from the rank's collectives' [start, end) intervals (tests).
StepPhases measureStep(const StepWindow& w, const RankKernels& kernels, model::Intervals collectives);

class StepPhasesPass : public RankPass {
  public:
    PassInfo info() const override;
    void run(RankContext& ctx) override;
    bool offThread() const override { return true; }
    std::string_view computeGroup() const override { return "kernels"; }
    std::unique_ptr<RankResult> compute(RankReadContext& ctx) const override;
    void apply(RankContext& ctx, RankResult& result) override;
};

} // namespace rs::analysis
