#include "core/analysis/rootcause.h"
#include "core/model/plural.h"

#include "core/analysis/runs.h"
#include "core/model/findingkind.h"
#include "core/model/timetext.h"
#include "core/model/waitkind.h"
#include "core/stats/robuststats.h"

#include <algorithm>
#include <cstdio>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace rs::analysis {

using stats::mad;
using stats::median;
using stats::robustZ;

using index::Db;
using model::counted;
using model::formatDuration;
using nlohmann::json;

namespace {

/// A kernel signature without its parameter list, for text ("ncclKernel_AllReduce_RING_LL_Sum_half").
std::string shortName(const std::string& name) {
    size_t p = name.find('(');
    return p == std::string::npos || p == 0 ? name : name.substr(0, p);
}

/// One collective instance at which a rank arrived last and the others waited.
struct LateEvent {
    int run;
    int culprit;
    int64_t step;
    std::string name;     ///< the collective's name on the culprit
    int64_t lateness;     ///< smallest wait among the other ranks: what the job lost here
    int64_t waited;       ///< sum of the other ranks' waits
    int64_t gapStart = 0; ///< the culprit's device-idle gap before it (0 dur: none)
    int64_t gapDur = 0;
    int64_t startNs, endNs; ///< the instance across all ranks (and the gap)
    int64_t spanId = 0;     ///< the culprit's collective span
    std::vector<int> waiting;
};

struct Finding {
    int run = 0;
    model::FindingKind kind = model::FindingKind::Stall;
    std::string subject, text;
    std::optional<int> rank;
    std::optional<int64_t> step;
    int64_t lost = 0, waited = 0, extra = 0;
    int64_t startNs = 0, endNs = 0, spanId = 0;
    json affected = json::object();
    int64_t affectedWall = 0; ///< wall time of the affected steps (for the noise floor)
};

struct Flag {
    std::string op;
    double ratio;
    int64_t extra;
};

/// Job step time: the slowest rank's wall time per (run, step).
using Walls = std::map<std::pair<int, int64_t>, int64_t>;
Walls jobStepWalls(Db& db) {
    Walls out;
    auto q =
        db.prepare("SELECT coalesce(r.run_id, 0), s.step, max(s.wall_ns) FROM step_stat s JOIN rank_info r "
                   "ON r.rank = s.rank GROUP BY 1, 2");
    while (q.step())
        out[{int(q.i64(0)), q.i64(1)}] = q.i64(2);
    return out;
}
int64_t wallOf(const Walls& w, int run, int64_t step) {
    auto it = w.find({run, step});
    return it == w.end() ? 0 : it->second;
}

std::vector<LateEvent> lateEvents(Db& db, const RunMap& runs) {
    std::map<int64_t, int64_t> waitOf;                    // collective_id → drawn wait
    std::map<int64_t, std::pair<int64_t, int64_t>> gapOf; // collective_id → idle gap (start, dur)
    {
        auto q = db.prepare(
            "SELECT collective_id, kind, start_ns, dur_ns FROM wait WHERE collective_id IS NOT NULL");
        while (q.step()) {
            if (model::waitKindFromSql(q.text(1)) == model::WaitKind::CollectiveWait)
                waitOf[q.i64(0)] += q.i64(3);
            else
                gapOf[q.i64(0)] = {q.i64(2), q.i64(3)};
        }
    }
    struct Member {
        int64_t id, rank, step, start, end, wait, spanId;
        std::string name;
        std::optional<int64_t> last;
    };
    std::map<std::string, std::vector<Member>> groups;
    auto q =
        db.prepare("SELECT collective_id, rank, step, name, start_ns, dur_ns, wait_ns, match_key, last_rank, "
                   "span_id FROM collective WHERE match_key IS NOT NULL");
    while (q.step()) {
        Member m{q.i64(0),
                 q.i64(1),
                 q.i64(2),
                 q.i64(4),
                 q.i64(4) + q.i64(5),
                 q.i64(6),
                 q.isNull(9) ? 0 : q.i64(9),
                 q.text(3),
                 std::nullopt};
        if (!q.isNull(8)) m.last = q.i64(8);
        groups[q.text(7)].push_back(std::move(m));
    }
    std::vector<LateEvent> out;
    for (auto& [key, g] : groups) {
        if (g.size() < 2 || !g.front().last) continue;
        int64_t last = *g.front().last;
        auto culprit = std::find_if(g.begin(), g.end(), [&](const Member& m) { return m.rank == last; });
        if (culprit == g.end()) continue;
        LateEvent e{runs.run(int(last)),
                    int(last),
                    culprit->step,
                    shortName(culprit->name),
                    INT64_MAX,
                    0,
                    0,
                    0,
                    INT64_MAX,
                    INT64_MIN,
                    culprit->spanId,
                    {}};
        for (const auto& m : g) {
            e.startNs = std::min(e.startNs, m.start);
            e.endNs = std::max(e.endNs, m.end);
            if (m.rank == last) continue;
            e.lateness = std::min(e.lateness, std::max<int64_t>(0, m.wait));
            auto w = waitOf.find(m.id);
            if (w != waitOf.end()) {
                e.waited += w->second;
                e.waiting.push_back(int(m.rank));
            }
        }
        if (auto it = gapOf.find(culprit->id); it != gapOf.end()) {
            e.gapStart = it->second.first;
            e.gapDur = it->second.second;
            e.startNs = std::min(e.startNs, e.gapStart);
        }
        if (e.lateness == INT64_MAX || e.waited == 0) continue; // nobody waited for it
        out.push_back(std::move(e));
    }
    return out;
}

std::map<int, std::vector<Flag>> stragglerFlags(Db& db) {
    std::map<int, std::vector<Flag>> out;
    auto q =
        db.prepare("SELECT rank, op_type, ratio_to_median, median_ns, cluster_median_ns, count FROM op_stat "
                   "WHERE flagged = 1");
    while (q.step())
        out[int(q.i64(0))].push_back(
            {q.text(1), q.f64(2), std::max<int64_t>(0, (q.i64(3) - q.i64(4)) * q.i64(5))});
    for (auto& [r, v] : out)
        std::sort(v.begin(), v.end(), [](const Flag& a, const Flag& b) { return a.extra > b.extra; });
    return out;
}

std::string ratioList(const std::vector<Flag>& flags) {
    std::string s;
    for (size_t i = 0; i < flags.size() && i < 5; ++i) {
        char b[48];
        std::snprintf(b, sizeof b, " %.2f\xc3\x97", flags[i].ratio); // ×
        s += (i ? ", " : "") + flags[i].op + b;
    }
    if (flags.size() > 5) s += " and " + std::to_string(flags.size() - 5) + " more op types";
    return s;
}

int64_t sumExtra(const std::vector<Flag>& flags) {
    int64_t n = 0;
    for (const auto& f : flags)
        n += f.extra;
    return n;
}

/// A late event is a stall when the culprit's device was idle for most of its lateness and the lateness
/// stands far out of the run's typical lateness (median / MAD over every late event of every rank).
class StallTest {
  public:
    StallTest(const std::vector<LateEvent>& events, const AnalysisOptions& opts) : m_opts(opts) {
        std::vector<double> l;
        for (const auto& e : events)
            l.push_back(double(e.lateness));
        m_count = l.size();
        m_median = l.empty() ? 0 : median(l);
        m_mad = mad(l, m_median);
    }
    bool operator()(const LateEvent& e, int64_t stepWall) const {
        if (e.gapDur * 2 < e.lateness || e.lateness < m_opts.idleGapMinNs) return false;
        if (m_count < 3) return double(e.lateness) >= m_opts.outlierMinFraction * double(stepWall);
        double spread = std::max({m_mad, 0.01 * m_median, 1000.0});
        return robustZ(double(e.lateness), m_median, spread) > m_opts.robustZ &&
               double(e.lateness) > m_median * (1 + m_opts.outlierMinFraction);
    }

