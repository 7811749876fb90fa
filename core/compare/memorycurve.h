#pragma once
// One rank's memory over time, for drawing two runs' curves on one axis in the comparison: allocated
// and reserved bytes of the component the timeline draws (memory_summary.curve_component), reduced to
// at most `maxPoints` buckets keeping each bucket's maximum (peaks survive). Time is ns since the rank's
// first step began — each run on its own clock, so the curves are laid side by side by step, not aligned
// by wall time. Reads the index; run off the GUI thread.
#include "core/index/sqlite.h"

#include <cstdint>
#include <string>
#include <vector>

namespace rs::compare {

struct MemoryCurve {
    int dataRank = -1;
    std::string component;                   ///< e.g. PTA, APP, kineto; empty: the rank has no memory samples
    int64_t originNs = 0;                    ///< the rank's first step start (absolute ns, this run's clock)
    std::vector<double> tNs;                 ///< bucket start, ns since originNs
    std::vector<double> allocated, reserved; ///< bytes, max per bucket; reserved NaN where not recorded
    /// Bytes of the bucket's last sample: the value held until the next bucket (a record keeps its value
    /// until the next sample), where the maximum is only the bucket's peak. NaN as above.
    std::vector<double> allocatedLast, reservedLast;
    bool empty() const { return tNs.empty(); }
};

/// The curve of `run`'s rank whose producer rank number is `dataRank`.
MemoryCurve memoryCurve(index::Db& db, int run, int dataRank, size_t maxPoints = 1200);

} // namespace rs::compare
