#pragma once
// The steady-state steps a comparison measures: stub steps are no steps (core/query/stubsteps.h), and
// then a rank's first step is a warm-up (graph compile, allocator growth, cold caches) when the rank has
// three or more, and is left out. One rule for the record, the overlaid distributions and the spans of a
// delta. Reads the index; any thread with its own Db.
#include "core/index/sqlite.h"

#include <cstddef>
#include <cstdint>
#include <map>

namespace rs::compare {

constexpr size_t kWarmupMinSteps = 3;

/// How many leading steps of a rank with `steps` steps are warm-up (0 or 1).
constexpr size_t warmupStepsOf(size_t steps) {
    return steps >= kWarmupMinSteps ? 1 : 0;
}

/// One rank's steady steps (index rank key): step number → wall time ns.
std::map<int64_t, int64_t> steadyStepsOfRank(index::Db& db, int rankKey);

} // namespace rs::compare