  private:
    const AnalysisOptions& m_opts;
    size_t m_count;
    double m_median, m_mad;
};

Finding stallFinding(int rank, const std::string& who, int64_t step, const std::vector<const LateEvent*>& evs,
                     int64_t stepWall) {
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
    f.spanId = worst->spanId;
    f.affectedWall = stepWall;
    f.affected = {{"steps", json::array({step})}, {"collectives", colls}, {"waiting_ranks", waiting}};
    f.text = who + " stalled in step " + std::to_string(step) + ": its device was idle " +
             formatDuration(worst->gapDur) + " before " + worst->name +
             ", which it reached last; the job lost " + formatDuration(f.lost) + " and " +
             counted(int64_t(waiting.size()), "rank", "ranks") + " waited " + formatDuration(f.waited) +
             " in total";
    return f;
}

Finding lateRankFinding(int rank, const std::string& who, const std::vector<const LateEvent*>& evs,
                        const std::vector<Flag>* flags, const Walls& walls, size_t instances) {
    Finding f;
    f.run = evs.front()->run;
    f.rank = rank;
    std::set<int64_t> steps;
    std::set<int> waiting;
    int64_t gaps = 0;
    const LateEvent* worst = evs.front();
    for (const auto* e : evs) {
        f.lost += e->lateness;
        f.waited += e->waited;
        gaps += std::min(e->gapDur, e->lateness);
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
                  {"worst", {{"step", worst->step}, {"name", worst->name}, {"lost_ns", worst->lateness}}}};
    const std::string arrivals = "it arrived last in " + std::to_string(evs.size()) + " of " +
                                 std::to_string(instances) + " collectives; the job lost " +
                                 formatDuration(f.lost) + " waiting for it and " +
                                 counted(int64_t(waiting.size()), "rank", "ranks") + " waited " +
                                 formatDuration(f.waited) + " in total";
    if (flags && !flags->empty()) {
        f.kind = model::FindingKind::SlowRank;
        f.subject = flags->front().op;
        f.extra = sumExtra(*flags);
        f.affected["op_types"] = json::array();
        for (const auto& fl : *flags)
            f.affected["op_types"].push_back(
                {{"op_type", fl.op}, {"ratio", fl.ratio}, {"extra_ns", fl.extra}});
        f.text = who + " is slow: " + ratioList(*flags) + " the other ranks' median (" +
                 formatDuration(f.extra) + " of extra kernel time); " + arrivals;
    } else {
        f.kind = model::FindingKind::LateRank;
        f.subject = worst->name;
        std::string why = gaps * 2 >= f.lost
                              ? " (its device was idle " + formatDuration(gaps) + " before them)"
                              : " (no op type is slower on it)";
        f.text = who + " is late: " + arrivals + why;
    }
    return f;
}

Finding stragglerFinding(int run, int rank, const std::string& who, const std::vector<Flag>& flags,
                         int64_t runWall, bool haveCollectives) {
    Finding f;
    f.run = run;
    f.kind = model::FindingKind::Straggler;
    f.rank = rank;
    f.subject = flags.front().op;
    f.extra = sumExtra(flags);
    f.affectedWall = runWall;
    f.affected = {{"op_types", json::array()}};
    for (const auto& fl : flags)
        f.affected["op_types"].push_back({{"op_type", fl.op}, {"ratio", fl.ratio}, {"extra_ns", fl.extra}});
    f.text = who + " is slow in " + ratioList(flags) + " the other ranks' median; " +
             formatDuration(f.extra) + " of extra kernel time" +
             (haveCollectives ? ", but no collective shows the other ranks waiting for it"
                              : "; the profile has no collectives to tell whether the job waited for it");
    return f;
}

struct OutlierRow {
    int run;
    int rank;
    int64_t step, wall, typical;
    std::string cause;
    std::optional<int64_t> late;
};

std::vector<OutlierRow> outlierRows(Db& db) {
    std::vector<OutlierRow> out;
    auto q = db.prepare(
        "SELECT s.rank, s.step, s.wall_ns, s.typical_ns, s.cause, s.late_rank, coalesce(r.run_id, 0) "
        "FROM step_stat s JOIN rank_info r ON r.rank = s.rank WHERE s.outlier = 1 ORDER BY s.step, s.rank");
    while (q.step()) {
        OutlierRow r{int(q.i64(6)), int(q.i64(0)), q.i64(1), q.i64(2), q.i64(3), q.text(4), std::nullopt};
        if (!q.isNull(5)) r.late = q.i64(5);
        out.push_back(std::move(r));
    }
    return out;
}

/// Outlier steps that no stall or late-rank finding explains, one finding per step.
std::vector<Finding> outlierStepFindings(const std::vector<OutlierRow>& rows, std::vector<Finding>& causes,
                                         const Walls& walls, const RunMap& runs) {
    std::map<std::pair<int, int64_t>, std::vector<const OutlierRow*>> bySteps;
    for (const auto& r : rows)
        bySteps[{r.run, r.step}].push_back(&r);
    std::vector<Finding> out;
    for (auto& [runStep, list] : bySteps) {
        const int64_t step = runStep.second;
        bool explained = false;
        for (auto& c : causes) {
            if (c.run != runStep.first || !c.affected.contains("steps")) continue;
            bool covers = false;
            for (auto& s : c.affected["steps"])
                covers |= s.get<int64_t>() == step;
            if (!covers) continue;
            for (const auto* r : list)
                if (r->rank == c.rank || (r->late && c.rank && *r->late == *c.rank)) explained = true;
            if (explained) {
                json& o = c.affected["outlier_steps"];
                if (o.is_null()) o = json::array();
                for (const auto* r : list)
                    o.push_back({{"rank", r->rank}, {"step", r->step}, {"wall_ns", r->wall}});
                break;
            }
        }
        if (explained) continue;
        const OutlierRow* top = list.front();
        for (const auto* r : list)
            if (r->wall - r->typical > top->wall - top->typical) top = r;
        Finding f;
        f.run = runStep.first;
        f.kind = model::FindingKind::OutlierStep;
        f.rank = top->rank;
        f.step = step;
        f.subject = "step " + std::to_string(step);
        f.lost = top->wall - top->typical;
        f.affectedWall = std::max(top->wall, wallOf(walls, runStep.first, step));
        f.affected = {{"steps", json::array({step})}, {"ranks", json::array()}};
        for (const auto* r : list)
            f.affected["ranks"].push_back(r->rank);
        f.text = "step " + std::to_string(step) + " on " + runs.name(top->rank) + " took " +
                 formatDuration(top->wall) + " (typical " + formatDuration(top->typical) + "): " + top->cause;
        if (list.size() > 1)
            f.text += "; " + counted(int64_t(list.size() - 1), "other rank was", "other ranks were") +
                      " slow in it too";
        out.push_back(std::move(f));
    }
    return out;
}

/// Per rank: the matched instances it took part in, and their mean size (for "last more often than chance").
struct Share {
    int64_t instances = 0;
    double meanSize = 0;
};
std::map<int, Share> arrivalShares(Db& db) {
    std::map<int, Share> out;
    auto q = db.prepare(
        "SELECT c.rank, count(*), avg(g.n) FROM collective c JOIN (SELECT match_key, count(DISTINCT rank) AS "
        "n "
        "FROM collective WHERE match_key IS NOT NULL AND last_rank IS NOT NULL GROUP BY match_key) g "
        "ON g.match_key = c.match_key GROUP BY c.rank");
    while (q.step())
        out[int(q.i64(0))] = {q.i64(1), q.f64(2)};
    return out;
}
/// Last in at least twice its fair share of the instances it took part in (capped at 90 %): with 8 ranks,
/// a quarter of them; with 2, nine in ten.
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
          "INSERT INTO finding(kind, rank, step, subject, lost_ns, waited_ns, extra_ns, start_ns, end_ns, "
          "span_id, affected, text, run_id) VALUES(?,?,?,?,?,?,?,?,?,?,?,?,?)")
        .bind(1, sqlText(f.kind))
        .bind(2, f.rank ? std::optional<int64_t>(*f.rank) : std::nullopt)
        .bind(3, f.step)
        .bind(4, f.subject)
        .bind(5, f.lost)
        .bind(6, f.waited)
        .bind(7, f.extra)
        .bind(8, f.startNs ? std::optional<int64_t>(f.startNs) : std::nullopt)
        .bind(9, f.endNs ? std::optional<int64_t>(f.endNs) : std::nullopt)
        .bind(10, f.spanId ? std::optional<int64_t>(f.spanId) : std::nullopt)
        .bind(11, f.affected.dump(-1, ' ', false, json::error_handler_t::replace))
        .bind(12, f.text)
        .bind(13, int64_t(f.run))
        .exec();
}

} // namespace

