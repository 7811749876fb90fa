// The Steps table says what is known: a compute nothing measured (a rank without device kernels) shows
// "—" with the reason in its tooltip, never "0 ns"; a measured 0 stays "0 ns". The idle time of such a rank
// (the wall minus kernels that were not recorded) is "—" as well, never a figure that looks measured, and so
// is its overlapped communication (what ran alongside compute nothing recorded). A
// wait nothing could measure is "not known" with core's reason; a wall says where it comes from, and a
// shipped one the rank's events cover clearly less of is flagged with the numbers. A stub last step
// (amd_trace's 49.073 µs ProfilerStep#2 with no event inside, Python over its JSON) is greyed, says "stub:
// left out of medians" and gives the report's reason in its tooltip; the 9.29 ms step before it reads as
// usual.
#include "views/tables/stepsmodel.h"

#include "core/query/report.h"

#include "tests/support/testsupport.h"

#include <QAbstractItemModelTester>
#include <QGuiApplication>
#include <QPalette>
#include <QtTest>
#include <array>
#include <cstdlib>
#include <map>
#include <set>

using namespace rs;
using views::StepsModel;

namespace {
query::StepRow step(int rank, std::optional<int64_t> computeNs,
                    std::optional<int64_t> idleNs = int64_t(3'000'000)) {
    return {rank,      1,      0, 10'000'000, 10'000'000, computeNs, 2'000'000,
            1'000'000, idleNs, 0, false,      {},         {},        {}};
}
} // namespace

