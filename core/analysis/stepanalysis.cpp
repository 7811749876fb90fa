#include "core/analysis/stepanalysis.h"

#include "core/index/diagnosticsink.h"
#include "core/model/timetext.h"
#include "core/model/waitkind.h"
#include "core/stats/robuststats.h"
#include "core/stats/taskclass.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <optional>
#include <set>
#include <string>

namespace rs::analysis {

using stats::mad;
using stats::median;
using stats::NameFlags;
using stats::nonComputeNameIds;
using stats::robustZ;

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
    return model::formatDuration(ns);
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

namespace {

/// Reads one rank's steps from the index and measures each one's breakdown.
class StepMeasurer {
  public:
    explicit StepMeasurer(Db& db)
        : m_nonCompute(nonComputeNameIds(db)),
          m_spansIn(db.prepare(
              "SELECT ts_ns, dur_ns, name_id FROM span WHERE track_id = ? AND ts_ns >= ? AND ts_ns < ?")),
          m_collIn(db.prepare("SELECT start_ns, dur_ns, wait_ns, last_rank, name FROM collective WHERE rank "
                              "= ? AND step = ?")),
          m_waitsIn(db.prepare("SELECT kind, start_ns, dur_ns FROM wait WHERE rank = ? AND step = ?")),
          m_src(db.prepare(
              "SELECT computing_ns, comm_ns, overlapped_ns, comm_not_overlapped_ns, free_ns, preparing_ns "
              "FROM step_breakdown_src WHERE rank = ? AND step = ?")) {
        auto q = db.prepare("SELECT track_id, rank FROM track WHERE kind = 'compute'");
        while (q.step())
            m_computeTracks[int(q.i64(1))].push_back(q.i64(0));
    }

    Row measure(int rank, const StepWindow& w) {
        Row r{};
        r.step = w.step;
        r.wall = w.ownEndNs - w.startNs;
        Intervals compute, comm;
        int64_t firstTask = deviceWork(rank, w, compute);
        collectives(rank, w.step, r, comm, firstTask);
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
        waits(rank, w, r);
        preferShippedBreakdown(rank, r);
        return r;
    }
    int64_t crossCheckMisses = 0;
    std::string crossCheckFirst;

  private:
    /// Compute intervals inside the step; returns the first device task's start (INT64_MAX: none).
    int64_t deviceWork(int rank, const StepWindow& w, Intervals& compute) {
        int64_t lo = w.startNs, hi = std::max(w.endNs, w.ownEndNs), first = INT64_MAX;
        for (int64_t t : m_computeTracks[rank]) {
            m_spansIn.bind(1, t).bind(2, lo).bind(3, hi);
            while (m_spansIn.step()) {
                int64_t s = m_spansIn.i64(0), d = m_spansIn.i64(1);
                first = std::min(first, s);
                if (m_nonCompute.count(m_spansIn.i64(2))) continue;
                compute.push_back({s, s + d});
            }
            m_spansIn.reset();
        }
        return first;
    }
    void collectives(int rank, int64_t step, Row& r, Intervals& comm, int64_t& firstTask) {
        m_collIn.bind(1, rank).bind(2, step);
        while (m_collIn.step()) {
            int64_t s = m_collIn.i64(0), d = m_collIn.i64(1);
            comm.push_back({s, s + d});
            firstTask = std::min(firstTask, s);
            // the late rank is the one of the collective this rank waited longest in, and only that one: a
            // wait in a point-to-point op (no late rank) is never pinned on another collective's late rank
            if (m_collIn.i64(2) > r.biggestWait || r.biggestCollective.empty()) {
                if (m_collIn.i64(2) > r.biggestWait) r.biggestWait = m_collIn.i64(2);
                r.biggestCollective = m_collIn.text(4);
                r.lateRank = m_collIn.isNull(3) ? std::nullopt : std::optional<int>(int(m_collIn.i64(3)));
            }
        }
        m_collIn.reset();
    }
    /// Collective waits, and idle gaps that delayed this step's collectives. A gap that began before the
    /// step's start (the rank stalled between steps) belongs to this step: its wall and idle grow by it,
    /// so the late rank's step is not shown short and healthy.
    void waits(int rank, const StepWindow& w, Row& r) {
        m_waitsIn.bind(1, rank).bind(2, w.step);
        while (m_waitsIn.step()) {
            int64_t start = m_waitsIn.i64(1), dur = m_waitsIn.i64(2);
            if (model::waitKindFromSql(m_waitsIn.text(0)) == model::WaitKind::CollectiveWait) {
                r.wait += dur;
                continue;
            }
            r.idleGap += dur;
            if (start < w.startNs) {
                int64_t before = std::min(dur, w.startNs - start);
                r.wall += before;
                r.idle += before;
            }
        }
        m_waitsIn.reset();
    }
    // Ascend ships its own breakdown; prefer it, but say when it disagrees with the events.
    void preferShippedBreakdown(int rank, Row& r) {
        m_src.bind(1, rank).bind(2, r.step);
        if (m_src.step()) {
            int64_t computing = m_src.i64(0);
            if (r.compute > 0 &&
                std::llabs(computing - r.compute) > std::max<int64_t>(r.compute / 20, 10000) &&
                crossCheckMisses++ == 0)
                crossCheckFirst = "rank " + std::to_string(rank) + " step " + std::to_string(r.step) +
                                  ": Computing " + ms(computing) + " vs events " + ms(r.compute);
            r.compute = computing;
            r.comm = m_src.i64(1);
            r.overlapped = m_src.i64(2);
            r.notOverlapped = m_src.i64(3);
            r.idle = m_src.i64(4);
            if (!m_src.isNull(5)) r.preparing = m_src.i64(5);
            r.source = "step_trace_time";
        }
        m_src.reset();
    }

