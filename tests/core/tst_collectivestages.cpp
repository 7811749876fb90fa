// The collective stages on hand-built arrivals: the sequencer (steps and sequence numbers), the matcher
// (pairs by run, step, identity and sequence, never across runs), the clock aligner (offsets from known
// shifted ends), the blame (the last arrival on the aligned clock, nobody in an incomplete run, inferred
// waits) and the idle gaps between a rank's kernels.
#include "core/analysis/arrivalsequencer.h"
#include "core/analysis/blame.h"
#include "core/analysis/clockaligner.h"
#include "core/analysis/collectivematcher.h"
#include "core/analysis/rankkernels.h"

#include <QtTest>
#include <set>

using namespace rs;
using namespace rs::analysis;

namespace {

/// An arrival whose identity across ranks is `identity` (the name when empty).
Arrival arrival(int rank, const std::string& name, int64_t start, int64_t dur, int64_t step = -1,
                const std::string& identity = {}) {
    Arrival a;
    a.rank = rank;
    a.name = name;
    a.identity = identity.empty() ? name : identity;
    a.startNs = start;
    a.durNs = dur;
    a.step = step;
    return a;
}

/// ranks → run; every run complete unless listed in `incomplete`.
RunMap runMap(const std::map<int, int>& runOf, const std::set<int>& incomplete = {}) {
    RunMap m;
    m.runOf = runOf;
    for (auto& [rank, run] : runOf) {
        m.dataRank[rank] = rank;
        m.complete[run] = !incomplete.count(run);
    }
    return m;
}

std::vector<std::string> keys(const ArrivalGroups& g) {
    std::vector<std::string> out;
    for (auto& [k, v] : g)
        out.push_back(k + "=" + std::to_string(v.size()));
    return out;
}

} // namespace

class TstCollectiveStages : public QObject {
    Q_OBJECT
  private Q_SLOTS:
    void sequencerNumbersPerStepAndIdentity() {
        // steps start at 0, 100, 200; two NCCL all-reduces in step 0 (one identity: numbered 0, 1), one in
        // step 1; HCCL ops named per instance keep their own numbers; a record's own step wins over its start
        const StepIndex steps(3, {{0, 0, 0, 90}, {1, 100, 100, 190}, {2, 200, 200, 290}});
        std::vector<Arrival> v{arrival(3, "ncclKernel_AllReduce_x", 50, 5, -1, "nccl:AllReduce"),
                               arrival(3, "ncclKernel_AllReduce_x", 10, 5, -1, "nccl:AllReduce"),
                               arrival(3, "ncclKernel_AllReduce_y", 120, 5, -1, "nccl:AllReduce"),
                               arrival(3, "hcom_allReduce__1_0_1", 20, 5),
                               arrival(3, "hcom_allReduce__2_0_1", 30, 5),
                               arrival(3, "AllReduce-op7", 250, 5, 1)};
        sequenceArrivals(v, steps);
        std::vector<std::string> got;
        for (auto& a : v)
            got.push_back(std::to_string(a.startNs) + ":" + std::to_string(a.step) + "|" + a.identity + "|" +
                          std::to_string(a.seq));
        QCOMPARE(got, (std::vector<std::string>{"10:0|nccl:AllReduce|0", "20:0|hcom_allReduce__1_0_1|0",
                                                "30:0|hcom_allReduce__2_0_1|0", "50:0|nccl:AllReduce|1",
                                                "120:1|nccl:AllReduce|0", "250:1|AllReduce-op7|0"}));
    }

