// The per-step heatmaps' ratios (core/query/analysisqueries.h): the op × step grid's to the op type's
// median step on the rank, the rank × step grid's to the step's median over ranks. Both are the lower
// median (core/model/median.h), a cell's own mean, as the op × rank grid's reference is since r51a: of two
// ranks or two steps the midway median made them read 0.67× and 1.33×, no cell at the 1.00× the legend
// centres on (r52c). Hand-made Kineto traces whose kernel durations are the expected values.
#include "core/query/analysisqueries.h"
#include "tests/support/testsupport.h"

#include <QtTest>

using namespace rs;

namespace {
/// A Kineto trace of rank `rank` of 2 with one 10 ms ProfilerStep per entry of `gemmUs`, each holding one
/// "gemm" kernel of that many µs.
std::string trace(int rank, const std::vector<int64_t>& gemmUs) {
    std::string ev;
    const int64_t t0 = 1700000000000000;
    for (size_t s = 0; s < gemmUs.size(); ++s) {
        const std::string start = std::to_string(t0 + int64_t(s) * 10000);
        if (!ev.empty()) ev += ",\n";
        ev += "{\"ph\":\"X\",\"cat\":\"user_annotation\",\"name\":\"ProfilerStep#" + std::to_string(s) +
              "\",\"pid\":1,\"tid\":1,\"ts\":" + start + ",\"dur\":10000},\n";
        ev += "{\"ph\":\"X\",\"cat\":\"kernel\",\"name\":\"gemm\",\"pid\":0,\"tid\":7,\"ts\":" + start +
              ",\"dur\":" + std::to_string(gemmUs[s]) + "}";
    }
    std::string out = "{\"distributedInfo\":{\"backend\":\"nccl\",\"rank\":";
    out.append(std::to_string(rank)).append(",\"world_size\":2},\"traceEvents\":[").append(ev).append("]}");
    return out;
}

/// The present cells' ratios of `h` as "row|column|ratio" (ratio to 3 decimals).
std::vector<std::string> ratios(const query::HeatmapData& h) {
    std::vector<std::string> out;
    for (size_t r = 0; r < h.rows.size(); ++r)
        for (size_t c = 0; c < h.columns.size(); ++c)
            if (h.cells[r][c].present)
                out.push_back(h.rows[r] + "|" + h.columns[c] + "|" +
                              QString::number(h.cells[r][c].ratio, 'f', 3).toStdString());
    return out;
}
} // namespace

class TstStepHeatmaps : public QObject {
    Q_OBJECT
    test::Indexed m_ix;
  private Q_SLOTS:
    void initTestCase() {
        // rank 0: gemm 1 ms in step 0, 3 ms in step 1; rank 1: 2 ms in both
        const std::string dir = test::tempDir("stepheatmaps");
        test::writeFile(dir + "/rank-0.pt.trace.json", trace(0, {1000, 3000}));
        test::writeFile(dir + "/rank-1.pt.trace.json", trace(1, {2000, 2000}));
        m_ix = test::indexDir(dir);
        QVERIFY2(m_ix.result.ok, m_ix.result.error.c_str());
    }
    void opByStepIsToTheLowerMedianStep() {
        // rank 0's steps: 1 ms and 3 ms, the lower median 1 ms (midway, 2 ms, made them 0.500 and 1.500)
        const auto h = query::loadOpStepHeatmap(*m_ix.db, 0);
        const std::vector<std::string> want{"gemm|step 0|1.000", "gemm|step 1|3.000"};
        QCOMPARE(ratios(h), want);
    }
    void rankByStepIsToTheStepsLowerMedianOverRanks() {
        // step 0: 1 ms and 2 ms, reference 1 ms; step 1: 3 ms and 2 ms, reference 2 ms (midway: 1.5 ms and
        // 2.5 ms, 0.667 / 1.333 and 1.200 / 0.800)
        const auto h = query::loadRankStepHeatmap(*m_ix.db, "gemm");
        const std::vector<std::string> want{"rank 0|step 0|1.000", "rank 0|step 1|1.500",
                                            "rank 1|step 0|2.000", "rank 1|step 1|1.000"};
        QCOMPARE(ratios(h), want);
    }
};

QTEST_GUILESS_MAIN(TstStepHeatmaps)
#include "tst_stepheatmaps.moc"
