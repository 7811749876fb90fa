#include "core/compare/spanpair.h"

#include "core/compare/rankkey.h"
#include "core/compare/steadysteps.h"
#include "core/compare/waitstepchoice.h"
#include "core/model/plural.h"
#include "core/model/timetext.h"
#include "core/query/waitknowledge.h"

#include <algorithm>
#include <cstdlib>
#include <map>
#include <optional>
#include <set>

namespace rs::compare {

namespace {

/// The step among `candidates` whose wall time (in `walls`) is the median: a typical step, not an outlier.
int64_t medianStep(const std::map<int64_t, int64_t>& walls, const std::set<int64_t>& candidates) {
    std::vector<std::pair<int64_t, int64_t>> v;
    for (int64_t s : candidates)
        if (auto it = walls.find(s); it != walls.end()) v.push_back({it->second, s});
    if (v.empty()) return -1;
    std::sort(v.begin(), v.end());
    return v[(v.size() - 1) / 2].second;
}

/// step → the rank's collective wait (step_stat.wait_ns). A wait nothing could measure (NULL since analysis
/// revision 34) is left out, never a 0: chooseWaitStep weighs only steps whose wait both runs know.
std::map<int64_t, int64_t> waitsOfRank(index::Db& db, int rankKey) {
    std::map<int64_t, int64_t> waits;
    auto st = db.prepare("SELECT step, wait_ns FROM step_stat WHERE rank = ? AND wait_ns IS NOT NULL");
    st.bind(1, rankKey);
    while (st.step())
        waits[st.i64(0)] = st.i64(1);
    return waits;
}

std::set<int64_t> hitSpanIds(index::Db& db, int rank, int64_t step, const SpanRequest& r) {
    std::set<int64_t> ids;
    if (r.kind != "collective" && r.kind != "comm_wait") return ids;
    auto st =
        db.prepare("SELECT span_id, coalesce(op_type, name) FROM collective WHERE rank = ? AND step = ? AND "
                   "match_key IS NOT NULL AND span_id IS NOT NULL ORDER BY start_ns, collective_id");
    st.bind(1, rank).bind(2, step);
    int64_t seq = 0;
    while (st.step()) {
        if (r.kind == "comm_wait") {
            ids.insert(st.i64(0));
        } else if (st.text(1) == r.opType) {
            if (seq++ == r.seq) ids.insert(st.i64(0));
        }
    }
    return ids;
}

/// The rank's collective wait in `out.step`, by the record's rule (baselinebuilder's measureWaits), so the
/// strip shows the figure the row compares; or why it is not known. A run whose wait nothing measured has
/// no wait rows at all: their sum read "collective wait 0 ns" beside a note saying the wait is not known.
void readWait(index::Db& db, int rank, StepSpans& out) {
    const auto unknown = query::loadRankWaitUnknown(db);
    if (auto it = unknown.find(rank); it != unknown.end()) {
        out.waitUnknown = it->second;
        return;
    }
    auto known = db.prepare("SELECT wait_ns IS NULL FROM step_stat WHERE rank = ? AND step = ?");
    known.bind(1, rank).bind(2, out.step);
    if (known.step() && known.i64(0)) { // NULL since analysis revision 34: nothing measured it
        out.waitUnknown = "nothing measured the step's wait";
        return;
    }
    auto wait = db.prepare("SELECT coalesce(sum(dur_ns), 0) FROM wait WHERE kind = 'collective_wait' AND "
                           "rank = ? AND step = ?");
    wait.bind(1, rank).bind(2, out.step);
    if (wait.step()) out.waitNs = wait.i64(0);
}

void readSpans(index::Db& db, int rank, const SpanRequest& r, StepSpans& out) {
    auto bounds = db.prepare("SELECT start_ns, end_ns FROM step WHERE rank = ? AND step = ?");
    bounds.bind(1, rank).bind(2, out.step);
    if (!bounds.step()) return;
    out.stepStartNs = bounds.i64(0);
    const int64_t end = bounds.i64(1);
    out.stepNs = end - out.stepStartNs;
    out.wallNs = out.stepNs;
    auto wall = db.prepare("SELECT wall_ns FROM step_stat WHERE rank = ? AND step = ? AND wall_ns > 0");
    wall.bind(1, rank).bind(2, out.step);
    if (wall.step()) out.wallNs = wall.i64(0);
    readWait(db, rank, out);
    const std::set<int64_t> hitIds = hitSpanIds(db, rank, out.step, r);
    std::map<int64_t, int> laneOf;
    auto tracks =
        db.prepare("SELECT track_id, coalesce(name, '') FROM track WHERE rank = ? AND aligned = 1 AND "
                   "(kind = 'compute' OR (kind = 'communication' AND coalesce(name, '') NOT LIKE 'Plane %')) "
                   "ORDER BY kind DESC, sort_index, name, track_id");
    tracks.bind(1, rank);
    while (tracks.step()) {
        laneOf[tracks.i64(0)] = int(out.lanes.size());
        out.lanes.push_back(tracks.text(1));
    }
    auto spans =
        db.prepare("SELECT s.span_id, s.ts_ns, s.dur_ns, coalesce(o.value, ''), n.value FROM span s "
                   "JOIN string n ON n.id = s.name_id LEFT JOIN string o ON o.id = s.op_type_id "
                   "WHERE s.track_id = ? AND s.depth = 0 AND s.ts_ns >= ? AND s.ts_ns < ? ORDER BY s.ts_ns");
    for (const auto& [track, lane] : laneOf) {
        spans.bind(1, track).bind(2, out.stepStartNs).bind(3, end);
        while (spans.step()) {
            const bool hit = r.kind == "op" ? spans.text(3) == r.opType : hitIds.count(spans.i64(0)) > 0;
            if (hit) ++out.hits, out.hitNs += spans.i64(2);
            if (out.spans.size() >= kMaxSpans) {
                out.truncated = true;
                continue; // still counted, so the totals stay true
            }
            out.spans.push_back({lane, spans.i64(1) - out.stepStartNs, spans.i64(2), hit, spans.text(4)});
        }
        spans.reset();
    }
    out.found = true;
}

} // namespace

SpanPair spansOfBothRuns(index::Db& b, int bRun, index::Db& c, int cRun, const SpanRequest& r) {
    SpanPair p;
    p.request = r;
    index::Db* dbs[2] = {&b, &c};
    const int runs[2] = {bRun, cRun};
    std::optional<int> ranks[2];
    std::map<int64_t, int64_t> walls[2];
    for (int i = 0; i < 2; ++i) {
        ranks[i] = rankKeyOf(*dbs[i], runs[i], r.dataRank);
        if (ranks[i]) walls[i] = steadyStepsOfRank(*dbs[i], *ranks[i]);
    }
    if (!ranks[0] || !ranks[1]) {
        p.notes.push_back("rank " + std::to_string(r.dataRank) + " is not in both runs");
        return p;
    }
    std::set<int64_t> common;
    for (const auto& [s, w] : walls[0])
        if (walls[1].count(s)) common.insert(s);
    for (int i = 0; i < 2; ++i) {
        std::set<int64_t> own;
        for (const auto& [s, w] : walls[i])
            own.insert(s);
        // the same step number in both when there is one (chosen by the baseline's walls), else each run's
        // own
        p.side[i].step = common.empty() ? medianStep(walls[i], own) : medianStep(walls[0], common);
    }
    if (r.kind == "comm_wait" && !common.empty()) {
        const std::map<int64_t, int64_t> waits[2] = {waitsOfRank(*dbs[0], *ranks[0]),
                                                     waitsOfRank(*dbs[1], *ranks[1])};
        const WaitStepChoice choice = chooseWaitStep(waits[0], waits[1], common, p.side[0].step);
        if (!choice.note.empty()) p.notes.push_back(choice.note);
        for (int i = 0; i < 2; ++i) // an unknown wait is no 0: no step is chosen by a change it cannot show
            if (waits[i].empty())
                p.notes.push_back(std::string(i ? "the candidate" : "the baseline") + "'s wait of rank " +
                                  std::to_string(r.dataRank) +
                                  " is not known: the step shown is its median step, not chosen by the wait");
        p.side[0].step = p.side[1].step = choice.step;
    }
    if (common.empty() && p.side[0].step >= 0 && p.side[1].step >= 0)
        p.notes.push_back("no step number is in both runs: each run's median step is shown (step " +
                          std::to_string(p.side[0].step) + " and step " + std::to_string(p.side[1].step) +
                          ")");
    for (int i = 0; i < 2; ++i)
        if (p.side[i].step >= 0) readSpans(*dbs[i], *ranks[i], r, p.side[i]);
    if (r.kind.rfind("memory", 0) == 0) p.notes.push_back("a memory delta: see the memory curves");
    for (int i = 0; i < 2; ++i)
        if (p.side[i].truncated)
            p.notes.push_back(std::string(i ? "candidate" : "baseline") + ": more than " +
                              std::to_string(kMaxSpans) +
                              " spans in the step; the first are drawn, all are counted");
    return p;
}

std::string stepSpansText(const StepSpans& s, const SpanRequest& r) {
    using model::formatDuration;
    std::string t = "step " + std::to_string(s.step) + " · wall " + formatDuration(s.wallNs);
    // the band is what is drawn; a shipped wall (the histogram's) may be shorter by the host's preparing
    if (std::llabs(s.stepNs - s.wallNs) > s.wallNs / 20)
        t += " (its events span " + formatDuration(s.stepNs) + ")";
    if (r.kind == "comm_wait")
        t += " · collective wait " +
             (s.waitUnknown.empty() ? formatDuration(s.waitNs) : "not known (" + s.waitUnknown + ")") + " (" +
             model::counted(s.hits, "collective", "collectives") + ", " + formatDuration(s.hitNs) +
             " long in all)";
    else if (r.kind == "op")
        t += " · " + r.opType + ": " + model::counted(s.hits, "kernel", "kernels") + ", " +
             formatDuration(s.hitNs) + " in all";
    else if (r.kind == "collective")
        t += " · " + r.opType + " #" + std::to_string(r.seq) +
             (s.hits ? ": " + formatDuration(s.hitNs) + " long" : ": not in this step");
    if (s.truncated) t += " (first " + std::to_string(kMaxSpans) + " spans drawn)";
    return t;
}

} // namespace rs::compare
