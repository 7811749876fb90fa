// The default run of a folder of several (core/index/defaultrun.h): the run that holds the most — ranks,
// then steps, then spans — never the earliest start, since the runs may be on clocks the data does not
// relate; and the summary the app and the report show says why that run (walk 25: mindinsight's profiler
// folder opened on run 0, its own clock from 0 ns and almost nothing in it).
#include "core/index/defaultrun.h"
#include "core/query/timelinequery.h"
#include "tests/support/testsupport.h"

#include <QtTest>

using namespace rs;

namespace {

/// A Kineto trace of one rank of a `world`-rank job: `steps` 10 ms ProfilerSteps from `t0Us`, one kernel
/// each.
std::string kineto(int world, int64_t t0Us, int steps) {
    std::string ev;
    for (int s = 0; s < steps; ++s) {
        const std::string start = std::to_string(t0Us + s * 10000);
        ev += std::string(ev.empty() ? "" : ",\n") +
              "{\"ph\":\"X\",\"cat\":\"user_annotation\",\"name\":\"ProfilerStep#" + std::to_string(s) +
              "\",\"pid\":1,\"tid\":1,\"ts\":" + start + ",\"dur\":10000},\n" +
              "{\"ph\":\"X\",\"cat\":\"kernel\",\"name\":\"gemm\",\"pid\":0,\"tid\":7,\"ts\":" + start +
              ",\"dur\":8000}";
    }
    return "{\"distributedInfo\":{\"backend\":\"nccl\",\"rank\":0,\"world_size\":" + std::to_string(world) +
           "},\"traceEvents\":[" + ev + "]}";
}

} // namespace

Q_DECLARE_METATYPE(std::vector<rs::index::RunHolding>)

class TstDefaultRun : public QObject {
    Q_OBJECT
  private Q_SLOTS:
    void theRunHoldingMostNotTheEarliest() {
        // a 1-step run on its own clock from 0 and a 4-step run at epoch time: both one rank; the first
        // starts earlier on paper, the second holds more
        const std::string dir = test::tempDir("defaultrun-clocks");
        test::writeFile(dir + "/own_clock.json", kineto(1, 0, 1));
        test::writeFile(dir + "/epoch.json", kineto(2, 1700000000000000, 4));
        auto ix = test::indexDir(dir);
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        const int early = int(ix.scalar("SELECT run_id FROM run ORDER BY start_ns LIMIT 1"));
        const int full = int(ix.scalar("SELECT run_id FROM run WHERE world_size = 2"));
        QVERIFY(early != full);
        QCOMPARE(index::defaultRunId(*ix.db), full);
        const query::ProfileSummary s = query::loadSummary(*ix.db);
        QCOMPARE(s.run, full);
        QCOMPARE(s.runWhy, std::string("the one with the most rank-steps, 4, of the 2 runs with 1 rank"));
        // a run asked for is shown with no reason of the rule's
        QCOMPARE(query::loadSummary(*ix.db, early).runWhy, std::string());
    }
    void whyNamesTheMeasureThatDecided_data() {
        QTest::addColumn<std::vector<index::RunHolding>>("runs");
        QTest::addColumn<int>("chosen");
        QTest::addColumn<QString>("why");
        using R = std::vector<index::RunHolding>;
        QTest::newRow("ranks") << R{{0, 2, 9, 9}, {1, 4, 1, 1}} << 1 << "the one with the most ranks, 4";
        QTest::newRow("steps") << R{{0, 1, 1, 3}, {1, 1, 40, 80}, {2, 1, 1, 2}, {3, 1, 1, 1049}} << 1
                               << "the one with the most rank-steps, 40, of the 4 runs with 1 rank";
        QTest::newRow("spans")
            << R{{0, 2, 5, 3}, {1, 2, 5, 30}, {2, 1, 9, 99}} << 1
            << "the one with the most spans, 30, of the 2 runs with 2 ranks and 5 rank-steps";
        QTest::newRow("tie") << R{{0, 1, 0, 2}, {1, 1, 0, 2}, {2, 1, 0, 2}} << 0
                             << "runs 0, 1 and 2 hold alike (1 rank, 0 rank-steps and 2 spans): the first";
        QTest::newRow("another") << R{{0, 1, 0, 2}, {1, 2, 0, 2}} << 0 << "as chosen";
    }
    void whyNamesTheMeasureThatDecided() {
        QFETCH(std::vector<index::RunHolding>, runs);
        QFETCH(int, chosen);
        QFETCH(QString, why);
        QCOMPARE(QString::fromStdString(index::defaultRunWhy(runs, chosen)), why);
    }
    void mindinsightProfilerOpensOnItsStepRun() {
        // 3 runs: the legacy ranks 0 and 10 (their step traces share a clock; step_trace_raw_10 holds 40
        // steps, its rows numbered 1-40 and an average row "-"), the Chrome trace and the CANN device, one
        // rank each: the legacy run, by its ranks
        const std::string samples = test::samplesDir();
        if (samples.empty()) QSKIP("../shared/samples is absent");
        qputenv("XDG_CACHE_HOME", QByteArray::fromStdString(test::tempDir("defaultrun-cache")));
        auto ix = test::indexDir(samples + "/mindinsight/tests/utils/resource/profiler");
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        const int stepRun = int(ix.scalar("SELECT run_id FROM rank_info WHERE rank = 10"));
        QCOMPARE(index::defaultRunId(*ix.db), stepRun);
        QCOMPARE(query::loadSummary(*ix.db).runWhy, std::string("the one with the most ranks, 2"));
    }
};

QTEST_MAIN(TstDefaultRun)
#include "tst_defaultrun.moc"
