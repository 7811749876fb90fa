#include "core/analysis/flowlinks.h"

#include "core/analysis/rankcontext.h"
#include "core/analysis/rankslices.h"
#include "core/index/flowchunk.h"
#include "core/index/memoryrows.h"

#include <algorithm>
#include <climits>
#include <map>
#include <tuple>
#include <variant>

namespace rs::analysis {

namespace {

/// One flow event. 56 bytes: every flow event of a rank is held while it binds and pairs (a Kineto rank
/// has one per kernel launch and one per kernel, over a million at 2 GB of JSON).
struct Event {
    FlowEnd end;
    /// The id when `flow` holds an INTEGER; else the id's position among the rank's text ids in sorted
    /// order (RankFlows::idTexts), so equal ids compare equal and order as their texts do.
    int64_t id = 0;
    int32_t catId = 0, nameId = 0, fileId = -1;
    bool idIsInt = false;
    bool linked = false; ///< has a partner
};

/// A rank's flow events in rowid order (the files' order) and their text ids, sorted and unique.
struct RankFlows {
    std::vector<Event> events;
    std::vector<std::string> idTexts;
};

/// One flow key (cat, name, id): an id is INTEGER or TEXT by its value alone (the writer stores every id
/// that parses as int64 as INTEGER), so comparing the two forms is comparing the ids.
bool sameKey(const Event& a, const Event& b) {
    return a.catId == b.catId && a.nameId == b.nameId && a.idIsInt == b.idIsInt && a.id == b.id;
}

/// Gives each text id its position among the sorted distinct texts (`texts`: event index and text).
void numberTextIds(std::vector<std::pair<uint32_t, std::string>>& texts, RankFlows& out) {
    for (const auto& t : texts)
        out.idTexts.push_back(t.second);
    std::sort(out.idTexts.begin(), out.idTexts.end());
    out.idTexts.erase(std::unique(out.idTexts.begin(), out.idTexts.end()), out.idTexts.end());
    for (const auto& [index, text] : texts)
        out.events[index].id =
            std::lower_bound(out.idTexts.begin(), out.idTexts.end(), text) - out.idTexts.begin();
}

/// The rank's flow events, read by its group's runs of flow event numbers. The events keep the rank
/// number their file gave; within its group that number names the rank (core/index/flowchunk.h).
RankFlows loadEvents(index::Db& db, int rank, const std::vector<index::LoadRange>& ranges) {
    RankFlows out;
    std::vector<std::pair<uint32_t, std::string>> texts;
    size_t rows = 0; // the group's, maybe more than the rank's
    for (const index::LoadRange& r : ranges)
        rows += size_t(std::max<int64_t>(0, r.flowLast - r.flowFirst + 1));
    out.events.reserve(rows);
    auto dr = db.prepare("SELECT data_rank FROM rank_info WHERE rank = ?");
    dr.bind(1, rank);
    const int64_t dataRank = dr.step() && !dr.isNull(0) ? dr.i64(0) : rank;
    for (const index::LoadRange& r : ranges) {
        if (r.flowLast < r.flowFirst) continue;
        index::forEachFlowEvent(db, r.flowFirst, r.flowLast, [&](const index::FlowEvent& f) {
            if (f.dataRank != dataRank) return;
            Event& e = out.events.emplace_back();
            e.end.trackId = f.trackId;
            e.end.tsNs = f.tsNs;
            e.end.phase = f.phase;
            e.end.bindEnclosing = f.bindEnclosing;
            e.idIsInt = f.idIsInt;
            if (e.idIsInt)
                e.id = f.idNum;
            else
                texts.emplace_back(uint32_t(out.events.size() - 1), std::string(f.idText));
            e.catId = f.catId;
            e.nameId = f.nameId;
            e.fileId = f.fileId;
        });
    }
    numberTextIds(texts, out);
    return out;
}

/// The events' ends by track, then ts with the next-slice ends before the enclosing ones of the same ts
/// (bindEnds needs the slice starting at ts still ahead for them), then rowid.
std::vector<FlowEnd*> endsInBindOrder(std::vector<Event>& events) {
    struct Key {
        int64_t trackId, tsNs;
        uint32_t enclosing; ///< 0 for a next-slice end
        uint32_t index;
    };
    std::vector<Key> keys;
    keys.reserve(events.size());
    for (size_t i = 0; i < events.size(); ++i) {
        const FlowEnd& e = events[i].end;
        keys.push_back({e.trackId, e.tsNs, e.phase == 'f' && !e.bindEnclosing ? 0u : 1u, uint32_t(i)});
    }
    std::sort(keys.begin(), keys.end(), [](const Key& a, const Key& b) {
        return std::tie(a.trackId, a.tsNs, a.enclosing, a.index) <
               std::tie(b.trackId, b.tsNs, b.enclosing, b.index);
    });
    std::vector<FlowEnd*> ends;
    ends.reserve(keys.size());
    for (const Key& k : keys)
        ends.push_back(&events[k.index].end);
    return ends;
}

/// One track's part of the binding: its ends (a run of the bind order), its binder, and the last slice
/// fed, to see that its slices arrive in (ts, depth) order.
struct TrackBind {
    int64_t trackId;
    size_t first, count; ///< its ends in the bind order
    EndBinder binder;
    BindSlice last{-1, INT64_MIN, 0, INT_MIN};
    bool inOrder = true;
};

std::vector<TrackBind> trackBinds(const std::vector<FlowEnd*>& ends) {
    std::vector<TrackBind> out;
    for (size_t i = 0; i < ends.size();) {
        size_t j = i;
        while (j < ends.size() && ends[j]->trackId == ends[i]->trackId)
            ++j;
        out.push_back({ends[i]->trackId, i, j - i, EndBinder({ends.data() + i, j - i})});
        i = j;
    }
    return out;
}

/// Binds again, from its slices held and sorted, each track whose slices the load wrote out of (ts,
/// depth) order (a Chrome trace whose events are not in ts order is written as it comes).
void bindOutOfOrderTracks(index::Db& db, const std::vector<index::LoadRange>& ranges,
                          const std::vector<FlowEnd*>& ends, const std::vector<TrackBind>& binds) {
    std::vector<int64_t> tracks;
    for (const TrackBind& b : binds)
        if (!b.inOrder) tracks.push_back(b.trackId);
    if (tracks.empty()) return;
    const RankSlices slices(db, ranges, tracks);
    for (const TrackBind& b : binds) {
        if (b.inOrder) continue;
        const std::span<FlowEnd* const> trackEnds(ends.data() + b.first, b.count);
        const std::span<const BindSlice> track = slices.track(b.trackId);
        size_t pos = 0;
        bindEnds(trackEnds, [&](BindSlice& s) {
            if (pos == track.size()) return false;
            s = track[pos++];
            return true;
        });
    }
}

/// Binds the events track by track while the slices of their tracks stream past in one pass over the
/// rank group's runs of span ids (rankslices.h): a track's slices arrive in ts order, as they were written.
void bindTracks(index::Db& db, const std::vector<index::LoadRange>& ranges, std::vector<Event>& events) {
    const std::vector<FlowEnd*> ends = endsInBindOrder(events);
    std::vector<TrackBind> binds = trackBinds(ends);
    std::vector<int64_t> tracks;
    for (const TrackBind& b : binds)
        tracks.push_back(b.trackId); // sorted: the bind order is by track first
    forEachRankSlice(db, ranges, tracks, [&](size_t t, const BindSlice& s) {
        TrackBind& b = binds[t];
        if (!b.inOrder) return;
        if (std::tie(s.tsNs, s.depth) < std::tie(b.last.tsNs, b.last.depth)) {
            b.inOrder = false;
            return;
        }
        b.last = s;
        b.binder.feed(s);
    });
    for (TrackBind& b : binds)
        if (b.inOrder) b.binder.finish();
    bindOutOfOrderTracks(db, ranges, ends, binds);
}

struct Link {
    const Event* from;
    const Event* to;
};

/// The bound events by key (cat, name, INTEGER id after TEXT), then ts, then rowid. The sort runs on compact
/// copies of the keys (a text id is its position among the sorted texts): sorting the events through
/// pointers was most of the pairing.
std::vector<Event*> boundInKeyOrder(std::vector<Event>& events) {
    struct Key {
        int32_t catId, nameId;
        int64_t id, tsNs;
        uint32_t index;
        bool idIsInt;
    };
    std::vector<Key> keys;
    keys.reserve(events.size()); // most are bound: growing by doubling held half as much again
    for (size_t i = 0; i < events.size(); ++i) {
        const Event& e = events[i];
        if (e.end.spanId >= 0) keys.push_back({e.catId, e.nameId, e.id, e.end.tsNs, uint32_t(i), e.idIsInt});
    }
    std::sort(keys.begin(), keys.end(), [&](const Key& a, const Key& b) {
        return std::tie(a.catId, a.nameId, a.idIsInt, a.id, a.tsNs, a.index) <
               std::tie(b.catId, b.nameId, b.idIsInt, b.id, b.tsNs, b.index);
    });
    std::vector<Event*> out;
    out.reserve(keys.size());
    for (const Key& k : keys)
        out.push_back(&events[k.index]);
    return out;
}

/// Pairs the bound ends of each key: `s`/`t` chain in ts order, each `f` links from the last start or
/// step at or before it (the first when it precedes them all).
std::vector<Link> pairEnds(std::vector<Event>& events) {
    const std::vector<Event*> bound = boundInKeyOrder(events);
    std::vector<Link> links;
    auto link = [&](Event& from, Event& to) {
        from.linked = to.linked = true;
        links.push_back({&from, &to});
    };
    std::vector<Event*> starts; // s and t of one key, in ts order
    for (size_t i = 0; i < bound.size();) {
        size_t j = i;
        while (j < bound.size() && sameKey(*bound[i], *bound[j]))
            ++j;
        starts.clear();
        for (size_t k = i; k < j; ++k)
            if (bound[k]->end.phase != 'f') {
                if (bound[k]->end.phase == 't' && !starts.empty()) link(*starts.back(), *bound[k]);
                starts.push_back(bound[k]);
            }
        if (!starts.empty())
            for (size_t k = i, s = 0; k < j; ++k) {
                if (bound[k]->end.phase != 'f') continue;
                while (s + 1 < starts.size() && starts[s + 1]->end.tsNs <= bound[k]->end.tsNs)
                    ++s; // bound[] is in ts order within the key, so the start only moves forward
                link(*starts[s], *bound[k]);
            }
        i = j;
    }
    return links;
}

/// What the pass found for one rank: the links in src_span_id order (the order of the table's src index:
/// appends, not inserts) and the diagnostics in the order they are told. A link is 40 bytes (it waits for
/// the writer): an id that is TEXT is kept apart.
struct FlowLinksResult : RankResult {
    struct Row {
        int64_t idNum, srcSpanId, dstSpanId;
        int32_t catId, nameId;
        int32_t textId; ///< index in texts when the id is TEXT, else -1
    };
    struct Diag {
        std::string file, what;
        int64_t count;
    };
    std::vector<Row> links;
    std::vector<std::string> texts;
    std::vector<Diag> diags;
    size_t bytes() const override {
        size_t n = links.capacity() * sizeof(Row) + texts.capacity() * sizeof(std::string);
        for (const auto& t : texts)
            n += t.capacity();
        return n;
    }
};

void addLinkRows(std::vector<Link>& links, const std::vector<std::string>& idTexts, FlowLinksResult& out) {
    std::stable_sort(links.begin(), links.end(), [](const Link& a, const Link& b) {
        return std::tie(a.from->end.spanId, a.to->end.spanId) <
               std::tie(b.from->end.spanId, b.to->end.spanId);
    });
    out.links.reserve(links.size());
    for (const Link& l : links) {
        const Event& from = *l.from;
        int32_t text = -1;
        if (!from.idIsInt) {
            text = int32_t(out.texts.size());
            out.texts.push_back(idTexts[size_t(from.id)]);
        }
        out.links.push_back(
            {from.idIsInt ? from.id : 0, from.end.spanId, l.to->end.spanId, from.catId, from.nameId, text});
    }
}

void storeLinks(index::Db& db, const FlowLinksResult& result) {
    // read from the result as SQLite builds each record (memoryrows.h): binding 64 rows a statement was
    // most of the pass's time on the index-building thread
    const index::MemoryRows rows(result.links.size(), [&](size_t i, int column, index::Cell& out) {
        const FlowLinksResult::Row& l = result.links[i];
        using Id = std::variant<int64_t, std::string_view>;
        const Id id = l.textId < 0 ? Id(l.idNum) : Id(std::string_view(result.texts[size_t(l.textId)]));
        index::setColumn(out, column, int64_t(l.catId), int64_t(l.nameId), id, l.srcSpanId, l.dstSpanId);
    });
    rows.run(db, "INSERT OR FAIL INTO flow_link(cat_id, name_id, flow_id, src_span_id, dst_span_id) "
                 "SELECT c0, c1, c2, c3, c4 FROM rs_rows(?1)");
}

/// Ends bound to no slice and bound ends without a partner, counted per source file and category.
std::vector<FlowLinksResult::Diag> unlinkedCounts(index::Db& db, int rank, const std::vector<Event>& events) {
    std::map<std::tuple<int32_t, int32_t, int>, int64_t> counts; // (file, cat, kind) → count
    for (const Event& e : events) {
        if (e.end.spanId < 0)
            ++counts[{e.fileId, e.catId, 0}];
        else if (!e.linked)
            ++counts[{e.fileId, e.catId, e.end.phase == 'f' ? 2 : 1}];
    }
    std::vector<FlowLinksResult::Diag> out;
    if (counts.empty()) return out;
    auto file = db.prepare("SELECT path FROM source_file WHERE file_id = ?");
    auto str = db.prepare("SELECT value FROM string WHERE id = ?");
    auto text = [](index::Stmt& q, int64_t id) {
        q.bind(1, id);
        std::string s = q.step() ? q.text(0) : std::string();
        q.reset();
        return s;
    };
    static const char* const kWhat[] = {"flow events bound to no slice", "flow starts with no end",
                                        "flow ends with no start"};
    for (const auto& [key, n] : counts) {
        const auto [fileId, catId, kind] = key;
        std::string path = fileId >= 0 ? text(file, fileId) : std::string();
        if (path.empty()) path = "rank " + std::to_string(rank);
        out.push_back({path, std::string(kWhat[kind]) + " (cat " + text(str, catId) + ")", n});
    }
    return out;
}

} // namespace

void FlowLinksPass::finish(index::Db& db) {
    db.exec("CREATE INDEX IF NOT EXISTS flow_link_src ON flow_link(src_span_id);"
            "CREATE INDEX IF NOT EXISTS flow_link_dst ON flow_link(dst_span_id);");
}

PassInfo FlowLinksPass::info() const {
    return {
        "flow_links",
        PassScope::RankLocal,
        {"flow_chunk", "load_range", "rank_info.grp", "rank_info.data_rank", "span", "source_file", "string"},
        {"flow_link"}};
}

std::unique_ptr<RankResult> FlowLinksPass::compute(RankReadContext& ctx) const {
    auto out = std::make_unique<FlowLinksResult>();
    const std::vector<index::LoadRange> ranges = rankLoadRanges(ctx.db, ctx.rank);
    RankFlows flows = loadEvents(ctx.db, ctx.rank, ranges);
    if (flows.events.empty()) return out;
    bindTracks(ctx.db, ranges, flows.events);
    std::vector<Link> links = pairEnds(flows.events);
    addLinkRows(links, flows.idTexts, *out);
    out->diags = unlinkedCounts(ctx.db, ctx.rank, flows.events);
    return out;
}

void FlowLinksPass::apply(RankContext& ctx, RankResult& result) {
    const auto& r = static_cast<const FlowLinksResult&>(result);
    storeLinks(ctx.db, r);
    for (const auto& d : r.diags)
        ctx.diagnostics().add(d.file, "info", d.what, d.count);
}

void FlowLinksPass::run(RankContext& ctx) {
    apply(ctx, *compute(ctx.reading()));
}

} // namespace rs::analysis
