// The spans behind a comparison's delta (core/compare/spanpair.h), on the two exports of one Ascend run
// (msinsight's pytorch level1: the .db as baseline, the text files as candidate). The strip must name each
// figure and show the one the row compares: for a wait delta the step's collective wait, not the
// collectives' durations, and the step's wall as the step histogram has it. Expected values come from the
// files read apart: rank 0 step 50 in analysis.db (SQL: StepTraceTime Stage 132 233.522 µs;
// CommAnalyzerTime 4 collectives, wait 3.68957 ms, elapse 102.108 ms) and in the text export (Python:
// step_trace_time.csv Stage 136 581.0 µs; communication.json 4 collectives, wait 5.941 ms, elapse
// 105.992 ms).
#include "core/compare/spanpair.h"
#include "tests/support/testsupport.h"

#include <QtTest>
#include <cmath>

using namespace rs;

class TstSpanPair : public QObject {
    Q_OBJECT
  private Q_SLOTS:
    void waitStripShowsTheWait() {
        const std::string samples = test::samplesDir();
        if (samples.empty()) QSKIP("../shared/samples not present");
        const std::string root = samples + "/msinsight/test/data/pytorch/";
        const auto b = test::indexDir(root + "db/level1", false);
        const auto c = test::indexDir(root + "text/level1", false);
        QVERIFY2(b.result.ok, b.result.error.c_str());
        QVERIFY2(c.result.ok, c.result.error.c_str());
        compare::SpanRequest q;
        q.kind = "comm_wait";
        q.dataRank = 0;
        const auto p = compare::spansOfBothRuns(*b.db, 0, *c.db, 0, q);
        struct Expected {
            double wallMs, waitMs, elapseMs;
        };
        const Expected want[2] = {{132.233522, 3.68957371875, 102.10810009375}, {136.581, 5.941, 105.992}};
        for (int i = 0; i < 2; ++i) {
            const auto& s = p.side[i];
            QVERIFY(s.found);
            QCOMPARE(s.step, int64_t(50));
            QCOMPARE(s.hits, int64_t(4));
            QVERIFY2(std::abs(double(s.wallNs) - want[i].wallMs * 1e6) < 1e3,
                     qPrintable(QString::number(s.wallNs)));
            QVERIFY2(std::abs(double(s.waitNs) - want[i].waitMs * 1e6) < 1e3,
                     qPrintable(QString::number(s.waitNs)));
            QVERIFY2(std::abs(double(s.hitNs) - want[i].elapseMs * 1e6) < 1e5,
                     qPrintable(QString::number(s.hitNs)));
        }
        const QString text = QString::fromStdString(compare::stepSpansText(p.side[1], q));
        QVERIFY2(text.startsWith("step 50 · wall 137 ms") && text.contains("collective wait 5.94 ms") &&
                     text.contains("4 collectives, 106 ms long in all"),
                 qPrintable(text));
    }
    void stripNamesTheOpFigures() {
        compare::StepSpans s;
        s.step = 7;
        s.stepNs = s.wallNs = 2'000'000;
        s.hits = 3;
        s.hitNs = 600'000;
        compare::SpanRequest q;
        q.kind = "op";
        q.opType = "MatMulV2";
        QCOMPARE(compare::stepSpansText(s, q),
                 std::string("step 7 · wall 2.00 ms · MatMulV2: 3 kernels, 600 µs in all"));
    }
};

QTEST_APPLESS_MAIN(TstSpanPair)
#include "tst_spanpair.moc"
