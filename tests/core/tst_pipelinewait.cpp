// The pipeline_wait finding (core/analysis/pipelinewait.h): the rule on tiny hand-built runs (fires on a
// stage that waits most of its steps in Receive; not on a short bubble, not on a rank whose profiler began
// early and "waited" for ranks not yet running, never on sends or send-and-receive kernels), its sentence,
// and the real legacy MindSpore pipeline job end to end. Sample tests skip without RANKSCOPE_SAMPLES.
//
// The cluster_propose figures, counted by a few lines of Python 3 over the files (not by Rankscope):
// step_trace_raw_{r}_detail_time.csv gives each step's start/end and each op's start (10 ns ticks, the
// "-" row skipped); hccl_raw_{r}.csv's communication_operator_cost gives each Receive op's wait (ms,
// Decimal, rounded to ns) per step. Each wait placed at its op's start, clipped to [the step's latest start
// over the 4 ranks, the rank's step end], unioned per (rank, step):
//   rank 0: 843 584 140 ns of 895 842 030 ns of step wall, unclipped (94.2 %), rank 1: 843 408 560 of 927 859
//   380 (90.9 %); ranks 2 and 3: 9.8 ms of 2.88 / 3.09 s (0.3 %: their 2 s first-step wait came before ranks
//   0–1 began the step). Per step, the longer of ranks 0 and 1: 168 537 090, 170 420 180, 168 429 790,
//   168 146 780, 168 134 230 ns → 843 668 070 ns in all, median 168 429 790 ns; both ranks summed
//   1 686 992 700 ns. The job's step walls (slowest rank) of steps 2–5 are 179.0–181.0 ms, median over
//   steps 1–5 179 139 730 ns. The longest single wait: rank 0, step 2, Receive-op663, 47 428 320 ns.
//   Ranks 2 and 3 outside communication (step wall − the union of their op spans), median over steps
//   1–5: 121 971 610 and 121 547 430 ns (MindSpore's own ascend_cluster_analyse files: computation
//   ~122–124 ms for ranks 2–3, ~14 ms for ranks 0–1).
#include "core/analysis/pipelinewait.h"
#include "core/model/collectivefacts.h"
#include "core/model/findingtext.h"
#include "core/query/report.h"
#include "tests/support/testsupport.h"

#include <QtTest>

using namespace rs;
using namespace rs::analysis;
using nlohmann::json;

namespace {

constexpr int64_t kMs = 1'000'000;

/// Four ranks, `steps` steps of 100 ms each from t = 0 (every rank starts together).
PipelineWaitFacts fourRanks(int steps) {
    PipelineWaitFacts f;
    f.run = 0;
    for (int r = 0; r < 4; ++r) {
        f.dataRank[r] = r;
        for (int s = 1; s <= steps; ++s)
            f.steps[{r, s}] = {int64_t(s - 1) * 100 * kMs, 100 * kMs, 10 * kMs, std::nullopt};
    }
    for (int s = 1; s <= steps; ++s)
        f.jobWall[s] = 100 * kMs;
    return f;
}

void addReceive(PipelineWaitFacts& f, int rank, int64_t step, int64_t atMs, int64_t waitMs,
                const std::string& name = "Receive-op1") {
    const int64_t start = (step - 1) * 100 * kMs + atMs * kMs;
    f.receives.push_back({rank, step, name, start, waitMs * kMs + kMs, waitMs * kMs, 100 + rank, "", ""});
}

} // namespace

