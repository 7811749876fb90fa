// The analysis pass memory_sessions (core/analysis/memorysessions.h) over a hand-made rank: its kernels
// start at 10^15 µs (2001-09-09) and span 10 ms, so a memory record more than an hour from them is of
// another session (sessionwindow.h). Which records are kept, and the diagnostic of each file, worked out by
// hand.
#include "tests/support/testsupport.h"

#include <QtTest>

using namespace rs;

class TstMemorySessions : public QObject {
    Q_OBJECT
  private Q_SLOTS:
    void samplesOfAnotherSessionAreLeftOutAndSaid() {
        const std::string root = test::tempDir("memorysessions") + "/prof";
        const std::string out = root + "/rank_0_ascend_pt/ASCEND_PROFILER_OUTPUT/";
        test::writeFile(out + "kernel_details.csv", "Device_id,Name,Type,Start Time(us),Duration(us)\n"
                                                    "0,MatMul_1,MatMul,1000000000000000,5000\n"
                                                    "0,MatMul_2,MatMul,1000000000005000,5000\n");
        // PTA at +5 ms (kept) and +40 days (3 456 000 s = 3.456e12 µs: left out)
        test::writeFile(out + "memory_record.csv",
                        "Component,Timestamp(us),Total Allocated(MB),Total Reserved(MB),Device Type\n"
                        "PTA,1000000000005000,1,2,NPU:0\n"
                        "PTA,1003456000000000,1,2,NPU:0\n");
        // SLOG at +1 s (within the hour: kept) and +30 days (2.592e12 µs); APP 2 days (1.728e11 µs) before
        // the first kernel
        test::writeFile(out + "npu_module_mem.csv", "Component,Timestamp(us),Total Reserved(MB),Device\n"
                                                    "SLOG,1000000001000000,0.5,NPU:0\n"
                                                    "SLOG,1002592000000000,0.5,NPU:0\n"
                                                    "APP,999827200000000,3,NPU:0\n");
        auto ix = test::indexDir(root);
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        QCOMPARE(ix.rows("SELECT component, ts_ns FROM memory_sample WHERE component NOT LIKE 'derived:%' "
                         "ORDER BY ts_ns"),
                 (std::vector<std::string>{"PTA|1000000000005000000", "module:SLOG|1000000001000000000"}));
        // one diagnostic per file the left-out samples came from: memory_record.csv's PTA at +40 days,
        // npu_module_mem.csv's SLOG at +30 days (its farthest) and APP 2 days before; days counted from the
        // window's end (+10 ms), whole days
        QCOMPARE(
            ix.rows("SELECT replace(file, '" + out +
                    "', ''), what, count, excerpt FROM diagnostic WHERE what "
                    "LIKE 'memory samples%' ORDER BY file"),
            (std::vector<std::string>{
                "memory_record.csv|memory samples recorded far from the rank's events (another profiling "
                "session?): left out of its memory|1|up to 39 days away (PTA)",
                "npu_module_mem.csv|memory samples recorded far from the rank's events (another profiling "
                "session?): left out of its memory|2|up to 29 days away (module:APP, module:SLOG)"}));
    }
    void counterSamplesOfAnotherSessionAreLeftOutAndSaid() {
        // a Chrome trace's HBM counter lane (ph C) beside kernels at 10^15 µs spanning 10 ms: its samples at
        // +5 ms (kept) and +40 days and 2 days before (left out, as memory samples are); the farthest counted
        // from the window's end (+10 ms): 39 whole days
        const std::string root = test::tempDir("memorysessions-counters");
        test::writeFile(
            root + "/rank-0.pt.trace.json",
            "{\"traceEvents\":["
            "{\"ph\":\"X\",\"cat\":\"kernel\",\"name\":\"gemm\",\"pid\":0,\"tid\":7,\"ts\":1000000000000000,"
            "\"dur\":5000},"
            "{\"ph\":\"X\",\"cat\":\"kernel\",\"name\":\"gemm\",\"pid\":0,\"tid\":7,\"ts\":1000000000005000,"
            "\"dur\":5000},"
            "{\"ph\":\"C\",\"name\":\"HBM 0\",\"pid\":0,\"ts\":1000000000005000,\"args\":{\"Read\":5}},"
            "{\"ph\":\"C\",\"name\":\"HBM 0\",\"pid\":0,\"ts\":1003456000000000,\"args\":{\"Read\":6}},"
            "{\"ph\":\"C\",\"name\":\"HBM 0\",\"pid\":0,\"ts\":999827200000000,\"args\":{\"Read\":7}}]}");
        auto ix = test::indexDir(root);
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        QCOMPARE(ix.rows("SELECT ts_ns, value FROM counter"),
                 std::vector<std::string>{"1000000000005000000|5.0"});
        QCOMPARE(
            ix.rows("SELECT file, what, count, excerpt FROM diagnostic WHERE what LIKE 'counter samples%'"),
            std::vector<std::string>{"rank 0 counter lanes|counter samples recorded far from the rank's "
                                     "events (another profiling session?): left out of its counter "
                                     "lanes|2|up to 39 days away (HBM 0/Read)"});
    }
};

QTEST_APPLESS_MAIN(TstMemorySessions)
#include "tst_memorysessions.moc"
