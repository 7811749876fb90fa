// The Details panel's duration histogram ends its axis near p99 so one outlier does not squash the rest;
// the kernels past the axis are counted apart with the longest one's duration, never put in the last bin
// (walk15b #3: text/level1's 357.4 µs MatMulV2 kernel was drawn at ~285 µs on a 0–300 µs axis). The trace
// here: 198 gemm kernels of 100…109 µs and two of 357 µs, so the expected figures are the trace's own.
#include "core/query/analysisqueries.h"
#include "tests/support/testsupport.h"

#include <QtTest>
#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <numeric>

using namespace rs;

namespace {
std::string trace() {
    std::string ev;
    auto add = [&](int64_t ts, int64_t dur) {
        ev += (ev.empty() ? "" : ",\n") +
              std::string("{\"ph\":\"X\",\"cat\":\"kernel\",\"name\":\"gemm\",\"pid\":0,"
                          "\"tid\":7,\"ts\":") +
              std::to_string(ts) + ",\"dur\":" + std::to_string(dur) + "}";
    };
    int64_t ts = 1700000000000000;
    for (int i = 0; i < 198; ++i, ts += 500)
        add(ts, 100 + i % 10);
    add(ts, 357);
    add(ts + 500, 357);
    return "{\"distributedInfo\":{\"backend\":\"nccl\",\"rank\":0,\"world_size\":1},\"traceEvents\":[" + ev +
           "]}";
}
} // namespace

class TstDurationHistogram : public QObject {
    Q_OBJECT
  private Q_SLOTS:
    void kernelsPastTheAxisAreCountedApart() {
        const std::string dir = test::tempDir("duration-histogram");
        test::writeFile(dir + "/trace.json", trace());
        auto ix = test::indexDir(dir);
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        const query::Histogram h = query::loadDurationHistogram(*ix.db, "gemm", 0);
        QVERIFY(!h.counts.empty());
        QVERIFY2(h.edgesNs.back() < 357000, qPrintable(QString::number(h.edgesNs.back())));
        QCOMPARE(std::accumulate(h.counts.begin(), h.counts.end(), int64_t(0)), int64_t(198));
        QCOMPARE(h.overflowCount, int64_t(2));
        QCOMPARE(h.overflowMaxNs, int64_t(357000));
        // the axis holds every one of the 198 (the longest, 109 µs, at or below its end)
        QVERIFY2(h.edgesNs.back() >= 109000, qPrintable(QString::number(h.edgesNs.back())));
    }
    void axisEndsAtTheNearestRankP99() {
        // walk17a L5: demo d8's Cast on rank 3 read "over 14.2 µs (p99 …): 3 kernels up to 14.2 µs"; python
        // over its kernel_details.csv: 240 kernels, nearest-rank p99 14.199 µs, 2 longer, the longest
        // 14.213 µs (the index ⌊0.99·239⌋ took 14.198 µs and counted 3). Here the same counted in the test
        // over a smaller demo's files: every rank's Cast durations from its kernel_details.csv
        const demo::DemoOptions o = test::demoOptions(4, 10, 4);
        const std::string dir = test::tempDir("histogram-p99");
        auto ix = test::indexedDemo(dir, o);
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        const int slow = demo::demoTruth(o).slowRank;
        int checked = 0;
        for (const auto& e : std::filesystem::recursive_directory_iterator(dir)) {
            if (e.path().filename() != "kernel_details.csv") continue;
            int rank = -1; // profiler_info_<rank>.json beside ASCEND_PROFILER_OUTPUT
            for (const auto& f : std::filesystem::directory_iterator(e.path().parent_path().parent_path()))
                if (f.path().filename().string().rfind("profiler_info", 0) == 0)
                    rank = nlohmann::json::parse(std::ifstream(f.path()))["rank_id"].get<int>();
            QVERIFY(rank >= 0);
            std::vector<int64_t> d; // Duration(us), the 10th column; Type the 6th
            std::ifstream in(e.path());
            std::string line;
            std::getline(in, line);
            while (std::getline(in, line)) {
                std::vector<std::string> f;
                std::string cur;
                bool quoted = false;
                for (char c : line) {
                    if (c == '"') quoted = !quoted;
                    if (c == ',' && !quoted)
                        f.push_back(cur), cur.clear();
                    else
                        cur += c;
                }
                f.push_back(cur);
                if (f.size() > 9 && f[5] == "Cast") d.push_back(std::llround(std::stod(f[9]) * 1000));
            }
            std::sort(d.begin(), d.end());
            QVERIFY(d.size() > 100);
            const int64_t p99 = d[size_t(std::ceil(0.99 * double(d.size()))) - 1];
            const auto longer = std::count_if(d.begin(), d.end(), [&](int64_t v) { return v > p99; });
            const query::Histogram h = query::loadDurationHistogram(*ix.db, "Cast", rank);
            QCOMPARE(h.p99Ns, p99);
            if (rank ==
                slow) { // twice the others' time: the ranks' median is far below, the axis ends at p99
                QCOMPARE(h.edgesNs.back(), p99);
                QCOMPARE(h.overflowCount, int64_t(longer));
                QCOMPARE(h.overflowMaxNs, d.back());
            }
            const int64_t edge = h.edgesNs.back();
            QCOMPARE(h.overflowCount,
                     int64_t(std::count_if(d.begin(), d.end(), [&](int64_t v) { return v > edge; })));
            ++checked;
        }
        QCOMPARE(checked, 4);
    }
    void ranksMedianIsTheMedianOfTheRanksMedians() {
        // walk17b #7: text/level1's MatMulV2 on rank 1 drew "ranks' median, same kernels 49.0 µs", below both
        // ranks' medians (rank 1's median ÷ its same-kernels ratio 1.042). Python over the two
        // kernel_details.csv (Type MatMulV2, 8 kernels each, names Mm × 5 and Addmm × 3 on both): lower
        // medians (core/model/median.h, the 4th of 8) 45.921 and 44.721 µs, their lower median 44.721 µs
        const std::string samples = test::samplesDir();
        if (samples.empty()) QSKIP("../shared/samples is not present");
        auto ix = test::indexDir(samples + "/msinsight/test/data/pytorch/text/level1");
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        for (int rank : {0, 1}) {
            const query::Histogram h = query::loadDurationHistogram(*ix.db, "MatMulV2", rank);
            QCOMPARE(h.medianNs, rank == 0 ? int64_t(45921) : int64_t(44721));
            QCOMPARE(h.ranksMedianNs, int64_t(44721));
            QCOMPARE(h.ranksCounted, 2);
            QVERIFY(!h.mixesDiffer); // both ranks ran both names
        }
        // test_data's Cast: rank 0 ran trans_Cast_5 / trans_Cast_15 that rank 1 did not (python as above)
        auto td = test::indexDir(samples + "/msinsight/server/src/test/test_data");
        QVERIFY2(td.result.ok, td.result.error.c_str());
        QVERIFY(query::loadDurationHistogram(*td.db, "Cast", 1).mixesDiffer);
    }
};

QTEST_MAIN(TstDurationHistogram)
#include "tst_durationhistogram.moc"
