#pragma once
// The views' requests that read ranks' events, over whatever a LaneReader opened: the index itself, or a
// cluster index whose events are in its shards (each shard visited in turn, its answers mapped to the
// summary's rank keys, track, span and string ids). What the cluster index holds itself (op statistics,
// steps, collectives) is read there. A rank whose shard is missing or changed gives nothing and is named
// (RankActivity::unread) or counted in the answer's notes — never shown as idle. Times ns. Query thread
// (or an export's own thread with its own reader).
#include "core/annotate/anchorcheck.h"
#include "core/query/activityquery.h"
#include "core/query/analysisqueries.h"
#include "core/query/commmatrix.h"
#include "core/query/flowquery.h"
#include "core/query/lanereader.h"
#include "core/shapes/shapetable.h"

namespace rs::query {

/// loadRankActivity over the ranks' parts; `unread` names the ranks whose events cannot be read.
RankActivity rankActivity(LaneReader& lanes, const std::vector<int>& ranks, int64_t t0, int64_t t1,
                          int columns);
/// loadRankStepHeatmap over `ranks` of the open index (the shown run's; empty: every rank), each rank's
/// kernels read from its part.
HeatmapData rankStepHeatmap(LaneReader& lanes, const std::string& opType, const std::vector<int>& ranks = {});
/// loadDurationHistogram: the durations from the rank's part, the op statistics from the open index.
Histogram durationHistogram(LaneReader& lanes, const std::string& opType, int rank);
/// opKernelSpans from the rank's part (`step` ≥ 0: that step's only).
std::vector<DrawItem> opKernels(LaneReader& lanes, const std::string& opType, int rank, int limit,
                                std::vector<int64_t>* trackIds, int64_t step = -1);
/// loadShapeTables over the query's ranks, wherever they are; `unread` gets the ranks left out (their
/// shard is missing or changed).
std::vector<shapes::OpShapeTable> shapeTables(LaneReader& lanes, const shapes::ShapeQuery& q,
                                              std::vector<int>* unread = nullptr);
/// shapeKernelSpans of run `run`'s ranks, earliest first, at most `limit`.
std::vector<DrawItem> shapeKernels(LaneReader& lanes, int run, const std::string& opType,
                                   const std::string& inputShapes, const std::string& dtypes, int limit,
                                   std::vector<int64_t>* trackIds);
/// loadLinkSpans, the spans a cluster index keeps in its shards read there (earliest first, at most
/// `limit` in all).
LinkSpans linkSpans(LaneReader& lanes, int run, std::optional<int64_t> step, const std::string& group,
                    int64_t src, int64_t dst, int limit = 2000);
/// loadAnchorFacts, a cluster index's tensors looked up in their rank's shard (a rank whose shard is
/// missing cannot tell: its tensors count as present rather than detach an annotation on a guess).
annotate::AnchorFacts anchorFacts(LaneReader& lanes, const annotate::AnnotationSet& set);
/// loadSpanFlows from the span's part (flows join spans of one shard: its ranks').
FlowArrows spanFlows(LaneReader& lanes, int64_t spanId);
/// loadWindowFlows over the parts holding the window's tracks.
FlowArrows windowFlows(LaneReader& lanes, const FlowWindow& w);
/// The flow categories of every part, sorted, each once.
std::vector<std::string> flowCategories(LaneReader& lanes);

} // namespace rs::query
