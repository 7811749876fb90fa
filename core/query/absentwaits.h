#pragma once
// Waits nobody can be blamed for: a rank of a run that misses ranks of its job (run.complete 0, the runs
// pass's rule) waited in collectives, measured by the producer on the rank itself, and the members it waited
// for may be the absent ones. The report says so for each such rank instead of "No problems found", with how
// much of its steps it spent so: "rank 0 waited 34.2 ms of its 47.6 ms step in collectives whose other
// members are not all in this profile; who it waited for cannot be known". Reads wait and step_stat; any
// thread with its own Db. Times are int64 ns.
#include "core/index/sqlite.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <vector>

namespace rs::query {

struct AbsentWait {
    int64_t rank = 0;                               ///< index rank key
    int64_t waitNs = 0;                             ///< all its collective waits
    int64_t steps = 0;                              ///< its steps (step_stat)
    int64_t medianStepWaitNs = 0, medianWallNs = 0; ///< over those steps
};

/// By run id: the ranks of incomplete runs whose collective waits add up to more than 0, by rank.
std::map<int, std::vector<AbsentWait>> loadAbsentWaits(index::Db& db);
nlohmann::json absentWaitsJson(const std::vector<AbsentWait>& waits);
/// One sentence for a run's "absent_member_waits" (absentWaitsJson), each rank named by `name`; "" when
/// there is none.
std::string absentWaitsText(const nlohmann::json& waits, const std::function<std::string(int64_t)>& name);

} // namespace rs::query
