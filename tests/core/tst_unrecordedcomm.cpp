// A legacy MindSpore step trace whose communication columns are all zero for some steps (mindinsight
// profiler/ rank 10, steps 21–40) left them unrecorded: the steps' communication is not known (NULL, "—"),
// never "0 ns"; its preparing is the producer's iteration_interval (start_point to fp_point), not the
// first event's offset nor 0. Expected values from the inputs read apart (Python's csv module over
// step_trace_raw_10_detail_time.csv: steps 21–40 have every stream_* column 0, steps 1–20 do not; step 21's
// iteration_interval is 9026239 ticks = 90262390 ns; steps 21–40 sum to 1807571960 ns).
#include "core/query/analysisqueries.h"
#include "core/query/report.h"
#include "tests/support/testsupport.h"
#include "views/tables/stepsmodel.h"

#include <QtTest>

using namespace rs;

namespace {

const char* kHeader =
    "step_num,start_point,end_point,total,fp_point,bp_point,iteration_interval,fp_and_bp,tail,"
    "stream_36_0_AllReduce-op1_start_point,stream_36_0_AllReduce-op1_end_point,"
    "stream_36_0_AllReduce-op1\n";

QStringList qlist(const std::vector<std::string>& v) {
    QStringList out;
    for (const auto& s : v)
        out << QString::fromStdString(s);
    return out;
}

} // namespace

class TstUnrecordedComm : public QObject {
    Q_OBJECT
  private Q_SLOTS:
    void allZeroCommColumnsAreNotKnown() {
        // ticks of 10 ns: steps of 1 ms; step 1 and 2 record a 100 µs AllReduce, step 3 leaves it all zero
        const std::string dir = test::tempDir("unrecorded-comm");
        test::writeFile(dir + "/profiler/step_trace_raw_0_detail_time.csv",
                        std::string(kHeader) +
                            "1,100000000,100100000,100000,100000000,100050000,0,1,2,"
                            "100060000,100070000,10000\n"
                            "2,100100000,100200000,100000,100120000,100150000,20000,1,2,"
                            "100160000,100170000,10000\n"
                            "3,100200000,100300000,100000,100230000,100250000,30000,1,2,0,0,0\n");
        auto ix = test::indexDir(dir);
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        // comm: 10000 ticks = 100 µs; preparing = iteration_interval × 10 ns (0, 200 µs, 300 µs); no kernel
        // is recorded, so what of the communication overlapped compute is not known (NULL, walk 25)
        QCOMPARE(
            qlist(ix.rows("SELECT step, comm_ns, comm_overlapped_ns, comm_not_overlapped_ns, preparing_ns "
                          "FROM step_stat ORDER BY step")),
            (QStringList{"1|100000|NULL|100000|0", "2|100000|NULL|100000|200000",
                         "3|NULL|NULL|NULL|300000"}));
        const auto rows = query::loadStepRows(*ix.db);
        QCOMPARE(rows.size(), size_t(3));
        QVERIFY(!rows[2].commNs);
        QCOMPARE(rows[1].commNs.value_or(-1), int64_t(100000));

        views::StepsModel m;
        m.setRun({}, {});
        m.setRows(std::make_shared<const std::vector<query::StepRow>>(rows));
        const auto comm = [&](int row, int role) {
            return m.data(m.index(row, views::StepsModel::Comm), role);
        };
        QCOMPARE(comm(2, Qt::DisplayRole).toString(), QStringLiteral("—"));
        QCOMPARE(comm(2, Qt::UserRole).toLongLong(), qint64(-1)); // sorts below every measured one
        QVERIFY(comm(2, Qt::ToolTipRole).toString().contains("not known"));
        QVERIFY(comm(1, Qt::DisplayRole).toString() != QStringLiteral("—"));
    }
    void runZeroCountsNoCommOutsideItsStep() {
        // ascend_timeline_display_0.json holds 3 events in 0–6.043 s and no collective; rank 0's
        // step_trace_raw_0 collectives (450–452.5 s) read "comm 107 ms" in a whole-trace step over those 3
        // events (walk17b #2). Its step trace's communication lies with its steps, so the steps are its
        // clock now: 20 steps (the file's rows 1-20), no step of the timeline's 6.04 s. The report's step
        // heading: rank 10 has 40 steps (step_trace_raw_10_detail_time.csv: 40 rows; 39 steady), the others
        // 20, 1 and a whole trace.
        const std::string samples = test::samplesDir();
        if (samples.empty()) QSKIP("../shared/samples not present");
        auto ix = test::indexDir(samples + "/mindinsight/tests/utils/resource/profiler");
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        QCOMPARE(ix.scalar("SELECT count(*) FROM step_stat WHERE wall_ns BETWEEN 6042000000 AND 6043000000"),
                 int64_t(0));
        QCOMPARE(ix.scalar("SELECT count(*) FROM step_stat s JOIN ranks k USING(rank) WHERE k.data_rank = 0 "
                           "AND k.source = 'mindspore-legacy'"),
                 int64_t(20));
        const std::string text = query::formatReport(query::buildReport(*ix.db, 5), 5);
        QVERIFY2(text.find("each rank's 40 steps") == std::string::npos, text.c_str());
        QVERIFY2(text.find("Steps (median (lower middle) / p95 wall time of each rank's steady steps (the "
                           "warm-up left out)):") != std::string::npos,
                 text.c_str());
        QVERIFY2(text.find("rank 10 (run 0): 39 steady steps: 131 ms / 131 ms") != std::string::npos,
                 text.c_str());
    }
    void mindinsightRank10() {
        const std::string samples = test::samplesDir();
        if (samples.empty()) QSKIP("../shared/samples not present");
        auto ix = test::indexDir(samples + "/mindinsight/tests/utils/resource/profiler");
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        // rank 10 is the only one of the folder with 40 legacy steps
        const std::string rank = "(SELECT rank FROM step_stat GROUP BY rank HAVING count(*) = 40)";
        QCOMPARE(ix.scalar("SELECT count(*) FROM step_stat WHERE comm_ns IS NULL AND rank = " + rank),
                 int64_t(20));
        QCOMPARE(ix.scalar("SELECT min(step) FROM step_stat WHERE comm_ns IS NULL AND rank = " + rank),
                 int64_t(21));
        QCOMPARE(ix.scalar("SELECT count(*) FROM step_stat WHERE comm_ns IS NULL AND step < 21 AND rank = " +
                           rank),
                 int64_t(0));
        QCOMPARE(ix.scalar("SELECT preparing_ns FROM step_stat WHERE step = 21 AND rank = " + rank),
                 int64_t(90262390));
        QCOMPARE(ix.scalar("SELECT sum(preparing_ns) FROM step_stat WHERE step >= 21 AND rank = " + rank),
                 int64_t(1807571960));
    }
};

QTEST_MAIN(TstUnrecordedComm)
#include "tst_unrecordedcomm.moc"