class TstPipelineWait : public QObject {
    Q_OBJECT
  private Q_SLOTS:
    void firesOnAStageThatWaits() {
        // ranks 0 and 1 wait 60 ms of each 100 ms step (two receives of 30 ms); ranks 2 and 3 wait 2 ms
        auto f = fourRanks(3);
        for (int s = 1; s <= 3; ++s) {
            for (int r : {0, 1}) {
                addReceive(f, r, s, 5, 30, "Receive-op1");
                addReceive(f, r, s, 50, r == 0 ? 30 : 20, "Receive-op2");
            }
            for (int r : {2, 3})
                addReceive(f, r, s, 5, 2, "Receive-op9");
        }
        const auto got = pipelineWaitFinding(f);
        QVERIFY(got);
        QCOMPARE(got->kind, model::FindingKind::PipelineWait);
        QCOMPARE(got->rank, std::optional<int>(0)); // waited most
        QCOMPARE(got->lost, 3 * 60 * kMs);          // per step the longer wait of the two: rank 0's 60 ms
        QCOMPARE(got->waited, 3 * (60 + 50) * kMs);
        QCOMPARE(got->affected["waiting_ranks"], json({0, 1}));
        QCOMPARE(got->affected["ops"], json({"Receive-op1", "Receive-op2"}));
        QCOMPARE(got->affected["per_step_wait_ns"].get<int64_t>(), 60 * kMs);
        QCOMPARE(got->affected["per_step_wall_ns"].get<int64_t>(), 100 * kMs);
        QCOMPARE(got->affected["others"]["ranks"], json({2, 3}));
        QCOMPARE(got->affected["others"]["busy_ns"], json({90 * kMs, 90 * kMs})); // wall − comm
        QCOMPARE(got->affected["others"]["busy"], json("outside_communication"));
        QVERIFY(got->affected["sender"].is_null());
        QCOMPARE(got->step, std::optional<int64_t>(1)); // rank 0's first longest wait
        QCOMPARE(got->spanId, int64_t(100));
        QVERIFY(aboveFloor(*got));
    }
    void namesTheSenderOnlyWhereTheDataDoes() {
        // ranks 0 and 1 wait in groups of two whose global members are known: pp0 = {0, 2}, pp1 = {1, 3}
        auto f = fourRanks(2);
        for (int s = 1; s <= 2; ++s)
            for (int r : {0, 1}) {
                addReceive(f, r, s, 5, 60);
                f.receives.back().group = r == 0 ? "pp0" : "pp1";
            }
        f.groupMembers = {{"pp0", {0, 2}}, {"pp1", {1, 3}}};
        auto got = pipelineWaitFinding(f);
        QVERIFY(got);
        QCOMPARE(got->affected["sender"], json({2, 3}));
        // a group of four (which stage sends is not said), or one whose members are not known: nobody
        f.groupMembers["pp1"] = {1, 3, 5, 7};
        QVERIFY(pipelineWaitFinding(f)->affected["sender"].is_null());
        f.groupMembers.erase("pp1");
        QVERIFY(pipelineWaitFinding(f)->affected["sender"].is_null());
    }
    void quietOnAShortBubble() {
        // every rank waits 20 ms of its 100 ms steps: under kPipelineWaitShare (25 %)
        auto f = fourRanks(4);
        for (int s = 1; s <= 4; ++s)
            for (int r = 0; r < 4; ++r)
                addReceive(f, r, s, 0, 20);
        QVERIFY(!pipelineWaitFinding(f));
    }
    void anEarlyStartIsNotAWait() {
        // rank 2 began step 1 400 ms before the others and waited in Receive until they ran: the wait
        // before the last rank's start cost the job nothing
        auto f = fourRanks(2);
        f.steps[{2, 1}] = {-400 * kMs, 500 * kMs, 0, std::nullopt};
        f.receives.push_back({2, 1, "Receive-op1", -400 * kMs, 402 * kMs, 402 * kMs, 7, "", ""});
        QVERIFY(!pipelineWaitFinding(f));
        // the same wait after everybody began is one
        f.receives.back().startNs = 0;
        f.receives.back().waitNs = 90 * kMs;
        QVERIFY(pipelineWaitFinding(f));
    }
    void oneRankCannotTell() {
        // a step only one rank recorded has no "everybody began" to clip to: not counted
        PipelineWaitFacts f;
        f.steps[{0, 1}] = {0, 100 * kMs, std::nullopt, std::nullopt};
        f.receives.push_back({0, 1, "Receive-op1", 0, 90 * kMs, 90 * kMs, 1, "", ""});
        QVERIFY(!pipelineWaitFinding(f));
    }
    void receivesOnly_data() {
        QTest::addColumn<QString>("kind");
        QTest::addColumn<bool>("receives");
        QTest::newRow("legacy") << "Receive" << true;
        QTest::newRow("hcom") << "hcom_receive_" << true;
        QTest::newRow("nccl recv") << "nccl:Recv" << true;
        QTest::newRow("send") << "Send" << false;
        QTest::newRow("nccl sendrecv: direction unknown") << "nccl:SendRecv" << false;
        QTest::newRow("allreduce") << "AllReduce" << false;
    }
    void receivesOnly() {
        QFETCH(QString, kind);
        QFETCH(bool, receives);
        QCOMPARE(model::receivesOnly(kind.toStdString()), receives);
    }
    void sentence() {
        model::FindingFields f;
        f.kind = model::FindingKind::PipelineWait;
        f.rank = 0;
        f.lostNs = 843'668'069;
        f.affected = {
            {"steps", {1, 2, 3, 4, 5}},
            {"waiting_data_ranks", {0, 1}},
            {"ops", {"Receive-op1005", "Receive-op663", "Receive-op794", "Receive-op925"}},
            {"per_step_wait_ns", 168'429'790},
            {"per_step_wall_ns", 179'139'730},
            {"others",
             {{"ranks", {2, 3}}, {"busy_ns", {121'971'610, 121'547'430}}, {"busy", "outside_communication"}}},
            {"sender", nullptr}};
        QCOMPARE(
            QString::fromStdString(model::findingText(f)),
            QString::fromUtf8("ranks 0, 1 waited in pipeline receives (Receive-op1005, Receive-op663 and "
                              "2 more ops) 168 ms of each 179 ms step (median), 844 ms of wall time "
                              "over 5 steps; the data does not name the rank that sends to them (the "
                              "receives' peers are not recorded as global ranks); ranks 2, 3, whose "
                              "receive waits stayed under a quarter of their steps once every rank had "
                              "begun them, spent 122 ms of each step outside communication (median)"));
        f.affected["sender"] = {2, 3};
        QVERIFY(model::findingText(f).find("over 5 steps; they receive from ranks 2, 3; ranks 2, 3") !=
                std::string::npos);
    }
    void legacyPipelineSample() {
        const std::string samples = test::samplesDir();
        if (samples.empty()) QSKIP("RANKSCOPE_SAMPLES / ../shared/samples absent: cluster_propose skipped");
        auto ix = test::indexDir(samples + "/mindinsight/tests/utils/resource/cluster_propose");
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        QCOMPARE(ix.rows("SELECT kind, rank, step, subject, lost_ns, waited_ns FROM finding"),
                 std::vector<std::string>{"pipeline_wait|0|2|Receive-op663|843668070|1686992700"});
        const json a = json::parse(ix.db->scalarText("SELECT affected FROM finding"));
        QCOMPARE(a["waiting_data_ranks"], json({0, 1}));
        QCOMPARE(a["steps"], json({1, 2, 3, 4, 5}));
        QCOMPARE(a["per_step_wait_ns"].get<int64_t>(), int64_t(168'429'790));
        QCOMPARE(a["per_step_wall_ns"].get<int64_t>(), int64_t(179'139'730));
        QCOMPARE(a["others"]["ranks"], json({2, 3}));
        QCOMPARE(a["others"]["busy_ns"], json({121'971'610, 121'547'430}));
        // ranks 0 and 1's receive waits are all hccl_raw's (hccl_raw_{0,1}.csv cover steps 1-6): measured
        QCOMPARE(a["wait_sources"].size(), size_t(1));
        QVERIFY(a["wait_sources"].contains("hccl_raw"));
        // the navigator's target: the longest wait's span, on rank 0's Receive lane
        QCOMPARE(
            ix.scalar("SELECT count(*) FROM finding f JOIN span s ON s.span_id = f.span_id JOIN track t ON "
                      "t.track_id = s.track_id WHERE t.rank = 0 AND s.ts_ns = f.start_ns"),
            int64_t(1));
        // the text report tells it, with its wall time (not "the job lost": a faster sender saves at most
        // that)
        const std::string text = query::formatReport(query::buildReport(*ix.db, 20), 20);
        QVERIFY2(text.find("844 ms of wall time over 5 steps (measured in hccl_raw)") != std::string::npos,
                 text.c_str());
        QVERIFY2(text.find("[pipeline_wait] ranks 0, 1 waited in pipeline receives") != std::string::npos &&
                     text.find("(wall time waiting 844 ms)") != std::string::npos &&
                     text.find("No problems found") == std::string::npos,
                 text.c_str());
        // the JSON's `rank` is the culprit (README): a pipeline wait names none, so it is null; the waiting
        // ranks are listed, and the row's rank (one of them, where its step and span lie) is example_rank
        const json report = query::buildReport(*ix.db, 20);
        QCOMPARE(report["findings"].size(), size_t(1));
        const json& f = report["findings"][0];
        QVERIFY(f["rank"].is_null());
        QCOMPARE(f["example_rank"], json(0));
        QCOMPARE(f["step"], json(2));
        QCOMPARE(f["affected"]["waiting_ranks"], json({0, 1}));
    }
    void measuredAndInferredWaitsAreToldApart() {
        // hccl_raw_{0,1}.csv hold steps 1-6 and hccl_raw_{2,3}.csv steps 1-2 (their step_num column, Python's
        // csv): ranks 0 and 1's waits are all measured there, ranks 2 and 3's only up to step 2 (part of its
        // collectives), their steps 3-5 inferred from the arrival order. The report tells the two apart.
        const std::string samples = test::samplesDir();
        if (samples.empty()) QSKIP("RANKSCOPE_SAMPLES / ../shared/samples absent: cluster_propose skipped");
        auto ix = test::indexDir(samples + "/mindinsight/tests/utils/resource/cluster_propose");
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        QCOMPARE(
            ix.rows("SELECT DISTINCT rank, source FROM waits WHERE kind = 'collective_wait' AND rank IN (0, "
                    "1) ORDER BY 1"),
            (std::vector<std::string>{"0|hccl_raw", "1|hccl_raw"}));
        QCOMPARE(ix.rows("SELECT DISTINCT rank, step FROM waits WHERE source = 'arrival order' AND step >= 3 "
                         "ORDER BY 1, 2"),
                 (std::vector<std::string>{"2|3", "2|4", "2|5", "3|3", "3|4", "3|5"}));
        QCOMPARE(
            ix.scalar("SELECT count(*) FROM waits WHERE source = 'arrival order' AND (rank < 2 OR step < 2)"),
            int64_t(0));
        QCOMPARE(ix.scalar("SELECT count(*) FROM waits WHERE source = 'hccl_raw' AND step > 2 AND rank >= 2"),
                 int64_t(0));
        const json report = query::buildReport(*ix.db, 20);
        const json& bySource = report["comm_wait"]["by_source"];
        QCOMPARE(bySource.size(), size_t(2));
        QCOMPARE(bySource["hccl_raw"].get<int64_t>() + bySource["arrival order"].get<int64_t>(),
                 report["comm_wait"]["total_wait_ns"].get<int64_t>());
        const std::string text = query::formatReport(report, 20);
        QVERIFY2(text.find(" measured in hccl_raw, ") != std::string::npos &&
                     text.find(" inferred from arrival order)") != std::string::npos,
                 text.c_str());
    }
};

QTEST_GUILESS_MAIN(TstPipelineWait)
#include "tst_pipelinewait.moc"
