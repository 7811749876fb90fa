#pragma once
// A per-run report's ranks by the numbers their files write. Rank keys differ from the producers' ranks
// only where runs of one folder collide (two jobs' rank 1 become keys 1 and 10001): a report narrowed to
// one run (runReport) names its ranks as the run's lanes do, "rank 1", never the key. Pure over the JSON
// once the map is read; one thread.
#include "core/index/sqlite.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <map>
#include <set>

namespace rs::query {

/// Rank key → data rank of `keys`, from rank_info; empty when two keys share a data rank (then the keys
/// are what tells them apart) or none differs.
std::map<int64_t, int64_t> dataRanksOf(index::Db& db, const std::set<int64_t>& keys);

/// Renames the ranks of `report` by `toData`: every integer member named "rank" or "…_rank", every
/// integer array named "ranks", "…_ranks" or "blamed_on", and the keys of "last_arrival_counts".
void renameRanks(nlohmann::json& report, const std::map<int64_t, int64_t>& toData);

} // namespace rs::query