void analyseRootCauses(Db& db, const AnalysisOptions& opts) {
    const RunMap runs = loadRuns(db);
    const Walls walls = jobStepWalls(db);
    const auto events = lateEvents(db, runs);
    auto flags = stragglerFlags(db);
    const StallTest isStall(events, opts);
    std::map<int, size_t> instances; // per run
    {
        auto q = db.prepare(
            "SELECT match_key, min(rank) FROM collective WHERE match_key IS NOT NULL AND last_rank IS NOT "
            "NULL GROUP BY match_key");
        while (q.step())
            ++instances[runs.run(int(q.i64(1)))];
    }
    std::map<std::pair<int, int64_t>, std::vector<const LateEvent*>> stalls;
    std::map<int, std::vector<const LateEvent*>> late;
    for (const auto& e : events) {
        if (isStall(e, wallOf(walls, e.run, e.step)))
            stalls[{e.culprit, e.step}].push_back(&e);
        else
            late[e.culprit].push_back(&e);
    }
    std::vector<Finding> causes;
    for (auto& [key, evs] : stalls)
        causes.push_back(stallFinding(key.first, runs.name(key.first), key.second, evs,
                                      wallOf(walls, evs.front()->run, key.second)));
    const auto shares = arrivalShares(db);
    for (auto& [rank, evs] : late) {
        // a rank that is last no more often than chance (ranks of a pair taking turns) is jitter, not a cause
        auto sh = shares.find(rank);
        if (sh != shares.end() && !consistentlyLast(int64_t(evs.size()), sh->second)) continue;
        auto fl = flags.find(rank);
        causes.push_back(lateRankFinding(rank, runs.name(rank), evs,
                                         fl == flags.end() ? nullptr : &fl->second, walls,
                                         instances[evs.front()->run]));
        if (fl != flags.end()) flags.erase(fl); // told in the slow_rank finding
    }
    for (auto& [rank, fl] : flags) {
        int run = runs.run(rank);
        int64_t runWall = 0;
        for (auto& [rs, w] : walls)
            if (rs.first == run) runWall += w;
        causes.push_back(stragglerFinding(run, rank, runs.name(rank), fl, runWall, instances[run] > 0));
    }
    auto outliers = outlierStepFindings(outlierRows(db), causes, walls, runs);
    causes.insert(causes.end(), outliers.begin(), outliers.end());
    for (const auto& f : causes)
        if (aboveFloor(f)) insertFinding(db, f);
    // One rule for the heatmap's outlines, the report's straggler list and the findings: a cell stays
    // flagged only where a finding tells it (its rank's straggler or slow_rank finding passed the floor).
    db.exec(
        "UPDATE op_stat SET flagged = 0 WHERE flagged = 1 AND rank NOT IN (SELECT rank FROM finding WHERE "
        "kind IN ('straggler', 'slow_rank') AND rank IS NOT NULL)");
}

} // namespace rs::analysis
