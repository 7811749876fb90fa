#include "core/analysis/flowlinks.h"

#include "core/analysis/rankcontext.h"

#include <algorithm>
#include <map>
#include <tuple>

namespace rs::analysis {

namespace {

struct Event {
    FlowEnd end;
    int64_t idNum = 0;  ///< the id when `flow` holds an INTEGER
    std::string idText; ///< else its text (ids beyond int64, or not numbers)
    bool idIsInt = false;
    int32_t catId = 0, nameId = 0, fileId = -1;
    bool linked = false; ///< has a partner
};

/// The flow key's order (cat, name, id): an id is INTEGER or TEXT by its value alone (the writer stores
/// every id that parses as int64 as INTEGER), so comparing the two forms is comparing the ids.
bool keyLess(const Event& a, const Event& b) {
    return std::tie(a.catId, a.nameId, a.idIsInt, a.idNum, a.idText) <
           std::tie(b.catId, b.nameId, b.idIsInt, b.idNum, b.idText);
}
bool sameKey(const Event& a, const Event& b) {
    return a.catId == b.catId && a.nameId == b.nameId && a.idIsInt == b.idIsInt && a.idNum == b.idNum &&
           a.idText == b.idText;
}

/// The rank's flow events, sorted by track, then ts with the next-slice ends before the enclosing ones
/// of the same ts (bindEnds needs the slice starting at ts still ahead for them).
std::vector<Event> loadEvents(index::Db& db, int rank) {
    std::vector<Event> out;
    auto q = db.prepare(
        "SELECT track_id, ts_ns, phase, bp_e, flow_id, cat_id, name_id, file_id FROM flow WHERE rank = ?");
    q.bind(1, rank);
    while (q.step()) {
        Event e;
        e.end.trackId = q.i64(0);
        e.end.tsNs = q.i64(1);
        const std::string ph = q.text(2);
        e.end.phase = ph.empty() ? 'f' : ph[0];
        e.end.bindEnclosing = q.i64(3) != 0;
        e.idIsInt = q.isInteger(4);
        if (e.idIsInt)
            e.idNum = q.i64(4);
        else
            e.idText = q.text(4);
        e.catId = int32_t(q.i64(5));
        e.nameId = int32_t(q.i64(6));
        e.fileId = q.isNull(7) ? -1 : int32_t(q.i64(7));
        out.push_back(std::move(e));
    }
    auto next = [](const Event& e) { return e.end.phase == 'f' && !e.end.bindEnclosing; };
    std::sort(out.begin(), out.end(), [&](const Event& a, const Event& b) {
        return std::make_tuple(a.end.trackId, a.end.tsNs, !next(a)) <
               std::make_tuple(b.end.trackId, b.end.tsNs, !next(b));
    });
    return out;
}

/// Yields one track's slices in (ts, depth) order from the span index's (ts) order: the slices of one ts
/// are few, so sorting them here is cheaper than SQLite sorting the track.
class TrackSlices {
  public:
    explicit TrackSlices(index::Db& db)
        : m_q(db.prepare(
              "SELECT span_id, ts_ns, dur_ns, depth FROM span WHERE track_id = ? ORDER BY ts_ns")) {}
    void start(int64_t trackId) {
        m_q.reset();
        m_q.bind(1, trackId);
        m_group.clear();
        m_pos = 0;
        m_have = m_q.step();
    }
    bool next(BindSlice& s) {
        if (m_pos == m_group.size() && !fill()) return false;
        s = m_group[m_pos++];
        return true;
    }

  private:
    bool fill() {
        m_group.clear();
        m_pos = 0;
        if (!m_have) return false;
        const int64_t ts = m_q.i64(1);
        do {
            m_group.push_back({m_q.i64(0), ts, m_q.i64(2), int(m_q.i64(3))});
            m_have = m_q.step();
        } while (m_have && m_q.i64(1) == ts);
        if (m_group.size() > 1)
            std::stable_sort(m_group.begin(), m_group.end(),
                             [](const BindSlice& a, const BindSlice& b) { return a.depth < b.depth; });
        return true;
    }

    index::Stmt m_q;
    std::vector<BindSlice> m_group;
    size_t m_pos = 0;
    bool m_have = false;
};

void bindTracks(index::Db& db, std::vector<Event>& events) {
    TrackSlices slices(db);
    std::vector<FlowEnd*> ends;
    for (size_t i = 0; i < events.size();) {
        size_t j = i;
        ends.clear();
        while (j < events.size() && events[j].end.trackId == events[i].end.trackId)
            ends.push_back(&events[j++].end);
        slices.start(events[i].end.trackId);
        bindEnds(ends, [&](BindSlice& s) { return slices.next(s); });
        i = j;
    }
}

struct Link {
    const Event* from;
    const Event* to;
};

/// Pairs the bound ends of each key: `s`/`t` chain in ts order, each `f` links from the last start or
/// step at or before it (the first when it precedes them all).
std::vector<Link> pairEnds(std::vector<Event>& events) {
    std::vector<Event*> bound;
    for (Event& e : events)
        if (e.end.spanId >= 0) bound.push_back(&e);
    std::sort(bound.begin(), bound.end(), [](const Event* a, const Event* b) {
        if (keyLess(*a, *b)) return true;
        if (keyLess(*b, *a)) return false;
        return a->end.tsNs < b->end.tsNs;
    });
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

/// Writes the links in src_span_id order (the order of the table's src index: appends, not inserts).
void storeLinks(index::Db& db, std::vector<Link>& links) {
    std::sort(links.begin(), links.end(), [](const Link& a, const Link& b) {
        return std::tie(a.from->end.spanId, a.to->end.spanId) <
               std::tie(b.from->end.spanId, b.to->end.spanId);
    });
    auto ins = db.prepare(
        "INSERT INTO flow_link(cat_id, name_id, flow_id, src_span_id, dst_span_id) VALUES(?,?,?,?,?)");
    for (const Link& l : links) {
        const Event& from = *l.from;
        ins.bind(1, int64_t(from.catId)).bind(2, int64_t(from.nameId));
        if (from.idIsInt)
            ins.bind(3, from.idNum);
        else
            ins.bind(3, from.idText);
        ins.bind(4, from.end.spanId).bind(5, l.to->end.spanId).exec();
    }
}

} // namespace

void FlowLinksPass::finish(index::Db& db) {
    db.exec("CREATE INDEX IF NOT EXISTS flow_link_src ON flow_link(src_span_id);"
            "CREATE INDEX IF NOT EXISTS flow_link_dst ON flow_link(dst_span_id);");
}

PassInfo FlowLinksPass::info() const {
    return {"flow_links", PassScope::RankLocal, {"flow", "span", "source_file", "string"}, {"flow_link"}};
}

void FlowLinksPass::run(RankContext& ctx) {
    std::vector<Event> events = loadEvents(ctx.db, ctx.rank);
    if (events.empty()) return;
    bindTracks(ctx.db, events);
    std::vector<Link> links = pairEnds(events);
    storeLinks(ctx.db, links);

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
