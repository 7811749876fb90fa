// The Details panel's duration histogram ends its axis near p99 so one outlier does not squash the rest;
// the kernels past the axis are counted apart with the longest one's duration, never put in the last bin
// (walk15b #3: text/level1's 357.4 µs MatMulV2 kernel was drawn at ~285 µs on a 0–300 µs axis). The trace
// here: 198 gemm kernels of 100…109 µs and two of 357 µs, so the expected figures are the trace's own.
#include "core/query/analysisqueries.h"
#include "tests/support/testsupport.h"

#include <QtTest>
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
};

QTEST_MAIN(TstDurationHistogram)
#include "tst_durationhistogram.moc"
