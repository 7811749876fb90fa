#include "core/query/areastats.h"

#include "core/model/plural.h"

#include "core/model/lod.h"
#include "core/query/areaspankind.h"
#include "core/query/coveringspans.h"
#include "core/query/damagedinput.h"
#include "core/query/reportoutliers.h"
#include "core/query/wholetracestep.h"

#include <algorithm>
#include <map>
#include <nlohmann/json.hpp>
#include <unordered_map>

namespace rs::query {

std::set<std::string> AreaQuery::defaultKinds() {
    return {"compute", "runtime", "communication", "host", "other", "counter", "memory"};
}

std::vector<AreaWindow> rangeWindows(const std::vector<int>& ranks, int64_t t0, int64_t t1) {
    std::vector<AreaWindow> w;
    for (int r : ranks)
        w.push_back({r, t0, t1});
    return w;
}

std::vector<AreaWindow> stepWindows(index::Db& db, const std::vector<int>& ranks, int64_t step,
                                    std::vector<int>* missing) {
    std::vector<AreaWindow> w;
    auto q = db.prepare("SELECT start_ns, end_ns FROM step WHERE rank = ? AND step = ?");
    for (int r : ranks) {
        q.bind(1, r).bind(2, step);
        if (q.step() && q.i64(1) > q.i64(0))
            w.push_back({r, q.i64(0), q.i64(1)});
        else if (missing)
            missing->push_back(r);
        q.reset();
    }
    return w;
}

namespace {

/// The area's ranks whose files were cut or not read, and files of no known rank: a table of what was read
/// cannot show what was not (a cut rank's kernels past the cut are in no row).
void addDamagedNotes(index::Db& db, const std::vector<AreaWindow>& windows, std::vector<std::string>& notes) {
    std::set<int64_t> ranks;
    for (const auto& w : windows)
        ranks.insert(w.rank);
    for (const auto& f : damagedFiles(db))
        if (!f.rank || ranks.count(*f.rank))
            notes.push_back(damagedFileText(f) + ": the figures count only what was read");
}

struct Lane {
    int64_t trackId;
    int rank;
    std::string kind, name;
    int64_t t0, t1;
};

/// The query's windows: as given, or each step rank's extent of the step (`missing`: ranks without it).
std::vector<AreaWindow> resolveWindows(index::Db& db, const AreaQuery& q, std::vector<int>* missing) {
    return q.step ? stepWindows(db, q.stepRanks, *q.step, missing) : q.windows;
}

/// The lanes of the area, each with its rank's window; lanes on another clock are counted in `otherClock`.
std::vector<Lane> areaLanes(index::Db& db, const AreaQuery& q, const std::vector<AreaWindow>& windows,
                            int64_t& otherClock) {
    const std::set<int64_t> chosen(q.trackIds.begin(), q.trackIds.end());
    // a compute lane is read for its runtime tasks and collectives too (areaspankind.h)
    const auto wanted = [&](int64_t id, const std::string& laneKind) {
        if (!chosen.empty()) return chosen.count(id) > 0;
        return std::any_of(q.kinds.begin(), q.kinds.end(),
                           [&](const std::string& k) { return AreaSpanKind::laneCanHold(laneKind, k); });
    };
    std::vector<Lane> lanes;
    auto tracks = db.prepare("SELECT track_id, kind, coalesce(name, ''), aligned FROM track WHERE rank = ? "
                             "ORDER BY track_id");
    auto memory = db.prepare("SELECT 1 FROM memory_summary WHERE rank = ? AND curve_component IS NOT NULL");
    for (const auto& w : windows) {
        tracks.bind(1, w.rank);
        while (tracks.step()) {
            if (!wanted(tracks.i64(0), tracks.text(1))) continue;
            if (tracks.i64(3) == 0) {
                ++otherClock;
                continue;
            }
            lanes.push_back({tracks.i64(0), w.rank, tracks.text(1), tracks.text(2), w.t0, w.t1});
        }
        tracks.reset();
        memory.bind(1, w.rank);
        if (memory.step() && wanted(memoryTrackId(w.rank), "memory"))
            lanes.push_back({memoryTrackId(w.rank), w.rank, "memory", "device memory", w.t0, w.t1});
        memory.reset();
    }
    return lanes;
}

/// A lane's spans that overlap [t0, t1) (an instant inside it too), sorted by start then depth.
std::vector<DrawItem> laneSpans(index::Stmt& q, CoveringSpans& covering, const Lane& l) {
    std::vector<DrawItem> items;
    const int64_t from = l.t0 - model::kLongSpanNs;
    covering.add(l.trackId, from, l.t0, items);
    q.bind(1, l.trackId).bind(2, from).bind(3, l.t1);
    while (q.step()) {
        const int64_t a = q.i64(1), b = q.i64(2);
        if (b > l.t0 || (a == b && a >= l.t0))
            items.push_back({a, b, int32_t(q.i64(3)), int32_t(q.i64(4)), int32_t(q.i64(5)), 1, q.i64(0)});
    }
    q.reset();
    std::stable_sort(items.begin(), items.end(), [](const DrawItem& x, const DrawItem& y) {
        return x.startNs != y.startNs ? x.startNs < y.startNs : x.depth < y.depth;
    });
    return items;
}

/// Walks one lane's spans (sorted by start, then depth) keeping the open ones on a stack, and calls
/// `done(item, wall, self)` for each with its wall and self time inside [t0, t1): a span's children are
/// the spans nested directly in it (the nearest enclosing open span), their clipped time merged so
/// overlapping children are not subtracted twice.
template <class Done>
void sweepSelfTime(const std::vector<DrawItem>& items, int64_t t0, int64_t t1, Done done) {
    struct Open {
        const DrawItem* item;
        int64_t a, b;         ///< the span clipped to the area
        int64_t coveredUntil; ///< children's time merged up to here
        int64_t childNs = 0;
    };
    std::vector<Open> stack;
    const auto close = [&] {
        const Open& o = stack.back();
        done(*o.item, o.b - o.a, o.b - o.a - o.childNs);
        stack.pop_back();
    };
    for (const auto& it : items) {
        while (!stack.empty() &&
               (stack.back().item->endNs <= it.startNs || stack.back().item->depth >= it.depth))
            close();
        const int64_t a = std::clamp(it.startNs, t0, t1), b = std::clamp(it.endNs, t0, t1);
        if (!stack.empty()) {
            Open& p = stack.back();
            const int64_t from = std::max({a, p.a, p.coveredUntil}), to = std::min(b, p.b);
            if (to > from) p.childNs += to - from;
            p.coveredUntil = std::max(p.coveredUntil, to);
        }
        stack.push_back({&it, a, b, a});
    }
    while (!stack.empty())
        close();
}

struct GroupKey {
    int32_t nameId;
    int kind;
    int rank;
    bool operator==(const GroupKey& o) const {
        return nameId == o.nameId && kind == o.kind && rank == o.rank;
    }
};
struct GroupHash {
    size_t operator()(const GroupKey& k) const {
        return std::hash<int64_t>()((int64_t(k.nameId) << 24) ^ (int64_t(k.kind) << 20) ^ int64_t(k.rank));
    }
};
struct Group {
    int64_t count = 0, total = 0, self = 0, min = INT64_MAX, max = 0;
    std::vector<int64_t> walls;
    std::vector<int> ranks; ///< of a row over the ranks together: whose spans it holds (repeats allowed)
};

/// Nearest-rank p95: the ⌈0.95·n⌉-th smallest (reorders v).
int64_t p95(std::vector<int64_t>& v) {
    if (v.empty()) return 0;
    const size_t k = std::clamp<size_t>((95 * v.size() + 99) / 100, 1, v.size()) - 1;
    std::nth_element(v.begin(), v.begin() + long(k), v.end());
    return v[k];
}

std::string stringOf(index::Stmt& q, int32_t id) {
    q.bind(1, int64_t(id));
    std::string s = q.step() ? q.text(0) : std::string();
    q.reset();
    return s;
}

/// First / last / min / max of a series of (ts, value) samples over [t0, t1).
struct SeriesAcc {
    std::optional<double> first;
    double last = 0, min = 0, max = 0;
    int64_t samples = 0;
    bool any = false;
    void add(double v) {
        min = any ? std::min(min, v) : v;
        max = any ? std::max(max, v) : v;
        last = v;
        any = true;
    }
};

/// One counter row from two statements whose ?1 is the area's start (and the inside one's ?2 its end);
/// `bindKey` binds the series' own parameters (?3 on). `atStart` gives the value carried in (the last
/// sample before the start, in file order among those of its time), `inside` the samples in [start, end)
/// as (value, ts) in time then file order. "first" is the first sample at the start itself, in file
/// order, else the value carried in: of a demo's counter at t = 0 64 MiB then 3 GiB, "first" read the
/// 3 GiB the ORDER BY ts_ns DESC happened to give (r53c #2).
template <class BindKey>
void addCounterRow(AreaStats& s, const Lane& l, const std::string& name, bool bytes, index::Stmt& atStart,
                   index::Stmt& inside, BindKey bindKey) {
    SeriesAcc acc;
    atStart.bind(1, l.t0);
    bindKey(atStart);
    if (atStart.step() && !atStart.isNull(0)) {
        acc.first = atStart.f64(0);
        acc.add(*acc.first);
    }
    atStart.reset();
    inside.bind(1, l.t0).bind(2, l.t1);
    bindKey(inside);
    while (inside.step()) {
        if (acc.samples == 0 && inside.i64(1) == l.t0) acc.first = inside.f64(0);
        acc.add(inside.f64(0));
        ++acc.samples;
    }
    inside.reset();
    if (acc.any)
        s.counters.push_back(
            {l.rank, l.trackId, name, bytes, acc.first, acc.last, acc.min, acc.max, acc.samples});
}

void addMemoryRows(index::Db& db, const Lane& l, AreaStats& s) {
    auto component = db.prepare("SELECT curve_component FROM memory_summary WHERE rank = ?");
    component.bind(1, l.rank);
    const std::string comp = component.step() ? component.text(0) : std::string();
    for (const char* col : {"allocated", "reserved"}) {
        const std::string value = std::string(col) + "_bytes";
        const std::string from =
            " FROM memory_sample WHERE rank = ?3 AND component = ?4 AND " + value + " IS NOT NULL AND ts_ns ";
        // rowid: the order the samples were written in, their file's (several share a time)
        auto atStart = db.prepare("SELECT " + value + from + "< ?1 ORDER BY ts_ns DESC, rowid DESC LIMIT 1");
        auto inside =
            db.prepare("SELECT " + value + ", ts_ns" + from + ">= ?1 AND ts_ns < ?2 ORDER BY ts_ns, rowid");
        addCounterRow(s, l, "device memory " + std::string(col) + " (" + comp + ")", true, atStart, inside,
                      [&](index::Stmt& q) { q.bind(3, int64_t(l.rank)).bind(4, comp); });
    }
}

void addCounters(index::Db& db, const std::vector<Lane>& lanes, AreaStats& s) {
    auto atStart = db.prepare("SELECT value FROM counter WHERE track_id = ?3 AND ts_ns < ?1 AND value IS NOT "
                              "NULL ORDER BY ts_ns DESC, rowid DESC LIMIT 1");
    auto inside =
        db.prepare("SELECT value, ts_ns FROM counter WHERE track_id = ?3 AND ts_ns >= ?1 AND ts_ns < ?2 AND "
                   "value IS NOT NULL ORDER BY ts_ns, rowid");
    for (const auto& l : lanes) {
        if (l.kind == "counter")
            addCounterRow(s, l, l.name, false, atStart, inside,
                          [&](index::Stmt& q) { q.bind(3, l.trackId); });
        else if (l.kind == "memory")
            addMemoryRows(db, l, s);
    }
}

} // namespace

namespace {

/// The query in `part`'s keys: the windows of its ranks and the chosen lanes that are its own. False when
/// the query chose lanes and none is the part's (an empty choice would mean every lane).
bool localQuery(const AreaQuery& q, const std::vector<AreaWindow>& windows, const RankPart& part,
                AreaQuery& local, std::vector<AreaWindow>& localWindows) {
    local = q;
    local.step.reset();
    local.trackIds.clear();
    for (int64_t t : q.trackIds)
        if (auto mine = part.localTrack(t)) local.trackIds.push_back(*mine);
    if (!q.trackIds.empty() && local.trackIds.empty()) return false;
    for (const auto& w : windows)
        if (auto it = part.toLocal.find(w.rank); it != part.toLocal.end())
            localWindows.push_back({it->second, w.t0, w.t1});
    return !localWindows.empty();
}

struct NamedKey {
    std::string name, kind;
    int rank;
    auto operator<=>(const NamedKey&) const = default;
};
using NamedGroups = std::map<NamedKey, Group>;

/// One part's share of the area: its spans grouped into `groups` (by name: string ids differ between
/// shards), its counters appended to `s`, in the view's rank keys and track ids. False when cancelled.
bool addPart(const RankPart& part, const AreaQuery& q, const std::vector<AreaWindow>& windows, AreaStats& s,
             NamedGroups& groups, int64_t& otherClock, const std::atomic<bool>* cancel) {
    index::Db& db = *part.db;
    const auto lanes = areaLanes(db, q, windows, otherClock);
    std::vector<std::string> kinds; // a group's kind by index
    const auto kindIndex = [&](const std::string& kind) {
        const auto at = std::find(kinds.begin(), kinds.end(), kind);
        if (at != kinds.end()) return int(at - kinds.begin());
        kinds.push_back(kind);
        return int(kinds.size()) - 1;
    };
    const AreaSpanKind spanKind(db);
    std::unordered_map<GroupKey, Group, GroupHash> local;
    CoveringSpans covering(db);
    auto spans = db.prepare("SELECT span_id, ts_ns, ts_ns + dur_ns, name_id, op_type_id, depth FROM span "
                            "WHERE track_id = ?1 AND ts_ns >= ?2 AND ts_ns < ?3 ORDER BY ts_ns");
    for (const auto& l : lanes) {
        if (l.kind == "counter" || l.kind == "memory") continue;
        if (cancel && cancel->load()) return false;
        ++s.lanes;
        const auto items = laneSpans(spans, covering, l);
        sweepSelfTime(items, l.t0, l.t1, [&](const DrawItem& it, int64_t wall, int64_t self) {
            const std::string& kind = spanKind.of(l.kind, it);
            if (q.trackIds.empty() && !q.kinds.count(kind)) return; // a lane chosen by kind: its spans too
            ++s.spans;
            Group& g = local[{it.nameId, kindIndex(kind), q.perRank ? part.rank(l.rank) : -1}];
            if (!q.perRank && (g.ranks.empty() || g.ranks.back() != part.rank(l.rank)))
                g.ranks.push_back(part.rank(l.rank));
            ++g.count;
            g.total += wall;
            g.self += self;
            g.min = std::min(g.min, wall);
            g.max = std::max(g.max, wall);
            g.walls.push_back(wall);
        });
    }
    const size_t counters = s.counters.size();
    addCounters(db, lanes, s);
    for (size_t i = counters; i < s.counters.size(); ++i) {
        s.counters[i].trackId = part.trackId(s.counters[i].trackId);
        s.counters[i].rank = part.rank(s.counters[i].rank);
    }
    auto str = db.prepare("SELECT value FROM string WHERE id = ?");
    for (auto& [k, g] : local) {
        Group& to = groups[{stringOf(str, k.nameId), kinds[size_t(k.kind)], k.rank}];
        to.count += g.count;
        to.total += g.total;
        to.self += g.self;
        to.min = std::min(to.min, g.min);
        to.max = std::max(to.max, g.max);
        to.walls.insert(to.walls.end(), g.walls.begin(), g.walls.end());
        to.ranks.insert(to.ranks.end(), g.ranks.begin(), g.ranks.end());
    }
    return true;
}

std::vector<int> ranksOf(const std::vector<AreaWindow>& windows) {
    std::vector<int> ranks;
    for (const auto& w : windows)
        ranks.push_back(w.rank);
    return ranks;
}

AreaStats computeOver(index::Db& main, const RankVisitor& visit, const AreaQuery& q,
                      const std::atomic<bool>* cancel) {
    AreaStats s;
    s.windows = resolveWindows(main, q, &s.ranksWithoutStep);
    s.perRank = q.perRank;
    NamedGroups groups;
    int64_t otherClock = 0;
    const auto unread = visit(ranksOf(s.windows), [&](const RankPart& part) {
        AreaQuery local;
        std::vector<AreaWindow> windows;
        if (s.cancelled || !localQuery(q, s.windows, part, local, windows)) return;
        s.cancelled = !addPart(part, local, windows, s, groups, otherClock, cancel);
    });
    if (s.cancelled) return s;
    if (otherClock > 0)
        s.notes.push_back(model::counted(otherClock, "lane", "lanes") +
                          " on another clock than their rank's device ops (no sync record) left out");
    if (!unread.empty()) {
        std::string keys;
        for (int r : unread)
            keys += (keys.empty() ? "" : ", ") + std::to_string(r);
        s.notes.push_back((unread.size() == 1 ? "rank " : "ranks ") + keys +
                          " not counted: their shard of the cluster index is missing or changed");
    }
    addDamagedNotes(main, s.windows, s.notes);
    // counters in the windows' order of ranks (the parts visit them shard by shard)
    std::map<int, size_t> order;
    for (const auto& w : s.windows)
        order.emplace(w.rank, order.size());
    std::stable_sort(s.counters.begin(), s.counters.end(),
                     [&](const CounterRow& a, const CounterRow& b) { return order[a.rank] < order[b.rank]; });
    for (auto& [k, g] : groups) {
        std::sort(g.ranks.begin(), g.ranks.end());
        g.ranks.erase(std::unique(g.ranks.begin(), g.ranks.end()), g.ranks.end());
        s.rows.push_back({k.name, k.kind, k.rank, g.count, g.total, g.self, g.min, g.max, p95(g.walls),
                          double(g.total) / double(g.count), std::move(g.ranks)});
    }
    std::sort(s.rows.begin(), s.rows.end(), [](const AreaRow& a, const AreaRow& b) {
        return std::tie(b.totalNs, a.name, a.kind, a.rank) < std::tie(a.totalNs, b.name, b.kind, b.rank);
    });
    return s;
}

/// The spans of one row of the area's table on one part, in the view's ids.
void partSpans(const RankPart& part, const AreaQuery& q, const std::vector<AreaWindow>& windows,
               const std::string& name, const std::string& kind, int rank,
               std::vector<std::pair<DrawItem, int64_t>>& found) {
    index::Db& db = *part.db;
    auto id = db.prepare("SELECT id FROM string WHERE value = ?");
    id.bind(1, name);
    if (!id.step()) return;
    const auto nameId = int32_t(id.i64(0));
    CoveringSpans covering(db);
    auto spans = db.prepare("SELECT span_id, ts_ns, ts_ns + dur_ns, name_id, op_type_id, depth FROM span "
                            "WHERE track_id = ?1 AND ts_ns >= ?2 AND ts_ns < ?3 ORDER BY ts_ns");
    const AreaSpanKind spanKind(db);
    int64_t otherClock = 0;
    for (const auto& l : areaLanes(db, q, windows, otherClock)) {
        if (!AreaSpanKind::laneCanHold(l.kind, kind) || (rank >= 0 && part.rank(l.rank) != rank)) continue;
        for (auto it : laneSpans(spans, covering, l))
            if (it.nameId == nameId && spanKind.of(l.kind, it) == kind) {
                std::vector<DrawItem> one{it};
                part.toView(one, nullptr);
                found.push_back({one.front(), part.trackId(l.trackId)});
            }
    }
}

std::vector<DrawItem> spansOver(index::Db& main, const RankVisitor& visit, const AreaQuery& q,
                                const std::string& name, const std::string& kind, int rank, int limit,
                                std::vector<int64_t>* trackIds) {
    const auto all = resolveWindows(main, q, nullptr);
    std::vector<std::pair<DrawItem, int64_t>> found;
    visit(ranksOf(all), [&](const RankPart& part) {
        AreaQuery local;
        std::vector<AreaWindow> windows;
        if (localQuery(q, all, part, local, windows))
            partSpans(part, local, windows, name, kind, rank, found);
    });
    std::stable_sort(found.begin(), found.end(),
                     [](const auto& a, const auto& b) { return a.first.startNs < b.first.startNs; });
    if (found.size() > size_t(std::max(0, limit))) found.resize(size_t(std::max(0, limit)));
    std::vector<DrawItem> out;
    for (const auto& [it, track] : found) {
        out.push_back(it);
        if (trackIds) trackIds->push_back(track);
    }
    return out;
}

/// The index itself as the only part.
RankVisitor wholeIndex(index::Db& db) {
    return [&db](const std::vector<int>& ranks, const std::function<void(const RankPart&)>& fn) {
        fn(RankPart::whole(db, ranks));
        return std::vector<int>();
    };
}

} // namespace

AreaStats computeAreaStats(index::Db& db, const AreaQuery& q, const std::atomic<bool>* cancel) {
    return computeOver(db, wholeIndex(db), q, cancel);
}

AreaStats computeAreaStats(LaneReader& lanes, const AreaQuery& q, const std::atomic<bool>* cancel) {
    return computeOver(lanes.db(), lanes.visitor(), q, cancel);
}

std::vector<DrawItem> areaSpans(index::Db& db, const AreaQuery& q, const std::string& name,
                                const std::string& kind, int rank, int limit,
                                std::vector<int64_t>* trackIds) {
    return spansOver(db, wholeIndex(db), q, name, kind, rank, limit, trackIds);
}

std::vector<DrawItem> areaSpans(LaneReader& lanes, const AreaQuery& q, const std::string& name,
                                const std::string& kind, int rank, int limit,
                                std::vector<int64_t>* trackIds) {
    return spansOver(lanes.db(), lanes.visitor(), q, name, kind, rank, limit, trackIds);
}

std::string pooledRanksText(const AreaRow& row, const std::map<int, int>& dataRank) {
    std::vector<int64_t> ranks;
    for (int r : row.ranks) {
        const auto it = dataRank.find(r);
        ranks.push_back(it == dataRank.end() ? r : it->second);
    }
    return rankRanges(std::move(ranks));
}

void markWholeTraces(const ProfileSummary& summary, int64_t step, std::vector<AreaWindow>& windows) {
    for (auto& w : windows)
        w.wholeTrace = isWholeTraceStep(summary, w.rank, step);
}

std::string areaStatsJson(const AreaStats& s, const std::map<int, int>& dataRank) {
    using nlohmann::json;
    const auto producer = [&](int rank) -> json {
        if (rank < 0) return nullptr;
        auto it = dataRank.find(rank);
        return it == dataRank.end() ? rank : it->second;
    };
    json j;
    j["windows"] = json::array();
    for (const auto& w : s.windows)
        j["windows"].push_back({{"rank", producer(w.rank)},
                                {"start_ns", w.t0},
                                {"end_ns", w.t1},
                                {"whole_trace", w.wholeTrace}});
    j["per_rank"] = s.perRank;
    j["spans"] = s.spans;
    j["lanes"] = s.lanes;
    j["ops"] = json::array();
    for (const auto& r : s.rows) {
        j["ops"].push_back({{"name", r.name},
                            {"kind", r.kind},
                            {"rank", producer(r.rank)},
                            {"count", r.count},
                            {"total_ns", r.totalNs},
                            {"self_ns", r.selfNs},
                            {"avg_ns", r.avgNs},
                            {"min_ns", r.minNs},
                            {"max_ns", r.maxNs},
                            {"p95_ns", r.p95Ns}});
        if (r.rank < 0) { // the producer's numbers of the ranks it holds spans of
            json ranks = json::array();
            for (int k : r.ranks)
                ranks.push_back(producer(k));
            j["ops"].back()["ranks"] = ranks;
        }
    }
    j["counters"] = json::array();
    for (const auto& c : s.counters)
        j["counters"].push_back({{"rank", producer(c.rank)},
                                 {"name", c.name},
                                 {"unit", c.bytes ? "bytes" : ""},
                                 {"first", c.first ? json(*c.first) : json(nullptr)},
                                 {"last", c.last},
                                 {"min", c.min},
                                 {"max", c.max},
                                 {"samples", c.samples}});
    j["ranks_without_step"] = json::array();
    for (int r : s.ranksWithoutStep)
        j["ranks_without_step"].push_back(producer(r));
    j["notes"] = s.notes;
    return j.dump(2, ' ', false, json::error_handler_t::replace);
}

} // namespace rs::query
