#pragma once
// The memory a rank's peak figures leave out: the components whose reserved bytes rose above the peak
// reserved of the component the figures describe. mstext's ranks record PTA, GE, their sum PTA+GE and APP;
// the report and the Memory panel said "1.49 GiB reserved (PTA+GE)" while APP reached 2.06 GiB and nothing
// said it was left out (r50d #3). APP is not added in: it is another measure of the same memory (what the
// application holds on the device, the allocators' pools included), so a sum would count them twice; the
// figure is said with what lies beyond it. Bytes; any thread with its own Db.
#include "core/index/sqlite.h"

#include <string>
#include <vector>

namespace rs::query {

struct ComponentPeak {
    std::string component; ///< as the file names it ("APP")
    int64_t reservedBytes = 0;
};

/// Rank key `rank`'s components other than `component` whose highest reserved value is above
/// `peakReservedBytes`, highest first; none when `component` is empty (no component the figures are of).
std::vector<ComponentPeak> componentsBeyond(index::Db& db, int rank, const std::string& component,
                                            int64_t peakReservedBytes);

} // namespace rs::query
