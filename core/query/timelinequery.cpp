#include "core/query/timelinequery.h"
#include "core/query/ranknumberorder.h"

#include "core/query/notreadrows.h"

#include "core/query/collidedranknames.h"
#include "core/query/damagedinput.h"
#include "core/query/waitknowledge.h"

#include "core/model/findingtext.h"
#include "core/model/sourcerows.h"
#include "core/model/warmupsteps.h"

#include "core/formats/jsonscan.h"
#include "core/index/defaultrun.h"
#include "core/index/spanstep.h"
#include "core/io/bytesource.h"
#include "core/model/lod.h"
#include "core/model/naturalorder.h"
#include "core/model/pathtext.h"
#include "core/model/plural.h"
#include "core/query/coveringspans.h"
#include "core/query/namekinds.h"
#include "core/query/report.h"
#include "core/query/runfolders.h"
#include "core/query/stepsapart.h"
#include "core/query/stubsteps.h"
#include "core/query/unnamedranks.h"
#include "core/query/unreadtails.h"

#include <algorithm>
#include <map>
#include <optional>
#include <set>
#include <tuple>

namespace rs::query {

namespace {

std::vector<RunDesc> loadRuns(index::Db& db) {
    std::vector<RunDesc> out;
    const auto folders = runFolders(db);
    auto q =
        db.prepare("SELECT run_id, world_size, coalesce(start_ns, 0), coalesce(end_ns, 0), source, complete, "
                   "coalesce(note, '') FROM run ORDER BY run_id");
    auto m = db.prepare("SELECT rank, coalesce(data_rank, rank), EXISTS(SELECT 1 FROM label l WHERE l.rank = "
                        "rank_info.rank AND l.key = ?2) FROM rank_info WHERE run_id = ?1 ORDER BY rank");
    auto f =
        db.prepare("SELECT coalesce(format, '?'), count(*), coalesce(sum(records), 0) FROM source_file WHERE "
                   "rank IN (SELECT rank FROM rank_info WHERE run_id = ?1) GROUP BY 1 ORDER BY 1");
    while (q.step()) {
        RunDesc r;
        r.run = int(q.i64(0));
        if (!q.isNull(1)) r.worldSize = q.i64(1);
        r.startNs = q.i64(2);
        r.endNs = q.i64(3);
        r.source = q.text(4);
        r.complete = q.i64(5) != 0;
        r.note = q.text(6);
        m.bind(1, r.run).bind(2, model::kRankOriginLabel); // reset() clears the bindings
        while (m.step()) {
            r.ranks.push_back(int(m.i64(0)));
            r.dataRanks.push_back(int(m.i64(1)));
            if (m.i64(2)) r.assignedRanks.push_back(int(m.i64(1)));
        }
        m.reset();
        f.bind(1, r.run);
        while (f.step())
            r.files.push_back(f.text(0) + " (" + model::counted(f.i64(1), "file", "files") + ", " +
                              model::counted(f.i64(2), "record", "records") + ")");
        f.reset();
        if (const auto it = folders.find(r.run); it != folders.end()) r.folder = it->second;
        out.push_back(std::move(r));
    }
    return out;
}

} // namespace

namespace {

/// The shown ranks' files not read or read in part, first among the notes (the banner and every export's
/// caption): what is missing from them must not read as a rank that ran nothing (walk17b #1c: rank 1's
/// cut trace_view.json lost every device lane in silence). A file of no known rank is every run's.
void noteDamagedFiles(index::Db& db, const std::set<int>& shown, ProfileSummary& s) {
    std::vector<std::string> notes;
    for (const auto& f : damagedFiles(db))
        if (!f.rank || shown.count(int(*f.rank))) {
            ++s.damagedFiles;
            notes.push_back(damagedFileText(f) + ": what it holds " +
                            (f.notRead ? "is missing from every view" : "past the damage is missing"));
        }
    s.notes.insert(s.notes.begin(), notes.begin(), notes.end());
}

/// The ranks of the shown run (every rank when the index has no runs), their clocks and notes.
std::set<int> loadShownRanks(index::Db& db, ProfileSummary& s) {
    std::set<int> shown;
    // ranks of the shown run (every rank when the index has no runs)
    auto q = db.prepare(
        "SELECT rank, clock_offset_ns, coalesce(clock_note, ''), run_id, coalesce(data_rank, rank) "
        "FROM rank_info ORDER BY " +
        std::string(kRankNumberOrder)); // a run's lanes by number: its keys need not follow (r50a #1)
    while (q.step()) {
        if (!s.runs.empty() && !q.isNull(3) && int(q.i64(3)) != s.run) continue;
        int r = int(q.i64(0));
        s.ranks.push_back(r);
        shown.insert(r);
        s.clockOffsetNs[r] = q.i64(1);
        s.dataRank[r] = int(q.i64(4));
        // the producer's number, as the lanes say it (the key of a colliding run's rank is number + 10000)
        if (!q.text(2).empty()) s.notes.push_back("rank " + std::to_string(q.i64(4)) + ": " + q.text(2));
    }
    // in the producer's order: a colliding run's keys (number + 10000 per run) put its rank 1 before rank 0
    std::stable_sort(s.ranks.begin(), s.ranks.end(),
                     [&](int a, int b) { return s.shownRank(a) < s.shownRank(b); });
    return shown;
}

void loadStepsAndWaits(index::Db& db, const std::set<int>& shown, ProfileSummary& s) {
    auto q = db.prepare(
        "SELECT s.rank, s.step, s.start_ns, s.end_ns, coalesce(st.outlier, 0), st.late_rank, st.cause_kind, "
        "st.cause_ns, st.cause_collective, coalesce(st.wait_ns, 0), " +
        std::string(query::kLateDataRank) +
        " FROM step s LEFT JOIN step_stat st ON "
        "st.rank = s.rank AND st.step = s.step ORDER BY s.rank, s.start_ns");
    const auto walls = loadStepWalls(db);
    const auto waitUnknown = loadRankWaitUnknown(db);
    const auto alone = loadRanksAlone(db);
    const auto warmup = query::warmupSteps(db); // the report's warm-up rule (outlierStepsSection)
    while (q.step())
        if (shown.count(int(q.i64(0)))) {
            auto cause =
                query::stepCauseAt(q, int(q.i64(0)), 5, 10); // the sentence rendered from typed fields
            StepDesc d{int(q.i64(0)),
                       q.i64(1),
                       q.i64(2),
                       q.i64(3),
                       q.i64(4) != 0,
                       cause ? model::stepCauseText(*cause) : std::string(),
                       {},
                       0,
                       {}};
            if (auto w = walls.find({d.rank, d.step}); w != walls.end()) d.wall = w->second;
            d.waitNs = q.i64(9);
            if (auto u = waitUnknown.find(d.rank); u != waitUnknown.end()) d.waitUnknown = u->second;
            d.waitAlone = alone.count(d.rank) > 0;
            const auto w = warmup.find(d.rank);
            d.warmup = w != warmup.end() && w->second == d.step;
            s.steps.push_back(std::move(d));
        }
    // a rank with several collective lanes (one per stream): a wait's lane is its collective's (a cluster
    // index has no spans: ShardLanes places its waits from the shards, core/query/clusterwaitlanes.h)
    auto w = db.prepare(
        "WITH multi AS (SELECT rank FROM track WHERE role = 'collective_lane' GROUP BY rank "
        "HAVING count(*) > 1) "
        "SELECT w.rank, w.step, w.collective, w.start_ns, w.dur_ns, w.kind, w.blamed_rank, "
        "coalesce((SELECT c2.start_ns FROM collective c JOIN collective c2 ON c2.match_key = c.match_key "
        "AND c2.rank = w.blamed_rank WHERE c.collective_id = w.collective_id), w.start_ns + w.dur_ns), "
        "CASE WHEN w.rank IN (SELECT rank FROM multi) THEN (SELECT sp.track_id FROM collective c "
        "JOIN span sp ON sp.span_id = c.span_id WHERE c.collective_id = w.collective_id) END, "
        "coalesce((SELECT f.point_to_point FROM collective c JOIN span sp ON sp.span_id = c.span_id JOIN "
        "name_fact f ON f.name_id = sp.name_id WHERE c.collective_id = w.collective_id), 0) "
        ", w.collective_id, "
        // a wait stored where its Notify_Wait tasks ran (the measure is the events'): their plane lane
        "(SELECT sp.track_id FROM collective c JOIN span sp ON sp.track_id IN (SELECT track_id FROM track "
        "WHERE "
        "rank = w.rank AND role = 'comm_plane') AND sp.ts_ns = w.start_ns WHERE c.collective_id = "
        "w.collective_id AND w.kind = 'collective_wait' AND c.wait_events_ns = c.wait_ns LIMIT 1), "
        "(SELECT sp.track_id FROM collective c JOIN span sp ON sp.span_id = c.span_id WHERE c.collective_id "
        "= "
        "w.collective_id), coalesce(w.source, '') FROM wait w ORDER BY w.rank, w.start_ns");
    std::map<std::pair<int64_t, std::string>, std::pair<int64_t, int>>
        whole; // collective, kind → sum, pieces
    std::vector<int64_t> collectiveOf;
    while (w.step())
        if (shown.count(int(w.i64(0)))) {
            WaitDesc d;
            d.rank = int(w.i64(0));
            d.step = w.i64(1);
            d.collective = w.text(2);
            d.startNs = w.i64(3);
            d.durNs = w.i64(4);
            d.kind = w.text(5);
            d.source = w.text(13);
            if (!w.isNull(6)) d.blamedRank = int(w.i64(6));
            d.blamedArrivalNs = w.i64(7);
            if (!w.isNull(8)) d.trackId = w.i64(8);
            d.pointToPoint = w.i64(9) != 0;
            if (!w.isNull(11) && !w.isNull(12)) {
                d.taskTrackId = w.i64(11);
                d.opTrackId = w.i64(12);
            }
            collectiveOf.push_back(w.isNull(10) ? -1 : w.i64(10));
            if (collectiveOf.back() >= 0) {
                auto& [sum, pieces] = whole[{collectiveOf.back(), d.kind}];
                sum += d.durNs;
                ++pieces;
            }
            s.waits.push_back(std::move(d));
        }
    for (size_t i = 0; i < s.waits.size(); ++i) {
        WaitDesc& d = s.waits[i];
        d.totalNs = d.durNs;
        if (auto it = whole.find({collectiveOf[i], d.kind}); it != whole.end())
            std::tie(d.totalNs, d.pieces) = it->second;
    }
}

void loadStringsAndDiagnostics(index::Db& db, ProfileSummary& s) {
    loadNames(db, s);
    auto d = db.prepare("SELECT file, severity, what, excerpt, count, first_offset FROM diagnostic ORDER "
                        "BY severity, file");
    // stored under rank keys: a collided rank named as the report names it (walk 27: "rank 10000" in the
    // Diagnostics dialog where info and the report said rank 0)
    const auto names = collidedRankNames(db);
    auto named = [&](const std::string& text) { return withRankNames(text, names); };
    while (d.step())
        s.diagnostics.push_back(
            {named(d.text(0)), d.text(1), named(d.text(2)), named(d.text(3)), d.i64(4), d.i64(5)});
    // steps left out of the step statistics are said, with why (stubsteps.h)
    for (const auto& note : stubStepNotes(db))
        s.diagnostics.push_back({"", "info", note, "", 1, -1});
    // the files not read, with why, as `info` lists them (walk 53b: the dialog left them out)
    auto ig = db.prepare("SELECT substr(key, 9) FROM meta WHERE key LIKE 'ignored:%' ORDER BY key");
    while (ig.step()) {
        const std::string entry = ig.text(0); // "path (why)"
        const size_t why = entry.find(" (");
        const bool said = why != std::string::npos && entry.back() == ')';
        s.diagnostics.push_back(
            {said ? entry.substr(0, why) : entry, "info",
             said ? std::string(kNotRead) + ": " + entry.substr(why + 2, entry.size() - why - 3)
                  : std::string(kNotRead),
             "", 1, -1});
    }
}

/// The time range the view opens on.
void setBounds(index::Db& db, ProfileSummary& s) {
    // the shown run's aligned lanes
    for (const auto& r : s.runs)
        if (r.run == s.run && r.endNs > r.startNs) s.startNs = r.startNs, s.endNs = r.endNs;
    // else the extent of the shown run's own lanes, then its steps — never another run's (a run without
    // times opened on the whole folder's extent, another run's clock)
    std::string ranks;
    for (int r : s.ranks)
        ranks += (ranks.empty() ? "" : ",") + std::to_string(r);
    if (s.endNs <= s.startNs && !ranks.empty()) {
        const std::string lanes =
            "FROM lod WHERE level = 0 AND track_id IN (SELECT track_id FROM track WHERE aligned = 1 "
            "AND rank IN (" +
            ranks + "))";
        s.startNs = db.scalar("SELECT min(start_ns) " + lanes);
        s.endNs = db.scalar("SELECT max(end_ns) " + lanes);
    }
    if (s.endNs <= s.startNs && !ranks.empty()) {
        s.startNs = db.scalar("SELECT min(start_ns) FROM step WHERE rank IN (" + ranks + ")");
        s.endNs = db.scalar("SELECT max(end_ns) FROM step WHERE rank IN (" + ranks + ")");
    }
    if (s.endNs <= s.startNs) {
        s.endNs = s.startNs + 1;
        // a file not read is no proof of nothing (walk17b #1a: a .db cut to half "has no timed event")
        s.notes.insert(s.notes.begin(),
                       "run " + std::to_string(s.run) +
                           (s.damagedFiles > 0
                                ? " has no timed event that could be read (a source file could not be read: "
                                  "what it holds is not known): nothing to draw on the timeline"
                                : " has no timed event (no span, step or sample): nothing to draw on the "
                                  "timeline"));
    }
}

} // namespace

namespace {

int kindOrder(const std::string& kind) {
    static const std::map<std::string, int> order{{"compute", 0}, {"communication", 1}, {"overlap", 2},
                                                  {"host", 3},    {"counter", 5},       {"memory", 6}};
    auto it = order.find(kind);
    return it == order.end() ? 4 : it->second;
}

/// A rank's lanes: compute, communication, overlap, host, others, counters, its memory curve; then the
/// producer's sort index, then the name with its numbers in natural order.
bool laneBefore(const TrackDesc& a, const TrackDesc& b) {
    if (a.rank != b.rank) return a.rank < b.rank;
    const int ka = kindOrder(a.kind), kb = kindOrder(b.kind);
    if (ka != kb) return ka < kb;
    if (a.sortIndex != b.sortIndex) return a.sortIndex < b.sortIndex;
    return model::naturalLess(a.name, b.name);
}

} // namespace

void loadLanes(index::Db& db, const std::set<int>& shown, ProfileSummary& s) {
    auto q = db.prepare(
        "SELECT track_id, rank, kind, name, process, max_depth, span_count, sort_index FROM track WHERE "
        "aligned = 1 "
        "ORDER BY rank, CASE kind WHEN 'compute' THEN 0 WHEN 'communication' THEN 1 WHEN 'overlap' "
        "THEN 2 WHEN 'host' THEN 3 WHEN 'counter' THEN 5 ELSE 4 END, sort_index, name");
    while (q.step())
        if (shown.count(int(q.i64(1))))
            s.tracks.push_back({q.i64(0), int(q.i64(1)), q.text(2), q.text(3), q.text(4),
                                int(std::max<int64_t>(0, q.i64(5))), q.i64(6), q.i64(7)});
    auto m = db.prepare("SELECT rank, count(*) FROM memory_sample WHERE allocated_bytes IS NOT NULL AND "
                        "ts_ns IS NOT NULL GROUP "
                        "BY rank");
    while (m.step()) {
        int r = int(m.i64(0));
        if (!shown.count(r)) continue;
        s.tracks.push_back(
            {memoryTrackId(r), r, "memory", "device memory (allocated)", "", 0, m.i64(1), INT64_MAX});
    }
    // SQL orders names byte by byte ("Stream 10" before "Stream 6"): lanes are ordered here, naturally,
    // and every view and export reads this list
    std::stable_sort(s.tracks.begin(), s.tracks.end(), laneBefore);
}

ProfileSummary loadSummary(index::Db& db, std::optional<int> run) {
    ProfileSummary s;
    s.profile = model::shownPath(db.scalarText("SELECT value FROM meta WHERE key = 'profile'"));
    s.runs = loadRuns(db);
    if (run && std::any_of(s.runs.begin(), s.runs.end(), [&](const RunDesc& r) { return r.run == *run; })) {
        s.run = *run;
    } else {
        const std::vector<index::RunHolding> holdings = index::runHoldings(db);
        s.run = index::defaultRunOf(holdings);
        if (holdings.size() > 1) s.runWhy = index::defaultRunWhy(holdings, s.run);
    }
    const std::set<int> shown = loadShownRanks(db, s);
    for (const auto& r : s.runs)
        if (r.run == s.run && !r.note.empty()) s.notes.insert(s.notes.begin(), r.note);
    noteDamagedFiles(db, shown, s);
    loadLanes(db, shown, s);
    s.unreadTails = unreadTails(db, shown);
    loadStepsAndWaits(db, shown, s);
    loadStepsApart(db, shown, s);
    loadUnnamedRanks(db, shown, s);
    loadStringsAndDiagnostics(db, s);
    auto report = query::buildReport(db, 20);
    s.reportJson = report.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
    // the text beside the timeline (the Details panel) is the shown run's, not the whole folder's
    s.reportText = query::formatReport(query::runReport(db, std::move(report), s.run), 20);
    setBounds(db, s);
    loadOutsideSamples(db, s);
    return s;
}

const char* const kLodWindowSql =
    "SELECT start_ns, end_ns, name_id, count, depth FROM lod WHERE track_id = ? AND level = ? "
    "AND start_ns >= ? AND start_ns < ? AND end_ns > ? ORDER BY start_ns";

int chooseLodLevel(int64_t t0, int64_t t1, int widthPx) {
    // Buckets up to ~6 px wide: narrower detail is barely visible when this far out (Tracy folds zones
    // below ~3 px), and each step up the levels reads 8x fewer rows — a fully zoomed-out frame of a
    // long run then reads a few hundred rows per lane.
    double nsPerPx = double(std::max<int64_t>(1, t1 - t0)) / double(std::max(1, widthPx));
    int level = -1;
    for (int l = 0; l < model::kLodLevels; ++l)
        if (double(model::lodWidthNs(l)) <= 6.0 * nsPerPx) level = l;
    return level;
}

int64_t rawSpanWindowNs(int widthPx) {
    // level 0 is chosen once its bucket is at most 6 px wide (chooseLodLevel)
    return int64_t(double(model::lodWidthNs(0)) / 6.0 * double(std::max(1, widthPx)));
}

namespace {

// Reduces time-ordered samples to at most one point per pixel, keeping each pixel's maximum; the value
// in force at the window's start is kept so an area chart starts at the right height.
void addSample(CounterSeries& c, int64_t ts, double v, const TimelineWindow& w, int64_t& lastBucket) {
    double nsPerPx = double(std::max<int64_t>(1, w.t1 - w.t0)) / double(std::max(1, w.widthPx));
    int64_t bucket = ts < w.t0 ? -1 : int64_t(double(ts - w.t0) / nsPerPx);
    c.maxValue = std::max(c.maxValue, v);
    if (bucket == lastBucket && !c.points.empty()) {
        c.points.back().second = std::max(c.points.back().second, v);
        return;
    }
    lastBucket = bucket;
    c.points.push_back({std::max(ts, w.t0), v});
}

void loadCounters(index::Db& db, const TimelineWindow& w, TimelineData& d) {
    std::vector<int64_t> counterIds;
    {
        std::string ids;
        for (int64_t t : w.trackIds)
            if (t > 0) ids += (ids.empty() ? "" : ",") + std::to_string(t);
        if (!ids.empty()) {
            auto q =
                db.prepare("SELECT track_id FROM track WHERE kind = 'counter' AND track_id IN (" + ids + ")");
            while (q.step())
                counterIds.push_back(q.i64(0));
        }
    }
    auto counter = db.prepare(
        "SELECT ts_ns, value FROM counter WHERE track_id = ?1 AND ts_ns >= coalesce((SELECT max(ts_ns) "
        "FROM counter WHERE track_id = ?1 AND ts_ns <= ?2), ?2) AND ts_ns < ?3 ORDER BY ts_ns");
    for (int64_t t : counterIds) {
        CounterSeries c{t, {}, 0, false, std::nullopt};
        int64_t last = INT64_MIN;
        counter.bind(1, t).bind(2, w.t0).bind(3, w.t1);
        while (counter.step())
            addSample(c, counter.i64(0), counter.f64(1), w, last);
        counter.reset();
        d.counters.push_back(std::move(c));
    }
    // Memory lanes: LOD rows when zoomed out, raw samples of the rank's curve component when zoomed in.
    int level = chooseLodLevel(w.t0, w.t1, w.widthPx);
    auto lod = db.prepare(
        "SELECT start_ns, max_bytes FROM memory_lod WHERE rank = ?1 AND level = ?2 AND start_ns < ?4 AND "
        "start_ns >= ?3 - ?5 ORDER BY start_ns");
    // the value in force at t0 is the curve's own last sample (another component's left a zoomed-in window
    // without any: the lane vanished; a window inside a gap longer than a bucket read no LOD row: it went
    // blank while 1.9 GiB stayed allocated), drawn first at either zoom
    auto inForce =
        db.prepare("SELECT ts_ns, allocated_bytes FROM memory_sample WHERE rank = ?1 AND component = (SELECT "
                   "curve_component FROM memory_summary WHERE rank = ?1) AND allocated_bytes IS NOT NULL AND "
                   "ts_ns <= ?2 ORDER BY ts_ns DESC LIMIT 1");
    auto raw = db.prepare(
        "SELECT ts_ns, allocated_bytes FROM memory_sample WHERE rank = ?1 AND component = (SELECT "
        "curve_component FROM memory_summary WHERE rank = ?1) AND allocated_bytes IS NOT NULL AND ts_ns > ?2 "
        "AND ts_ns < ?3 ORDER BY ts_ns");
    for (int64_t t : w.trackIds) {
        if (t >= 0) continue;
        CounterSeries c{t, {}, 0, true, std::nullopt};
        int64_t last = INT64_MIN;
        // the curve's last sample of all: the value past it is held, and both memory views say so
        inForce.bind(1, -t - 1).bind(2, INT64_MAX);
        if (inForce.step()) c.lastSampleNs = inForce.i64(0);
        inForce.reset();
        inForce.bind(1, -t - 1).bind(2, w.t0);
        if (inForce.step()) addSample(c, inForce.i64(0), double(inForce.i64(1)), w, last);
        inForce.reset();
        if (level >= 0) {
            lod.bind(1, -t - 1)
                .bind(2, int64_t(level))
                .bind(3, w.t0)
                .bind(4, w.t1)
                .bind(5, model::lodWidthNs(level));
            while (lod.step())
                addSample(c, lod.i64(0), double(lod.i64(1)), w, last);
            lod.reset();
        } else {
            raw.bind(1, -t - 1).bind(2, w.t0).bind(3, w.t1);
            while (raw.step())
                addSample(c, raw.i64(0), double(raw.i64(1)), w, last);
            raw.reset();
        }
        d.counters.push_back(std::move(c));
    }
}

} // namespace

TimelineData loadTimeline(index::Db& db, const TimelineWindow& w, NameOpTypes* opTypes) {
    TimelineData d;
    d.window = w;
    d.lodLevel = chooseLodLevel(w.t0, w.t1, w.widthPx);
    loadCounters(db, w, d);
    // Spans that start before the window still cover it: look back one window (at least kLongSpanNs) in the
    // window's own query; longer ones come from the long-span list (CoveringSpans), first, in start order.
    const int64_t span = std::max<int64_t>(1, w.t1 - w.t0);
    const int64_t from = w.t0 - std::max(span, model::kLongSpanNs);
    CoveringSpans covering(db);
    if (d.lodLevel >= 0) {
        // Every drawn depth has its own buckets, so a zoomed-out frame reads only LOD rows.
        auto q = db.prepare(kLodWindowSql);
        for (int64_t t : w.trackIds) {
            if (t < 0) continue;
            TrackDraw td{t, {}};
            covering.add(t, from, w.t0, td.items);
            q.bind(1, t).bind(2, int64_t(d.lodLevel)).bind(3, from).bind(4, w.t1).bind(5, w.t0);
            while (q.step()) {
                const auto name = int32_t(q.i64(2));
                const int32_t type = opTypes ? opTypes->lookup(db, name, t, q.i64(0), q.i64(1)) : 0;
                td.items.push_back({q.i64(0), q.i64(1), name, type, int32_t(q.i64(4)), q.i64(3), 0});
            }
            q.reset();
            d.tracks.push_back(std::move(td));
        }
        return d;
    }
    auto q = db.prepare(
        "SELECT span_id, ts_ns, ts_ns + dur_ns, name_id, op_type_id, depth FROM span "
        "WHERE track_id = ? AND ts_ns >= ? AND ts_ns < ? AND ts_ns + dur_ns > ? ORDER BY ts_ns LIMIT 200000");
    for (int64_t t : w.trackIds) {
        if (t < 0) continue;
        TrackDraw td{t, {}};
        covering.add(t, from, w.t0, td.items);
        q.bind(1, t).bind(2, from).bind(3, w.t1).bind(4, w.t0);
        while (q.step())
            td.items.push_back(
                {q.i64(1), q.i64(2), int32_t(q.i64(3)), int32_t(q.i64(4)), int32_t(q.i64(5)), 1, q.i64(0)});
        q.reset();
        d.tracks.push_back(std::move(td));
    }
    return d;
}

namespace {
// Reads the raw event at `offset` in `path` and returns its args object. Compressed files are
// decompressed from the start: acceptable for one span a user clicked, never done in bulk.
std::string argsAt(const std::string& path, int64_t offset) {
    std::string err;
    auto src = io::openByteSource(path, err);
    if (!src || offset < 0) return {};
    std::vector<char> buf(64 * 1024);
    std::string tail;
    for (int64_t pos = 0; tail.size() < 256 * 1024;) {
        int64_t n = src->read(buf.data(), int64_t(buf.size()));
        if (n <= 0) break;
        if (pos + n > offset) {
            int64_t from = std::max<int64_t>(0, offset - pos);
            tail.append(buf.data() + from, size_t(n - from));
        }
        pos += n;
    }
    if (tail.empty() || tail[0] != '{') return {}; // CSV rows have no args object
    size_t end = formats::skipValue(tail, 0);
    if (end == std::string::npos) return {};
    std::string out;
    formats::forEachMember(std::string_view(tail).substr(0, end),
                           [&](std::string_view k, const formats::JsonValue& v) {
                               if (k == "args") out = std::string(v.text);
                           });
    return out;
}
} // namespace

std::optional<SpanDetail> loadSpanDetail(index::Db& db, int64_t spanId) {
    auto q = db.prepare(
        "SELECT s.span_id, t.rank, t.name, n.value, o.value, c.value, s.ts_ns, s.dur_ns, s.depth, "
        "f.path, s.file_offset, f.format, " +
        index::spanStepSql("s", "t") + ", t.kind = 'host'" +
        " FROM span s JOIN track t "
        "ON t.track_id = s.track_id JOIN string n ON n.id = s.name_id LEFT JOIN string o ON o.id = "
        "s.op_type_id LEFT JOIN string c ON c.id = s.cat_id LEFT JOIN source_file f ON f.file_id = s.file_id "
        "WHERE s.span_id = ?");
    q.bind(1, spanId);
    if (!q.step()) return std::nullopt;
    SpanDetail d;
    d.spanId = q.i64(0);
    d.rank = int(q.i64(1));
    d.track = q.text(2);
    d.name = q.text(3);
    d.opType = q.text(4);
    d.category = q.text(5);
    d.tsNs = q.i64(6);
    d.durNs = q.i64(7);
    d.depth = int(q.i64(8));
    d.file = q.text(9);
    if (!q.isNull(12)) d.step = q.i64(12);
    d.hostTrack = q.i64(13) != 0;
    std::string format = q.text(11);
    if (!d.file.empty() && format.find("csv") == std::string::npos &&
        format.find("details") == std::string::npos)
        d.argsJson = argsAt(d.file, q.i64(10));
    return d;
}

std::optional<DrawItem> bucketSpan(index::Db& db, int64_t trackId, int depth, int64_t t0Ns, int64_t t1Ns) {
    // the bucket's start is its first span's and its longest span starts in it (model::TrackNester)
    auto q =
        db.prepare("SELECT span_id, ts_ns, ts_ns + dur_ns, name_id, op_type_id, depth FROM span WHERE "
                   "track_id = ? AND ts_ns >= ? AND ts_ns <= ? AND depth = ? ORDER BY dur_ns DESC, ts_ns, "
                   "span_id LIMIT 1");
    q.bind(1, trackId).bind(2, t0Ns).bind(3, t1Ns).bind(4, int64_t(depth));
    if (!q.step()) return std::nullopt;
    return DrawItem{q.i64(1),          q.i64(2), int32_t(q.i64(3)), q.isNull(4) ? 0 : int32_t(q.i64(4)),
                    int32_t(q.i64(5)), 1,        q.i64(0)};
}

std::optional<int64_t> spanStepOf(const ProfileSummary& s, int rank, int64_t ns) {
    // steps are ordered by rank, then start
    auto it = std::partition_point(s.steps.begin(), s.steps.end(), [&](const StepDesc& d) {
        return d.rank < rank || (d.rank == rank && d.startNs <= ns);
    });
    if (it == s.steps.begin() || std::prev(it)->rank != rank) return std::nullopt;
    const StepDesc& last = *std::prev(it);
    const bool hasNext = it != s.steps.end() && it->rank == rank;
    if (!index::keepsStep(ns, last.endNs, hasNext)) return std::nullopt;
    return last.step;
}

std::vector<DrawItem> searchSpans(index::Db& db, const std::string& text, int limit,
                                  std::vector<int64_t>* trackIds, std::vector<SearchOrder>* order,
                                  const std::vector<int>& ranks) {
    std::vector<DrawItem> out;
    // the text is literal: LIKE's '_' matched any character, so "aten::add_" found aten::addmm (walk 57)
    std::string like = "%";
    for (char c : text) {
        if (c == '%' || c == '_' || c == '\\') like += '\\';
        like += c;
    }
    like += '%';
    std::string onRanks; // in the query, so the limit counts the shown run's hits only
    for (int r : ranks)
        onRanks += (onRanks.empty() ? "" : ",") + std::to_string(r);
    // a total order (SearchOrder): ranks whose steps start together had their hits in whatever order the
    // span index gave, and a cluster's shards in another
    auto q = db.prepare("SELECT s.span_id, s.ts_ns, s.ts_ns + s.dur_ns, s.name_id, s.op_type_id, s.depth, "
                        "s.track_id, t.rank, "
                        "t.name, n.value FROM span s JOIN track t ON t.track_id = s.track_id JOIN string n "
                        "ON n.id = s.name_id "
                        "WHERE (s.name_id IN (SELECT id FROM string WHERE value LIKE ?1 ESCAPE '\\') "
                        "OR s.op_type_id IN (SELECT id FROM string WHERE value LIKE ?1 ESCAPE '\\')) " +
                        (ranks.empty() ? std::string() : "AND t.rank IN (" + onRanks + ") ") +
                        "ORDER BY s.ts_ns, t.rank, t.name, n.value, s.depth, s.dur_ns, s.span_id LIMIT ?2");
    q.bind(1, like).bind(2, int64_t(limit));
    while (q.step()) {
        out.push_back(
            {q.i64(1), q.i64(2), int32_t(q.i64(3)), int32_t(q.i64(4)), int32_t(q.i64(5)), 1, q.i64(0)});
        if (trackIds) trackIds->push_back(q.i64(6));
        if (order)
            order->push_back(
                {q.i64(1), int(q.i64(7)), q.text(8), q.text(9), int32_t(q.i64(5)), q.i64(2), q.i64(0)});
    }
    return out;
}

std::vector<DrawItem> shapeKernelSpans(index::Db& db, int run, const std::string& opType,
                                       const std::string& inputShapes, const std::string& dtypes, int limit,
                                       std::vector<int64_t>* trackIds) {
    std::vector<int> ranks;
    auto r = db.prepare("SELECT rank FROM rank_info WHERE coalesce(run_id, 0) = ?");
    r.bind(1, run);
    while (r.step())
        ranks.push_back(int(r.i64(0)));
    return shapeKernelSpans(db, ranks, opType, inputShapes, dtypes, limit, trackIds);
}

std::vector<DrawItem> shapeKernelSpans(index::Db& db, const std::vector<int>& ranks,
                                       const std::string& opType, const std::string& inputShapes,
                                       const std::string& dtypes, int limit, std::vector<int64_t>* trackIds) {
    std::vector<DrawItem> out;
    std::string list;
    for (int rank : ranks)
        list += (list.empty() ? "" : ",") + std::to_string(rank);
    auto q = db.prepare(
        "SELECT s.span_id, s.ts_ns, s.ts_ns + s.dur_ns, s.name_id, s.op_type_id, s.depth, s.track_id "
        "FROM kernel_shapes k JOIN track t ON t.rank = k.rank AND t.kind <> 'overlap' "
        "JOIN span s ON s.track_id = t.track_id AND s.ts_ns = k.ts_ns AND s.dur_ns = k.dur_ns "
        "WHERE k.rank IN (" +
        list +
        ") AND k.op_type = ?1 AND coalesce(k.input_shapes, '') = ?2 "
        "AND coalesce(k.input_dtypes, '') = ?3 ORDER BY s.ts_ns LIMIT ?4");
    q.bind(1, opType).bind(2, inputShapes).bind(3, dtypes).bind(4, int64_t(limit));
    while (q.step()) {
        out.push_back(
            {q.i64(1), q.i64(2), int32_t(q.i64(3)), int32_t(q.i64(4)), int32_t(q.i64(5)), 1, q.i64(0)});
        if (trackIds) trackIds->push_back(q.i64(6));
    }
    return out;
}

} // namespace rs::query
