#pragma once
// One rule for a timeline picture of more ranks than its overview rows can show (kOverviewPictureRanks):
// the outlying ranks' lanes and a typical rank's, chosen as the HTML report's pictures choose them
// (query::pictureRanks), and the caption note that says so. `rankscope export` (ExportScene) and the app's
// File ▸ Export image both apply it, so two pictures of the same view name the same ranks. Pure; any thread.
#include "core/query/timelinequery.h"
#include "views/timeline/timelinelayout.h"

#include <QString>
#include <optional>
#include <set>

namespace rs::gui {

/// 160 overview rows of 11 px: a 1 800 px tall timeline, the most one picture reads.
constexpr int kOverviewPictureRanks = 160;

struct ManyRanksPicture {
    std::set<int> ranks; ///< the ranks whose lanes are drawn (rank keys)
    QString note;        ///< the caption's note: why these ranks and not every one
};

/// The ranks to picture instead of every one of `s`'s; nullopt for at most kOverviewPictureRanks ranks, or
/// when the report names none.
std::optional<ManyRanksPicture> manyRanksPicture(const query::ProfileSummary& s);
/// True when `o` shows `s`'s ranks as a run opens (views::applyRankDefaults): no rank expanded, chosen,
/// filtered or pinned by the user, whose choice a picture keeps.
bool isDefaultRankLayout(const views::LayoutOptions& o, const query::ProfileSummary& s);
/// The Export dialog's name of the timeline picture `o` gives of `s`: "every lane of the shown ranks",
/// or, when the rule above applies, how many ranks it pictures of how many.
QString timelinePictureLabel(const views::LayoutOptions& o, const query::ProfileSummary& s);
/// Only `ranks`, with their lanes (a few ranks named are expanded, not overview rows).
void showRanks(views::LayoutOptions& o, const std::set<int>& ranks);

} // namespace rs::gui
