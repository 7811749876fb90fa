// The one renderer of findings and step causes: each kind's sentence from hand-built typed fields (the
// wording the report, the CLI and the app show), and the SQL text forms of the step cause kinds.
#include "core/model/findingtext.h"

#include <QtTest>

using namespace rs;
using namespace rs::model;
using nlohmann::json;

namespace {
FindingFields fields(FindingKind kind) {
    FindingFields f;
    f.kind = kind;
    f.rank = 10003; // a second run's key for data rank 3
    f.dataRank = 3;
    return f;
}
QString text(const FindingFields& f) {
    return QString::fromStdString(findingText(f));
}
} // namespace

class TstFindingText : public QObject {
    Q_OBJECT
  private Q_SLOTS:
    void stall() {
        FindingFields f = fields(FindingKind::Stall);
        f.step = 11;
        f.subject = "hcom_allReduce__586_11_1";
        f.idleNs = 200'002'000;
        f.lostNs = 197'604'470;
        f.waitedNs = 1'397'713'356;
        f.affected = {{"waiting_ranks", {0, 1, 2, 4, 5, 6, 7}}};
        QCOMPARE(text(f),
                 QString("rank 3 stalled in step 11: its device was idle 200 ms before "
                         "hcom_allReduce__586_11_1, which it reached last; the job lost 198 ms and 7 "
                         "ranks waited 1.40 s in total"));
    }
    void waitSources_data() {
        QTest::addColumn<QString>("sources");
        QTest::addColumn<QString>("says");
        QTest::newRow("none") << "{}"
                              << "";
        QTest::newRow("inferred") << R"({"arrival order": 5000000})"
                                  << " (inferred from arrival order)";
        QTest::newRow("measured") << R"({"hccl_raw": 5000000})"
                                  << " (measured in hccl_raw)";
        QTest::newRow("tasks")
            << R"({"Notify_Wait": 5000000})"
            << " (measured from the Notify_Wait tasks of each collective's first plane, as "
               "the producer's Wait Time; the other planes' tasks run alongside and are not "
               "added)";
        // measured first, the inferred part last, each with its share
        QTest::newRow("both") << R"({"arrival order": 1000000, "hccl_raw": 2000000})"
                              << " (2.00 ms measured in hccl_raw, 1.00 ms inferred from arrival order)";
    }
    void waitSources() {
        // walk r45 #2: cluster_propose's measured (hccl_raw) and inferred (arrival order) waits read alike
        QFETCH(QString, sources);
        QFETCH(QString, says);
        FindingFields f = fields(FindingKind::Stall);
        f.step = 11;
        f.subject = "hcom_allReduce__586_11_1";
        f.idleNs = 200'002'000;
        f.lostNs = 197'604'470;
        f.waitedNs = 3'000'000;
        f.affected = {{"waiting_ranks", {0}}, {"wait_sources", nlohmann::json::parse(sources.toStdString())}};
        QCOMPARE(text(f),
                 "rank 3 stalled in step 11: its device was idle 200 ms before hcom_allReduce__586_11_1, "
                 "which it reached last; the job lost 198 ms and 1 rank waited 3.00 ms in total" +
                     says);
    }
    void slowRank() {
        FindingFields f = fields(FindingKind::SlowRank);
        f.extraNs = 49'358'640;
        f.lostNs = 45'609'519;
        f.waitedNs = 322'941'613;
        f.instances = 20;
        f.affected = {
            {"collectives", 19},
            {"waiting_ranks", {0, 1}},
            {"op_types",
             {{{"op_type", "MatMulV2"}, {"ratio", 1.4003}}, {{"op_type", "Cast"}, {"ratio", 2.2959}}}}};
        QCOMPARE(text(f), QString::fromUtf8(
                              "rank 3 is slow: MatMulV2 1.40×, Cast 2.30× the median of all ranks, "
                              "its own included (49.4 ms of extra kernel time); it arrived last in 19 of 20 "
                              "collectives; the job lost 45.6 ms waiting for it and 2 ranks waited "
                              "323 ms in total"));
    }
    void lateRank_data() {
        QTest::addColumn<qint64>("idle");
        QTest::addColumn<QString>("why");
        QTest::newRow("idle before them") << qint64(3'000'000) << "(its device was idle 3.00 ms before them)";
        QTest::newRow("nothing slower") << qint64(1'000'000) << "(no op type is slower on it)";
    }
    void lateRank() {
        QFETCH(qint64, idle);
        QFETCH(QString, why);
        FindingFields f = fields(FindingKind::LateRank);
        f.lostNs = 5'000'000;
        f.waitedNs = 9'000'000;
        f.idleNs = idle;
        f.instances = 8;
        f.affected = {{"collectives", 6}, {"waiting_ranks", {1}}};
        QCOMPARE(text(f),
                 "rank 3 is late: it arrived last in 6 of 8 collectives; the job lost 5.00 ms waiting for "
                 "it and 1 rank waited 9.00 ms in total " +
                     why);
    }
    void straggler_data() {
        QTest::addColumn<qint64>("instances");
        QTest::addColumn<QString>("tail");
        QTest::newRow("collectives") << qint64(4)
                                     << ", but no collective shows the other ranks waiting for it";
        QTest::newRow("none") << qint64(0)
                              << "; the profile has no collectives to tell whether the job waited for it";
    }
    void straggler() {
        QFETCH(qint64, instances);
        QFETCH(QString, tail);
        FindingFields f = fields(FindingKind::Straggler);
        f.extraNs = 2'500'000;
        f.instances = instances;
        json ops = json::array();
        for (int i = 0; i < 7; ++i)
            ops.push_back({{"op_type", "Op" + std::to_string(i)}, {"ratio", 1.5}});
        f.affected = {{"op_types", ops}};
        QCOMPARE(text(f),
                 QString::fromUtf8(
                     "rank 3 is slow in Op0 1.50×, Op1 1.50×, Op2 1.50×, Op3 1.50×, Op4 1.50× "
                     "and 2 more op types the median of all ranks, its own included; 2.50 ms of extra kernel "
                     "time") +
                     tail);
    }
    void outlierStep() {
        FindingFields f = fields(FindingKind::OutlierStep);
        f.step = 4;
        f.wallNs = 30'000'000;
        f.typicalNs = 10'000'000;
        f.cause = StepCause{
            StepCauseKind::WaitedForUnknown, 20'000'000, "Send-op2", std::nullopt, 10003, std::nullopt};
        f.affected = {{"ranks", {10003, 10004, 10005}}};
        QCOMPARE(text(f),
                 QString("step 4 on rank 3 took 30.0 ms (typical 10.0 ms): waited 20.0 ms longer than usual "
                         "in Send-op2 (the rank it waited for is not known); 2 other ranks were slow in it "
                         "too"));
    }
    void bankAnomaly() {
        // the rank's number, not its key (walk 26 #1: a second run's rank 2 read "rank 10002")
        FindingFields f = fields(FindingKind::BankAnomaly);
        f.subject = "AllReduce";
        f.banks = "[0]";
        f.otherBanks = "[5]";
        QCOMPARE(text(f),
                 QString("rank 3 places AllReduce tensors in HBM bank [0] while the other ranks use [5]"));
    }
    // walk 30: the default layout read as the card's on a profile without a device file; the sentence says
    // which it rests on (the layout the analysis wrote into the finding's affected)
    void bankAnomalyOnAnAssumedLayout_data() {
        QTest::addColumn<QString>("layout");
        QTest::addColumn<QString>("tail");
        QTest::newRow("assumed") << "assumed"
                                 << " (banks as assumed: 8 of 4 GiB from the lowest address; a "
                                    "rankscope-device.json beside the profile gives the card's)";
        QTest::newRow("device file") << "device file"
                                     << "";
    }
    void bankAnomalyOnAnAssumedLayout() {
        QFETCH(QString, layout);
        QFETCH(QString, tail);
        FindingFields f = fields(FindingKind::BankAnomaly);
        f.subject = "AllReduce";
        f.banks = "[0]";
        f.otherBanks = "[5]";
        f.affected = {
            {"bank_layout", layout.toStdString()}, {"bank_count", 8}, {"bank_size_bytes", int64_t(4) << 30}};
        QCOMPARE(text(f),
                 "rank 3 places AllReduce tensors in HBM bank [0] while the other ranks use [5]" + tail);
    }
    void waitedForASecondRunsRank() {
        // the late rank's key 10007 is the second run's rank 7: the sentence names 7
        const StepCause c{StepCauseKind::WaitedForRank, 2'000'000, "AllReduce-op1", 10007, 10002, 7};
        QCOMPARE(QString::fromStdString(stepCauseText(c)),
                 QString("waited 2.00 ms longer than usual in AllReduce-op1 for rank 7 (arrived last)"));
    }
    void stepCauses_data() {
        QTest::addColumn<int>("kind");
        QTest::addColumn<QString>("sql");
        QTest::addColumn<QString>("sentence");
        QTest::newRow("rank")
            << int(StepCauseKind::WaitedForRank) << "waited_for_rank"
            << "waited 2.00 ms longer than usual in AllReduce-op1 for rank 7 (arrived last)";
        QTest::newRow("idle, another was last")
            << int(StepCauseKind::IdleBeforeCollective) << "idle_before_collective"
            << "device idle 2.00 ms before AllReduce-op1";
        QTest::newRow("compute") << int(StepCauseKind::Compute) << "compute"
                                 << "compute grew by 2.00 ms";
        QTest::newRow("preparing") << int(StepCauseKind::Preparing) << "preparing"
                                   << "preparing (step start to first device task) grew by 2.00 ms";
        QTest::newRow("idle") << int(StepCauseKind::Idle) << "idle"
                              << "idle time grew by 2.00 ms";
        QTest::newRow("comm") << int(StepCauseKind::Communication) << "communication"
                              << "communication grew by 2.00 ms";
    }
    void stepCauses() {
        QFETCH(int, kind);
        QFETCH(QString, sql);
        QFETCH(QString, sentence);
        const StepCause c{StepCauseKind(kind), 2'000'000, "AllReduce-op1", 7, 2, std::nullopt};
        QCOMPARE(QString::fromStdString(stepCauseText(c)), sentence);
        QCOMPARE(QString::fromUtf8(sqlText(c.kind).data(), int(sqlText(c.kind).size())), sql);
        QCOMPARE(stepCauseKindFromSql(sql.toStdString()), std::optional<StepCauseKind>(c.kind));
    }
};

QTEST_GUILESS_MAIN(TstFindingText)
#include "tst_findingtext.moc"
