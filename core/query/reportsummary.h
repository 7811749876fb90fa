#pragma once
// The per-rank sections of the report summarised for a profile with many ranks (ranksummary.h has the rule):
// each section's distribution line and its outlying ranks with their figures, the same for the text report
// (report.h formatReport) and the HTML report (app/gui/reportdocument), which print them differently.
// Reads the report JSON only. Pure; any thread.
#include <cstddef>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace rs::query {

struct OutlyingRank {
    int64_t rank = 0;
    std::string finding;              ///< the kind of the finding that flags it; "" from the robust rule
    std::vector<std::string> figures; ///< the section's figures for this rank, formatted (table cells)
    std::string text;                 ///< the same in a sentence, for the text report
};

struct SectionSummary {
    /// "Steps over 256 ranks (each rank's median / p95 wall time): 5.06 ms each / 204 ms each"
    std::string line;
    std::vector<std::string> columns; ///< what `figures` are ("median step", "p95 step")
    std::vector<OutlyingRank> outliers;
    size_t moreOutliers = 0; ///< outlying ranks not listed
};

/// Each rank's median and p95 step wall time (ranks without step marks counted apart); flagged: the
/// findings' culprits.
SectionSummary stepsSummary(const nlohmann::json& report);
/// Each rank's collective wait (whom it waited for, how often it arrived last); flagged: the culprits; ranks
/// that waited mostly for a culprit are never outlying (their wait is the culprit's).
SectionSummary waitSummary(const nlohmann::json& report);
/// The peaks of the ranks with memory data (allocated and reserved); flagged: bank anomalies. Empty
/// `line` when no rank has memory data.
SectionSummary memorySummary(const nlohmann::json& report);
/// The ranks without memory data grouped by why (their "no_memory_data"): "rank 1: no memory data used: its
/// memory files … were read, and none of their rows is used — …". `withoutFiles`: also the ranks none of
/// whose files records memory (false where the report already says the profile has no memory data).
std::vector<std::string> noMemoryDataLines(const nlohmann::json& report, bool withoutFiles);
/// "rank 5 (stall): 5.06 ms / 204 ms; rank 3 (slow_rank): … and 2 more", or "none".
std::string outliersText(const SectionSummary& s);

/// The report's outlier steps of many ranks grouped by step (a slow step is usually the same step on every
/// rank), the longest first.
struct OutlierStepGroup {
    int64_t step = 0;
    std::vector<int64_t> ranks;
    int64_t minWallNs = 0, maxWallNs = 0, typicalNs = 0;
    std::string cause;      ///< the first rank's cause (the ranks of one step usually share it)
    size_t warmupRanks = 0; ///< of `ranks`, those whose warm-up step it is (outlier_steps[].warmup)
};
std::vector<OutlierStepGroup> outlierStepsByStep(const nlohmann::json& report);
/// "1", "1 (warm-up outlier)" (the warm-up step of every rank listed) or "1 (warm-up outlier on 3 of 32
/// ranks)": the per-rank lists' outlierStepLabel for a step's group.
std::string outlierStepGroupLabel(const OutlierStepGroup& g);
/// "204 ms" or "200 ms to 204 ms".
std::string wallRangeText(const OutlierStepGroup& g);

/// The ranks the summaries list, for pictures that cannot show every rank: the findings' culprits and
/// misplaced banks, then each section's outlying ranks, each once, at most `most`.
std::vector<int64_t> outlyingRanks(const nlohmann::json& report, size_t most);
/// A rank to compare the outlying ones with: of the ranks with step marks not in `besides`, the one whose
/// median step is nearest the ranks' median (the lowest on a tie); else the first rank not in `besides`;
/// -1 when there is none.
int64_t typicalRank(const nlohmann::json& report, const std::vector<int64_t>& besides);
/// The ranks a picture of too many ranks shows instead (the HTML report's, `rankscope export`'s): the
/// outlying ones, at most 7, and a typical one beside them — 8 lane groups.
struct PictureRanks {
    std::vector<int64_t> outlying;
    int64_t typical = -1; ///< -1: none
};
PictureRanks pictureRanks(const nlohmann::json& report);

/// "1.16 GiB" (two decimals), as the text report prints memory.
std::string formatGiB(double bytes);

} // namespace rs::query
