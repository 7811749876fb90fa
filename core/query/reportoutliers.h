#pragma once
// What the report's own analysis says about each rank, for the summaries of ranksummary.h: which ranks a
// section must list (the findings' culprits, the misplaced banks), which it must not call outlying (ranks
// whose wait the findings blame on a culprit), and which ranks of the job are missing from the folder or
// the cluster index (counted and named as missing, never as idle). Reads the report JSON of
// report.h (buildReport/runReport) only. Pure; any thread.
#include "core/query/ranksummary.h"

#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <vector>

namespace rs::query {

/// The ranks findings name as the cause of lost time (stall, slow_rank, late_rank, outlier_step), by time
/// lost, each once: listed in the step and wait sections whatever their figures.
std::vector<int64_t> culpritRanks(const nlohmann::json& report);
/// Ranks with a bank anomaly (listed in the memory section).
std::vector<int64_t> bankAnomalyRanks(const nlohmann::json& report);
/// The first finding kind (by time lost) whose culprit is `rank`, "" when none.
std::string findingKindOf(const nlohmann::json& report, int64_t rank);
/// Ranks that waited mostly for a culprit of `culprits`: their long wait is the culprit's, so the robust
/// rule must not call them outlying.
std::set<int64_t> waitVictims(const nlohmann::json& report, const std::vector<int64_t>& culprits);
/// The runs' `missing_ranks` (runsJson: the data ranks below a run's world size or named as peers by its
/// ranks' communication that are not in it — a shard or a rank folder missing).
std::vector<int64_t> missingRanks(const nlohmann::json& report);
/// "3, 5-9, 12": sorted ranks with runs of consecutive ones as ranges.
std::string rankRanges(std::vector<int64_t> ranks);
/// "256 ranks" or "248 ranks, 8 missing (24-31)": how many ranks a section's figures cover.
std::string rankCountText(size_t ranks, const std::vector<int64_t>& missing);
/// {rank, value of `key`} for each element of the per-rank array `a` (elements without it skipped).
RankValues valuesOf(const nlohmann::json& a, const char* key);

} // namespace rs::query