    void matcherPairsWithinRunsOnly() {
        // ranks 0, 1 form run 0; ranks 2, 3 run 1; every rank has the same instance (step 4, seq 0)
        std::vector<Arrival> v;
        for (int r = 0; r < 4; ++r) {
            v.push_back(arrival(r, "ncclKernel_AllReduce", 1000, 10, 4));
            v.back().identity = "nccl:AllReduce";
        }
        v.push_back(arrival(1, "ncclKernel_AllReduce", 2000, 10, 4)); // a second one on rank 1: seq 1
        v.back().identity = "nccl:AllReduce";
        v.back().seq = 1;
        v.push_back(arrival(0, "ncclDevKernel_SendRecv", 3000, 10, 4)); // point-to-point: never matched
        v.back().identity = "nccl:SendRecv";
        v.back().pointToPoint = true;
        auto groups = matchArrivals(v, runMap({{0, 0}, {1, 0}, {2, 1}, {3, 1}}));
        QCOMPARE(keys(groups),
                 (std::vector<std::string>{"run0|4|nccl:AllReduce|0=2", "run0|4|nccl:AllReduce|1=1",
                                           "run1|4|nccl:AllReduce|0=2"}));
        QVERIFY(v[5].matchKey.empty());
        for (auto* a : groups["run1|4|nccl:AllReduce|0"])
            QVERIFY(a->rank == 2 || a->rank == 3);
    }

