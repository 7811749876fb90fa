#include "core/analysis/rootcausefindings.h"

#include "core/index/collectiveshares.h"
#include "core/model/stragglerrule.h"

#include <algorithm>
#include <set>

namespace rs::analysis {

using index::Db;
using nlohmann::json;

namespace {

int64_t sumExtra(const std::vector<Flag>& flags) {
    int64_t n = 0;
    for (const auto& f : flags)
        n += f.extra;
    return n;
}

json opTypes(const std::vector<Flag>& flags) {
    json a = json::array();
    for (const auto& fl : flags)
        a.push_back({{"op_type", fl.op}, {"ratio", fl.ratio}, {"extra_ns", fl.extra}});
    return a;
}

/// Whether finding `c` covers `step` of `list` (its rank, or the late rank of one of them).
bool explains(const Finding& c, int run, int64_t step, const std::vector<const OutlierRow*>& list) {
    if (c.run != run || !c.affected.contains("steps")) return false;
    bool covers = false;
    for (auto& s : c.affected["steps"])
        covers |= s.get<int64_t>() == step;
    if (!covers) return false;
    for (const auto* r : list)
        if (r->rank == c.rank || (r->late && c.rank && *r->late == *c.rank)) return true;
    return false;
}

} // namespace

std::map<int, std::vector<Flag>> stragglerFlags(Db& db) {
    std::map<int, std::vector<Flag>> out;
    auto q =
        db.prepare("SELECT rank, op_type, ratio_to_median, shared_total_ns FROM op_stat WHERE flagged = 1");
    while (q.step())
        out[int(q.i64(0))].push_back({q.text(1), q.f64(2), model::extraKernelNs(q.i64(3), q.f64(2))});
    for (auto& [r, v] : out)
        std::sort(v.begin(), v.end(), [](const Flag& a, const Flag& b) { return a.extra > b.extra; });
    return out;
}

/// The waits of `evs` by where they come from ({"hccl_raw": ns, "arrival order": ns}): the findings say
/// whether what they count was measured or inferred.
json waitSources(const std::vector<const LateEvent*>& evs) {
    json out = json::object();
    for (const auto* e : evs)
        for (const auto& [source, ns] : e->waitedBySource)
            if (!source.empty()) out[source] = out.value(source, int64_t(0)) + ns;
    return out;
}

Finding stallFinding(int rank, int64_t step, const std::vector<const LateEvent*>& evs, int64_t stepWall) {
    Finding f;
    f.kind = model::FindingKind::Stall;
    f.run = evs.front()->run;
    f.rank = rank;
    f.step = step;
    const LateEvent* worst = evs.front();
    std::set<int> waiting;
    json colls = json::array();
    f.startNs = INT64_MAX;
    f.endNs = INT64_MIN;
    for (const auto* e : evs) {
        f.lost += e->lateness;
        f.waited += e->waited;
        waiting.insert(e->waiting.begin(), e->waiting.end());
        if (e->lateness > worst->lateness) worst = e;
        f.startNs = std::min(f.startNs, e->startNs);
        f.endNs = std::max(f.endNs, e->endNs);
        colls.push_back(
            {{"step", e->step}, {"name", e->name}, {"lost_ns", e->lateness}, {"idle_ns", e->gapDur}});
    }
    f.subject = worst->name;
    f.idle = worst->gapDur;
    f.spanId = worst->spanId;
    f.affectedWall = stepWall;
    f.affected = {{"steps", json::array({step})},
                  {"collectives", colls},
                  {"waiting_ranks", waiting},
                  {"wait_sources", waitSources(evs)}};
    return f;
}

Finding lateRankFinding(int rank, const std::vector<const LateEvent*>& evs, const std::vector<Flag>* flags,
                        const Walls& walls, int64_t instances) {
    Finding f;
    f.run = evs.front()->run;
    f.rank = rank;
    f.instances = instances;
    std::set<int64_t> steps;
    std::set<int> waiting;
    const LateEvent* worst = evs.front();
    for (const auto* e : evs) {
        f.lost += e->lateness;
        f.waited += e->waited;
        f.idle += std::min(e->gapDur, e->lateness);
        steps.insert(e->step);
        waiting.insert(e->waiting.begin(), e->waiting.end());
        if (e->lateness > worst->lateness) worst = e;
    }
    for (int64_t s : steps)
        f.affectedWall += wallOf(walls, f.run, s);
    f.startNs = worst->startNs;
    f.endNs = worst->endNs;
    f.spanId = worst->spanId;
    f.affected = {{"steps", steps},
                  {"collectives", evs.size()},
                  {"waiting_ranks", waiting},
                  {"worst", {{"step", worst->step}, {"name", worst->name}, {"lost_ns", worst->lateness}}},
                  {"wait_sources", waitSources(evs)}};
    if (flags && !flags->empty()) {
        f.kind = model::FindingKind::SlowRank;
        f.subject = flags->front().op;
        f.extra = sumExtra(*flags);
        f.affected["op_types"] = opTypes(*flags);
    } else {
        f.kind = model::FindingKind::LateRank;
        f.subject = worst->name;
    }
    return f;
}

Finding stragglerFinding(int run, int rank, const std::vector<Flag>& flags, int64_t runWall,
                         int64_t instances) {
    Finding f;
    f.run = run;
    f.kind = model::FindingKind::Straggler;
    f.rank = rank;
    f.subject = flags.front().op;
    f.extra = sumExtra(flags);
    f.instances = instances;
    f.affectedWall = runWall;
    f.affected = {{"op_types", opTypes(flags)}};
    return f;
}

std::vector<OutlierRow> outlierRows(Db& db) {
    std::vector<OutlierRow> out;
    auto q = db.prepare(
        "SELECT s.rank, s.step, s.wall_ns, s.typical_ns, s.late_rank, coalesce(r.run_id, 0) FROM "
        "step_stat s JOIN rank_info r ON r.rank = s.rank WHERE s.outlier = 1 ORDER BY s.step, s.rank");
    while (q.step()) {
        OutlierRow r{int(q.i64(5)), int(q.i64(0)), q.i64(1), q.i64(2), q.i64(3), std::nullopt};
        if (!q.isNull(4)) r.late = q.i64(4);
        out.push_back(r);
    }
    // per (run, step): the last rank's start and the last end
    std::map<std::pair<int, int64_t>, std::pair<int64_t, int64_t>> extent;
    auto e = db.prepare(
        "SELECT coalesce(r.run_id, 0), s.step, max(s.start_ns), max(s.start_ns + s.wall_ns) FROM "
        "sum_step s JOIN rank_info r ON r.rank = s.rank WHERE s.wall_ns IS NOT NULL GROUP BY 1, 2");
    while (e.step())
        extent[{int(e.i64(0)), e.i64(1)}] = {e.i64(2), e.i64(3)};
    for (auto& r : out) {
        const int64_t extra = std::max<int64_t>(0, r.wall - r.typical);
        auto it = extent.find({r.run, r.step});
        r.jobLost = it == extent.end()
                        ? extra
                        : std::clamp<int64_t>(it->second.second - (it->second.first + r.typical), 0, extra);
    }
    return out;
}

std::vector<Finding> outlierStepFindings(const std::vector<OutlierRow>& rows, std::vector<Finding>& causes,
                                         const Walls& walls) {
    std::map<std::pair<int, int64_t>, std::vector<const OutlierRow*>> bySteps;
    for (const auto& r : rows)
        bySteps[{r.run, r.step}].push_back(&r);
    std::vector<Finding> out;
    for (auto& [runStep, list] : bySteps) {
        const auto [run, step] = runStep;
        // explicit captures: clang 14 (the fuzz and sanitizer builds) cannot capture structured bindings
        auto c = std::find_if(causes.begin(), causes.end(),
                              [run = run, step = step, &rows = list](const Finding& f) {
                                  return explains(f, run, step, rows);
                              });
        if (c != causes.end()) {
            json& o = c->affected["outlier_steps"];
            if (o.is_null()) o = json::array();
            for (const auto* r : list)
                o.push_back({{"rank", r->rank}, {"step", r->step}, {"wall_ns", r->wall}});
            continue;
        }
        const OutlierRow* top = list.front();
        for (const auto* r : list)
            if (r->jobLost > top->jobLost ||
                (r->jobLost == top->jobLost && r->wall - r->typical > top->wall - top->typical))
                top = r;
        // a long step that ended with the others' (it only began earlier) cost the job nothing: no culprit
        if (top->jobLost * 10 < top->typical) continue;
        Finding f;
        f.run = run;
        f.kind = model::FindingKind::OutlierStep;
        f.rank = top->rank;
        f.step = step;
        f.subject = "step " + std::to_string(step);
        f.lost = top->jobLost;
        f.affectedWall = std::max(top->wall, wallOf(walls, run, step));
        f.affected = {{"steps", json::array({step})}, {"ranks", json::array()}};
        for (const auto* r : list)
            f.affected["ranks"].push_back(r->rank);
        out.push_back(std::move(f));
    }
    return out;
}

std::map<int, Share> arrivalShares(Db& db) {
    std::map<int, Share> out;
    // one row per (rank, collective), as the report's last arrivals count them (core/query/lastarrivals):
    // the "of N" of a slow or late rank's finding is the same N
    auto q =
        db.prepare(index::collectiveSharesSql() +
                   "SELECT rk.rank, count(*), avg(k.m) FROM rk JOIN k USING(match_key) GROUP BY rk.rank");
    while (q.step())
        out[int(q.i64(0))] = {q.i64(1), q.f64(2)};
    return out;
}

bool consistentlyLast(int64_t lastCount, const Share& s) {
    if (s.instances <= 0 || s.meanSize < 2) return true;
    double needed = std::min(0.9, 2.0 / s.meanSize);
    return double(lastCount) >= needed * double(s.instances);
}

bool aboveFloor(const Finding& f) {
    int64_t cost = f.kind == model::FindingKind::Straggler ? f.extra : f.lost;
    return cost >= std::max<int64_t>(kFloorNs, int64_t(kFloorShare * double(f.affectedWall)));
}

void insertFinding(Db& db, const Finding& f) {
    db.prepare(
          "INSERT INTO finding(kind, rank, step, subject, lost_ns, waited_ns, extra_ns, idle_ns, instances, "
          "start_ns, end_ns, span_id, affected, run_id) VALUES(?,?,?,?,?,?,?,?,?,?,?,?,?,?)")
        .bind(1, sqlText(f.kind))
        .bind(2, f.rank ? std::optional<int64_t>(*f.rank) : std::nullopt)
        .bind(3, f.step)
        .bind(4, f.subject)
        .bind(5, f.lost)
        .bind(6, f.waited)
        .bind(7, f.extra)
        .bind(8, f.idle)
        .bind(9, f.instances)
        .bind(10, f.startNs ? std::optional<int64_t>(f.startNs) : std::nullopt)
        .bind(11, f.endNs ? std::optional<int64_t>(f.endNs) : std::nullopt)
        .bind(12, f.spanId ? std::optional<int64_t>(f.spanId) : std::nullopt)
        .bind(13, f.affected.dump(-1, ' ', false, json::error_handler_t::replace))
        .bind(14, int64_t(f.run))
        .exec();
}

} // namespace rs::analysis
