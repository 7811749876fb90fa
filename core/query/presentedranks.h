#pragma once
// The ranks of a folder of several runs as the command line prints them: the number the rank's files write
// and its run, never the index's rank key. Keys differ from the numbers only where runs collide (run 1's
// rank 3 is key 10003 while its other ranks keep their numbers, core/index/indexwriter.h kRankKeyStride),
// so a key printed as a rank mixed runs and read as a rank no file has (r53c #1: a finding's
// affected.outlier_steps, an outlier step's late_rank, waiting_ranks and a slow link's rank said keys).
// Pure over the JSON; any thread.
#include <nlohmann/json.hpp>

#include <cstdint>
#include <map>
#include <utility>

namespace rs::query {

/// Rank key → (run, the number its files write).
using RunRankOfKey = std::map<int64_t, std::pair<int64_t, int64_t>>;

/// The map of a report's "runs" (as runsJson writes them: each run's "ranks" the keys, "data_ranks" the
/// numbers); empty when there is one run or none, where the keys are the numbers.
RunRankOfKey runRankOfKeys(const nlohmann::json& runs);

/// Rewrites every rank of `j` known to `of` (nothing when `of` is empty):
/// - an object's integer "rank" becomes the number, its key moves to "rank_key", "run" is added if absent;
/// - any other integer "…_rank" (late_rank) and each integer of an array "ranks"/"…_ranks" (waiting_ranks)
///   becomes {"run", "rank", "rank_key"};
/// - the rank keys of the maps by rank (last_arrival_counts, last_arrivals, blamed_on) become "run 1 rank 3";
/// - a "runs" list's entries keep their keys as "rank_keys" and list their numbers as "ranks".
/// Members already by number ("data_rank", "…_data_ranks", "rank_key", the producer_cluster_summary the
/// producer numbered) are left as they are.
void presentRunRanks(nlohmann::json& j, const RunRankOfKey& of);

} // namespace rs::query