    void clockAlignerFindsShiftedEnds() {
        // three instances on ranks 0, 1, 2; rank 1's clock runs 5 µs ahead, rank 2's 3 µs behind; each
        // instance ends at one true time (jitter of ±100 ns on rank 1, which the median ignores)
        std::vector<Arrival> v;
        const int64_t ends[3] = {10'000, 20'000, 30'000};
        const int64_t jitter[3] = {100, -100, 0};
        for (int i = 0; i < 3; ++i) {
            v.push_back(arrival(0, "x", ends[i] - 1000, 1000, 0));
            v.push_back(arrival(1, "x", ends[i] + 5000 + jitter[i] - 2000, 2000, 0));
            v.push_back(arrival(2, "x", ends[i] - 3000 - 500, 500, 0));
        }
        ArrivalGroups g;
        for (int i = 0; i < 3; ++i)
            for (int r = 0; r < 3; ++r)
                g["i" + std::to_string(i)].push_back(&v[size_t(i * 3 + r)]);
        auto off = clockOffsets(g);
        QCOMPARE(off, (std::map<int, int64_t>{{0, 0}, {1, 5000}, {2, -3000}}));
        // two shared instances are not enough to estimate an offset
        g.erase("i2");
        QVERIFY(clockOffsets(g).empty());
    }

    void blameNamesTheLastArrivalOnTheAlignedClock() {
        // rank 1 starts last on its own clock, but its clock runs 50 ns ahead: on the aligned clock rank 2 is
        // last. Kineto-like: no measured waits, so each waited from its arrival to the last one (at most its
        // duration); the last one kept the others the smallest of their waits.
        std::vector<Arrival> v{arrival(0, "x", 100, 100), arrival(1, "x", 200, 40), arrival(2, "x", 180, 20)};
        ArrivalGroups g{{"k", {&v[0], &v[1], &v[2]}}};
        int64_t unknowable = blameLastArrivals(g, {{1, 50}}, runMap({{0, 0}, {1, 0}, {2, 0}}));
        QCOMPARE(unknowable, int64_t(0));
        for (auto& a : v)
            QCOMPARE(a.lastRank, std::optional<int>(2));
        QCOMPARE(v[0].waitEvents, std::optional<int64_t>(80)); // 180 − 100
        QCOMPARE(v[1].waitEvents, std::optional<int64_t>(30)); // 180 − (200 − 50)
        QCOMPARE(v[2].waitEvents, std::optional<int64_t>(0));
        QCOMPARE(v[2].lateBy, int64_t(30));
        QCOMPARE(v[0].lateBy, int64_t(0));
    }

    void blameKeepsMeasuredWaitsAndBreaksTiesByLowerRank() {
        std::vector<Arrival> v{arrival(0, "x", 100, 100), arrival(1, "x", 100, 100)};
        v[0].waitJson = 7;
        v[1].waitEvents = 9;
        ArrivalGroups g{{"k", {&v[0], &v[1]}}};
        blameLastArrivals(g, {}, runMap({{0, 0}, {1, 0}}));
        QCOMPARE(v[0].lastRank, std::optional<int>(0));
        QCOMPARE(v[0].waitEvents, std::optional<int64_t>()); // measured waits are never replaced
        QCOMPARE(v[0].lateBy, int64_t(9));
    }

    void blameNamesNobodyInAnIncompleteRun() {
        std::vector<Arrival> v{arrival(0, "x", 100, 100), arrival(1, "x", 200, 10)};
        ArrivalGroups g{{"k", {&v[0], &v[1]}}, {"alone", {&v[1]}}};
        int64_t unknowable = blameLastArrivals(g, {}, runMap({{0, 0}, {1, 0}}, {0}));
        // the instance of one arrival too: its other ranks may be the missing ones (a run of one present
        // rank had no note on its collectives)
        QCOMPARE(unknowable, int64_t(2));
        for (auto& a : v) {
            QVERIFY(!a.lastRank);
            QVERIFY(!a.waitEvents); // nothing inferred either
            QCOMPARE(a.lateBy, int64_t(0));
        }
    }

    void largestIdle_data() {
        QTest::addColumn<qint64>("from");
        QTest::addColumn<qint64>("to");
        QTest::addColumn<qint64>("start");
        QTest::addColumn<qint64>("len");
        // compute kernels [0,10) [5,30) [40,50) [80,90); a collective [50,80) is not compute
        QTest::newRow("between kernels") << qint64(0) << qint64(100) << qint64(50) << qint64(30);
        QTest::newRow("a kernel started before from covers it")
            << qint64(20) << qint64(45) << qint64(30) << qint64(10);
        QTest::newRow("busy throughout") << qint64(1) << qint64(29) << qint64(1) << qint64(0);
        QTest::newRow("to the end") << qint64(85) << qint64(200) << qint64(90) << qint64(110);
        QTest::newRow("nothing inside") << qint64(300) << qint64(400) << qint64(300) << qint64(100);
    }
    void largestIdle() {
        QFETCH(qint64, from);
        QFETCH(qint64, to);
        QFETCH(qint64, start);
        QFETCH(qint64, len);
        RankKernels k({{40, 50}, {0, 10}, {5, 30}, {80, 90}, {50, 80, 0, 0, 0, 0, false}});
        auto [s, l] = k.largestIdle(from, to);
        QCOMPARE(qint64(l), len);
        QCOMPARE(qint64(s), start);
    }

    void idleGapsRunFromThePreviousCollective() {
        // steps at 0 and 100; kernels [0,20) [60,70) [110,115); collectives at 30–40 and 90–95 (step 0) and
        // 130–140 (step 1): the first one's gap counts from its step's start, the others' from the previous
        // end
        const StepIndex steps(0, {{0, 0, 0, 99}, {1, 100, 100, 199}});
        RankKernels k({{0, 20}, {60, 70}, {110, 115}});
        std::vector<Arrival> v{arrival(0, "x", 30, 10, 0), arrival(0, "x", 90, 5, 0),
                               arrival(0, "x", 130, 10, 1)};
        measureIdleGaps(v, steps, k);
        QCOMPARE(std::make_pair(v[0].gapStartNs, v[0].gapNs), std::make_pair(int64_t(20), int64_t(10)));
        QCOMPARE(std::make_pair(v[1].gapStartNs, v[1].gapNs), std::make_pair(int64_t(40), int64_t(20)));
        // 95–110 and 115–130 are as long: the first one is kept
        QCOMPARE(std::make_pair(v[2].gapStartNs, v[2].gapNs), std::make_pair(int64_t(95), int64_t(15)));
    }

    void noComputeKernelNoIdleGap() {
        // walk 23b, cluster_propose: step traces and collectives only, no compute kernel recorded; the whole
        // stretch before each collective read as "device idle", and a rank in a pipeline Receive was told
        // stalled. Only a collective's own kernel [30,40) is on the device lanes here.
        const StepIndex steps(0, {{0, 0, 0, 99}});
        RankKernels k({{30, 40, 0, 0, 0, 0, false}});
        QVERIFY(!k.hasCompute());
        std::vector<Arrival> v{arrival(0, "x", 30, 10, 0), arrival(0, "x", 90, 5, 0)};
        measureIdleGaps(v, steps, k);
        for (const auto& a : v)
            QCOMPARE(a.gapNs, int64_t(0));
    }
};

QTEST_GUILESS_MAIN(TstCollectiveStages)
#include "tst_collectivestages.moc"