    NameFlags m_nonCompute;
    std::map<int, std::vector<int64_t>> m_computeTracks;
    index::Stmt m_spansIn, m_collIn, m_waitsIn, m_src;
};

/// Median of each phase over a rank's steps, and the outlier test with its named cause.
class OutlierJudge {
  public:
    OutlierJudge(const std::vector<Row>& rows, const AnalysisOptions& opts) : m_opts(opts), m_n(rows.size()) {
        std::vector<double> walls, waits, computes, idles, preps, comms;
        for (auto& r : rows) {
            walls.push_back(double(r.wall));
            waits.push_back(double(r.wait));
            computes.push_back(double(r.compute));
            idles.push_back(double(r.idle));
            preps.push_back(double(r.preparing));
            comms.push_back(double(r.notOverlapped));
        }
        medWall = median(walls);
        m_madWall = mad(walls, medWall);
        m_medWait = median(waits);
        m_madWait = mad(waits, m_medWait);
        m_medCompute = median(computes);
        m_medIdle = median(idles);
        m_medPrep = median(preps);
        m_medComm = median(comms);
    }
    bool isOutlier(const Row& r) const {
        if (m_n < 3) return false;
        bool wallOut = robustZ(double(r.wall), medWall, m_madWall) > m_opts.robustZ &&
                       double(r.wall) > medWall * (1 + m_opts.outlierMinFraction);
        bool waitOut = robustZ(double(r.wait), m_medWait, m_madWait) > m_opts.robustZ &&
                       double(r.wait) - m_medWait > medWall * m_opts.outlierMinFraction;
        return wallOut || waitOut;
    }
    /// The phase that explains most of the extra time. Waiting and idling before a collective are checked
    /// first: on Ascend the wait is inside "communication", so the comm delta always matches the wait delta
    /// and must not hide it.
    std::string cause(const Row& r, int rank) const {
        double extra = std::max(1.0, double(r.wall) - medWall);
        double dWait = double(r.wait) - m_medWait, dIdle = double(r.idle) - m_medIdle;
        double dCompute = double(r.compute) - m_medCompute, dPrep = double(r.preparing) - m_medPrep;
        double dComm = double(r.notOverlapped) - m_medComm - std::max(0.0, dWait);
        if (dWait >= 0.5 * extra && r.lateRank && *r.lateRank != rank)
            return "waited " + ms(int64_t(dWait)) + " longer than usual in " + r.biggestCollective +
                   " for rank " + std::to_string(*r.lateRank) + " (arrived last)";
        if (dWait >= 0.5 * extra && !r.lateRank)
            return "waited " + ms(int64_t(dWait)) + " longer than usual in " + r.biggestCollective +
                   " (the rank it waited for is not known)";
        if (r.idleGap >= 0.5 * extra)
            return "device idle " + ms(r.idleGap) + " before " + r.biggestCollective +
                   (r.lateRank && *r.lateRank == rank ? " (this rank arrived last; the others waited)" : "");
        double top = std::max({dIdle, dCompute, dPrep, dComm});
        if (top == dCompute) return "compute grew by " + ms(int64_t(dCompute));
        if (top == dPrep) return "preparing (step start to first device task) grew by " + ms(int64_t(dPrep));
        if (top == dIdle) return "idle time grew by " + ms(int64_t(dIdle));
        return "communication grew by " + ms(int64_t(dComm));
    }
    double medWall = 0;

  private:
    const AnalysisOptions& m_opts;
    size_t m_n;
    double m_madWall = 0, m_medWait = 0, m_madWait = 0, m_medCompute = 0, m_medIdle = 0, m_medPrep = 0,
           m_medComm = 0;
};

void writeCrossCheck(Db& db, const StepMeasurer& m) {
    if (m.crossCheckMisses == 0) return;
    index::DiagnosticSink(db).add("step_trace_time.csv", "info",
                                  "Computing differs from the kernel events by more than 5%",
                                  m.crossCheckMisses, m.crossCheckFirst);
}

} // namespace

void analyseSteps(Db& db, const StepIndex& steps, const AnalysisOptions& opts) {
    StepMeasurer measurer(db);
    auto ins = db.prepare(
        "INSERT OR REPLACE INTO step_stat(rank, step, wall_ns, compute_ns, comm_ns, comm_overlapped_ns, "
        "comm_not_overlapped_ns, wait_ns, idle_ns, preparing_ns, source, outlier, cause, late_rank, "
        "typical_ns) VALUES(?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)");
    for (int rank : steps.ranks()) {
        std::vector<Row> rows;
        for (const auto& w : steps.steps(rank))
            rows.push_back(measurer.measure(rank, w));
        const OutlierJudge judge(rows, opts);
        for (auto& r : rows) {
            bool outlier = judge.isOutlier(r);
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
            ins.bind(12, int64_t(outlier)).bind(13, outlier ? judge.cause(r, rank) : std::string());
            ins.bind(14, r.lateRank ? std::optional<int64_t>(*r.lateRank) : std::nullopt);
            ins.bind(15, int64_t(judge.medWall)).exec();
        }
    }
    writeCrossCheck(db, measurer);
}

} // namespace rs::analysis
