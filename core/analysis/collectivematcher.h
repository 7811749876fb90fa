#pragma once
// Pairs the arrivals of one collective instance across ranks: the same run, step, identity and sequence
// number (arrivalsequencer.h). Arrivals of different runs never match (their ranks belong to different
// jobs); point-to-point arrivals, and those of a rank the data does not name (RunMap::unnamed),
// are not matched at all. Cross-rank stage; pure.
#include "core/analysis/arrival.h"
#include "core/analysis/runs.h"

#include <map>
#include <string>
#include <vector>

namespace rs::analysis {

/// match key → the arrivals of that instance, in the order of `arrivals`.
using ArrivalGroups = std::map<std::string, std::vector<Arrival*>>;

/// Sets matchKey ("run<r>|<step>|<identity>|<seq>") on every arrival that is not point-to-point and groups
/// them by it. `arrivals` must outlive the groups.
ArrivalGroups matchArrivals(std::vector<Arrival>& arrivals, const RunMap& runs);

} // namespace rs::analysis
