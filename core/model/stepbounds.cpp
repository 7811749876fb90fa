#include "core/model/stepbounds.h"

#include <cstdlib>

namespace rs::model {

StepBounds stepBounds(WallSource wall, WallSource band, int64_t bandStartNs, int64_t bandEndNs,
                      int64_t wallNs, std::optional<int64_t> preparingNs) {
    const StepBounds onBand{bandStartNs,
                            bandEndNs,
                            StepBoundsFrom::Band,
                            wall,
                            band,
                            isShipped(wall) ? ShippedWallOnBand::NotPlaced : ShippedWallOnBand::NotShipped};
    const int64_t bandNs = bandEndNs - bandStartNs;
    // a shipped wall that is the band (the demo writes Stage = the whole step; µs rounding of the CSV):
    // the band is the step, moving it by Preparing would leave the step's last task out
    if (isShipped(wall) && wallNs > 0 && std::llabs(wallNs - bandNs) <= 1000) {
        StepBounds same = onBand;
        same.onBand = ShippedWallOnBand::IsTheBand;
        return same;
    }
    if (!isShipped(wall) || !preparingNs || *preparingNs < 0 || wallNs <= 0) return onBand;
    // the files hold part of the step: the shipped interval would reach past the rank's events
    if (filesHoldPart(wall, wallNs, bandNs)) return onBand;
    if (*preparingNs >= bandNs) return onBand; // the first device task after the band's end: not placed
    return {bandStartNs + *preparingNs, bandStartNs + *preparingNs + wallNs, StepBoundsFrom::ShippedTasks,
            wall, band};
}

namespace {

std::string bandText(WallSource band) {
    switch (band) {
    case WallSource::TraceMarkers:
        return "the step markers (ProfilerStep)";
    case WallSource::CannIterations:
        // a PROF_ dir's msprof_*.json has no ProfilerStep: its steps are CANN's (walk 28, shot-141)
        return "CANN's step trace markers (Iteration N on the Step Trace lane)";
    case WallSource::DbMarkers:
        return "the .db export's step markers (STEP_TIME)";
    case WallSource::Kernels:
        return "the first to the last kernel of the step (kernel_details.csv)";
    case WallSource::LegacyStepTrace:
        return "the step trace's start and end points (step_trace_raw)";
    case WallSource::StepTraceCsv: // never a band's: wallSourceOf gives these only for a breakdown
    case WallSource::AnalysisDb:
    case WallSource::WholeTrace:
        break;
    }
    return "the whole trace (no step marks)";
}

} // namespace

std::string stepBoundsText(const StepBounds& b) {
    if (b.from == StepBoundsFrom::ShippedTasks)
        // "as … counts them": msinsight level1's MEMCPY_ASYNC tasks ran 3–5 ms before its Preparing ends
        // (walk17b #13), so "the first device task" alone was not true
        return "the first to the last device task as " + wallSourceName(b.wall) +
               " counts them (Preparing after the step's start, then Stage + Bubble; tasks it does not "
               "count, "
               "such as MEMCPY_ASYNC, can lie outside)";
    // the band, and where the shipped wall the Steps table names stands to it
    const std::string wall = wallSourceName(b.wall) + "'s wall";
    switch (b.onBand) {
    case ShippedWallOnBand::IsTheBand:
        return bandText(b.band) + ", whose length is " + wall;
    case ShippedWallOnBand::NotPlaced:
        return bandText(b.band) + " (" + wall + " could not be placed on it)";
    case ShippedWallOnBand::NotShipped:
        break;
    }
    return bandText(b.band);
}

} // namespace rs::model
