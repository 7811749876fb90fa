#pragma once
// Per-rank clock offsets from collective end times: an instance ends at the same true time on every rank
// (everyone leaves when the last one has arrived and the data has moved), so the median difference of a
// rank's end times to those of the lowest rank in the same instances estimates its clock offset. Only
// ranks with at least three shared instances get one. Arrivals are then compared on the aligned clock, so
// skewed clocks do not invent waits or blame the wrong rank. Cross-rank stage; pure.
#include "core/analysis/collectivematcher.h"

#include <cstdint>
#include <map>

namespace rs::analysis {

constexpr size_t kMinInstancesForOffset = 3;

/// rank → offset in ns (its clock minus the reference rank's), for the ranks that have one.
std::map<int, int64_t> clockOffsets(const ArrivalGroups& groups);

} // namespace rs::analysis
