#pragma once
// Whether an annotation's anchor still exists in the profile as indexed now: its run, ranks, time range
// (inside the run), op types, tensor. An anchor that does not is "detached": the annotation is kept and
// listed with the reason, and views do not draw it where it no longer belongs. Any thread with its own
// connection.
#include "core/annotate/annotation.h"
#include "core/index/sqlite.h"

#include <map>
#include <set>
#include <string>
#include <vector>

namespace rs::annotate {

class AnnotationSet;

/// What the anchors of a set refer to, read once from the index.
struct AnchorFacts {
    struct Run {
        int64_t startNs = 0, endNs = 0;
        std::set<int> ranks;
    };
    std::map<int, Run> runs;
    /// rank key → (the producer's number, its run): reasons name ranks as the lanes do, not by key
    std::map<int, std::pair<int, int>> rankOf;
    std::set<std::string> opTypes;
    std::set<std::pair<int, std::string>> tensors;        ///< (rank, tensor id) of the tensors the set names
    std::set<std::pair<int, std::string>> checkedTensors; ///< those looked up (a tensor added later is not)
};

AnchorFacts loadAnchorFacts(index::Db& db, const AnnotationSet& set);
/// Empty when attached; else why not ("rank 9 is not in run 0", "op type Foo is not in the profile").
std::string detachedReason(const Annotation& a, const AnchorFacts& f);

/// How an annotation drawn in a view meets its run's extent (the times detachedReason checks).
enum class RunFit { Inside, Clipped, Outside };
/// `a` fitted to its run's extent in `f` before it is added: a box's, range's or memory region's times cut
/// to it (Clipped); a region without a nanosecond of the run, or a note or an arrow whose time is outside
/// it, left as it is (Outside: moved, a point would mark a time it was not put at). Walk 42: a box dragged
/// from left of the run's first span was accepted and listed, detached, and drawn nowhere, on screen or in
/// a picture. A heatmap annotation, a tensor's, or one of a run `f` does not know: Inside (detachedReason
/// names the last).
RunFit fitToRun(Annotation& a, const AnchorFacts& f);

/// The lane labels of each rank as the timeline shows them (query::loadLanes' track names).
using LanesByRank = std::map<int, std::vector<std::string>>;
/// Empty when every lane of a timeline anchor is on its rank (a lane without a rank, from a format-1 file:
/// a note's, range's or box's on each of `ranks`, an arrow's first on its start rank and its second on
/// `toRank`; an empty label is a rank's whole block); else what is missing and the rank's lanes ("lane
/// Stream 9 is not on rank 3 (its lanes: Stream 2, Stream 7)").
std::string missingLane(const Annotation& a, const LanesByRank& lanes);

} // namespace rs::annotate
