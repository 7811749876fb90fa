#pragma once
// The op heatmap's caption, the sentence above its grid: what the outlines mean (or that there are none),
// what the cells' colour is, what the grid leaves out (cut ranks, kernels the timeline does not draw,
// communication). One builder for the view and every export of it (`rankscope export --view heatmap`,
// File ▸ Export, the HTML/Markdown report), so a picture cannot say less than the screen did (issue 19:
// the exported caption lacked "Communication kernels are not in it"). Pure text; GUI thread or any.
#include "core/query/analysisqueries.h"
#include "views/heatmap/heatmapscale.h"

#include <QString>
#include <optional>

namespace rs::views {

struct HeatCaptionInput {
    const query::HeatmapData* data = nullptr;
    HeatStatistic statistic = HeatStatistic::Ratio; ///< what the cells are coloured by
    /// Names the ranks of the grids and says whether the run has communication; null: neither known.
    const query::ProfileSummary* summary = nullptr;
    /// Every rank of the job is in the run (else `worldSize`, when known, says how many it had).
    bool complete = true;
    std::optional<int64_t> worldSize;
    /// The view's own: the per-step layout last used, set aside for op × rank on a one-step run ("" none).
    QString fellBackFrom;
};

/// The input for a grid of the run `summary` shows: its completeness and world size as the run chooser
/// has them.
HeatCaptionInput heatCaptionInput(const query::ProfileSummary* summary, const query::HeatmapData* data,
                                  HeatStatistic statistic);

/// The caption; "" without data.
QString heatmapCaption(const HeatCaptionInput& in);

/// Why `d`'s ratios compare nothing ("one step, so nothing to compare across steps …").
QString nothingToCompare(const query::HeatmapData& d);

} // namespace rs::views
