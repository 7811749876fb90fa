// Lanes in natural order (core/model/naturalorder.h, core/query/timelinequery loadLanes): "Stream 6" before
// "Stream 10". The walk of cluster_propose listed Stream 10 … 50, then 6, 7, 8, 9. Expected orders are the
// stream numbers of the input sorted as integers (Python: sorted([10, 6, 48, 7, 9], key=int)).
#include "core/model/naturalorder.h"
#include "core/query/timelinequery.h"
#include "tests/support/testsupport.h"

#include <QtTest>

using namespace rs;

class TstNaturalOrder : public QObject {
    Q_OBJECT
  private Q_SLOTS:
    void naturalLess_data() {
        QTest::addColumn<QString>("a");
        QTest::addColumn<QString>("b");
        QTest::addColumn<bool>("less");
        QTest::newRow("6 < 10") << "Stream 6"
                                << "Stream 10" << true;
        QTest::newRow("10 > 6") << "Stream 10"
                                << "Stream 6" << false;
        QTest::newRow("equal") << "Stream 6"
                               << "Stream 6" << false;
        QTest::newRow("prefix first") << "Stream"
                                      << "Stream 1" << true;
        QTest::newRow("text decides before a later number") << "Plane 9"
                                                            << "Stream 1" << true;
        QTest::newRow("second number") << "Group 2 Plane 9"
                                       << "Group 2 Plane 11" << true;
        QTest::newRow("leading zeros: same value, fewer zeros first") << "s7"
                                                                      << "s07" << true;
        QTest::newRow("leading zeros do not outweigh the value") << "s008"
                                                                 << "s9" << true;
        QTest::newRow("wider than int64") << "n99999999999999999999"
                                          << "n100000000000000000000" << true;
        QTest::newRow("number before letter as bytes") << "a1"
                                                       << "ab" << true;
    }
    void naturalLess() {
        QFETCH(QString, a);
        QFETCH(QString, b);
        QFETCH(bool, less);
        QCOMPARE(model::naturalLess(a.toStdString(), b.toStdString()), less);
    }
    void legacyStreamLanesInNumberOrder() {
        const std::string dir = test::tempDir("natural-lanes");
        // columns in the file's order 10, 6, 48, 7, 9 (cluster_propose names streams 6–50 the same way)
        std::string header = "step_num,start_point,end_point,total,fp_point,bp_point,iteration_interval,"
                             "fp_and_bp,tail";
        std::string row = "1,100000000,100500000,500000,1,2,0,3,4";
        int64_t t = 100000010;
        for (const char* s : {"10", "6", "48", "7", "9"}) {
            const std::string base = std::string("stream_") + s + "_0_AllReduce-op" + s;
            header += "," + base + "_start_point," + base + "_end_point," + base;
            row += "," + std::to_string(t) + "," + std::to_string(t + 5) + ",5";
            t += 10;
        }
        test::writeFile(dir + "/profiler/step_trace_raw_0_detail_time.csv", header + "\n" + row + "\n");
        auto ix = test::indexDir(dir);
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        const query::ProfileSummary s = query::loadSummary(*ix.db);
        QStringList names;
        for (const auto& tr : s.tracks)
            if (tr.kind == "communication") names << QString::fromStdString(tr.name);
        QCOMPARE(names, (QStringList{"Stream 6", "Stream 7", "Stream 9", "Stream 10", "Stream 48"}));
    }
};

QTEST_GUILESS_MAIN(TstNaturalOrder)
#include "tst_naturalorder.moc"
