#pragma once
// What View ▸ Align rank clocks (Ctrl+L) tells the status bar when toggled: which way the ranks now are and
// how far the largest offset moved one (issue 19 #3: on a profile whose offsets are a few µs the toggle
// changed no visible pixel and said nothing, so it read as a dead key). GUI thread only (tr).
#include "core/query/timelinequery.h"

#include <QString>

namespace rs::gui {

/// "Rank clocks aligned: …" / "Rank clocks raw: …" for `s` (null: no profile open).
QString clockAlignText(bool aligned, const query::ProfileSummary* s);

} // namespace rs::gui
