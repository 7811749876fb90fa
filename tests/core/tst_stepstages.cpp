// The step stages on hand-built input: one step's phases from its kernels and collectives, what the blame
// adds (waits, the idle gap before the step, the late rank of the longest wait), and outlier steps judged by
// median / MAD with their typed cause.
#include "core/analysis/outlierjudge.h"
#include "core/analysis/stepbreakdown.h"
#include "core/analysis/stepphases.h"
#include "core/model/findingtext.h"

#include <QtTest>

using namespace rs;
using namespace rs::analysis;

namespace {
StepRow row(int64_t step, int64_t wall, int64_t compute = 0, int64_t wait = 0) {
    StepRow r;
    r.step = step;
    r.wall = wall;
    r.compute = compute;
    r.wait = wait;
    return r;
}
} // namespace

class TstStepStages : public QObject {
    Q_OBJECT
  private Q_SLOTS:
    void phasesOfOneStep() {
        // step 1000–2000 (the next one starts at 2100): kernels [1100,1300) [1200,1500) compute, [1600,1700)
        // a notify task (not compute, but the first device task could be one), a kernel of the next step at
        // 2100 (outside); collectives [1400,1800) and [1900,1950)
        const StepIndex steps(0, {{1, 1000, 0, 2000}, {2, 2100, 0, 3000}});
        RankKernels k({{1100, 1300}, {1200, 1500}, {1050, 1060, 0, 0, 0, 0, false}, {2100, 2200}});
        StepPhases p = measureStep(steps.steps(0)[0], k, {{1400, 1800}, {1900, 1950}});
        QCOMPARE(p.wall, int64_t(1000));
        QCOMPARE(p.compute, int64_t(400));    // [1100,1500)
        QCOMPARE(p.comm, int64_t(450));       // [1400,1800) + [1900,1950)
        QCOMPARE(p.overlapped, int64_t(100)); // [1400,1500)
        QCOMPARE(p.notOverlapped, int64_t(350));
        QCOMPARE(p.idle, int64_t(1000 - 750)); // busy: [1100,1800) + [1900,1950)
        QCOMPARE(p.preparing, int64_t(50));    // the first device task (the notify one) at 1050
        QCOMPARE(QString::fromStdString(p.source), QString("events"));
    }

