#include "core/analysis/flowlinks.h"

#include "core/analysis/rankcontext.h"

#include <algorithm>
#include <map>
#include <tuple>

namespace rs::analysis {

namespace {

struct Event {
    FlowEnd end;
    std::string id;       ///< the id as text (the key's part; numbers and strings compare as written)
    bool idIsInt = false; ///< stored as INTEGER in `flow` (kept so in `flow_link`)
    int32_t catId = 0, nameId = 0, fileId = -1;
    bool linked = false; ///< has a partner
};

/// The rank's flow events, sorted by track, then ts with the next-slice ends before the enclosing ones
/// of the same ts (bindEnds needs the slice starting at ts still ahead for them).
std::vector<Event> loadEvents(index::Db& db, int rank) {
    std::vector<Event> out;
    auto q =
        db.prepare("SELECT track_id, ts_ns, phase, bp_e, CAST(flow_id AS TEXT), typeof(flow_id) = 'integer', "
                   "cat_id, name_id, file_id FROM flow WHERE rank = ?");
    q.bind(1, rank);
    while (q.step()) {
        Event e;
        e.end.trackId = q.i64(0);
        e.end.tsNs = q.i64(1);
        const std::string ph = q.text(2);
        e.end.phase = ph.empty() ? 'f' : ph[0];
        e.end.bindEnclosing = q.i64(3) != 0;
        e.id = q.text(4);
        e.idIsInt = q.i64(5) != 0;
        e.catId = int32_t(q.i64(6));
        e.nameId = int32_t(q.i64(7));
        e.fileId = q.isNull(8) ? -1 : int32_t(q.i64(8));
        out.push_back(std::move(e));
    }
    auto next = [](const Event& e) { return e.end.phase == 'f' && !e.end.bindEnclosing; };
    std::sort(out.begin(), out.end(), [&](const Event& a, const Event& b) {
        return std::make_tuple(a.end.trackId, a.end.tsNs, !next(a)) <
               std::make_tuple(b.end.trackId, b.end.tsNs, !next(b));
    });
    return out;
}

void bindTracks(index::Db& db, std::vector<Event>& events) {
    auto spans =
        db.prepare("SELECT span_id, ts_ns, dur_ns, depth FROM span WHERE track_id = ? ORDER BY ts_ns, depth");
    for (size_t i = 0; i < events.size();) {
        size_t j = i;
        std::vector<FlowEnd*> ends;
        while (j < events.size() && events[j].end.trackId == events[i].end.trackId)
            ends.push_back(&events[j++].end);
        spans.bind(1, events[i].end.trackId);
        bindEnds(ends, [&](BindSlice& s) {
            if (!spans.step()) return false;
            s = {spans.i64(0), spans.i64(1), spans.i64(2), int(spans.i64(3))};
            return true;
        });
        spans.reset();
        i = j;
    }
}

} // namespace

PassInfo FlowLinksPass::info() const {
    return {"flow_links", PassScope::RankLocal, {"flow", "span", "source_file", "string"}, {"flow_link"}};
}

void FlowLinksPass::run(RankContext& ctx) {
    std::vector<Event> events = loadEvents(ctx.db, ctx.rank);
    if (events.empty()) return;
    bindTracks(ctx.db, events);

    // pair by key; the unbound ends take no part
    std::vector<Event*> bound;
    for (Event& e : events)
        if (e.end.spanId >= 0) bound.push_back(&e);
    std::sort(bound.begin(), bound.end(), [](const Event* a, const Event* b) {
        return std::tie(a->catId, a->nameId, a->id, a->end.tsNs) <
               std::tie(b->catId, b->nameId, b->id, b->end.tsNs);
    });
    auto ins = ctx.db.prepare("INSERT INTO flow_link(rank, cat_id, name_id, flow_id, src_span_id, "
                              "dst_span_id, src_track_id, src_ts_ns, "
                              "dst_track_id, dst_ts_ns) VALUES(?,?,?,?,?,?,?,?,?,?)");
    auto link = [&](Event& from, Event& to) {
        from.linked = to.linked = true;
        ins.bind(1, ctx.rank).bind(2, int64_t(from.catId)).bind(3, int64_t(from.nameId));
        if (from.idIsInt)
            ins.bind(4, int64_t(std::stoll(from.id)));
        else
            ins.bind(4, from.id);
        ins.bind(5, from.end.spanId)
            .bind(6, to.end.spanId)
            .bind(7, from.end.trackId)
            .bind(8, from.end.spanTsNs);
        ins.bind(9, to.end.trackId).bind(10, to.end.spanTsNs).exec();
    };
    for (size_t i = 0; i < bound.size();) {
        size_t j = i;
        auto sameKey = [&](const Event* a, const Event* b) {
            return a->catId == b->catId && a->nameId == b->nameId && a->id == b->id;
        };
        while (j < bound.size() && sameKey(bound[i], bound[j]))
            ++j;
        std::vector<Event*> starts; // s and t, in ts order
        for (size_t k = i; k < j; ++k)
            if (bound[k]->end.phase != 'f') {
                if (bound[k]->end.phase == 't' && !starts.empty()) link(*starts.back(), *bound[k]);
                starts.push_back(bound[k]);
            }
        if (!starts.empty())
            for (size_t k = i; k < j; ++k) {
                if (bound[k]->end.phase != 'f') continue;
                Event* from = starts.front();
                for (Event* s : starts)
                    if (s->end.tsNs <= bound[k]->end.tsNs) from = s;
                link(*from, *bound[k]);
            }
        i = j;
    }

    // diagnostics per file and category
    std::map<std::tuple<int32_t, int32_t, int>, int64_t> counts; // (file, cat, kind) → count
    for (const Event& e : events) {
        if (e.end.spanId < 0)
            ++counts[{e.fileId, e.catId, 0}];
        else if (!e.linked)
            ++counts[{e.fileId, e.catId, e.end.phase == 'f' ? 2 : 1}];
    }
    if (counts.empty()) return;
    auto file = ctx.db.prepare("SELECT path FROM source_file WHERE file_id = ?");
    auto str = ctx.db.prepare("SELECT value FROM string WHERE id = ?");
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
        if (path.empty()) path = "rank " + std::to_string(ctx.rank);
        ctx.diagnostics().add(path, "info", std::string(kWhat[kind]) + " (cat " + text(str, catId) + ")", n);
    }
}

} // namespace rs::analysis