class TstStepsModel : public QObject {
    Q_OBJECT
  private Q_SLOTS:
    void unknownComputeIsADashWithItsReason() {
        StepsModel m;
        QAbstractItemModelTester tester(&m, QAbstractItemModelTester::FailureReportingMode::QtTest);
        m.setRows(std::make_shared<const std::vector<query::StepRow>>(
            std::vector<query::StepRow>{step(0, std::nullopt), step(1, 0), step(2, 7'000'000)}));
        auto cell = [&](int r, int role) { return m.data(m.index(r, StepsModel::Compute), role); };
        QCOMPARE(cell(0, Qt::DisplayRole).toString(), QString("—"));
        QVERIFY2(cell(0, Qt::ToolTipRole).toString().contains("unknown"),
                 qPrintable(cell(0, Qt::ToolTipRole).toString()));
        QVERIFY(cell(0, Qt::UserRole).toLongLong() < cell(1, Qt::UserRole).toLongLong()); // sorts apart
        QCOMPARE(cell(1, Qt::DisplayRole).toString(), QString("0 ns"));
        QVERIFY(!cell(1, Qt::ToolTipRole).isValid());
        QCOMPARE(cell(2, Qt::DisplayRole).toString(), QString("7.00 ms"));
        // the other columns of the unknown row are untouched
        QCOMPARE(m.data(m.index(0, StepsModel::Comm), Qt::DisplayRole).toString(), QString("2.00 ms"));
    }
    void unknownIdleIsADashWithItsReason() {
        StepsModel m;
        QAbstractItemModelTester tester(&m, QAbstractItemModelTester::FailureReportingMode::QtTest);
        m.setRows(std::make_shared<const std::vector<query::StepRow>>(
            std::vector<query::StepRow>{step(0, std::nullopt, std::nullopt), step(1, 0, 0), step(2, 0)}));
        auto cell = [&](int r, int role) { return m.data(m.index(r, StepsModel::Idle), role); };
        QCOMPARE(cell(0, Qt::DisplayRole).toString(), QString("—"));
        QVERIFY2(cell(0, Qt::ToolTipRole).toString().contains("Idle unknown"),
                 qPrintable(cell(0, Qt::ToolTipRole).toString()));
        QVERIFY(cell(0, Qt::UserRole).toLongLong() < cell(1, Qt::UserRole).toLongLong()); // sorts apart
        QCOMPARE(cell(1, Qt::DisplayRole).toString(), QString("0 ns"));
        QVERIFY(!cell(1, Qt::ToolTipRole).isValid());
        QCOMPARE(cell(2, Qt::DisplayRole).toString(), QString("3.00 ms"));
    }
    void aStubLastStepIsMarked() {
        const std::string samples = test::samplesDir();
        if (samples.empty()) QSKIP("../shared/samples not present");
        const auto ix = test::indexDir(samples + "/hta/tests/data/amd_trace", false);
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        StepsModel m;
        QAbstractItemModelTester tester(&m, QAbstractItemModelTester::FailureReportingMode::QtTest);
        m.setRows(std::make_shared<const std::vector<query::StepRow>>(query::loadStepRows(*ix.db)));
        QCOMPARE(m.rowCount(), 2);
        int stubRow = -1;
        for (int r = 0; r < m.rowCount(); ++r)
            if (m.row(r)->step == 2) stubRow = r;
        QVERIFY(stubRow >= 0);
        const int other = 1 - stubRow;
        QCOMPARE(m.row(stubRow)->wallNs, int64_t(49073));
        const auto cell = [&](int r, int c, int role) { return m.data(m.index(r, c), role); };
        for (int c = 0; c < StepsModel::ColumnCount; ++c) {
            const QString tip = cell(stubRow, c, Qt::ToolTipRole).toString();
            QVERIFY2(tip.startsWith("Left out of medians") && tip.contains("cut by the profile's end"),
                     qPrintable(tip));
            QCOMPARE(cell(stubRow, c, Qt::ForegroundRole).value<QColor>(),
                     QGuiApplication::palette().color(QPalette::Disabled, QPalette::Text));
            QVERIFY(!cell(other, c, Qt::ForegroundRole).isValid());
            QVERIFY(!cell(other, c, Qt::ToolTipRole).toString().contains("Left out of medians"));
        }
        QCOMPARE(cell(stubRow, StepsModel::Cause, Qt::DisplayRole).toString(),
                 QString("stub: left out of medians"));
        QCOMPARE(cell(other, StepsModel::Wall, Qt::DisplayRole).toString(), QString("9.29 ms"));
    }
    void aRealHostOnlyRankShowsNoZeroCompute() {
        // the 4-rank pipeline job of mindinsight ships hccl_raw and step traces but no kernel
        const std::string samples = test::samplesDir();
        if (samples.empty()) QSKIP("../shared/samples is absent");
        qputenv("XDG_CACHE_HOME", QByteArray::fromStdString(test::tempDir("stepsmodel-cache")));
        auto ix = test::indexDir(samples + "/mindinsight/tests/utils/resource/cluster_propose");
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        StepsModel m;
        m.setRows(std::make_shared<const std::vector<query::StepRow>>(query::loadStepRows(*ix.db)));
        QVERIFY(m.rowCount() > 0);
        for (int r = 0; r < m.rowCount(); ++r) {
            QCOMPARE(m.data(m.index(r, StepsModel::Compute), Qt::DisplayRole).toString(), QString("—"));
            // its idle would be the wall minus its communication alone: 52.8 ms on rank 0 step 1
            QCOMPARE(m.data(m.index(r, StepsModel::Idle), Qt::DisplayRole).toString(), QString("—"));
            // and what of its communication ran alongside compute cannot be known either (walk 25: "0 ns")
            QCOMPARE(m.data(m.index(r, StepsModel::Overlapped), Qt::DisplayRole).toString(), QString("—"));
            QVERIFY2(m.data(m.index(r, StepsModel::Overlapped), Qt::ToolTipRole)
                         .toString()
                         .startsWith("Overlap unknown"),
                     qPrintable(m.data(m.index(r, StepsModel::Overlapped), Qt::ToolTipRole).toString()));
        }
    }
    void onlyTheShownRunsRanksByTheLanesNumbers() {
        // run keys 10000 and 10001 are a colliding run's ranks 1 and 0; keys 0 and 5 belong to other runs
        StepsModel m;
        QAbstractItemModelTester tester(&m, QAbstractItemModelTester::FailureReportingMode::QtTest);
        m.setRun({10000, 10001}, {{10000, 1}, {10001, 0}});
        m.setRows(std::make_shared<const std::vector<query::StepRow>>(
            std::vector<query::StepRow>{step(0, 1), step(5, 1), step(10000, 1), step(10001, 1)}));
        QCOMPARE(m.rowCount(), 2);
        for (int r = 0; r < 2; ++r) {
            QCOMPARE(m.data(m.index(r, StepsModel::Rank), Qt::DisplayRole).toInt(), r); // 0, then 1
            QCOMPARE(m.row(r)->rank, r == 0 ? 10001 : 10000); // the key stays for the queries
        }
        QVERIFY(m.data(m.index(0, StepsModel::Compute), Qt::ToolTipRole).isNull());
    }
    void aResourceRunListsItsOwnRanksOnly() {
        // mindinsight's resource folder holds five runs (profiler/'s legacy ranks 0 and 10 are one: their
        // step traces share a clock); keys >= 10000 tell colliding runs apart
        const std::string samples = test::samplesDir();
        if (samples.empty()) QSKIP("../shared/samples is absent");
        qputenv("XDG_CACHE_HOME", QByteArray::fromStdString(test::tempDir("stepsmodel-cache")));
        auto ix = test::indexDir(samples + "/mindinsight/tests/utils/resource");
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        auto rows = std::make_shared<const std::vector<query::StepRow>>(query::loadStepRows(*ix.db));
        // run 2 is cluster_propose's ranks 0-3 with five steps each (sqlite3: SELECT rank, count(*) FROM step
        // GROUP BY rank); its rank 0 is key 10000, since profiler/'s CANN raw PROF_ device 0 claims key 0
        // first
        std::set<int> keys;
        std::map<int, int> dataRank;
        auto q = ix.db->prepare("SELECT rank, coalesce(data_rank, rank) FROM rank_info WHERE run_id = 2");
        while (q.step()) {
            keys.insert(int(q.i64(0)));
            dataRank[int(q.i64(0))] = int(q.i64(1));
        }
        QCOMPARE(keys, (std::set<int>{1, 2, 3, 10000}));
        QCOMPARE(dataRank, (std::map<int, int>{{1, 1}, {2, 2}, {3, 3}, {10000, 0}}));
        StepsModel m;
        m.setRun(keys, dataRank);
        m.setRows(rows);
        QCOMPARE(m.rowCount(), 20);
        for (int r = 0; r < m.rowCount(); ++r)
            QVERIFY2(keys.count(m.row(r)->rank), qPrintable(QString::number(m.row(r)->rank)));
        // profiler/'s legacy rank 0 (run 1) is key 20000, rank 0 in its files: the 20 steps of
        // step_trace_raw_0_detail_time.csv (its rows numbered 1-20 and an average row "-")
        m.setRun({20000}, {{20000, 0}});
        m.setRows(rows);
        QCOMPARE(m.rowCount(), 20);
        QCOMPARE(m.data(m.index(0, StepsModel::Rank), Qt::DisplayRole).toString(), QString("0"));
    }
    void aWaitCoreCannotKnowSaysNotKnownWithItsReason() {
        // the rule is core's (tst_waitknowledge): the table shows its reason, and a known 0 stays "0 ns"
        auto withWait = [](int64_t waitNs, std::string why) {
            auto r = step(0, 1);
            r.waitNs = waitNs;
            r.waitUnknown = std::move(why);
            return std::make_shared<const std::vector<query::StepRow>>(std::vector<query::StepRow>{r});
        };
        auto waitCell = [](const StepsModel& m, int role) {
            return m.data(m.index(0, StepsModel::Wait), role);
        };
        StepsModel m;
        QAbstractItemModelTester tester(&m, QAbstractItemModelTester::FailureReportingMode::QtTest);
        m.setRows(withWait(0, "one rank: a wait is measured against the other ranks' arrivals"));
        QCOMPARE(waitCell(m, Qt::DisplayRole).toString(), QString("not known"));
        QVERIFY(waitCell(m, Qt::ToolTipRole).toString().contains("one rank"));
        QVERIFY(waitCell(m, Qt::UserRole).toLongLong() < 0); // sorts below every measured wait
        m.setRows(withWait(0, ""));
        QCOMPARE(waitCell(m, Qt::DisplayRole).toString(), QString("0 ns"));
        m.setRows(withWait(2'000'000, ""));
        QCOMPARE(waitCell(m, Qt::DisplayRole).toString(), QString("2.00 ms"));
        // a job of one rank (world size 1) waits for nobody: its 0 is not applicable, not a measured 0 ns
        auto alone = step(0, 1);
        alone.waitAlone = true;
        m.setRows(std::make_shared<const std::vector<query::StepRow>>(std::vector<query::StepRow>{alone}));
        QCOMPARE(waitCell(m, Qt::DisplayRole).toString(), QString("n/a (1 rank)"));
        QVERIFY(waitCell(m, Qt::ToolTipRole).toString().contains("not applicable (1 rank)"));
    }
    void aLegacyRunMissingRanksWaitIsNotKnown() {
        // resource/profiler run 0: legacy ranks 0 and 10 (one job: their step traces share a clock), 80
        // step-trace communication intervals each, no hccl_raw; ranks 1-9 are not in the profile (the runs
        // pass's rule): 20 + 40 steps, each wait not known
        const std::string samples = test::samplesDir();
        if (samples.empty()) QSKIP("../shared/samples is absent");
        qputenv("XDG_CACHE_HOME", QByteArray::fromStdString(test::tempDir("stepsmodel-cache")));
        auto ix = test::indexDir(samples + "/mindinsight/tests/utils/resource/profiler");
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        StepsModel m;
        // key 10000: the CANN raw PROF_ device 0 (read since schema 42) claims key 0 first
        m.setRun({10000, 10}, {{10000, 0}, {10, 10}});
        m.setRows(std::make_shared<const std::vector<query::StepRow>>(query::loadStepRows(*ix.db)));
        QCOMPARE(m.rowCount(), 60);
        for (int r = 0; r < m.rowCount(); ++r) {
            QCOMPARE(m.data(m.index(r, StepsModel::Wait), Qt::DisplayRole).toString(), QString("not known"));
            QVERIFY(m.data(m.index(r, StepsModel::Wait), Qt::ToolTipRole)
                        .toString()
                        .contains("ranks of the job are missing"));
        }
    }
    void aWholeTraceRowIsNoStepAndTheCountsSaySo() {
        // walk 14: profiler/'s steps view listed 43 rows where info and the report said "41 steps" (its
        // distinct numbers, the pseudo step 0 of two whole traces among them). Python over the files:
        // step_trace_raw_10_detail_time.csv numbers steps 1-40 (rank 10), the PROF_ device 0 marks step 1,
        // rank 0's step_trace_raw_0 numbers steps 1-20 (on rank 10's clock: kept), and
        // gpu_timeline_display_0.json (rank 0, index key 20000) has no step marks: 40 step numbers,
        // 40 + 1 + 20 + 1 = 62 rows, 1 whole trace.
        const std::string samples = test::samplesDir();
        if (samples.empty()) QSKIP("../shared/samples is absent");
        qputenv("XDG_CACHE_HOME", QByteArray::fromStdString(test::tempDir("stepsmodel-cache")));
        auto ix = test::indexDir(samples + "/mindinsight/tests/utils/resource/profiler");
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        const auto counts = query::stepCounts(*ix.db);
        QCOMPARE(counts["count"].get<int64_t>(), int64_t(40));
        QCOMPARE(counts["rows"].get<int64_t>(), int64_t(62));
        QCOMPARE(counts["whole_trace_rows"].get<int64_t>(), int64_t(1));
        const std::string header = query::formatReport(query::buildReport(*ix.db, 5), 5);
        // three runs (r49d #2: counted each apart): the whole trace is run 1's, the 40 steps run 0's
        QVERIFY2(header.find("ranks 0 10: 40 steps, ") != std::string::npos, header.c_str());
        QVERIFY2(header.find("ranks 0: 0 steps (+1 whole trace: a rank without step marks), ") !=
                     std::string::npos,
                 header.c_str());
        // each run's wait apart: runs 0 and 1 cannot be measured (ranks of the job missing; no collective),
        // so not 0 (it read "run 0 0 ns, run 1 0 ns"); run 2's CANN device 0 waited 34.2 ms
        QVERIFY2(
            header.find("each run apart (different jobs: the total above is theirs added): run 0 not known, "
                        "run 1 not known, run 2 34.2 ms") != std::string::npos,
            header.c_str());
        // the app's table lists the 62 rows; the one that is no step says so
        StepsModel m;
        m.setRows(std::make_shared<const std::vector<query::StepRow>>(query::loadStepRows(*ix.db)));
        QCOMPARE(m.rowCount(), 62);
        int whole = 0;
        for (int r = 0; r < m.rowCount(); ++r)
            if (m.data(m.index(r, StepsModel::Step), Qt::ToolTipRole).toString().startsWith("Not a step")) {
                QCOMPARE(m.data(m.index(r, StepsModel::WallFrom), Qt::DisplayRole).toString(),
                         QString("whole trace"));
                // its step cell names it so, not "0" (walk 30); it sorts as the index numbers it
                QCOMPARE(m.data(m.index(r, StepsModel::Step), Qt::DisplayRole).toString(),
                         QString("whole trace"));
                QCOMPARE(m.data(m.index(r, StepsModel::Step), Qt::UserRole).toLongLong(), qint64(0));
                QVERIFY(!m.data(m.index(r, StepsModel::Step), Qt::ToolTipRole).toString().contains("step 0"));
                ++whole;
            }
        QCOMPARE(whole, 1);
        // the Chrome trace's run (key 20000): its one row is its whole trace, and its report counts no step
        const int chrome = int(ix.scalar("SELECT run_id FROM rank_info WHERE rank = 20000"));
        const auto run = query::runReport(*ix.db, query::buildReport(*ix.db, 5), chrome);
        QCOMPARE(run["steps"]["rows"].get<int64_t>(), int64_t(1));
        QVERIFY2(query::formatReport(run, 5).find("0 steps (+1 whole trace: a rank without step marks)") !=
                     std::string::npos,
                 query::formatReport(run, 5).c_str());
    }
    void aShippedWallSaysWhereItComesFromAndIsFlaggedWhereItCannotFit() {
        // msinsight server test_data: step_trace_time.csv's Stage 294586.5 µs on rank 1, whose kernels and
        // collectives of step 2 span 267.70 ms (kernel_details.csv and communication.json, no
        // trace_view.json)
        const std::string samples = test::samplesDir();
        if (samples.empty()) QSKIP("../shared/samples is absent");
        qputenv("XDG_CACHE_HOME", QByteArray::fromStdString(test::tempDir("stepsmodel-cache")));
        auto ix = test::indexDir(samples + "/msinsight/server/src/test/test_data");
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        StepsModel m;
        QAbstractItemModelTester tester(&m, QAbstractItemModelTester::FailureReportingMode::QtTest);
        m.setRows(std::make_shared<const std::vector<query::StepRow>>(query::loadStepRows(*ix.db)));
        QCOMPARE(m.rowCount(), 2);
        const int r1 = m.row(0)->rank == 1 ? 0 : 1;
        auto cell = [&](int col, int role) { return m.data(m.index(r1, col), role); };
        QCOMPARE(cell(StepsModel::WallFrom, Qt::DisplayRole).toString(), QString("step_trace_time.csv"));
        QCOMPARE(cell(StepsModel::Wall, Qt::DisplayRole).toString(), QString("295 ms ⚠"));
        QVERIFY(cell(StepsModel::Wall, Qt::DecorationRole).canConvert<QColor>());
        const QString tip = cell(StepsModel::Wall, Qt::ToolTipRole).toString();
        QVERIFY2(tip.contains("step_trace_time.csv rank 1 step 2: 295 ms, but this rank's events cover 268 "
                              "ms of it"),
                 qPrintable(tip));
        QVERIFY(cell(StepsModel::Compute, Qt::ToolTipRole).toString().contains("step_trace_time.csv"));
        QVERIFY(m.headerData(StepsModel::Wall, Qt::Horizontal, Qt::ToolTipRole).toString().contains("Stage"));
        // a wall from the step markers is not flagged (level1: Stage 136.6 ms inside a 156 ms ProfilerStep)
        auto lv = test::indexDir(samples + "/msinsight/test/data/pytorch/text/level1");
        QVERIFY2(lv.result.ok, lv.result.error.c_str());
        m.setRows(std::make_shared<const std::vector<query::StepRow>>(query::loadStepRows(*lv.db)));
        for (int r = 0; r < m.rowCount(); ++r) {
            QVERIFY(!m.data(m.index(r, StepsModel::Wall), Qt::DecorationRole).isValid());
            QVERIFY(!m.data(m.index(r, StepsModel::Wall), Qt::DisplayRole).toString().contains("⚠"));
        }
    }
    void traceFilterWaitsAreNotKnown() {
        // hta's trace_filter: 2 of 128 ranks, no wait measured (sqlite3: sum(wait_ns) of step_stat is 0)
        const std::string samples = test::samplesDir();
        if (samples.empty()) QSKIP("../shared/samples is absent");
        qputenv("XDG_CACHE_HOME", QByteArray::fromStdString(test::tempDir("stepsmodel-cache")));
        auto ix = test::indexDir(samples + "/hta/tests/data/trace_filter");
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        auto run = ix.db->prepare("SELECT complete FROM run");
        QVERIFY(run.step());
        QCOMPARE(run.i64(0), int64_t(0)); // the index knows the run is incomplete
        StepsModel m;
        m.setRows(std::make_shared<const std::vector<query::StepRow>>(query::loadStepRows(*ix.db)));
        QCOMPARE(m.rowCount(), 4);
        for (int r = 0; r < m.rowCount(); ++r)
            QCOMPARE(m.data(m.index(r, StepsModel::Wait), Qt::DisplayRole).toString(), QString("not known"));
    }
    void commIsTheNotOverlappedPartOnEveryProducer() {
        // compute + comm + idle = wall on Kineto as on Ascend; the overlapped part is its own column.
        // Python over hta trace_filter's sampled_rank-{0,1}.json.gz (steps: ProfilerStep# [ts, ts + dur),
        // kernels, memcpy and memset starting before the next step; comm: the ncclKernel_SendRecv
        // intervals' union, compute: the other device events' union): rank 0 step 551 has 195.327 ms of
        // communication, 23.547 ms of it while compute ran; compute 106.9 ms, idle 328.632 ms, wall
        // 607.312 ms.
        const std::string samples = test::samplesDir();
        if (samples.empty()) QSKIP("../shared/samples is absent");
        qputenv("XDG_CACHE_HOME", QByteArray::fromStdString(test::tempDir("stepsmodel-cache")));
        auto ix = test::indexDir(samples + "/hta/tests/data/trace_filter");
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        StepsModel m;
        m.setRows(std::make_shared<const std::vector<query::StepRow>>(query::loadStepRows(*ix.db)));
        // (rank, step) → compute, comm not overlapped, overlapped, idle, wall (ns), from the Python count
        const std::map<std::pair<int, int64_t>, std::array<qint64, 5>> expected{
            {{0, 551}, {106900000, 171780000, 23547000, 328632000, 607312000}},
            {{0, 552}, {104723000, 164253000, 36619000, 353952000, 622928000}},
            {{1, 551}, {138199000, 133804000, 34223000, 335901000, 607904000}},
            {{1, 552}, {142356000, 165691000, 45335000, 322592000, 630639000}}};
        QCOMPARE(m.rowCount(), 4);
        auto raw = [&](int r, int c) { return m.data(m.index(r, c), Qt::UserRole).toLongLong(); };
        for (int r = 0; r < m.rowCount(); ++r) {
            const auto& e = expected.at({m.row(r)->rank, m.row(r)->step});
            QCOMPARE(raw(r, StepsModel::Compute), e[0]);
            QCOMPARE(raw(r, StepsModel::Comm), e[1]);
            QCOMPARE(raw(r, StepsModel::Overlapped), e[2]);
            QCOMPARE(raw(r, StepsModel::Idle), e[3]);
            QCOMPARE(raw(r, StepsModel::Wall), e[4]);
            QCOMPARE(raw(r, StepsModel::Compute) + raw(r, StepsModel::Comm) + raw(r, StepsModel::Idle),
                     raw(r, StepsModel::Wall));
        }
        const QString tip = m.data(m.index(0, StepsModel::Comm), Qt::ToolTipRole).toString();
        QVERIFY2(
            tip.contains("Communication 195 ms in all: 172 ms not overlapped with compute (comm), 23.5 ms "
                         "overlapped"),
            qPrintable(tip));
        QVERIFY(m.headerData(StepsModel::Comm, Qt::Horizontal, Qt::ToolTipRole)
                    .toString()
                    .contains("compute + comm + idle = wall"));
        QCOMPARE(m.headerData(StepsModel::Overlapped, Qt::Horizontal, Qt::DisplayRole).toString(),
                 QString("overlapped"));
        // a trace's preparing (its step start to its first device task) is part of its idle, and the header
        // says so (walk 54b: df_index_resolver's columns summed to 350 ms against a 346 ms wall)
        for (int r = 0; r < m.rowCount(); ++r)
            if (raw(r, StepsModel::Preparing) >= 0)
                QVERIFY(raw(r, StepsModel::Preparing) <= raw(r, StepsModel::Idle));
        QVERIFY(m.headerData(StepsModel::Preparing, Qt::Horizontal, Qt::ToolTipRole)
                    .toString()
                    .contains("part of idle, not added to compute + comm + idle = wall"));
        // the header says which part of the communication it is (walk17a L2: "comm" read as all of it)
        QCOMPARE(m.headerData(StepsModel::Comm, Qt::Horizontal, Qt::DisplayRole).toString(),
                 QString("comm not overlapped"));
        // Ascend: step_trace_time.csv of msinsight level1 rank 0, step 50: Communication(Not Overlapped)
        // 101963.203 µs, Overlapped 4028.675 µs; Computing 8873.756 + that + Free 25744.05 ≈ Stage 136581
        auto lv = test::indexDir(samples + "/msinsight/test/data/pytorch/text/level1");
        QVERIFY2(lv.result.ok, lv.result.error.c_str());
        m.setRows(std::make_shared<const std::vector<query::StepRow>>(query::loadStepRows(*lv.db)));
        const int r0 = m.row(0)->rank == 0 ? 0 : 1;
        QCOMPARE(raw(r0, StepsModel::Comm), qint64(101963203));
        QCOMPARE(raw(r0, StepsModel::Overlapped), qint64(4028675));
        // the file's own figures add up to 136581.009 µs against a Stage of 136581.0 µs: 9 ns of rounding
        QVERIFY(std::llabs(raw(r0, StepsModel::Compute) + raw(r0, StepsModel::Comm) +
                           raw(r0, StepsModel::Idle) - raw(r0, StepsModel::Wall)) < 1000);
    }
};

QTEST_MAIN(TstStepsModel)
#include "tst_stepsmodel.moc"
