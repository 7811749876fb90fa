// A collided rank key in the diagnostics the app shows (query::loadSummary → File ▸ Diagnostics): stored as
// "rank 10000", shown as "rank 0 (index key 10000)" as `info` and the report name it (walk 27: the dialog's
// File column said "rank 10000"). The fixture is tst_cli's: a legacy rank 0 (a step trace on another clock
// than its timeline's one op) beside a larger Kineto rank 0 that keeps key 0.
#include "core/query/collidedranknames.h"
#include "core/query/timelinequery.h"
#include "tests/support/testsupport.h"

#include <QtTest>

using namespace rs;

class TstCollidedRankNames : public QObject {
    Q_OBJECT
  private Q_SLOTS:
    void theDiagnosticsNameACollidedRankByItsNumber() {
        const std::string dir = test::tempDir("collided-names");
        test::writeFile(dir + "/step_trace_raw_0_detail_time.csv",
                        "step_num,start_point,end_point,total,fp_point,bp_point,iteration_interval,fp_and_bp,"
                        "tail\n1,45000000000,45000100000,100000,45000010000,45000080000,0,70000,20000\n"
                        "2,45000100000,45000200000,100000,45000110000,45000180000,0,70000,20000\n");
        test::writeFile(dir + "/ascend_timeline_display_0.json",
                        "[{\"name\": \"AssignAdd-op1\", \"ph\": \"X\", \"tid\": \"519\", \"ts\": 1000.0, "
                        "\"dur\": 3.1, \"pid\": 1}]");
        std::string events;
        for (int i = 0; i < 40; ++i)
            events += std::string(i ? "," : "") +
                      "{\"ph\":\"X\",\"cat\":\"kernel\",\"name\":\"gemm\",\"pid\":0," +
                      "\"tid\":7,\"ts\":" + std::to_string(1700000000000000 + i * 1000) + ",\"dur\":500}";
        test::writeFile(dir + "/kineto/rank-0.pt.trace.json",
                        "{\"distributedInfo\":{\"rank\":0,\"world_size\":1},\"traceEvents\":[" + events +
                            "]}");
        auto ix = test::indexDir(dir);
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        // the key the legacy rank got, and the name it is shown by
        const auto names = query::collidedRankNames(*ix.db);
        QCOMPARE(names.size(), size_t(1));
        QCOMPARE(names.begin()->first, int64_t(10000));
        QCOMPARE(names.begin()->second, std::string("0 (index key 10000)"));
        const query::ProfileSummary s = query::loadSummary(*ix.db);
        int warnings = 0;
        for (const auto& d : s.diagnostics) {
            QVERIFY2(d.file.find("rank 10000") == std::string::npos, d.file.c_str());
            QVERIFY2(d.what.find("rank 10000") == std::string::npos, d.what.c_str());
            if (d.severity == "warning" && d.file == "rank 0 (index key 10000)") ++warnings;
        }
        QCOMPARE(warnings, 1); // its clock warning, under the name
    }
};

QTEST_GUILESS_MAIN(TstCollidedRankNames)
#include "tst_collidedranknames.moc"
