#pragma once
// Flow arrows for the views: the flows of one span (both directions) and the flows in a time window over
// given tracks and categories, each with both ends' spans (rank, track, start, end, name); and the flow
// categories of a profile. Read from `flow_link` (core/analysis/flowlinks.h) on the calling thread's
// connection (the query service's worker). Times are int64 ns on the rank's own clock (the views add the
// rank's clock offset as they do for spans).
#include "core/index/sqlite.h"

#include <cstdint>
#include <string>
#include <vector>

namespace rs::query {

struct FlowEnd {
    int64_t spanId = 0;
    int rank = 0;
    int64_t trackId = 0;
    int64_t startNs = 0, endNs = 0;
    std::string name;
    int depth = 0; ///< nesting on its track
    /// The span's name and op type string ids (op type 0: none of its own), for a selection of it to carry
    /// its op type as a click's does (query::opTypeIdOf: else its name's)
    int32_t nameId = -1, opTypeId = 0;
};

struct FlowArrow {
    std::string category, flowId;
    FlowEnd src, dst;
};

struct FlowArrows {
    std::vector<FlowArrow> arrows;
    bool truncated = false; ///< more matched than the limit
    /// The arrows the window has (loadWindowFlows): `arrows` are some of them when truncated. A lower bound
    /// when matchedAtLeast (counting stops after a bounded number of rows, so a whole-run window of a
    /// large profile is never read whole).
    int64_t matched = 0;
    bool matchedAtLeast = false;
};

/// The arrows that start or end at `spanId` (sources first, then by the other end's start).
FlowArrows loadSpanFlows(index::Db& db, int64_t spanId, int limit = 1000);

struct FlowWindow {
    int64_t t0 = 0, t1 = 0;              ///< rank-clock ns; an arrow counts when an end's span starts inside
    std::vector<int64_t> trackIds;       ///< the tracks shown
    std::vector<std::string> categories; ///< the categories asked for (empty: none)
    int limit = 2000;                    ///< at most this many over all the tracks (see loadWindowFlows)
};

/// The arrows with an end on one of the window's tracks whose span starts in [t0 − (t1 − t0), t1] (one
/// window of look-back, as the timeline looks back for spans), of the asked categories; each once. When
/// there are more than `limit`, each track gets an equal share, a track with fewer arrows than its share
/// gives the rest to the others, and a track's share is spread over the window's time (equal slices, one
/// arrow from each slice in turn), never its earliest arrows alone. Reads index ranges only: at most a
/// bounded number of rows per track to count, a few per chosen arrow.
FlowArrows loadWindowFlows(index::Db& db, const FlowWindow& w);

/// The categories of the profile's arrows, sorted.
std::vector<std::string> loadFlowCategories(index::Db& db);

} // namespace rs::query
