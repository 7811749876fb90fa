// The baseline record's medians over ranks and steps are lower medians (core/model/median.h): of an even
// count the smaller middle value, one a rank or a step measured, never the mean of two. A hand-made
// two-rank Kineto profile of five 10 ms steps (the first a warm-up, four steady ones) sets the op and wait
// figures, worked by hand in each row; its ranks' transfers are equal by how a Kineto wait is measured (a
// rank's duration minus the shortest rank's), so the transfer over ranks is checked on msinsight level1,
// whose two ranks' transfers differ (Python over its trace_view.json and communication.json).
#include "core/compare/baselinebuilder.h"
#include "tests/support/testsupport.h"

#include <QtTest>
#include <functional>
#include <optional>

using namespace rs;

namespace {
constexpr int64_t kT0 = 1700000000000000; // µs
constexpr int kSteps = 5;
/// Per step 0..4, how late each rank reaches the AllReduce (µs after 1 ms into the step): rank 0 is 7 ms
/// late in step 1, rank 1 is 1, 3 and 5 ms late in steps 2-4, so rank 0 waits {0, 1, 3, 5} ms in its
/// steady steps and rank 1 {7, 0, 0, 0} ms.
constexpr int64_t kLate[2][kSteps] = {{0, 7000, 0, 0, 0}, {0, 0, 1000, 3000, 5000}};
constexpr int64_t kGemmUs[2] = {100, 300}; // every gemm of the rank
constexpr int64_t kTransferUs = 10;        // the AllReduce's end after the last rank arrived

std::string event(const std::string& cat, const std::string& name, int pid, int tid, int64_t ts,
                  int64_t dur) {
    return "{\"ph\":\"X\",\"cat\":\"" + cat + "\",\"name\":\"" + name + "\",\"pid\":" + std::to_string(pid) +
           ",\"tid\":" + std::to_string(tid) + ",\"ts\":" + std::to_string(ts) +
           ",\"dur\":" + std::to_string(dur) + "}";
}

void writeProfile(const std::string& dir) {
    for (int rank = 0; rank < 2; ++rank) {
        std::string ev;
        for (int step = 0; step < kSteps; ++step) {
            const int64_t t = kT0 + step * 10000;
            const int64_t arrive = t + 1000 + kLate[rank][step];
            const int64_t last = t + 1000 + std::max(kLate[0][step], kLate[1][step]);
            ev += (step ? ",\n" : "") +
                  event("user_annotation", "ProfilerStep#" + std::to_string(step), 10, 10, t, 10000);
            ev += ",\n" + event("kernel", "gemm", 0, 7, t, kGemmUs[rank]);
            ev += ",\n" + event("kernel", "ncclKernel_AllReduce_RING_LL_Sum_float(x)", 0, 8, arrive,
                                last + kTransferUs - arrive);
        }
        test::writeFile(dir + "/rank-" + std::to_string(rank) + ".pt.trace.json",
                        "{\"distributedInfo\":{\"backend\":\"nccl\",\"rank\":" + std::to_string(rank) +
                            ",\"world_size\":2},\"traceEvents\":[" + ev + "]}");
    }
}

using Figure = std::function<double(const compare::BaselineRecord&)>;
} // namespace

Q_DECLARE_METATYPE(Figure)

class TstBaselineMedians : public QObject {
    Q_OBJECT
  private Q_SLOTS:
    void initTestCase() {
        m_dir = test::tempDir("baselinemedians");
        writeProfile(m_dir);
        const auto ix = test::indexDir(m_dir);
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        const auto built = compare::buildRecord(*ix.db);
        m_record = built.record;
        QCOMPARE(m_record.ranks.size(), size_t(2));
        QCOMPARE(m_record.step.steps, int64_t(8)); // 4 steady steps on each rank: every count below is even
    }
    void everyMedianIsOneThatHappened_data() {
        QTest::addColumn<Figure>("figure");
        QTest::addColumn<double>("expected"); // ns
        // the ranks' gemm medians 100 µs and 300 µs: the lower, not 200 µs
        QTest::newRow("op median over ranks {100, 300} µs")
            << Figure([](const auto& r) { return r.ops.at("gemm").medianNs; }) << 100e3;
        // five gemm kernels over five steps: 100 µs and 300 µs per step
        QTest::newRow("op time per step over ranks {100, 300} µs")
            << Figure([](const auto& r) { return r.ops.at("gemm").totalNsPerStep; }) << 100e3;
        // rank 0 waits 0, 1, 3, 5 ms in its steady steps: 1 ms, not 2 ms
        QTest::newRow("rank 0's wait per step {0, 1, 3, 5} ms")
            << Figure([](const auto& r) { return r.ranks.at(0).waitNsPerStep; }) << 1e6;
        // rank 1 waits 7, 0, 0, 0 ms: 0
        QTest::newRow("rank 1's wait per step {7, 0, 0, 0} ms")
            << Figure([](const auto& r) { return r.ranks.at(1).waitNsPerStep; }) << 0.0;
        // the ranks' 1 ms and 0: 0, not 0.5 ms
        QTest::newRow("wait per step over ranks {1, 0} ms")
            << Figure([](const auto& r) { return r.waitNsPerStep; }) << 0.0;
    }
    void everyMedianIsOneThatHappened() {
        QFETCH(Figure, figure);
        QFETCH(double, expected);
        QCOMPARE(figure(m_record), expected);
    }
    void transferOverRanksIsARanks_data() {
        QTest::addColumn<int>("seq");
        QTest::addColumn<double>("expected"); // ns
        // level1's step 50, hcom_allReduce__586_<seq>_1: each rank's trace_view duration minus its
        // communication.json Wait Time, each rounded to the ns; the lower of the two ranks'
        QTest::newRow("#0 {73442887, 73442847}") << 0 << 73442847.0;
        QTest::newRow("#1 {2208705, 2258426}") << 1 << 2208705.0;
        QTest::newRow("#2 {2213964, 2298746}") << 2 << 2213964.0;
        QTest::newRow("#3 {22185703, 22183883}") << 3 << 22183883.0;
    }
    void transferOverRanksIsARanks() {
        QFETCH(int, seq);
        QFETCH(double, expected);
        const std::string samples = test::samplesDir();
        if (samples.empty()) QSKIP("../shared/samples not present");
        if (!m_level1) {
            const auto ix = test::indexDir(samples + "/msinsight/test/data/pytorch/text/level1", false);
            QVERIFY2(ix.result.ok, ix.result.error.c_str());
            m_level1 = compare::buildRecord(*ix.db).record;
        }
        const auto c = m_level1->collectives.find(compare::CollectiveStat::key("hcom_allReduce_", seq));
        QVERIFY(c != m_level1->collectives.end());
        QCOMPARE(c->second.transferNsByStep, (std::map<int64_t, double>{{50, expected}}));
    }

  private:
    std::string m_dir;
    compare::BaselineRecord m_record;
    std::optional<compare::BaselineRecord> m_level1;
};

QTEST_GUILESS_MAIN(TstBaselineMedians)
#include "tst_baselinemedians.moc"
