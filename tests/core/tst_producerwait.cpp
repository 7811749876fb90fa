// What the report's communication wait measures on an Ascend export, against the producer's own figures
// (r50b #2). msinsight's db/level1 rank 0: Python's sqlite3 over ascend_pytorch_profiler_0.db gives 112
// Notify_Wait tasks (COMMUNICATION_TASK_INFO.taskType joined to TASK) summing to 147.285 ms over planes 1-7,
// and 3.690 ms on each allReduce's plane 1 (3.5689 + 0.00006 + 0.1206 + 0.00006 ms), the sum of analysis.db
// CommAnalyzerTime.wait_time (its idle_time sums to 94.4 ms, its elapse to 102 ms); StepTraceTime gives
// 98.1 ms of Communication(Not Overlapped). The report says the wait is the first plane's, and that it is
// not the producer's Communication(Not Overlapped).
#include "core/demo/demooptions.h"
#include "core/query/report.h"
#include "tests/support/testsupport.h"

#include <QtTest>
#include <cmath>

using namespace rs;

class TstProducerWait : public QObject {
    Q_OBJECT
  private Q_SLOTS:
    void theWaitSaysWhatItMeasures() {
        const std::string samples = test::samplesDir();
        if (samples.empty()) QSKIP("../shared/samples is not present");
        auto ix = test::indexDir(samples + "/msinsight/test/data/pytorch/db/level1");
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        const auto report = query::buildReport(*ix.db, 5);
        // the first plane's tasks: 3.69 ms (Rankscope's total is 120 ns under Python's 3.689573 ms: not
        // looked into here, far below the shown digits)
        const double waitMs = double(report["comm_wait"]["total_wait_ns"].get<int64_t>()) / 1e6;
        QVERIFY2(std::abs(waitMs - 3.6896) < 0.001, qPrintable(QString::number(waitMs)));
        const QString text = QString::fromStdString(query::formatReport(report, 5));
        const QString line = text.mid(text.indexOf("Communication wait:"), 600);
        QVERIFY2(line.contains("3.69 ms"), qPrintable(line));
        QVERIFY2(
            line.contains("Notify_Wait tasks of each collective's first plane, as the producer's Wait Time"),
            qPrintable(line));
        QVERIFY2(line.contains("This is the wait alone") &&
                     line.contains("not the producer's Communication(Not Overlapped)"),
                 qPrintable(line));
    }
    void noProducerBreakdownNoNote() {
        // the demo's Kineto form has no step_trace_time: nothing to take the wait for
        const std::string dir = test::tempDir("producer-wait-demo");
        demo::DemoOptions o = test::demoOptions(2, 3, 1);
        o.format = "kineto";
        QVERIFY(test::writeDemo(dir, o).empty());
        auto ix = test::indexDir(dir);
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        QCOMPARE(query::waitVsProducerText(query::buildReport(*ix.db, 5)), std::string());
    }
};

QTEST_MAIN(TstProducerWait)
#include "tst_producerwait.moc"
