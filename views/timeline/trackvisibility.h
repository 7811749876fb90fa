#pragma once
// Which tracks the timeline's layout gives a lane (layoutLanes) and which it hides, in one place: an unpinned
// track shows when its rank is among the ranks shown, its kind is not hidden, it has spans and it passes the
// track filter; a pinned track always shows. A collapsed rank's tracks count as shown: expanding it shows
// them (TimelineView::scrollToTrack expands it). Pure; any thread.
#include "core/query/timelinequery.h"
#include "views/timeline/timelinelayout.h"
#include "views/timeline/trackfilter.h"

#include <cstdint>
#include <unordered_set>

namespace rs::views {

/// Whether an unpinned track of `s` passes the layout's choices (`filter` is `o.filter`, parsed once).
bool trackPasses(const query::ProfileSummary& s, const LayoutOptions& o, const TrackFilter& filter,
                 const query::TrackDesc& t);
/// The tracks of `s` shown under `o` (the search visits only their hits).
std::unordered_set<int64_t> shownTracks(const query::ProfileSummary& s, const LayoutOptions& o);

} // namespace rs::views
