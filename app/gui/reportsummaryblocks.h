#pragma once
// The HTML/Markdown report's form of the per-rank summaries of a profile with many ranks
// (core/query/reportsummary.h, the same rule and figures as the text report): a section's distribution as a
// paragraph, then a table of its outlying ranks only. GUI thread (part of the report document's build).
#include "app/gui/reportdocument.h"
#include "core/query/reportsummary.h"

#include <nlohmann/json.hpp>
#include <vector>

namespace rs::gui {

/// The distribution paragraph and the table of outlying ranks (rank, the section's columns, the finding
/// that flags it), with a note of how many more are outlying when some are left off.
std::vector<ReportBlock> summaryBlocks(const query::SectionSummary& s);
/// The outlier steps of many ranks, one row per step (step, ranks, wall, typical, why), the longest
/// kMostOutliersListed; empty when there is none.
std::vector<ReportBlock> outlierStepGroupBlocks(const nlohmann::json& report);

} // namespace rs::gui
