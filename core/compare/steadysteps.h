#pragma once
// The steady-state steps a comparison measures: stub steps are no steps (core/query/stubsteps.h), and
// then a rank's first step is a warm-up (core/model/warmupsteps.h, the report's rule too) and is left out.
// One rule for the record, the overlaid distributions and the spans of a delta. Reads the index; any
// thread with its own Db.
#include "core/index/sqlite.h"
#include "core/model/warmupsteps.h"

#include <cstddef>
#include <cstdint>
#include <map>

namespace rs::compare {

using model::warmupStepsOf;

/// One rank's steady steps (index rank key): step number → wall time ns.
std::map<int64_t, int64_t> steadyStepsOfRank(index::Db& db, int rankKey);

} // namespace rs::compare
