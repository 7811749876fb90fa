#pragma once
// A counter lane's samples outside the shown run's time range. The run's range is its spans' (the ruler's
// origin is its start), and a device's counters often start before the first span and run on after the
// last: msinsight level1 rank 0 has 6 of each 13 HBM samples 100.5…0.6 ms and 5 of each 13 LLC samples
// 90.5…12.8 ms before its first span, 335 of 1405 QoS samples after its last. The timeline cannot show
// them, so the lane says how many and how far (walk 24: nothing said so). Called on the thread that owns
// `db`. Times are int64 ns.
#include "core/index/sqlite.h"

#include <cstdint>
#include <map>

namespace rs::query {

struct OutsideSamples {
    int64_t before = 0, after = 0; ///< samples before the run's start, after its end
    /// The earliest sample before the start and the latest after the end, as ns from the run's start on
    /// the ruler's clock (negative before it); 0 where there are none.
    int64_t firstNs = 0, lastNs = 0;
    bool any() const { return before > 0 || after > 0; }
};

struct ProfileSummary;

/// Fills each counter lane's OutsideSamples of `s` (its run's startNs/endNs set). Counted on the ranks' own
/// clocks, as the run's range is and as the timeline draws by default; with View ▸ Align clocks a rank's
/// lanes move by its offset, and samples within that offset of an end may be drawn or not.
void loadOutsideSamples(index::Db& db, ProfileSummary& s);

} // namespace rs::query
