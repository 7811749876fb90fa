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
#include <string>

namespace rs::query {

/// Rank key → data rank of `keys`, from rank_info; empty when two keys share a data rank (then the keys
/// are what tells them apart) or none differs.
std::map<int64_t, int64_t> dataRanksOf(index::Db& db, const std::set<int64_t>& keys);

/// "rank 1" for rank key `key` of `report`; where the folder holds several runs, "rank 1 (run 3)": the
/// number its files write and the run that tells it apart, never the key (10001) no file says.
std::string rankName(const nlohmann::json& report, int64_t key);
/// rankName without its "rank " (a table's rank column): "1", "1 (run 3)".
std::string rankLabel(const nlohmann::json& report, int64_t key);

/// Renames the ranks of `report` by `toData`: every integer member named "rank" or "…_rank", every
/// integer array named "ranks" or "…_ranks", and the rank keys of "last_arrival_counts" and "blamed_on".
void renameRanks(nlohmann::json& report, const std::map<int64_t, int64_t>& toData);
/// Puts the lists of `report` that go rank by rank ("ranks", "stragglers", the per-rank steps, memory and
/// waits, memory.bank_anomalies) in the
/// order of their rank numbers, as renamed: a run's keys need not follow its ranks' numbers.
void orderByRank(nlohmann::json& report);
/// Puts the same lists of a folder's `report` (and ties among its outlier steps, which go by excess) in
/// the order of `report["runs"]`: run by run, each run's ranks by their numbers; ranks of no run last, by
/// key. The keys of two runs' colliding ranks go by file size, so key order mixed the runs ("rank 0 (run
/// 1) … rank 3 (run 0)"). Needs "runs" as runsJson writes it (each run's keys in number order).
void orderByRunRank(nlohmann::json& report);
/// A folder of several runs: each entry of the report's per-rank lists (the ranks' steps, memory and waits,
/// the stragglers, outlier steps, idle gaps, stub steps, steps without communication, bank anomalies,
/// damaged files) gets "run" and "data_rank" where it has none, the run and number rankName says; a wait's
/// blamed_on beside it as blamed_on_data_ranks (its run's numbers). "rank" stays the key (10001), which the
/// index's tables use and no file says (r52c: comm_wait.by_rank read 10000-10003 with no run). One run:
/// unchanged. Needs "runs" as runsJson writes it.
void nameRunRanks(nlohmann::json& report);

} // namespace rs::query
