#pragma once
// The one interval a (rank, step) has in every view: the Steps table's tooltip, Details, the drill-down's
// "start in step" and the window a step selection (or a step's finding) sets. Pure functions; any thread.
// Times are int64 ns.
//
// Two sources can disagree on one step (formats.md §2.4): the trace's step marker (ProfilerStep#N: the
// band the timeline draws, the host's step) and a producer's breakdown (step_trace_time.csv, analysis.db:
// Preparing = first device task − step start, Stage + Bubble = the first to the last device task). On
// msinsight's level1 rank 1 the marker lasts 154 ms and the shipped wall is 132 ms, 20.4 ms in. Where the
// wall is shipped, its interval is the marker's start + Preparing for the wall's length: the length the
// row shows is the length every view uses. Where that cannot be placed (no Preparing, the files hold part
// of the step, a shipped wall that is the band itself) the bounds are the band, and the views say which.
#include "core/model/stepwall.h"

#include <cstdint>
#include <optional>
#include <string>

namespace rs::model {

enum class StepBoundsFrom {
    Band,         ///< the step band the timeline draws (markers, kernels, step trace, whole trace)
    ShippedTasks, ///< the shipped first to last device task: band start + Preparing, for the wall
};

/// Why a step's bounds are its band though its wall is shipped: the header that names the band must not
/// claim the shipped wall is it, nor that the band's source gave the wall (walk 23b, the demo).
enum class ShippedWallOnBand {
    NotShipped, ///< the wall is the band's own
    IsTheBand,  ///< the shipped wall is the band's length (the demo's Stage)
    NotPlaced,  ///< no Preparing, the files hold part of the step, or Preparing past the band's end
};

struct StepBounds {
    int64_t startNs = 0, endNs = 0; ///< [startNs, endNs), ns on the rank's aligned clock
    StepBoundsFrom from = StepBoundsFrom::Band;
    WallSource wall = WallSource::WholeTrace; ///< where the step's wall comes from
    WallSource band = WallSource::WholeTrace; ///< what the band is made of (never a shipped source)
    ShippedWallOnBand onBand = ShippedWallOnBand::NotShipped; ///< with from == Band: the shipped wall's place
};

/// The bounds of a step whose band is [bandStartNs, bandEndNs) made of `band` (wallSourceOf("", step
/// source, …)), whose wall (`wallNs`) comes from `wall` and whose shipped Preparing is `preparingNs`
/// (nullopt: not shipped or not known).
StepBounds stepBounds(WallSource wall, WallSource band, int64_t bandStartNs, int64_t bandEndNs,
                      int64_t wallNs, std::optional<int64_t> preparingNs);

/// What the bounds are, for a tooltip or a header: "the first to the last device task
/// (step_trace_time.csv: Preparing after the step's start, then Stage + Bubble)", "the step markers
/// (ProfilerStep)", "the step markers (ProfilerStep), whose length is step_trace_time.csv's wall", …
std::string stepBoundsText(const StepBounds& b);

} // namespace rs::model
