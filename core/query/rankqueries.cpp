#include "core/query/rankqueries.h"
#include "core/query/unnamedranks.h"

#include <algorithm>
#include <map>
#include <set>

namespace rs::query {

namespace {

/// `items` (with `tracks`) merged from several parts: earliest first, at most `limit`.
void keepEarliest(std::vector<std::pair<DrawItem, int64_t>>& found, int limit, std::vector<DrawItem>& items,
                  std::vector<int64_t>* tracks) {
    std::stable_sort(found.begin(), found.end(),
                     [](const auto& a, const auto& b) { return a.first.startNs < b.first.startNs; });
    if (found.size() > size_t(std::max(0, limit))) found.resize(size_t(std::max(0, limit)));
    for (auto& [item, track] : found) {
        items.push_back(item);
        if (tracks) tracks->push_back(track);
    }
}

void appendInView(const RankPart& part, std::vector<DrawItem> items, std::vector<int64_t> tracks,
                  std::vector<std::pair<DrawItem, int64_t>>& found) {
    part.toView(items, &tracks);
    for (size_t i = 0; i < items.size(); ++i)
        found.push_back({items[i], tracks[i]});
}

void endToView(const RankPart& part, FlowEnd& e) {
    e.spanId = part.spanId(e.spanId);
    e.rank = part.rank(e.rank);
    e.trackId = part.trackId(e.trackId);
}

void arrowsToView(const RankPart& part, FlowArrows& a) {
    for (auto& arrow : a.arrows) {
        endToView(part, arrow.src);
        endToView(part, arrow.dst);
    }
}

} // namespace

RankActivity rankActivity(LaneReader& lanes, const std::vector<int>& ranks, int64_t t0, int64_t t1,
                          int columns) {
    RankActivity out = loadRankActivity(lanes.db(), {}, t0, t1, columns); // the range and columns only
    out.unread = lanes.visitRanks(ranks, [&](const RankPart& part) {
        RankActivity a = loadRankActivity(*part.db, part.localRanks(), t0, t1, columns);
        for (auto& [local, busy] : a.busy)
            out.busy[part.rank(local)] = std::move(busy);
        for (int local : a.hostOnly) // measured by host threads: said so for the part's ranks too
            out.hostOnly.insert(part.rank(local));
        out.wrapperLanesLeftOut += a.wrapperLanesLeftOut;
    });
    return out;
}

HeatmapData rankStepHeatmap(LaneReader& lanes, const std::string& opType, const std::vector<int>& shown) {
    if (!lanes.cluster()) return loadRankStepHeatmap(lanes.db(), opType, shown);
    std::map<int, StepTotals> totals;
    std::vector<int> ranks;
    std::map<int, int> dataRank;
    for (const auto& [key, number] : orderedRanks(lanes.db(), shown)) {
        ranks.push_back(key);
        dataRank[key] = number;
    }
    lanes.visitRanks(ranks, [&](const RankPart& part) {
        for (const auto& [rank, local] : part.toLocal)
            totals[rank] = rankStepTotals(*part.db, opType, local);
    });
    std::vector<std::pair<int, StepTotals>> perRank;
    for (int r : ranks) {
        auto it = totals.find(r);
        perRank.push_back({r, it == totals.end() ? StepTotals() : it->second});
    }
    HeatmapData h =
        rankStepHeatmap(opType, perRank, dataRank, unnamedRankKeys(lanes.db(), {ranks.begin(), ranks.end()}));
    for (size_t i = 0; i < h.rows.size(); ++i) // a rank whose shard is missing: a row without cells, so named
        if (!totals.count(int(h.rowKeys[i]))) h.rows[i] += " (shard missing)";
    return h;
}

Histogram durationHistogram(LaneReader& lanes, const std::string& opType, int rank) {
    Histogram h;
    bool read = false;
    lanes.visitRanks({rank}, [&](const RankPart& part) {
        h = loadDurationHistogram(*part.db, part.toLocal.at(rank), lanes.db(), opType, rank);
        read = true;
    });
    if (!read) { // its shard is gone: the op statistics only, and why there is no histogram
        h = loadDurationHistogram(lanes.db(), opType, rank);
        h.unknown = unreadRankNote(rank);
    }
    return h;
}

std::vector<DrawItem> opKernels(LaneReader& lanes, const std::string& opType, int rank, int limit,
                                std::vector<int64_t>* trackIds, int64_t step) {
    std::vector<std::pair<DrawItem, int64_t>> found;
    lanes.visitRanks({rank}, [&](const RankPart& part) {
        std::vector<int64_t> tracks;
        auto items = opKernelSpans(*part.db, opType, part.toLocal.at(rank), limit, &tracks, step);
        appendInView(part, std::move(items), std::move(tracks), found);
    });
    std::vector<DrawItem> out;
    keepEarliest(found, limit, out, trackIds);
    return out;
}

std::vector<shapes::OpShapeTable> shapeTables(LaneReader& lanes, const shapes::ShapeQuery& q,
                                              std::vector<int>* unread) {
    if (!lanes.cluster()) return shapes::loadShapeTables(lanes.db(), q);
    shapes::ShapeGroups groups;
    const auto missing = lanes.visitRanks(shapes::shapeRanks(lanes.db(), q), [&](const RankPart& part) {
        groups.add(*part.db, part.localRanks(), q.opType, [&](int local) { return part.rank(local); });
    });
    if (unread) *unread = missing;
    return groups.tables();
}

std::vector<DrawItem> shapeKernels(LaneReader& lanes, int run, const std::string& opType,
                                   const std::string& inputShapes, const std::string& dtypes, int limit,
                                   std::vector<int64_t>* trackIds) {
    shapes::ShapeQuery q;
    q.run = run;
    std::vector<std::pair<DrawItem, int64_t>> found;
    lanes.visitRanks(shapes::shapeRanks(lanes.db(), q), [&](const RankPart& part) {
        std::vector<int64_t> tracks;
        auto items =
            shapeKernelSpans(*part.db, part.localRanks(), opType, inputShapes, dtypes, limit, &tracks);
        appendInView(part, std::move(items), std::move(tracks), found);
    });
    std::vector<DrawItem> out;
    keepEarliest(found, limit, out, trackIds);
    return out;
}

LinkSpans linkSpans(LaneReader& lanes, int run, std::optional<int64_t> step, const std::string& group,
                    int64_t src, int64_t dst, int limit) {
    LinkSpans out = loadLinkSpans(lanes.db(), run, step, group, src, dst, limit);
    if (out.elsewhere.empty()) return out;
    std::map<int, std::vector<int64_t>> byRank;
    for (const auto& [rank, id] : out.elsewhere)
        byRank[rank].push_back(id);
    std::vector<int> ranks;
    for (const auto& [rank, ids] : byRank)
        ranks.push_back(rank);
    std::vector<std::pair<DrawItem, int64_t>> found;
    for (size_t i = 0; i < out.spans.size(); ++i)
        found.push_back({out.spans[i], out.trackIds[i]});
    const auto missing = lanes.visitRanks(ranks, [&](const RankPart& part) {
        auto q =
            part.db->prepare("SELECT span_id, ts_ns, ts_ns + dur_ns, name_id, op_type_id, depth, track_id "
                             "FROM span WHERE span_id = ?");
        std::vector<DrawItem> items;
        std::vector<int64_t> tracks;
        for (const auto& [rank, local] : part.toLocal)
            for (int64_t id : byRank[rank]) {
                q.bind(1, id);
                if (q.step()) {
                    items.push_back({q.i64(1), q.i64(2), int32_t(q.i64(3)), int32_t(q.i64(4)),
                                     int32_t(q.i64(5)), 1, q.i64(0)});
                    tracks.push_back(q.i64(6));
                }
                q.reset();
            }
        appendInView(part, std::move(items), std::move(tracks), found);
    });
    for (int rank : missing)
        out.unread += int64_t(byRank[rank].size());
    out.spans.clear();
    out.trackIds.clear();
    keepEarliest(found, limit, out.spans, &out.trackIds);
    out.elsewhere.clear();
    return out;
}

annotate::AnchorFacts anchorFacts(LaneReader& lanes, const annotate::AnnotationSet& set) {
    annotate::AnchorFacts f = annotate::loadAnchorFacts(lanes.db(), set);
    if (!lanes.cluster()) return f;
    std::map<int, std::vector<std::string>> asked; // rank → tensor ids the cluster index could not find
    for (const auto& t : f.checkedTensors)
        if (!f.tensors.count(t)) asked[t.first].push_back(t.second);
    std::vector<int> ranks;
    for (const auto& [rank, ids] : asked)
        ranks.push_back(rank);
    const auto unread = lanes.visitRanks(ranks, [&](const RankPart& part) {
        auto q = part.db->prepare("SELECT 1 FROM tensor WHERE rank = ? AND tensor_id = ? LIMIT 1");
        for (const auto& [rank, local] : part.toLocal)
            for (const auto& id : asked[rank]) {
                q.bind(1, local).bind(2, id);
                if (q.step()) f.tensors.insert({rank, id});
                q.reset();
            }
    });
    for (int rank : unread)
        for (const auto& id : asked[rank])
            f.tensors.insert({rank, id});
    return f;
}

FlowArrows spanFlows(LaneReader& lanes, int64_t spanId) {
    FlowArrows out;
    lanes.visitSpan(spanId, [&](const RankPart& part, int64_t local) {
        out = loadSpanFlows(*part.db, local);
        arrowsToView(part, out);
    });
    return out;
}

FlowArrows windowFlows(LaneReader& lanes, const FlowWindow& w) {
    FlowArrows out;
    // each part (a cluster index's rank shard) the limit's share of its tracks, what one leaves going to
    // the later ones: the first shard took the whole limit and the others drew none
    size_t tracksLeft = 0;
    lanes.visitAll(
        [&](const RankPart& part) {
            for (int64_t t : w.trackIds)
                tracksLeft += part.localTrack(t).has_value();
        },
        &w.trackIds);
    lanes.visitAll(
        [&](const RankPart& part) {
            FlowWindow local = w;
            local.trackIds.clear();
            for (int64_t t : w.trackIds)
                if (auto mine = part.localTrack(t)) local.trackIds.push_back(*mine);
            if (local.trackIds.empty()) return;
            const int64_t left = w.limit - int64_t(out.arrows.size());
            local.limit = int(std::max<int64_t>(1, left * int64_t(local.trackIds.size()) /
                                                       int64_t(std::max(tracksLeft, local.trackIds.size()))));
            tracksLeft -= std::min(tracksLeft, local.trackIds.size());
            if (left <= 0) { // its arrows are not counted: the count is a lower bound
                out.truncated = out.matchedAtLeast = true;
                return;
            }
            FlowArrows a = loadWindowFlows(*part.db, local);
            arrowsToView(part, a);
            out.arrows.insert(out.arrows.end(), a.arrows.begin(), a.arrows.end());
            out.truncated = out.truncated || a.truncated;
            out.matched += a.matched;
            out.matchedAtLeast = out.matchedAtLeast || a.matchedAtLeast;
        },
        &w.trackIds);
    return out;
}

std::vector<std::string> flowCategories(LaneReader& lanes) {
    std::set<std::string> all;
    lanes.visitAll([&](const RankPart& part) {
        for (auto& c : loadFlowCategories(*part.db))
            all.insert(std::move(c));
    });
    return {all.begin(), all.end()};
}

} // namespace rs::query