    void aKernelAcrossTwoStepsCountsInEachByOverlap() {
        // steps [1000,2000) and [2000,3000): a kernel [1900,2300) runs 100 ns in step 1 and 300 ns in step 2,
        // a collective [1950,2100) likewise; each step counts the part inside its band (step 1 counted the
        // whole kernel, 400 ns, and step 2 none of it)
        const StepIndex steps(0, {{1, 1000, 0, 2000}, {2, 2000, 0, 3000}});
        RankKernels k({{1100, 1200}, {1900, 2300}, {2500, 2600}});
        const RankBusy busy = rankBusy(k, {{1950, 2100}});
        const StepPhases a = measureStep(steps.steps(0)[0], k, busy);
        const StepPhases b = measureStep(steps.steps(0)[1], k, busy);
        QCOMPARE(a.compute, int64_t(100 + 100));
        QCOMPARE(b.compute, int64_t(300 + 100));
        QCOMPARE(a.comm, int64_t(50));
        QCOMPARE(b.comm, int64_t(100));
        QCOMPARE(a.overlapped, int64_t(50));
        QCOMPARE(a.idle, int64_t(1000 - 200));
        QCOMPARE(b.idle, int64_t(1000 - 400));
        QCOMPARE(a.compute + a.idle + b.compute + b.idle, int64_t(2000)); // the two bands, nothing twice
        // the first task of step 2 is its own [2500,2600), not the kernel that began in step 1
        QCOMPARE(b.preparing, int64_t(500));
    }
    void collectivesOutsideTheStepAreNotItsComm() {
        // profiler run 0 (walk17b #2): a 6.04 s whole-trace step and step_trace_raw collectives at 450 s
        // on another clock: they are not in the step, so not its comm (it read "comm 107 ms"); one that
        // starts before the step counts from the step's start only
        const StepIndex steps(0, {{0, 0, 0, 6'040'000'000}});
        RankKernels k({{1'000'000, 1'681'000}});
        StepPhases p = measureStep(steps.steps(0)[0], k,
                                   {{450'000'000'000, 450'001'000'000}, {452'000'000'000, 452'500'000'000}});
        QCOMPARE(p.comm, int64_t(0));
        QCOMPARE(p.idle, int64_t(6'040'000'000 - 681'000));
        const StepIndex later(0, {{1, 1000, 0, 2000}});
        QCOMPARE(measureStep(later.steps(0)[0], RankKernels(), {{500, 1400}, {1900, 2600}}).comm,
                 int64_t(400 + 100));
    }

    void aRankWithoutKernelsHasNoKnownCompute() {
        // a host-only trace: collectives but no kernel at all — its compute was not measured, not 0
        const StepIndex steps(0, {{1, 1000, 0, 2000}});
        StepPhases p = measureStep(steps.steps(0)[0], RankKernels(), {{1400, 1800}});
        QVERIFY(!p.computeKnown);
        QCOMPARE(p.comm, int64_t(400));
        // one kernel, even outside this step, means the rank's kernels were recorded: a measured 0
        RankKernels one({{2100, 2200}});
        QVERIFY(measureStep(steps.steps(0)[0], one, model::Intervals{}).computeKnown);
        // no kernel and no collective in the step: its communication was not measured either (cpu_only's
        // gloo:all_reduce is host work), so "—", never a claimed 0
        const StepPhases none = measureStep(steps.steps(0)[0], RankKernels(), model::Intervals{});
        QVERIFY(!none.computeKnown);
        QVERIFY(!none.commKnown);
        QVERIFY(measureStep(steps.steps(0)[0], one, model::Intervals{})
                    .commKnown); // a device that ran no collective: 0
    }

    void concurrentWaitsCountOnceAndStayInTheStep() {
        // step [50 000, 60 000): a Receive waits [51 000, 55 000) while a Send on another stream waits
        // [53 000, 56 000) — 5 µs of waiting, not 7; a third wait [59 000, 62 000) runs 2 µs into the next
        // step, which is not this step's time
        StepRow r = row(3, 10'000);
        r.startNs = 50'000;
        addBlame(r, {{4'000, std::nullopt, "Receive-op1"}, {3'000, std::nullopt, "Send-op2"}},
                 {{false, 51'000, 4'000}, {false, 53'000, 3'000}, {false, 59'000, 3'000}});
        QCOMPARE(r.wait, int64_t(5'000 + 1'000));
        QVERIFY(r.wait <= r.wall);
    }

    void blameAddsWaitsAndTheGapBeforeTheStep() {
        StepRow r = row(2, 10'000);
        r.startNs = 50'000;
        r.idle = 1'000;
        r.source = "events";
        // a point-to-point op with the longest wait has no late rank: the late rank is that collective's
        // (none)
        addBlame(r, {{300, 4, "AllReduce-op1"}, {900, std::nullopt, "Send-op2"}, {100, 5, "AllReduce-op3"}},
                 {{false, 50'100, 300}, {false, 55'000, 900}, {true, 42'000, 9'000}});
        QCOMPARE(r.wait, int64_t(1200));
        QCOMPARE(r.idleGap, int64_t(9'000));
        QCOMPARE(r.wall, int64_t(18'000)); // 8 µs of the gap lay before the step's start
        QCOMPARE(r.idle, int64_t(9'000));
        QCOMPARE(QString::fromStdString(r.biggestCollective), QString("Send-op2"));
        QVERIFY(!r.lateRank);
        // the shipped breakdown's idle is its own
        StepRow s = row(2, 10'000);
        s.startNs = 50'000;
        s.idle = 1'000;
        s.source = "step_trace_time";
        addBlame(s, {}, {{true, 42'000, 9'000}});
        QCOMPARE(s.wall, int64_t(18'000));
        QCOMPARE(s.idle, int64_t(1'000));
    }

    void outliersByMedianAndMad() {
        AnalysisOptions opts;
        std::vector<StepRow> rows;
        for (int i = 0; i < 20; ++i)
            rows.push_back(row(i, 100'000'000 + (i % 5) * 100'000, 80'000'000)); // 100–100.4 ms
        rows[7].wall = 130'000'000;                                              // +30 % wall, +30 ms compute
        rows[7].compute = 110'000'000;
        rows[9].wall = 103'000'000; // robustly far, but within 20 % of the median: not an outlier
        const OutlierJudge judge(rows, opts);
        std::vector<int64_t> out;
        for (auto& r : rows)
            if (judge.isOutlier(r)) out.push_back(r.step);
        QCOMPARE(out, std::vector<int64_t>{7});
        QCOMPARE(int64_t(judge.medianWall()), int64_t(100'200'000));
        const model::StepCause c = judge.cause(rows[7], 3);
        QCOMPARE(c.kind, model::StepCauseKind::Compute);
        QCOMPARE(c.ns, int64_t(30'000'000));
        QCOMPARE(QString::fromStdString(model::stepCauseText(c)), QString("compute grew by 30.0 ms"));
    }

    void typicalWallIsAStepThatHappened() {
        // four steps of 100, 110, 120 and 500 ms: the judge weighs the median 115 ms, but "typical" in a
        // finding is 110 ms, a step that happened (walk 8: a mean of two steps read as a step)
        AnalysisOptions opts;
        std::vector<StepRow> rows;
        for (int64_t ms : {120, 100, 500, 110})
            rows.push_back(row(int(rows.size()), ms * 1'000'000, ms * 800'000));
        const OutlierJudge judge(rows, opts);
        QCOMPARE(int64_t(judge.medianWall()), int64_t(115'000'000));
        QCOMPARE(int64_t(judge.typicalWall()), int64_t(110'000'000));
    }

    void outlierWaitNamesTheLateRank() {
        AnalysisOptions opts;
        std::vector<StepRow> rows;
        for (int i = 0; i < 10; ++i)
            rows.push_back(row(i, 10'000'000, 8'000'000, 1'000'000));
        rows[4].wall = 30'000'000;
        rows[4].wait = 21'000'000;
        rows[4].lateRank = 6;
        rows[4].biggestCollective = "hcom_allReduce__1_4_1";
        const OutlierJudge judge(rows, opts);
        QVERIFY(judge.isOutlier(rows[4]));
        const model::StepCause c = judge.cause(rows[4], 2);
        QCOMPARE(c.kind, model::StepCauseKind::WaitedForRank);
        QCOMPARE(
            QString::fromStdString(model::stepCauseText(c)),
            QString("waited 20.0 ms longer than usual in hcom_allReduce__1_4_1 for rank 6 (arrived last)"));
        // the late rank's own step: its device idled before the collective
        rows[4].wait = 1'000'000;
        rows[4].idleGap = 19'000'000;
        rows[4].lateRank = 2;
        const model::StepCause own = OutlierJudge(rows, opts).cause(rows[4], 2);
        QCOMPARE(
            QString::fromStdString(model::stepCauseText(own)),
            QString("device idle 19.0 ms before hcom_allReduce__1_4_1 (this rank arrived last; the others "
                    "waited)"));
    }

    void aRankWithoutKernelsIsNeverSaidToIdleMore() {
        // a host-only rank: 10 steps of 10 ms with 4 ms of communication, so 6 ms outside it (its `idle`
        // as measured without kernels); step 4 lasts 20 ms, 5 ms of it communicating: 16 ms outside
        AnalysisOptions opts;
        std::vector<StepRow> rows;
        for (int i = 0; i < 10; ++i) {
            StepRow r = row(i, 10'000'000);
            r.computeKnown = false;
            r.comm = r.notOverlapped = 4'000'000;
            r.idle = 6'000'000;
            rows.push_back(r);
        }
        rows[4].wall = 20'000'000;
        rows[4].comm = rows[4].notOverlapped = 5'000'000;
        rows[4].idle = 15'000'000;
        const OutlierJudge judge(rows, opts);
        QVERIFY(judge.isOutlier(rows[4]));
        const model::StepCause c = judge.cause(rows[4], 1);
        QCOMPARE(c.kind, model::StepCauseKind::OutsideCommunication); // not "idle time grew by 9.00 ms"
        QCOMPARE(c.ns, int64_t(15'000'000 - 6'000'000));
        QCOMPARE(QString::fromStdString(model::stepCauseText(c)),
                 QString("time outside communication grew by 9.00 ms (no device kernel recorded says whether "
                         "computing or idle)"));
        // when communication grew most, that is the cause, and never compute (0 here, not measured)
        rows[4].comm = rows[4].notOverlapped = 14'000'000;
        rows[4].idle = 6'000'000;
        QCOMPARE(OutlierJudge(rows, opts).cause(rows[4], 1).kind, model::StepCauseKind::Communication);
    }

    void fewStepsAreNeverOutliers() {
        AnalysisOptions opts;
        const std::vector<StepRow> three{row(0, 10), row(1, 10), row(2, 1000)};
        QVERIFY(OutlierJudge(three, opts).isOutlier(three[2]));
        const std::vector<StepRow> two{row(0, 10), row(2, 1000)};
        QVERIFY(!OutlierJudge(two, opts).isOutlier(two[1]));
    }
};

QTEST_GUILESS_MAIN(TstStepStages)
#include "tst_stepstages.moc"
