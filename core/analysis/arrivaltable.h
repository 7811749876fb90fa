#pragma once
// The `sum_arrival` table: one row per rank per collective instance, written by the rank-local
// CollectiveArrivalsPass and read by the cross-rank CollectivesPass (and by a merge of shard summaries).
// One thread.
#include "core/analysis/arrival.h"
#include "core/index/sqlite.h"

#include <vector>

namespace rs::analysis {

/// Appends one rank's arrivals (sorted by start).
void writeArrivals(index::Db& db, const std::vector<Arrival>& arrivals);
/// Every rank's arrivals, by rank then start.
std::vector<Arrival> loadArrivals(index::Db& db);

} // namespace rs::analysis
