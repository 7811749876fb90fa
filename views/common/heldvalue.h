#pragma once
// One rule for a memory curve past its last sample, shared by the Memory panel's curve and the timeline's
// memory lane (walk 6: the panel's curve stopped at its last sample, 12 ms, while the lane ran on to the
// run's end, 271 ms). A memory record logs the value when it changes, so after the last sample the value
// is the last one recorded, held until the run ends — but nothing measured it there: both draw that part
// lighter (dashed in the panel) and say "held" in the legend or tooltip. Nothing is drawn past the run's
// end. Times in ns; any thread.
#include <QString>
#include <cstdint>

namespace rs::views {

/// The held part's fill alpha (of the curve's colour), in both views.
constexpr int kHeldFillAlpha = 40;

struct HeldTail {
    int64_t fromNs = 0, toNs = 0; ///< the last sample's time, the run's end
    bool valid() const { return toNs > fromNs; }
};

/// The held part of a curve whose last sample is at `lastSampleNs` in a run ending at `runEndNs` (empty
/// when the last sample is at or after the end).
inline HeldTail heldTail(int64_t lastSampleNs, int64_t runEndNs) {
    return {lastSampleNs, runEndNs};
}

/// "held after the last sample (+12.29 ms)": the last sample's time from the run's start `originNs`.
QString heldText(int64_t lastSampleNs, int64_t originNs);

} // namespace rs::views
