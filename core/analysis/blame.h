#pragma once
// Who kept a collective instance waiting: the rank that arrived last on the aligned clock (the lower rank
// on a tie). Where no wait was measured (Kineto), each rank waited from its arrival until the last one,
// at most its own duration. The last arrival's lateBy is the smallest wait among the others: how much
// earlier the instance would have completed had it arrived with the next-latest rank. A run with ranks
// missing names nobody and infers nothing: the last arrival may be a rank that is not in the folder.
// Cross-rank stage; pure.
#include "core/analysis/collectivematcher.h"
#include "core/analysis/runs.h"

#include <cstdint>
#include <map>

namespace rs::analysis {

/// Fills lastRank, the inferred waitEvents and lateBy of every instance with two or more arrivals in a
/// complete run; returns how many instances could not be blamed because their run is incomplete (one
/// arrival or more), and counts them by run in `byRun` when given.
int64_t blameLastArrivals(ArrivalGroups& groups, const std::map<int, int64_t>& offsets, const RunMap& runs,
                          std::map<int, int64_t>* byRun = nullptr);

} // namespace rs::analysis
