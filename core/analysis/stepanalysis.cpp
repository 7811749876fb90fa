#include "core/analysis/stepanalysis.h"

#include "core/analysis/robuststats.h"
#include "core/analysis/taskclass.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <optional>
#include <set>
#include <string>

namespace rs::analysis {

using index::Db;
using Intervals = std::vector<std::pair<int64_t, int64_t>>;

namespace {

void merge(Intervals& v) {
    std::sort(v.begin(), v.end());
    Intervals out;
    for (auto& iv : v) {
        if (iv.second <= iv.first) continue;
        if (!out.empty() && iv.first <= out.back().second)
            out.back().second = std::max(out.back().second, iv.second);
        else
            out.push_back(iv);
    }
    v.swap(out);
}

std::string ms(int64_t ns) {
    char b[32];
    std::snprintf(b, sizeof b, "%.1f ms", double(ns) / 1e6);
    return b;
}

struct Row {
    int64_t step, wall, compute, comm, overlapped, notOverlapped, wait, idle, preparing;
    int64_t idleGap = 0; // idle right before a collective (from the wait table)
    std::string source;
    std::optional<int> lateRank;
    std::string biggestCollective;
    int64_t biggestWait = 0;
};

} // namespace

int64_t unionLength(Intervals& v) {
    merge(v);
    int64_t s = 0;
    for (auto& iv : v)
        s += iv.second - iv.first;
    return s;
}

int64_t intersectionLength(Intervals& a, Intervals& b) {
    merge(a);
    merge(b);
    int64_t s = 0;
    size_t i = 0, j = 0;
    while (i < a.size() && j < b.size()) {
        int64_t lo = std::max(a[i].first, b[j].first), hi = std::min(a[i].second, b[j].second);
        if (hi > lo) s += hi - lo;
        (a[i].second < b[j].second) ? ++i : ++j;
    }
    return s;
}

void analyseSteps(Db& db, const StepIndex& steps, const AnalysisOptions& opts) {
    const NameFlags collNameIds = nonComputeNameIds(db); // collectives and sync tasks
    std::map<int, std::vector<int64_t>> computeTracks;
    {
        auto q = db.prepare("SELECT track_id, rank FROM track WHERE kind = 'compute'");
        while (q.step())
            computeTracks[int(q.i64(1))].push_back(q.i64(0));
    }
    auto spansIn =
        db.prepare("SELECT ts_ns, dur_ns, name_id FROM span WHERE track_id = ? AND ts_ns >= ? AND ts_ns < ?");
    auto collIn = db.prepare(
        "SELECT start_ns, dur_ns, wait_ns, last_rank, name FROM collective WHERE rank = ? AND step = ?");
    auto waitsIn = db.prepare("SELECT kind, sum(dur_ns) FROM wait WHERE rank = ? AND step = ? GROUP BY kind");
    auto src = db.prepare(
        "SELECT computing_ns, comm_ns, overlapped_ns, comm_not_overlapped_ns, free_ns, preparing_ns "
        "FROM step_breakdown_src WHERE rank = ? AND step = ?");
    auto ins = db.prepare(
        "INSERT OR REPLACE INTO step_stat(rank, step, wall_ns, compute_ns, comm_ns, comm_overlapped_ns, "
        "comm_not_overlapped_ns, wait_ns, idle_ns, preparing_ns, source, outlier, cause, late_rank, "
        "typical_ns) VALUES(?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)");
    auto finding =
        db.prepare("INSERT INTO finding(kind, rank, step, subject, lost_ns, text) VALUES(?,?,?,?,?,?)");
    int64_t crossCheckMisses = 0;
    std::string crossCheckFirst;
    struct Outlier {
        int rank;
        int64_t step, wall, typical;
        std::string cause;
        std::optional<int> lateRank;
        std::string collective;
    };
    std::vector<Outlier> outliers;

    for (int rank : steps.ranks()) {
        std::vector<Row> rows;
        for (const auto& w : steps.steps(rank)) {
            Row r{};
            r.step = w.step;
            r.wall = w.ownEndNs - w.startNs;
            int64_t lo = w.startNs, hi = std::max(w.endNs, w.ownEndNs);
            Intervals compute, comm;
            int64_t firstTask = INT64_MAX;
            for (int64_t t : computeTracks[rank]) {
                spansIn.bind(1, t).bind(2, lo).bind(3, hi);
                while (spansIn.step()) {
                    int64_t s = spansIn.i64(0), d = spansIn.i64(1);
                    firstTask = std::min(firstTask, s);
                    if (collNameIds.count(spansIn.i64(2))) continue;
                    compute.push_back({s, s + d});
                }
                spansIn.reset();
            }
            collIn.bind(1, rank).bind(2, w.step);
            while (collIn.step()) {
                int64_t s = collIn.i64(0), d = collIn.i64(1);
                comm.push_back({s, s + d});
                firstTask = std::min(firstTask, s);
                if (collIn.i64(2) > r.biggestWait) {
                    r.biggestWait = collIn.i64(2);
                    r.biggestCollective = collIn.text(4);
                    if (!collIn.isNull(3)) r.lateRank = int(collIn.i64(3));
                }
                if (!r.lateRank && !collIn.isNull(3)) r.lateRank = int(collIn.i64(3));
                if (r.biggestCollective.empty()) r.biggestCollective = collIn.text(4);
            }
            collIn.reset();
            Intervals all = compute;
            all.insert(all.end(), comm.begin(), comm.end());
            int64_t busy = unionLength(all);
            r.compute = unionLength(compute);
            r.comm = unionLength(comm);
            r.overlapped = intersectionLength(compute, comm);
            r.notOverlapped = r.comm - r.overlapped;
            r.idle = std::max<int64_t>(0, r.wall - busy);
            r.preparing = firstTask == INT64_MAX ? 0 : std::max<int64_t>(0, firstTask - w.startNs);
            r.source = "events";
            waitsIn.bind(1, rank).bind(2, w.step);
            while (waitsIn.step()) {
                if (waitsIn.text(0) == "collective_wait")
                    r.wait = waitsIn.i64(1);
                else
                    r.idleGap = waitsIn.i64(1);
            }
            waitsIn.reset();
            // Ascend ships its own breakdown; prefer it, but say when it disagrees with the events.
            src.bind(1, rank).bind(2, w.step);
            if (src.step()) {
                int64_t computing = src.i64(0);
                if (r.compute > 0 &&
                    std::llabs(computing - r.compute) > std::max<int64_t>(r.compute / 20, 10000)) {
                    if (crossCheckMisses++ == 0)
                        crossCheckFirst = "rank " + std::to_string(rank) + " step " + std::to_string(w.step) +
                                          ": Computing " + ms(computing) + " vs events " + ms(r.compute);
                }
                r.compute = computing;
                r.comm = src.i64(1);
                r.overlapped = src.i64(2);
                r.notOverlapped = src.i64(3);
                r.idle = src.i64(4);
                if (!src.isNull(5)) r.preparing = src.i64(5);
                r.source = "step_trace_time";
            }
            src.reset();
            rows.push_back(std::move(r));
        }
        // Outliers by median and MAD of this rank's steps.
        std::vector<double> walls, waits, computes, idles, preps, comms;
        for (auto& r : rows) {
            walls.push_back(double(r.wall));
            waits.push_back(double(r.wait));
            computes.push_back(double(r.compute));
            idles.push_back(double(r.idle + r.idleGap));
            preps.push_back(double(r.preparing));
            comms.push_back(double(r.notOverlapped));
        }
        auto medOf = [](std::vector<double> v) { return median(v); };
        double medWall = medOf(walls), madWall = mad(walls, medWall);
        double medWait = medOf(waits), madWait = mad(waits, medWait);
        double medCompute = medOf(computes), medIdle = medOf(idles), medPrep = medOf(preps),
               medComm = medOf(comms);
        for (auto& r : rows) {
            bool wallOut = rows.size() >= 3 && robustZ(double(r.wall), medWall, madWall) > opts.robustZ &&
                           double(r.wall) > medWall * (1 + opts.outlierMinFraction);
            bool waitOut = rows.size() >= 3 && robustZ(double(r.wait), medWait, madWait) > opts.robustZ &&
                           double(r.wait) - medWait > medWall * opts.outlierMinFraction;
            std::string cause;
            if (wallOut || waitOut) {
                // Name the phase that explains most of the extra time. Waiting and idling before a
                // collective are checked first: on Ascend the wait is inside "communication", so the
                // comm delta always matches the wait delta and must not hide it.
                double extra = std::max(1.0, double(r.wall) - medWall);
                double dWait = double(r.wait) - medWait, dIdle = double(r.idle + r.idleGap) - medIdle;
                double dCompute = double(r.compute) - medCompute, dPrep = double(r.preparing) - medPrep;
                double dComm = double(r.notOverlapped) - medComm - std::max(0.0, dWait);
                if (dWait >= 0.5 * extra && r.lateRank && *r.lateRank != rank) {
                    cause = "waited " + ms(int64_t(dWait)) + " longer than usual in " + r.biggestCollective +
                            " for rank " + std::to_string(*r.lateRank) + " (arrived last)";
                } else if (r.idleGap >= 0.5 * extra) {
                    cause =
                        "idle " + ms(r.idleGap) + " before " + r.biggestCollective +
                        (r.lateRank && *r.lateRank == rank ? " (this rank arrived last; the others waited)"
                                                           : "");
                } else {
                    double top = std::max({dIdle, dCompute, dPrep, dComm});
                    if (top == dCompute)
                        cause = "compute grew by " + ms(int64_t(dCompute));
                    else if (top == dPrep)
                        cause = "preparing (step start to first device task) grew by " + ms(int64_t(dPrep));
                    else if (top == dIdle)
                        cause = "idle time grew by " + ms(int64_t(dIdle));
                    else
                        cause = "communication grew by " + ms(int64_t(dComm));
                }
                outliers.push_back(
                    {rank, r.step, r.wall, int64_t(medWall), cause, r.lateRank, r.biggestCollective});
            }
            ins.bind(1, rank)
                .bind(2, r.step)
                .bind(3, r.wall)
                .bind(4, r.compute)
                .bind(5, r.comm)
                .bind(6, r.overlapped);
            ins.bind(7, r.notOverlapped)
                .bind(8, r.wait)
                .bind(9, r.idle)
                .bind(10, r.preparing)
                .bind(11, r.source);
            ins.bind(12, int64_t(wallOut || waitOut)).bind(13, cause);
            ins.bind(14, r.lateRank ? std::optional<int64_t>(*r.lateRank) : std::nullopt);
            ins.bind(15, int64_t(medWall)).exec();
        }
    }
    // One finding per outlier step: the ranks that stalled and the ranks that waited for them together.
    std::map<int64_t, std::vector<const Outlier*>> byStep;
    for (const auto& o : outliers)
        byStep[o.step].push_back(&o);
    int nranks = int(steps.ranks().size());
    for (auto& [step, list] : byStep) {
        int64_t lost = 0, wall = 0, typical = 0;
        const Outlier* culprit = nullptr;
        for (const auto* o : list) {
            lost = std::max(lost, o->wall - o->typical);
            wall = std::max(wall, o->wall);
            typical = std::max(typical, o->typical);
            if (o->lateRank && *o->lateRank == o->rank) culprit = o;
        }
        if (!culprit) culprit = list.front();
        std::string who = int(list.size()) == nranks && nranks > 1
                              ? "all " + std::to_string(nranks) + " ranks"
                          : list.size() == 1 ? "rank " + std::to_string(list.front()->rank)
                                             : std::to_string(list.size()) + " ranks";
        std::string text = "step " + std::to_string(step) + ": " + who + " took " + ms(wall) + " (typical " +
                           ms(typical) + "): rank " + std::to_string(culprit->rank) + " " + culprit->cause;
        size_t waiting = 0;
        for (const auto* o : list)
            if (o != culprit && o->lateRank && *o->lateRank == culprit->rank) ++waiting;
        if (waiting > 0) text += "; " + std::to_string(waiting) + " other rank(s) waited for it";
        finding.bind(1, "outlier_step").bind(2, culprit->rank).bind(3, step).bind(4, culprit->collective);
        finding.bind(5, lost).bind(6, text).exec();
    }
    if (crossCheckMisses > 0)
        db.prepare("INSERT INTO diagnostic(file, severity, what, count, first_offset, excerpt) "
                   "VALUES(?,?,?,?,?,?)")
            .bind(1, "step_trace_time.csv")
            .bind(2, "info")
            .bind(3, "Computing differs from the kernel events by more than 5%")
            .bind(4, crossCheckMisses)
            .bind(5, int64_t(-1))
            .bind(6, crossCheckFirst)
            .exec();
    // Communication wait blamed on each late rank, as findings for the report's ranking.
    auto q =
        db.prepare("SELECT blamed_rank, sum(dur_ns), count(DISTINCT step), count(DISTINCT rank) FROM wait "
                   "WHERE kind = 'collective_wait' AND blamed_rank IS NOT NULL GROUP BY blamed_rank");
    std::vector<std::tuple<int64_t, int64_t, int64_t, int64_t>> blame;
    while (q.step())
        blame.emplace_back(q.i64(0), q.i64(1), q.i64(2), q.i64(3));
    int64_t totalWall = db.scalar("SELECT coalesce(sum(wall_ns), 0) FROM step_stat");
    for (auto& [r, ns, n, waiters] : blame) {
        // A rank is worth naming when others lost a material share of their time waiting for it.
        if (totalWall <= 0 || double(ns) < 0.02 * double(totalWall)) continue;
        std::string text = std::to_string(waiters) + " rank(s) waited " + ms(ns) + " in total for rank " +
                           std::to_string(r) + ", which arrived last in " + std::to_string(n) +
                           " collective(s)";
        finding.bind(1, "late_rank")
            .bind(2, r)
            .bindNull(3)
            .bind(4, "communication")
            .bind(5, ns)
            .bind(6, text)
            .exec();
    }
}

} // namespace rs::analysis
