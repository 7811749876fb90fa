#include "core/query/rankqueries.h"

#include <algorithm>
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
    });
    return out;
}

Histogram durationHistogram(LaneReader& lanes, const std::string& opType, int rank) {
    Histogram h;
    bool read = false;
    lanes.visitRanks({rank}, [&](const RankPart& part) {
        h = loadDurationHistogram(*part.db, part.toLocal.at(rank), lanes.db(), opType, rank);
        read = true;
    });
    if (!read) h = loadDurationHistogram(lanes.db(), opType, rank); // its shard is gone: the statistics
    return h;
}

std::vector<DrawItem> opKernels(LaneReader& lanes, const std::string& opType, int rank, int limit,
                                std::vector<int64_t>* trackIds) {
    std::vector<std::pair<DrawItem, int64_t>> found;
    lanes.visitRanks({rank}, [&](const RankPart& part) {
        std::vector<int64_t> tracks;
        auto items = opKernelSpans(*part.db, opType, part.toLocal.at(rank), limit, &tracks);
        appendInView(part, std::move(items), std::move(tracks), found);
    });
    std::vector<DrawItem> out;
    keepEarliest(found, limit, out, trackIds);
    return out;
}

std::vector<shapes::OpShapeTable> shapeTables(LaneReader& lanes, const shapes::ShapeQuery& q) {
    if (!lanes.cluster()) return shapes::loadShapeTables(lanes.db(), q);
    shapes::ShapeGroups groups;
    lanes.visitRanks(shapes::shapeRanks(lanes.db(), q), [&](const RankPart& part) {
        groups.add(*part.db, part.localRanks(), q.opType, [&](int local) { return part.rank(local); });
    });
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
    lanes.visitAll(
        [&](const RankPart& part) {
            FlowWindow local = w;
            local.trackIds.clear();
            for (int64_t t : w.trackIds)
                if (auto mine = part.localTrack(t)) local.trackIds.push_back(*mine);
            local.limit = w.limit - int(out.arrows.size());
            if (local.trackIds.empty() || local.limit <= 0) return;
            FlowArrows a = loadWindowFlows(*part.db, local);
            arrowsToView(part, a);
            out.arrows.insert(out.arrows.end(), a.arrows.begin(), a.arrows.end());
            out.truncated = out.truncated || a.truncated;
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
