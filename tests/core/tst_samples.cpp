// Conformance over the real profiler outputs in ../shared/samples (skipped, saying so, when absent):
// every sample directory indexes without a fatal error; every trace JSON yields exactly as many spans as
// it has X events; known values round-trip exactly; the Ascend wait computed from Notify_Wait matches
// communication.json within 1 %; the NCCL collectives of the HTA rank pair are matched across ranks.
#include "core/index/indexcounts.h"
#include "core/io/bytesource.h"
#include "core/pipeline/buildpipeline.h"
#include "core/query/analysisqueries.h"
#include "core/query/report.h"
#include "core/query/timelinequery.h"
#include "tests/support/testsupport.h"

#include <QFile>
#include <QFileInfo>
#include <QtTest>
#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <tuple>

using namespace rs;
namespace fs = std::filesystem;

namespace {
int64_t countX(const std::string& path) {
    auto j = nlohmann::json::parse(test::readDecompressed(path), nullptr, false);
    const auto& events = j.is_array() ? j : j["traceEvents"];
    int64_t n = 0;
    for (const auto& e : events)
        if (e.is_object() && e.value("ph", "") == "X" && e.contains("ts")) ++n;
    return n;
}
} // namespace

class TstSamples : public QObject {
    Q_OBJECT
    std::string m_samples;

  private Q_SLOTS:
    void initTestCase() {
        m_samples = test::samplesDir();
        if (m_samples.empty())
            QSKIP("../shared/samples is absent: the real-sample conformance tests are skipped");
        // The sample tree is read-only: indexes go to a private cache directory.
        qputenv("XDG_CACHE_HOME", QByteArray::fromStdString(test::tempDir("samples-cache")));
    }
    void everyDirectoryIndexes_data() {
        QTest::addColumn<QString>("dir");
        for (const char* d :
             {"msinsight/test/data/pytorch/text/level1", "msinsight/test/data/pytorch/db/level1",
              "msinsight/server/src/test/test_data", "hta/tests/data/trace_filter",
              "hta/tests/data/nccl_parser_config", "hta/tests/data/df_index_resolver",
              "hta/tests/data/ns_resolution_trace", "hta/tests/data/cpu_only", "hta/tests/data/amd_trace",
              "mindinsight/tests/utils/resource/profiler", "mindinsight/tests/utils/resource/cluster_propose",
              "mindinsight/tests/utils/resource/run_2"})
            QTest::newRow(d) << QString(d);
    }
    void everyDirectoryIndexes() {
        QFETCH(QString, dir);
        std::string path = m_samples + "/" + dir.toStdString();
        auto ix = test::indexDir(path);
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        QCOMPARE(ix.scalar("SELECT count(*) FROM diagnostics WHERE severity IN ('fatal', 'error')"),
                 int64_t(0));
        QVERIFY(ix.scalar("SELECT count(*) FROM spans") + ix.scalar("SELECT count(*) FROM steps") > 0);
        QVERIFY(!fs::exists(path + "/.rankscope"));
        // one rule for outlines and findings: no flagged (outlined) heatmap cell on a rank without a
        // straggler or slow_rank finding, and no op type blank
        QCOMPARE(ix.scalar("SELECT count(*) FROM op_stat WHERE flagged = 1 AND rank NOT IN (SELECT rank FROM "
                           "finding WHERE kind IN ('straggler', 'slow_rank') AND rank IS NOT NULL)"),
                 int64_t(0));
        QCOMPARE(ix.scalar("SELECT count(*) FROM op_stat WHERE coalesce(op_type, '') = ''"), int64_t(0));
        // an op type names a family, never a whole C++ signature, a mangled name or hundreds of bytes
        QCOMPARE(
            ix.scalar("SELECT count(DISTINCT op_type) FROM spans WHERE op_type = '' OR length(op_type) > "
                      "192 OR op_type LIKE 'void %' OR substr(op_type, 1, 2) = '_Z' OR op_type = 'Kernel'"),
            int64_t(0));
        // every trace JSON: spans == X events
        auto files = ix.rows(
            "SELECT file_id, path FROM source_file WHERE format IN ('ascend-trace-view', 'chrome-json', "
            "'mindspore-legacy-timeline', 'cann-timeline')");
        for (const auto& row : files) {
            auto bar = row.find('|');
            std::string id = row.substr(0, bar), file = row.substr(bar + 1);
            int64_t spans = ix.scalar("SELECT count(*) FROM span WHERE file_id = " + id);
            QVERIFY2(spans == countX(file),
                     (file + ": spans " + std::to_string(spans) + " vs X " + std::to_string(countX(file)))
                         .c_str());
        }
    }
    void knownValues() {
        auto ix = test::indexDir(m_samples + "/msinsight/test/data/pytorch/text/level1");
        QVERIFY(ix.result.ok);
        QCOMPARE(ix.rows("SELECT ts_ns, op_type FROM spans WHERE rank = 0 AND name = 'trans_TransData_0'"),
                 std::vector<std::string>{"1736408883704643212|TransData"});
        QCOMPARE(ix.rows("SELECT rank FROM ranks ORDER BY rank"), (std::vector<std::string>{"0", "1"}));
        QCOMPARE(ix.scalar("SELECT count(*) FROM steps WHERE step = 50"), int64_t(2));
        // the steps view says its bounds are the ProfilerStep band and gives the report's wall beside it:
        // step_trace_time.csv's Stage + Bubble, 136581.0 + 0 µs (rank 0) and 131912.5 + 0 µs (rank 1)
        QCOMPARE(ix.rows("SELECT rank, bounds_from, wall_ns, wall_from FROM steps ORDER BY rank"),
                 (std::vector<std::string>{"0|trace|136581000|step_trace_time.csv",
                                           "1|trace|131912500|step_trace_time.csv"}));
        // memory peaks are one component's (python over memory_record.csv: PTA+GE holds the highest
        // allocated, 1261.04296875 MB, and reserves at most 1526.75 MB; APP's process total of 2113.73 MB
        // is another pool, not PTA+GE's reserve)
        QCOMPARE(
            ix.rows(
                "SELECT rank, peak_allocated_bytes, peak_reserved_bytes FROM memory_summary ORDER BY rank"),
            (std::vector<std::string>{"0|1322299392|1600913408", "1|1322299392|1600913408"}));
        // flow ids above 2^53 survive as text
        QVERIFY(ix.scalar("SELECT count(*) FROM flow_links WHERE flow_id = '1736408883840600069'") >= 1 ||
                ix.scalar("SELECT count(*) FROM flow_links WHERE length(flow_id) >= 19") >= 1);
    }
    void ascendWaitMatchesCommunicationJson() {
        auto ix = test::indexDir(m_samples + "/msinsight/test/data/pytorch/text/level1");
        QVERIFY(ix.result.ok);
        auto rows = ix.rows("SELECT rank, name, wait_ns, wait_events_ns FROM collective ORDER BY rank, name");
        QCOMPARE(rows.size(), size_t(8));
        for (const auto& r : rows) {
            auto parts = QString::fromStdString(r).split('|');
            double json = parts[2].toDouble(), events = parts[3].toDouble();
            QVERIFY2(std::fabs(json - events) <= 0.01 * json + 1, r.c_str());
        }
        // communication.json's 5.6466 ms for the first AllReduce on rank 0
        QCOMPARE(
            ix.rows("SELECT wait_ns FROM collectives WHERE rank = 0 AND name = 'hcom_allReduce__586_0_1'"),
            std::vector<std::string>{"5646633"});
        QCOMPARE(ix.scalar("SELECT count(*) FROM diagnostics WHERE what LIKE 'Computing differs%'"),
                 int64_t(0));
    }
    void labelsSayWhatTheFilesSay_data() {
        QTest::addColumn<QString>("dir");
        for (const char* d :
             {"hta/tests/data/nccl_parser_config", "hta/tests/data/ns_resolution_trace",
              "hta/tests/data/amd_trace", "hta/tests/data/cpu_only",
              "msinsight/test/data/pytorch/text/level1", "msinsight/test/data/pytorch/db/level1"})
            QTest::newRow(d) << QString(d);
    }
    void labelsSayWhatTheFilesSay() {
        // read beside the importer with a DOM: Kineto deviceProperties[].name / distributedInfo, torch_npu's
        // profiler_info experimental_config._profiler_level, for every rank the folder holds
        QFETCH(QString, dir);
        const std::string path = m_samples + "/" + dir.toStdString();
        auto ix = test::indexDir(path);
        QVERIFY(ix.result.ok);
        int checked = 0;
        for (const auto& row : ix.rows("SELECT rank, path FROM source_file WHERE format IN ('chrome-json', "
                                       "'ascend-profiler-info')")) {
            const auto bar = row.find('|');
            const std::string rank = row.substr(0, bar), file = row.substr(bar + 1);
            auto j = nlohmann::json::parse(test::readDecompressed(file), nullptr, false);
            QVERIFY2(j.is_object(), file.c_str());
            auto label = [&](const char* key) {
                auto v =
                    ix.rows("SELECT value FROM labels WHERE rank = " + rank + " AND key = '" + key + "'");
                return v.empty() ? std::string("(none)") : v.front();
            };
            if (j.contains("traceEvents")) {
                std::string hw = "(none)";
                for (const auto& d : j.value("deviceProperties", nlohmann::json::array()))
                    if (hw == "(none)")
                        hw = d["name"].get<std::string>(); // the samples have one card type each
                QCOMPARE(label("hardware"), hw);
                const auto di = j.value("distributedInfo", nlohmann::json::object());
                QCOMPARE(label("backend"),
                         di.contains("backend") ? di["backend"].get<std::string>() : "(none)");
                QCOMPARE(label("nccl_version"),
                         di.contains("nccl_version") ? di["nccl_version"].get<std::string>() : "(none)");
                QCOMPARE(label("framework"),
                         std::string(j.contains("distributedInfo") || j.contains("deviceProperties") ||
                                             j.contains("schemaVersion")
                                         ? "pytorch"
                                         : "(none)"));
            } else {
                QCOMPARE(label("profiler_level"),
                         j["config"]["experimental_config"]["_profiler_level"].get<std::string>());
                QCOMPARE(label("framework"), std::string("torch_npu"));
            }
            ++checked;
        }
        // the .db export names the card (NPU_INFO), which the text export does not
        for (const auto& row : ix.rows("SELECT rank, path FROM source_file WHERE format = 'ascend-db'")) {
            const auto bar = row.find('|');
            // immutable: a plain read-only open of a WAL database writes -shm/-wal into the sample folder
            index::Db src = index::Db::openImmutable(row.substr(bar + 1));
            QCOMPARE(ix.rows("SELECT value FROM labels WHERE rank = " + row.substr(0, bar) +
                             " AND key = 'hardware'"),
                     std::vector<std::string>{src.scalarText("SELECT name FROM NPU_INFO LIMIT 1")});
            ++checked;
        }
        QVERIFY(checked > 0);
    }
    // Per sample, what the files say, counted independently of the code under test (a few lines of
    // Python over the JSON / CSV, and SOURCES.md): the runs and their ranks, whether every rank of the
    // run is present, the spans (X events), the steps per rank (distinct ProfilerStep#N or step CSV rows)
    // and the finding kinds (none: no sample holds a complete run with a late rank or a slow card).
    void conformance_data() {
        QTest::addColumn<QString>("dir");
        QTest::addColumn<QString>("runs"); // per run: "data ranks/complete", runs joined with ' '
        QTest::addColumn<qint64>("spans");
        QTest::addColumn<qint64>("stepsPerRank");
        QTest::addColumn<QString>("findings");
        QTest::newRow("hta trace_filter (2 of 128)") << "hta/tests/data/trace_filter"
                                                     << "0,1/0" << qint64(9487) << qint64(2) << "";
        QTest::newRow("hta nccl (rank 0 of 2)") << "hta/tests/data/nccl_parser_config"
                                                << "0/0" << qint64(26933) << qint64(3) << "";
        QTest::newRow("hta memory (rank 1 of 2)") << "hta/tests/data/df_index_resolver"
                                                  << "1/0" << qint64(123379) << qint64(5) << "";
        QTest::newRow("hta ns (world 1)") << "hta/tests/data/ns_resolution_trace"
                                          << "0/1" << qint64(45420) << qint64(5) << "";
        QTest::newRow("hta cpu only (34 of 300)") << "hta/tests/data/cpu_only"
                                                  << "34/0" << qint64(16) << qint64(1) << "";
        QTest::newRow("hta amd (no distributedInfo)") << "hta/tests/data/amd_trace"
                                                      << "0/1" << qint64(113) << qint64(2) << "";
        // DB export: TASK 552 + COMMUNICATION_OP 4 + PYTORCH_API 2460 + CANN_API 710 rows; STEP_TIME 1 row;
        // rank 0 of an 8-device job (COMMUNICATION_TASK_INFO's srcRank/dstRank name ranks 0–7): not a
        // complete run 3726 TASK/COMMUNICATION_OP/PYTORCH_API/CANN_API rows less the 4 AI_CORE-typed tasks
        // that hold the 4 allreduces (sqlite3 over the .db: no COMPUTE_TASK_INFO or COMMUNICATION_TASK_INFO
        // row, the connectionId of a COMMUNICATION_OP): each collective is its Group lane span
        QTest::newRow("torch_npu db (1 of 8)") << "msinsight/test/data/pytorch/db/level1"
                                               << "0/0" << qint64(3722) << qint64(1) << "";
        // older torch_npu, ranks 0 and 1 of a 16-rank job (peers 0–9 in communication_matrix.json):
        // kernel_details 21 + 22 rows and communication.json's 28 + 28 ops (27 collectives and a p2p send
        // each) less the 4 + 2 that kernel_details lists as tasks (no trace_view: they are the Group lanes),
        // step_trace_time one step
        QTest::newRow("torch_npu 2023 (2 of 16)") << "msinsight/server/src/test/test_data"
                                                  << "0,1/0" << qint64(44 + 49) << qint64(1) << "";
        // legacy 4-rank pipeline job: 5 steps per rank (the '-' row is a summary), 485 + 485 + 1745 + 1745
        // communication-op intervals in the step traces; no world size in these files
        QTest::newRow("mindspore legacy cluster") << "mindinsight/tests/utils/resource/cluster_propose"
                                                  << "0,1,2,3/1" << qint64(4460) << qint64(5) << "*";
        QTest::newRow("torch_npu text (2 of 8)") << "msinsight/test/data/pytorch/text/level1"
                                                 << "0,1/0" << qint64(4384 + 4385) << qint64(1) << "";
    }
    void conformance() {
        QFETCH(QString, dir);
        QFETCH(QString, runs);
        QFETCH(qint64, spans);
        QFETCH(qint64, stepsPerRank);
        QFETCH(QString, findings);
        auto ix = test::indexDir(m_samples + "/" + dir.toStdString());
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        QStringList got;
        for (const auto& r :
             ix.rows("SELECT (SELECT group_concat(data_rank, ',') FROM (SELECT data_rank FROM ranks k "
                     "WHERE k.run_id = r.run_id ORDER BY data_rank)) || '/' || complete FROM runs r "
                     "ORDER BY run_id"))
            got << QString::fromStdString(r);
        QCOMPARE(got.join(' '), runs);
        QCOMPARE(ix.scalar("SELECT count(*) FROM spans"), spans);
        for (const auto& n : ix.rows("SELECT count(*) FROM steps GROUP BY rank"))
            QCOMPARE(qint64(std::stoll(n)), stepsPerRank);
        QStringList kinds;
        for (const auto& k : ix.rows("SELECT DISTINCT kind FROM finding ORDER BY kind"))
            kinds << QString::fromStdString(k);
        if (findings != "*") QCOMPARE(kinds.join(','), findings); // "*": not known independently
        // every lane kind and the steps of a rank lie inside its run's time range
        QCOMPARE(
            ix.scalar(
                "SELECT count(*) FROM track t JOIN rank_info k ON k.rank = t.rank JOIN run r ON r.run_id = "
                "k.run_id JOIN span s ON s.track_id = t.track_id WHERE t.aligned = 1 AND (s.ts_ns < "
                "r.start_ns "
                "OR s.ts_ns + s.dur_ns > r.end_ns + 1000000000)"),
            int64_t(0));
        QCOMPARE(
            ix.scalar(
                "SELECT count(*) FROM step s JOIN rank_info k ON k.rank = s.rank JOIN run r ON r.run_id = "
                "k.run_id WHERE s.start_ns < r.start_ns OR s.end_ns > r.end_ns"),
            int64_t(0));
    }
    void legacyRunHoldsItsSteps() {
        // the legacy MindSpore folder of two runs (python over its files): rank 10's step trace has 40
        // steps, 450000252260 to 455129738150 ns, and communication ops in steps 1-20 only (80 ops,
        // 450000438070 to 452503957600 ns): its run is its steps' 5.13 s, not its ops' 2.50 s. Rank 0's
        // timeline (ascend_timeline_display_0.json: 0 to 6042912.66 us) and its step trace (10 ns ticks,
        // 450000300810 to 452518997380 ns) are on two clocks nothing ties, but its step trace is on rank 10's
        // (steps 1-20 begin 0.05-0.93 ms apart): one run of both, on the steps' clock, rank 0's 20 steps
        // kept and its timeline's 2 lanes (AI CPU stream 0, Stream 519) the ones apart
        auto ix = test::indexDir(m_samples + "/mindinsight/tests/utils/resource/profiler");
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        QCOMPARE(
            ix.rows("SELECT r.start_ns, r.end_ns FROM runs r JOIN ranks k USING(run_id) WHERE k.data_rank "
                    "IN (0, 10) AND k.source = 'mindspore-legacy' ORDER BY k.data_rank"),
            (std::vector<std::string>{"450000252260|455129738150", "450000252260|455129738150"}));
        QCOMPARE(
            ix.rows("SELECT count(*), min(s.start_ns), max(s.end_ns) FROM steps s JOIN ranks k USING(rank) "
                    "WHERE k.data_rank = 0 AND k.source = 'mindspore-legacy'"),
            std::vector<std::string>{"20|450000300810|452518997380"});
        QCOMPARE(ix.rows("SELECT t.name FROM track t JOIN ranks k USING(rank) WHERE k.data_rank = 0 AND "
                         "k.source = 'mindspore-legacy' AND t.aligned = 0 ORDER BY t.name"),
                 (std::vector<std::string>{"AI CPU stream 0", "Stream 519"}));
        // the CANN raw PROF_ directory's device 0 (info.json: rank_id 0, another job: AlexNet in 2023, on
        // the epoch clock its start_info gives) is a run of its own, never joined to the legacy rank 0
        // the two sources of rank 0 keep their own labels when their keys are ordered: the legacy files
        // say MindSpore, the CANN info.json names no framework
        QCOMPARE(
            ix.rows("SELECT k.source FROM label l JOIN ranks k USING(rank) WHERE l.key = 'framework' AND "
                    "k.data_rank = 0"),
            (std::vector<std::string>{"mindspore-legacy"}));
        QCOMPARE(ix.scalar("SELECT count(*) FROM ranks k WHERE k.source = 'ascend-cann' AND (SELECT count(*) "
                           "FROM ranks o WHERE o.run_id = k.run_id) = 1"),
                 int64_t(1));
        QCOMPARE(ix.scalar("SELECT count(*) FROM steps WHERE rank = 10"), int64_t(40));
        // gpu_timeline_display_0.json names its rank in its file name, as ascend_timeline_display_0.json
        // does (walk 23b; walk 9 had it "assigned rank 4"): rank 0, a key of its own since two other runs
        // have a rank 0 too, and no rank is Rankscope's own number
        QCOMPARE(
            ix.rows("SELECT l.value FROM label l JOIN rank_info k USING(rank) WHERE l.key = 'rank_origin'"),
            std::vector<std::string>{});
        QCOMPARE(ix.rows("SELECT data_rank FROM rank_info WHERE source = 'chrome'"),
                 std::vector<std::string>{"0"});
        const std::string text = query::formatReport(query::buildReport(*ix.db, 20), 20);
        QVERIFY2(text.find("numbered by Rankscope") == std::string::npos, text.c_str());
    }
    void wholeHtaFolderHoldsSixJobs() {
        // SOURCES.md: six different jobs (a rank pair of a 128-rank job, rank 0 of a 2-rank A100 job, rank 1
        // of a 2-rank V100 job, a single-GPU run, rank 34 of 300 and an AMD trace): six runs, none complete
        // but the single-GPU and the AMD one, and nothing matched across them
        auto ix = test::indexDir(m_samples + "/hta/tests/data");
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        QCOMPARE(ix.scalar("SELECT count(*) FROM runs"), int64_t(6));
        QCOMPARE(ix.rows("SELECT coalesce(world_size, 0) || ':' || rank_count FROM runs ORDER BY 1"),
                 (std::vector<std::string>{"0:1", "128:2", "1:1", "2:1", "2:1", "300:1"}));
        QCOMPARE(
            ix.scalar("SELECT count(*) FROM (SELECT match_key FROM collective c JOIN rank_info k ON k.rank = "
                      "c.rank "
                      "WHERE match_key IS NOT NULL GROUP BY match_key HAVING count(DISTINCT k.run_id) > 1)"),
            int64_t(0));
        QCOMPARE(ix.scalar("SELECT count(*) FROM finding"), int64_t(0));
    }
    void aWaitIsStoredWhereItsWaitTasksRan() {
        // mindinsight profiler's CANN run: AllReduce-op534 waited 34.2 ms in plane 0's Notify_Wait tasks,
        // stored as one block from the op's start (over planes 1 and 2's Reduce_Inline from 29.6 ms on).
        // Expected: plane 0's Notify_Wait tasks inside the op, merged, from hccl_0_2_1.json beside the index
        const std::string dir = m_samples + "/mindinsight/tests/utils/resource/profiler";
        const std::string hccl = dir + "/PROF_000001_20230818142704322_COJGGGCANRMICFBC/device_0/timeline/"
                                       "hccl_0_2_1.json";
        const auto events = nlohmann::json::parse(test::readDecompressed(hccl));
        auto ns = [](const nlohmann::json& v) { return int64_t(std::llround(v.get<double>() * 1000)); };
        int64_t opStart = 0, opEnd = 0;
        for (const auto& e : events)
            if (e.value("ph", "") == "X" && e.value("tid", -1) == 70000)
                opStart = ns(e["ts"]), opEnd = opStart + ns(e["dur"]);
        std::vector<std::pair<int64_t, int64_t>> expected; // relative to the op's start
        for (const auto& e : events)
            if (e.value("ph", "") == "X" && e.value("tid", -1) == 0 && e.value("name", "") == "Notify_Wait" &&
                ns(e["ts"]) >= opStart && ns(e["ts"]) < opEnd)
                expected.push_back({ns(e["ts"]) - opStart, ns(e["ts"]) + ns(e["dur"]) - opStart});
        std::sort(expected.begin(), expected.end());
        std::vector<std::pair<int64_t, int64_t>> merged;
        int64_t sum = 0;
        for (const auto& iv : expected) {
            sum += iv.second - iv.first;
            if (iv.second <= iv.first) continue; // a task of 0 ns is no time waited
            if (!merged.empty() && iv.first <= merged.back().second)
                merged.back().second = std::max(merged.back().second, iv.second);
            else
                merged.push_back(iv);
        }
        QCOMPARE(sum, int64_t(34'209'510)); // 34.2095 ms, the figure the issue checked
        auto ix = test::indexDir(dir);
        QVERIFY(ix.result.ok);
        const auto rows = ix.rows(
            "SELECT w.start_ns - c.start_ns, w.start_ns + w.dur_ns - c.start_ns, c.wait_ns FROM wait w "
            "JOIN collective c ON c.collective_id = w.collective_id WHERE c.name LIKE "
            "'%AllReduce-op534%' AND w.kind = 'collective_wait' ORDER BY w.start_ns");
        QCOMPARE(rows.size(), merged.size());
        for (size_t i = 0; i < rows.size(); ++i)
            QCOMPARE(QString::fromStdString(rows[i]),
                     QString("%1|%2|%3").arg(merged[i].first).arg(merged[i].second).arg(sum));
        // the timeline's waits: every piece carries the collective's whole wait, for its tooltip
        const auto summary = query::loadSummary(
            *ix.db,
            int(ix.scalar("SELECT run_id FROM rank_info WHERE rank = (SELECT rank FROM collective WHERE "
                          "name LIKE '%AllReduce-op534%')")));
        int pieces = 0;
        for (const auto& w : summary.waits)
            if (w.collective.find("AllReduce-op534") != std::string::npos && w.kind == "collective_wait") {
                ++pieces;
                QCOMPARE(w.totalNs, sum);
                QCOMPARE(w.pieces, int(merged.size()));
            }
        QCOMPARE(pieces, int(merged.size()));
    }
    void stepComputeIsTheOverlapWithTheStep() {
        // HTA ns_resolution_trace: 0.32 ms of step 102's kernels run into step 103. Expected: the union of
        // the kernel, memcpy and memset events clipped to each ProfilerStep's own window (Python over the
        // trace JSON, timestamps read as decimals: busy 71 181 755 ns and idle 895 719 ns in step 102)
        auto ix = test::indexDir(m_samples + "/hta/tests/data/ns_resolution_trace");
        QVERIFY(ix.result.ok);
        QCOMPARE(QString::fromStdString(
                     ix.rows("SELECT wall_ns, compute_ns, idle_ns FROM step_stat WHERE step = 102").front()),
                 QString("72077474|71181755|895719"));
        QCOMPARE(QString::fromStdString(
                     ix.rows("SELECT wall_ns, compute_ns, idle_ns FROM step_stat WHERE step = 103").front()),
                 QString("95697341|94553060|1144281"));
    }
    void noStepWaitsLongerThanItLasts_data() { everyDirectoryIndexes_data(); }
    void noStepWaitsLongerThanItLasts() {
        QFETCH(QString, dir);
        auto ix = test::indexDir(m_samples + "/" + dir.toStdString());
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        QCOMPARE(ix.rows("SELECT rank, step, wait_ns, wall_ns FROM step_breakdown WHERE wait_ns > wall_ns"),
                 std::vector<std::string>{});
        // a rank without device kernels and without a shipped breakdown has no measured compute: NULL, not 0
        QCOMPARE(
            ix.scalar("SELECT count(*) FROM step_stat s WHERE compute_ns IS NULL AND (source <> 'events' "
                      "OR EXISTS (SELECT 1 FROM span p JOIN track t ON t.track_id = p.track_id WHERE "
                      "t.rank = s.rank AND t.kind = 'compute'))"),
            int64_t(0));
        // and its idle time (the wall minus kernels not recorded) is unknown exactly where its compute is
        QCOMPARE(ix.scalar("SELECT count(*) FROM step_stat WHERE (compute_ns IS NULL) <> (idle_ns IS NULL)"),
                 int64_t(0));
    }
    void pipelineStepWaitIsTheTimeWaited() {
        // the 4-rank pipeline job (hccl_raw + step traces, no kernel): rank 0's step 2 (181.0 ms) waits in
        // five Send/Receive ops, Send-op868 [359.3, 389.5) ms beside Receive-op794 [348.0, 388.9) ms on
        // another stream; summed they made 200.9 ms, the union of the wait rows is 171.3 ms (counted by a
        // few lines of Python over the wait table). With every stream's AllReduce ops collectives (they were
        // nested under the Send/Receive on one lane), 45 waits of 46 rows: the union 172.35 ms (Python over
        // the wait rows, clipped to the step; hccl_raw's own per-op waits give 172.37 ms: the 51
        // AllReduce waits under 20 µs are not drawn, AnalysisOptions::waitMinNs)
        auto ix = test::indexDir(m_samples + "/mindinsight/tests/utils/resource/cluster_propose");
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        QCOMPARE(
            ix.rows("SELECT wall_ns, wait_ns, compute_ns FROM step_breakdown WHERE rank = 0 AND step = 2"),
            std::vector<std::string>{"181012690|172349080|NULL"});
        QCOMPARE(ix.scalar("SELECT count(*) FROM step_stat WHERE compute_ns IS NOT NULL"), int64_t(0));
        // nor idle: without kernels it would be the wall minus the communication (rank 0 step 1: 52.8 ms)
        QCOMPARE(ix.scalar("SELECT count(*) FROM step_stat WHERE idle_ns IS NOT NULL"), int64_t(0));
        QCOMPARE(ix.scalar("SELECT count(*) FROM sum_step WHERE idle_ns IS NOT NULL"), int64_t(0));
    }
    void pipelineStagesAreNotMatchedWithEachOther() {
        // the 4-rank pipeline job: ranks 0 and 1 run AllReduce-op4619…, ranks 2 and 3 AllReduce-op17460…
        // (their step traces' column names): no instance may pair a rank of one stage with the other
        auto ix = test::indexDir(m_samples + "/mindinsight/tests/utils/resource/cluster_propose");
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        QCOMPARE(
            ix.scalar(
                "SELECT count(*) FROM (SELECT match_key FROM collective WHERE match_key IS NOT NULL GROUP BY "
                "match_key HAVING min(rank) < 2 AND max(rank) >= 2)"),
            int64_t(0));
        QVERIFY(
            ix.scalar(
                "SELECT count(*) FROM (SELECT match_key FROM collective WHERE match_key IS NOT NULL GROUP BY "
                "match_key HAVING count(DISTINCT rank) = 2)") > 0);
        // Send/Receive between stages are never blamed
        QCOMPARE(
            ix.scalar("SELECT count(*) FROM collective WHERE (name LIKE 'Send%' OR name LIKE 'Receive%') AND "
                      "last_rank IS NOT NULL"),
            int64_t(0));
    }
    void legacyStepOnTheTimelinesClock() {
        // walk 53a: run_2's one step was "1 step mark on another clock than its device ops, not used (no
        // sync record; the whole trace, 6.07 s)", but aicpu_intermediate_1.csv is the sync record: its
        // run_start (µs of the system counter the step trace's 10 ns ticks count) of InitData, 154901853050
        // µs, is the timeline's InitData at 0 s (its 5 AI CPU ops agree to 0.001 µs). Python's csv/json over
        // the files: step 1 = 15490789606875..15490791977780 ticks → 6043018750..6066727800 ns on the
        // timeline (23.709 ms); of the 107 AI Core ops (pid 1, Stream 519), 103 start and end inside it
        // (AssignAdd-op142 and TransData-op118 run just before it and again just after it)
        auto ix = test::indexDir(m_samples + "/mindinsight/tests/utils/resource/run_2/normal_run/profiler");
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        QCOMPARE(ix.rows("SELECT rank, step, start_ns, end_ns, source FROM step"),
                 std::vector<std::string>{"1|1|6043018750|6066727800|legacy-step-trace"});
        QCOMPARE(
            ix.scalar("SELECT count(*) FROM spans s JOIN tracks t ON t.track_id = s.track_id WHERE t.name = "
                      "'Stream 519'"),
            int64_t(107));
        QCOMPARE(
            ix.scalar("SELECT count(*) FROM spans s JOIN tracks t ON t.track_id = s.track_id WHERE t.name = "
                      "'Stream 519' AND s.ts_ns >= 6043018750 AND s.ts_ns + s.dur_ns <= 6066727800"),
            int64_t(103));
        QCOMPARE(ix.scalar("SELECT count(*) FROM diagnostics WHERE what LIKE '%not aligned%'"), int64_t(0));
        QCOMPARE(ix.scalar("SELECT count(*) FROM track WHERE aligned = 0"), int64_t(0));
        // where the relation came from is said: it is implied by the producer, not written
        QCOMPARE(ix.rows("SELECT file, what FROM diagnostics WHERE what LIKE 'step trace put on%'").size(),
                 size_t(1));
        QVERIFY(ix.rows("SELECT what FROM diagnostics WHERE what LIKE 'step trace put on%'")[0].find(
                    "154901853050 µs (5 ops paired, InitData first)") != std::string::npos);
        QVERIFY(ix.rows("SELECT what FROM diagnostics WHERE what LIKE 'step trace put on%'")[0].find(
                    "by aicpu_intermediate_1.csv's run_start") != std::string::npos);
        const std::string text = query::formatReport(query::buildReport(*ix.db, 20), 20);
        QVERIFY2(text.find("another clock") == std::string::npos, text.c_str());
    }
    void legacyClocksKeptApartWithoutTheSyncRecord() {
        // run_2 without aicpu_intermediate_1.csv: the timeline's ops sit at 0–6.07 s (relative µs), the step
        // trace at 15490789606875 ticks of 10 ns = 154 907.9 s; nothing left in the folder relates the two
        const std::string dir = test::run2WithoutSync("samples-apart");
        auto ix = test::indexDir(dir);
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        QCOMPARE(ix.rows("SELECT rank, step, source FROM step"), std::vector<std::string>{"1|0|whole-trace"});
        QCOMPARE(
            ix.scalar(
                "SELECT count(*) FROM diagnostics WHERE what LIKE 'steps not aligned with the device ops%'"),
            int64_t(1));
        // the ops are device streams (stream 519; the AI CPU's pid 9000), not host threads
        QCOMPARE(ix.rows("SELECT kind, name FROM tracks ORDER BY name"),
                 (std::vector<std::string>{"compute|AI CPU stream 0", "compute|Stream 519"}));
        QCOMPARE(ix.scalar("SELECT count(*) FROM spans WHERE ts_ns > 10000000000"), int64_t(0));
        // r50b #4: its fp_and_bp and tail are not read, and said so (Python's csv over
        // step_trace_raw_1_detail_time.csv: step 1's fp_and_bp 2366808 and tail 4097 ticks of 10 ns, i.e.
        // 23.67 ms and 41.0 µs; the other row is step 0, MindSpore's summary)
        QCOMPARE(
            ix.rows(
                "SELECT excerpt FROM diagnostics WHERE what LIKE 'step_trace_raw''s fp_and_bp and tail%'"),
            std::vector<std::string>{"1 step with them (step 1: fp_and_bp 23.7 ms, tail 41.0 µs)"});
        // so the report gives no step time: the 6.07 s is the whole trace, not a step (the producer's step
        // is 23.7 ms); its one step mark (step_trace_raw_1_detail_time.csv's step_num 1; its other row is
        // numbered 0) is said to exist on another clock, not denied
        const std::string text = query::formatReport(query::buildReport(*ix.db, 20), 20);
        QVERIFY2(
            text.find("rank 1: 1 step mark on another clock than its device ops, not used (no sync record; "
                      "the whole trace") != std::string::npos,
            text.c_str());
    }
    void legacyJobsOfTwoFoldersAreTwoRuns() {
        // the whole resource folder: profiler/ and run_2/normal_run/profiler/ are two jobs whose clocks both
        // count from 0 (rank 0 of one, rank 1 of the other showed as one run "rank 1 and 10001")
        auto ix = test::indexDir(m_samples + "/mindinsight/tests/utils/resource");
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        const auto shared = ix.scalar(
            "SELECT count(*) FROM ranks a JOIN ranks b ON a.run_id = b.run_id AND a.rank < b.rank "
            "WHERE EXISTS (SELECT 1 FROM source_file f WHERE f.rank = a.rank AND f.path LIKE '%/run_2/%') <> "
            "EXISTS (SELECT 1 FROM source_file f WHERE f.rank = b.rank AND f.path LIKE '%/run_2/%')");
        QCOMPARE(shared, int64_t(0));
        // the four ranks of cluster_propose (one folder) are still one run
        QCOMPARE(ix.scalar(
                     "SELECT count(DISTINCT r.run_id) FROM ranks r WHERE EXISTS (SELECT 1 FROM source_file f "
                     "WHERE f.rank = r.rank AND f.path LIKE '%/cluster_propose/%')"),
                 int64_t(1));
        // the run of the job's rank 1 whose key is 10001 (its rank 1 collides with the other job's):
        // Details' text names it as its lanes do, "rank 1", never by the key
        const auto run = ix.scalar("SELECT run_id FROM ranks WHERE rank = 10001");
        QCOMPARE(ix.scalar("SELECT data_rank FROM rank_info WHERE rank = 10001"), int64_t(1));
        const std::string text =
            query::formatReport(query::runReport(*ix.db, query::buildReport(*ix.db, 20), int(run)), 20);
        QVERIFY2(text.find("10001") == std::string::npos, text.c_str());
        QVERIFY2(text.find("rank 1:") != std::string::npos, text.c_str());
        // the whole folder's report tells the two jobs' rank 1 apart by run, not by the key
        const std::string whole = query::formatReport(query::buildReport(*ix.db, 20), 20);
        QVERIFY2(whole.find("10001") == std::string::npos, whole.c_str());
        QVERIFY2(whole.find("rank 1 (run " + std::to_string(run) + ")") != std::string::npos, whole.c_str());
    }
    void aStepOfItsKernelsHasNoPreparingTime() {
        // walk 53b: test_data's Steps table read "preparing 0 ns" on both ranks. Its steps are kernel_details
        // .csv's Step Id (no step mark), windows starting at their first kernel by construction, and its
        // step_trace_time.csv has no Preparing column: the time before the first task is not known
        const std::string dir = m_samples + "/msinsight/server/src/test/test_data";
        for (const char* rank : {"test_rank_0", "test_rank_1"}) {
            QFile csv(
                QString::fromStdString(dir + "/" + rank + "/ASCEND_PROFILER_OUTPUT/step_trace_time.csv"));
            if (!csv.open(QIODevice::ReadOnly)) QSKIP("the msinsight server test_data sample is not here");
            QVERIFY(!csv.readLine().contains("Preparing"));
        }
        auto ix = test::indexDir(dir);
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        QCOMPARE(ix.scalar("SELECT count(*) FROM step WHERE source = 'kernel_details'"), int64_t(2));
        QCOMPARE(ix.scalar("SELECT count(*) FROM step_breakdown"), int64_t(2));
        QCOMPARE(ix.scalar("SELECT count(*) FROM step_breakdown WHERE preparing_ns IS NOT NULL"), int64_t(0));
    }
    void theDiagnosticsNameFilesNotReadAndTheFileOfLanesSetApart() {
        // walk 53b, mindinsight's profiler folder: the Diagnostics dialog filed "2 lanes of device ops not
        // aligned" under "rank 0 (index key 10000)", not the file holding them (Stream 519 is in
        // ascend_timeline_display_0.json), and left out the files `info` lists as not read
        // (framework_raw_1.csv: an op table with no timed events)
        const std::string dir = m_samples + "/mindinsight/tests/utils/resource/profiler";
        QFile timeline(QString::fromStdString(dir + "/ascend_timeline_display_0.json"));
        if (!timeline.open(QIODevice::ReadOnly)) QSKIP("the mindinsight profiler sample is not here");
        QVERIFY(timeline.readAll().contains("519"));
        QVERIFY(QFileInfo::exists(QString::fromStdString(dir + "/framework_raw_1.csv")));
        auto ix = test::indexDir(dir);
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        auto ends = [](const std::string& s, const std::string& tail) {
            return s.size() >= tail.size() && s.compare(s.size() - tail.size(), tail.size(), tail) == 0;
        };
        int apart = 0, notRead = 0;
        for (const auto& r : query::loadSummary(*ix.db).runs)
            for (const auto& d : query::loadSummary(*ix.db, r.run).diagnostics) {
                if (d.what.find("not aligned") != std::string::npos) {
                    ++apart;
                    QVERIFY2(ends(d.file, "/ascend_timeline_display_0.json"), d.file.c_str());
                }
                if (ends(d.file, "/framework_raw_1.csv")) {
                    ++notRead;
                    QCOMPARE(d.severity, std::string("info"));
                    QVERIFY2(d.what.rfind("not read: ", 0) == 0, d.what.c_str());
                }
            }
        QVERIFY(apart > 0);
        QVERIFY(notRead > 0);
    }
    void aRunsReportNamesOnlyItsOwnSilentSteps() {
        // walk 53b: runs 1 and 2 of mindinsight's profiler folder said "rank 10: steps 21–40 record no
        // communication" under their Steps; step_trace_raw_10_detail_time.csv (rank 10) is run 0's only
        const std::string dir = m_samples + "/mindinsight/tests/utils/resource/profiler";
        if (!QFileInfo::exists(QString::fromStdString(dir + "/step_trace_raw_10_detail_time.csv")))
            QSKIP("the mindinsight profiler sample is not here");
        auto ix = test::indexDir(dir);
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        const nlohmann::json whole = query::buildReport(*ix.db, 20);
        QVERIFY(whole["runs"].size() > 1);
        int withSilent = 0;
        for (const auto& run : whole["runs"]) {
            const nlohmann::json r = query::runReport(*ix.db, whole, run["run"].get<int>());
            const std::set<int64_t> own = run["data_ranks"].get<std::set<int64_t>>();
            for (const auto& q : r["steps"]["without_communication"])
                QVERIFY2(own.count(q["rank"].get<int64_t>()), (q.dump() + " in run " + run.dump()).c_str());
            withSilent += !r["steps"]["without_communication"].empty();
        }
        QCOMPARE(withSilent, 1);
    }
    void aRunsReportNamesOnlyItsOwnStubSteps() {
        // walk 23a: the whole hta folder's trace_filter run (Details) listed "rank 30000: step 2 (49.1 µs)
        // left out of step statistics", amd_trace's stub step under its rank key, in another run
        auto ix = test::indexDir(m_samples + "/hta/tests/data");
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        const nlohmann::json whole = query::buildReport(*ix.db, 20);
        QVERIFY(!whole["diagnostics"]["stub_steps"].empty());
        QVERIFY(whole["runs"].size() > 1);
        for (const auto& run : whole["runs"]) {
            const nlohmann::json r = query::runReport(*ix.db, whole, run["run"].get<int>());
            const std::set<int64_t> own = run["data_ranks"].get<std::set<int64_t>>();
            for (const auto& st : r["diagnostics"]["stub_steps"])
                QVERIFY2(own.count(st["rank"].get<int64_t>()), st.dump().c_str());
            const std::string text = query::formatReport(r, 20);
            for (const auto& key : whole["runs"])
                for (const auto& k : key["ranks"])
                    if (k.get<int64_t>() >= 10000)
                        QVERIFY2(text.find("rank " + std::to_string(k.get<int64_t>())) == std::string::npos,
                                 text.c_str());
        }
    }

    void eachRunSaysWhereItsFilesAre() {
        // walk 23a: the whole hta folder's six runs read alike in the run chooser; SOURCES.md: one folder
        // under hta/tests/data per job; a folder of one run needs no such word
        auto ix = test::indexDir(m_samples + "/hta/tests/data");
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        std::set<std::string> folders;
        for (const auto& r : query::loadSummary(*ix.db).runs)
            folders.insert(r.folder);
        QCOMPARE(folders,
                 (std::set<std::string>{"amd_trace", "cpu_only", "df_index_resolver", "nccl_parser_config",
                                        "ns_resolution_trace", "trace_filter"}));
        auto one = test::indexDir(m_samples + "/hta/tests/data/trace_filter");
        QVERIFY2(one.result.ok, one.result.error.c_str());
        for (const auto& r : query::loadSummary(*one.db).runs)
            QCOMPARE(r.folder, std::string());
    }

    void htaTwoOf128RanksAreOneIncompleteRun() {
        // SOURCES.md: ranks 0 and 1 of one job with world_size 128. One run, incomplete: with 126 ranks
        // missing the last arrival cannot be named, so nothing is blamed.
        auto ix = test::indexDir(m_samples + "/hta/tests/data/trace_filter");
        QVERIFY(ix.result.ok);
        QCOMPARE(ix.rows("SELECT rank, run_id FROM ranks ORDER BY rank"),
                 (std::vector<std::string>{"0|0", "1|0"}));
        QCOMPARE(ix.rows("SELECT world_size, rank_count, complete FROM runs"),
                 std::vector<std::string>{"128|2|0"});
        // its 10 NCCL kernels per rank are all ncclKernel_SendRecv, but walk 26: Python following each
        // kernel's args.correlation to its cudaLaunchKernel and the innermost nccl:* op around that on its
        // thread finds nccl:all_to_all 4, nccl:all_reduce 4, nccl:_all_gather_base 2 on both ranks — no
        // send or recv: collectives matched across the ranks, not point-to-point
        QCOMPARE(ix.rows("SELECT rank, op_type, count(*) FROM collective GROUP BY 1, 2 ORDER BY 1, 2"),
                 (std::vector<std::string>{"0|nccl:AllGather|2", "0|nccl:AllReduce|4", "0|nccl:AllToAll|4",
                                           "1|nccl:AllGather|2", "1|nccl:AllReduce|4", "1|nccl:AllToAll|4"}));
        QCOMPARE(ix.scalar("SELECT count(*) FROM collective WHERE match_key IS NULL"), int64_t(0));
        QCOMPARE(ix.scalar("SELECT count(*) FROM sum_diagnostic WHERE what LIKE 'point-to-point%'"),
                 int64_t(0));
        QCOMPARE(ix.scalar("SELECT count(*) FROM collective WHERE last_rank IS NOT NULL"), int64_t(0));
        QCOMPARE(ix.scalar("SELECT count(*) FROM waits WHERE blamed_rank IS NOT NULL"), int64_t(0));
        QCOMPARE(ix.scalar("SELECT count(*) FROM finding WHERE kind IN ('stall', 'late_rank', 'slow_rank')"),
                 int64_t(0));
        // and the report does not call the unmeasured wait "0 ns"
        const std::string text = query::formatReport(query::buildReport(*ix.db, 20), 20);
        QVERIFY2(text.find("Communication wait: not known") != std::string::npos, text.c_str());
    }
    void opTypesCompareLikeAgainstLike() {
        // trace_filter's ranks run different instantiations of the same templates (walk 6: rank 1 read
        // 0.10× in `_scatter_gather_elementwise_kernel` and 0.86× in Memcpy HtoD). Expected values from a
        // Python count over the two .json.gz: per kernel name the lower median of `dur`
        // (core/model/median.h), the reference of a name the lower median of the ranks' medians (of two, the
        // faster's: r51a), a cell's ratio Σ count·median / Σ count·reference.
        auto ix = test::indexDir(m_samples + "/hta/tests/data/trace_filter");
        QVERIFY(ix.result.ok);
        // the functor and the copy kind are the op: rank 1 runs no ReduceAdd, and copies from pinned and
        // pageable memory are two rows
        QCOMPARE(ix.rows("SELECT rank, count FROM op_stats WHERE op_type = "
                         "'_scatter_gather_elementwise_kernel<ReduceAdd>' ORDER BY rank"),
                 std::vector<std::string>{"0|2"});
        QCOMPARE(ix.rows("SELECT op_type, rank, count FROM op_stats WHERE op_type LIKE 'Memcpy HtoD%' "
                         "ORDER BY op_type, rank"),
                 (std::vector<std::string>{
                     "Memcpy HtoD (Pageable -> Device)|0|16", "Memcpy HtoD (Pageable -> Device)|1|16",
                     "Memcpy HtoD (Pinned -> Device)|0|8", "Memcpy HtoD (Pinned -> Device)|1|8"}));
        // two key types of one radix sort: rank 0 ran <long, int> 8× (lower median 585 µs) and <long, float>
        // 6×, rank 1 only <long, int> (1462 µs): the shared <long, int> decides against the lower median of
        // 585 and 1462, 585 / 585 = 1.000 and 1462 / 585 = 2.499 (rank 0's <long, float>, compared with
        // itself, would pull it up). r51a: their mean, 1023.5, read 0.572 / 1.428 beside "median over ranks"
        QCOMPARE(ix.rows("SELECT rank, printf('%.3f', ratio_to_median) FROM op_stats WHERE op_type = "
                         "'DeviceRadixSortOnesweepKernel' ORDER BY rank"),
                 (std::vector<std::string>{"0|1.000", "1|2.499"}));
        // the scatter (rank 0 10 and 10 µs, rank 1 10 and 11 µs: lower medians 10 and 10) against their
        // lower median, alike; rank 0's gather is its own
        QCOMPARE(ix.rows("SELECT rank, printf('%.3f', ratio_to_median) FROM op_stats WHERE op_type = "
                         "'_scatter_gather_elementwise_kernel<TensorAssign>' ORDER BY rank"),
                 (std::vector<std::string>{"0|1.000", "1|1.000"}));
        // ReduceAdd ran on rank 0 alone: no ratio, no reference
        QCOMPARE(
            ix.rows("SELECT rank, coalesce(ratio_to_median, 'none'), coalesce(cluster_median_ns, 'none') "
                    "FROM op_stat WHERE op_type = '_scatter_gather_elementwise_kernel<ReduceAdd>'"),
            std::vector<std::string>{"0|none|none"});
    }
    void kinetoBaseTimeAndMemory() {
        auto ix = test::indexDir(m_samples + "/hta/tests/data/nccl_parser_config");
        QVERIFY(ix.result.ok);
        // baseTimeNanoseconds (written after traceEvents) puts the trace in 2024, not 1970
        QVERIFY(ix.scalar("SELECT min(ts_ns) FROM spans") > int64_t(1700000000) * 1000000000);
        // python over nccl_data.json.gz: the GPU (pid 0) has 2700 kernel + 960 gpu_memcpy + 114 gpu_memset X
        // events, and 30 gpu_user_annotation ranges (DistributedDataParallel.forward, 293 ms, among them).
        // The device lanes hold exactly the device work; the annotations have their own lanes, so they are
        // never counted as kernels (they had tripled the device time)
        const std::string device =
            "SELECT count(*) FROM spans s JOIN tracks t ON t.track_id = s.track_id WHERE ";
        QCOMPARE(ix.scalar(device + "t.kind IN ('compute', 'communication')"), int64_t(3774));
        QCOMPARE(ix.scalar(device + "t.kind = 'other' AND t.name LIKE 'Stream % annotations'"), int64_t(30));
        QCOMPARE(ix.scalar("SELECT count(*) FROM op_stats WHERE op_type LIKE 'DistributedDataParallel%'"),
                 int64_t(0));
        auto mem = test::indexDir(m_samples + "/hta/tests/data/df_index_resolver");
        QVERIFY(mem.result.ok);
        // python over df_index_resolver.json.gz: 26770 device [memory] allocations and frees, paired by
        // device and address in time order, are 13385 tensors, every one freed (in the file's order 1264
        // allocations were overwritten and 316 tensors looked never freed: Kineto writes thread by thread)
        QCOMPARE(mem.scalar("SELECT count(*) FROM tensors"), int64_t(13385));
        QCOMPARE(mem.scalar("SELECT count(*) FROM tensors WHERE free_ns IS NULL OR free_ns < alloc_ns"),
                 int64_t(0));
        QCOMPARE(mem.rows("SELECT rank FROM ranks"), std::vector<std::string>{"1"});
        // a V100's caching-allocator addresses (0x7f40…): no HBM bank model is laid over them
        QCOMPARE(mem.scalar("SELECT count(*) FROM tensors WHERE bank IS NOT NULL"), int64_t(0));
        QCOMPARE(mem.scalar("SELECT coalesce(max(bank_size_bytes), 0) FROM memory_summary"), int64_t(0));
    }
    void opRatioComparesSharedKernelsOnly() {
        // walk17b #6, python over test_data's two kernel_details.csv: Cast on rank 0 is Cast 5.798 µs once,
        // trans_Cast_5 72.161 µs and trans_Cast_15 72.861 µs; on rank 1 Cast 4× (3.000, 3.140, 3.540, 6.340
        // µs: lower median 3.140). Only "Cast" ran on both: reference the lower median of 5.798 and 3.140,
        // so 5.798 / 3.140 = 1.85 and 3.140 / 3.140 = 1.00 (rank 0 read 1.01, its own trans_Cast kernels
        // compared with themselves; r51a: against their mean, 4.469, 1.30 / 0.70)
        auto ix = test::indexDir(m_samples + "/msinsight/server/src/test/test_data");
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        QCOMPARE(ix.rows("SELECT rank, printf('%.2f', ratio_to_median) FROM op_stat WHERE op_type = 'Cast' "
                         "ORDER BY rank"),
                 (std::vector<std::string>{"0|1.85", "1|1.00"}));
    }
    void memoryOfAnotherSessionIsLeftOut() {
        // older torch_npu test_data (python over the CSVs): rank 1's operator_memory.csv allocates its 21
        // tensors at 1706704429088523 µs (Jan 2024) while its 22 kernels run at 1695115378710248 µs (Sep
        // 2023); rank 0's 28 tensors are within 0.3 s of its kernels
        auto ix = test::indexDir(m_samples + "/msinsight/server/src/test/test_data");
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        QCOMPARE(ix.scalar("SELECT count(*) FROM tensors WHERE rank = 1"), int64_t(0));
        QCOMPARE(ix.scalar("SELECT count(*) FROM tensors WHERE rank = 0"), int64_t(28));
        QCOMPARE(
            ix.scalar("SELECT sum(count) FROM diagnostics WHERE what LIKE 'tensors allocated far from%'"),
            int64_t(21));
    }
    void ascendDbExport() {
        auto ix = test::indexDir(m_samples + "/msinsight/test/data/pytorch/db/level1");
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        QCOMPARE(ix.rows("SELECT rank, device_id FROM ranks"), std::vector<std::string>{"0|0"});
        QCOMPARE(ix.scalar("SELECT count(*) FROM spans"), ix.scalar("SELECT count(*) FROM span"));
        QCOMPARE(ix.rows("SELECT step FROM steps"), std::vector<std::string>{"50"});
        QCOMPARE(ix.scalar("SELECT count(*) FROM collectives"), int64_t(4));
        // sqlite3: SELECT DISTINCT srcRank, dstRank FROM COMMUNICATION_TASK_INFO gives 0 and 0–7 (and the
        // no-peer mark 4294967295): one rank of at least 8
        QCOMPARE(
            ix.rows("SELECT note FROM run"),
            std::vector<std::string>{"1 of at least 8 ranks present: the late rank of a collective cannot be "
                                     "named"});
        // the first kernel and its op type come through the string table
        QCOMPARE(ix.rows("SELECT op_type FROM spans WHERE name = 'trans_TransData_0'"),
                 std::vector<std::string>{"TransData"});
        QVERIFY(ix.scalar("SELECT count(*) FROM memory_samples WHERE component = 'PTA'") > 0);
        QVERIFY(ix.scalar("SELECT count(*) FROM tensors WHERE op_name = 'aten::empty_strided'") > 0);
    }
    void dbExportFlowsAreItsConnectionIds() {
        // r55a: the .db export said it had no flow links (no arrows on the timeline) where the text export
        // of the same config draws async_npu, HostToDevice, async_task_queue and fwdbwd. Python/sqlite3 over
        // ascend_pytorch_profiler_0.db: CONNECTION_IDS (563 rows) maps 115 ops to 191 CANN connection ids
        // (each one op's, all with device tasks); 186 ids are shared by two host calls, 159 of two "queue"
        // calls (Enqueue → Dequeue) and 27 of two "op" calls (forward → backward). A CANN call's tasks: every
        // TASK row of its connectionId on a Stream lane (the HCCL plane tasks are its collective's parts and
        // the holder task of a collective is drawn as its COMMUNICATION_OP): 236 CANN ids with 254 such ends
        // (250 tasks + 4 collectives); the ops' 191 ids reach 204 of them. 2 tasks (connectionId 1646) have
        // no CANN call. One link per arrow end
        auto ix = test::indexDir(m_samples + "/msinsight/test/data/pytorch/db/level1");
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        QCOMPARE(
            ix.rows(
                "SELECT cat, count(*), count(DISTINCT flow_id) FROM flow_links GROUP BY cat ORDER BY cat"),
            (std::vector<std::string>{"HostToDevice|254|236", "async_npu|204|191", "async_task_queue|159|159",
                                      "fwdbwd|27|27"}));
        // every end bound: nothing said unbound or unpaired but the two tasks without a CANN call
        QCOMPARE(ix.scalar("SELECT count(*) FROM diagnostics WHERE what LIKE 'flow %'"), int64_t(0));
        QCOMPARE(ix.scalar(
                     "SELECT sum(count) FROM diagnostics WHERE what LIKE 'device tasks whose connectionId is "
                     "no CANN_API call%'"),
                 int64_t(2));
    }
    void dbExportTensorsHaveTheirNpuOpMemAddresses() {
        // walk 26: "banks not checked (no tensor addresses recorded)", but Python over the .db pairs
        // NPU_OP_MEM's 114 rows into 57 allocate/release pairs by (op, addr) in time order, each an OP_MEMORY
        // row of the same op name, size and allocationTime; OP_MEMORY holds 184 rows. The text level1
        // export's operator_memory.csv lists the same 57 GE allocations ("cann::" rows) among its 184,
        // without addresses (it has no address column)
        auto ix = test::indexDir(m_samples + "/msinsight/test/data/pytorch/db/level1");
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        QCOMPARE(ix.scalar("SELECT count(*) FROM tensors"), int64_t(184));
        QCOMPARE(ix.scalar("SELECT count(*) FROM tensors WHERE addr IS NOT NULL"), int64_t(57));
        QCOMPARE(ix.scalar("SELECT count(*) FROM tensor WHERE source = 'npu_op_mem_db'"), int64_t(0));
        // the first pair (sqlite3: trans_TransData_0 at 20617629794304, 51445760 bytes)
        QCOMPARE(ix.rows("SELECT addr, size_bytes FROM tensors WHERE op_name = 'trans_TransData_0'"),
                 std::vector<std::string>{"20617629794304|51445760"});
        // the PTA rows without an address are distinct allocations, still counted
        QCOMPARE(index::IndexCounts::of(*ix.db).tensors, int64_t(184));
        const std::string text = query::formatReport(query::buildReport(*ix.db, 20), 20);
        QVERIFY2(text.find("no tensor addresses recorded") == std::string::npos, text.c_str());
        QVERIFY2(text.find("184 tensors") != std::string::npos, text.c_str());
        auto text1 = test::indexDir(m_samples + "/msinsight/test/data/pytorch/text/level1");
        QCOMPARE(text1.scalar("SELECT count(*) FROM tensors WHERE rank = 0"), int64_t(184));
        QCOMPARE(text1.scalar("SELECT count(*) FROM tensors WHERE rank = 0 AND op_name LIKE 'cann::%'"),
                 int64_t(57));
        // the memory map places the 57 by address and counts the 127 others as not drawn, not as rows
        // another file lists again
        const auto map = query::loadMemoryMap(*ix.db, 0);
        QVERIFY(map.hasAddresses);
        QCOMPARE(map.tensors.size(), size_t(57));
        QCOMPARE(map.withoutAddressNotDrawn, int64_t(127));
        QCOMPARE(map.withoutAddressLeftOut, int64_t(0));
    }
    void textExportsNameTheirDevice_data() {
        QTest::addColumn<QString>("dir");
        // walk 26: `info` said "device -"; memory_record.csv's Device Type is NPU:0 on rank 0 and NPU:1 on
        // rank 1 in both (cut -d, -f7 | sort | uniq -c), and both are torch_npu exports (profiler_info)
        QTest::newRow("text level1") << "msinsight/test/data/pytorch/text/level1";
        QTest::newRow("server test_data") << "msinsight/server/src/test/test_data";
    }
    void textExportsNameTheirDevice() {
        QFETCH(QString, dir);
        auto ix = test::indexDir(m_samples + "/" + dir.toStdString());
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        QCOMPARE(ix.rows("SELECT rank, device_id FROM ranks ORDER BY rank"),
                 (std::vector<std::string>{"0|0", "1|1"}));
    }
    void kinetoNegativeTidsShownUnsigned() {
        // walk 26: "Thread -549452224" (nccl_parser_config) is a 32-bit tid written signed: 3745515072; the
        // track keeps the raw value. Python over the files: the only negative tids are pid 2910249 tid
        // -549452224 (84 events) and pid 1102 tid -247463936 (116), neither with a thread_name
        for (const auto& [dir, name, tid] :
             {std::tuple{"nccl_parser_config", "Thread 3745515072", "-549452224"},
              std::tuple{"ns_resolution_trace", "Thread 4047503360", "-247463936"}}) {
            auto ix = test::indexDir(m_samples + "/hta/tests/data/" + dir);
            QVERIFY2(ix.result.ok, ix.result.error.c_str());
            QCOMPARE(ix.rows("SELECT name, tid FROM track WHERE tid LIKE '-%'"),
                     std::vector<std::string>{std::string(name) + "|" + tid});
        }
    }
    void cannApiAndUnreadTablesOfTheDbExport() {
        // sqlite3 'file:…?immutable=1' over ascend_pytorch_profiler_0.db: CANN_API has 710 rows on 4 threads
        // (globalTid & 0xffffffff: 3136493 69, 3140046 395, 3140047 90, 3146352 156; globalTid >> 32, the
        // process: 3136493); lanes are named as the text export's, "Thread <tid> (CANN <pid>)", so a thread's
        // Python and CANN lanes read apart (walk17b #12). Tables with rows that are not read are named
        auto ix = test::indexDir(m_samples + "/msinsight/test/data/pytorch/db/level1");
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        QCOMPARE(ix.rows("SELECT t.name, count(*) FROM span s JOIN track t ON t.track_id = s.track_id WHERE "
                         "t.process = 'CANN' GROUP BY t.name ORDER BY t.name"),
                 (std::vector<std::string>{
                     "Thread 3136493 (CANN 3136493)|69", "Thread 3140046 (CANN 3136493)|395",
                     "Thread 3140047 (CANN 3136493)|90", "Thread 3146352 (CANN 3136493)|156"}));
        const auto unread = ix.rows("SELECT what FROM diagnostics WHERE what LIKE 'tables not read%'");
        QCOMPARE(unread.size(), size_t(1));
        for (const char* t : {"OVERLAP_ANALYSIS (382)", "TASK_PMU_INFO (5180)", "PYTORCH_CALLCHAINS (4683)"})
            QVERIFY2(unread.front().find(t) != std::string::npos, unread.front().c_str());
        // the counter tables (tst_dbcounters), NPU_MODULE_MEM and CONNECTION_IDS (the flow arrows, r55a) are
        // read
        for (const char* t : {"CONNECTION_IDS", "CANN_API", "PYTORCH_API", "ENUM_API_TYPE", "STRING_IDS",
                              "OP_MEMORY", "ACC_PMU", "HBM", "LLC", "NPU_MEM", "AICORE_FREQ",
                              "SOC_BANDWIDTH_LEVEL", "NPU_MODULE_MEM", "NPU_OP_MEM"})
            QVERIFY2(unread.front().find(std::string(t) + " (") == std::string::npos, unread.front().c_str());
    }
    void clusterSummaryRanksAndCommunicationJsonLanes() {
        // msinsight test_data (walk15b #7), python over its files: cluster_analysis_output's
        // cluster_step_trace_time.csv and communication_group.json name ranks 0–15 (communication_matrix.json
        // only 0–9); each rank's communication.json holds 27 collectives in 4 groups and one p2p send
        // (hcom_send__822_0, in one of those groups), of which kernel_details
        // lists 4 (rank 0) and 2 (rank 1) as tasks (hcom_broadcast__483_0, …: drawn there once), rank 0's
        // hcom_allReduce__459_0 at 1695115378818416.8 µs for 102.7216 ms; rank 1's kernels run
        // 1695115378710248.0…726668.2 µs and its collectives up to 1695115378977950.02 µs, in step 2
        auto ix = test::indexDir(m_samples + "/msinsight/server/src/test/test_data");
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        QCOMPARE(
            ix.rows("SELECT note FROM run"),
            std::vector<std::string>{"2 of at least 16 ranks present: the late rank of a collective cannot "
                                     "be named"});
        QCOMPARE(ix.rows("SELECT t.rank, count(DISTINCT t.track_id), count(*) FROM span s JOIN track t ON "
                         "t.track_id = s.track_id WHERE t.role = 'collective_lane' GROUP BY t.rank"),
                 (std::vector<std::string>{"0|4|24", "1|4|26"}));
        QCOMPARE(
            ix.rows("SELECT t.rank, s.ts_ns, s.dur_ns / 1000 FROM span s JOIN track t ON t.track_id = "
                    "s.track_id JOIN string n ON n.id = s.name_id WHERE n.value = 'hcom_allReduce__459_0'"),
            std::vector<std::string>{"0|1695115378818416800|102721"});
        QCOMPARE(ix.rows("SELECT start_ns, end_ns FROM step WHERE rank = 1"),
                 std::vector<std::string>{"1695115378710248000|1695115378977950020"});
        QCOMPARE(ix.scalar("SELECT count(*) FROM collectives"), int64_t(2 * 28));
    }
    void hostSpansAfterTheLastStepBelongToNoStep() {
        // python over cpu_only's trace: ProfilerStep#551 runs 210.109 ms; of the 16 X events, 12 (8
        // gloo:all_reduce on threads 3553/3554 and 4 aten::empty) start after its end and the profiler's own
        // span before its start: none of those 13 is in a step; the step itself and the 2 gloo:all_reduce
        // inside it are step 551. Its communication is host work, not measured on a device: "—", not 0
        auto ix = test::indexDir(m_samples + "/hta/tests/data/cpu_only");
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        QCOMPARE(ix.scalar("SELECT count(*) FROM spans WHERE step IS NULL"), int64_t(13));
        QCOMPARE(ix.rows("SELECT name, count(*) FROM spans WHERE step = 551 GROUP BY name ORDER BY name"),
                 (std::vector<std::string>{"ProfilerStep#551|1", "gloo:all_reduce|2"}));
        QCOMPARE(
            ix.scalar("SELECT count(*) FROM step_stat WHERE comm_ns IS NOT NULL OR comm_overlapped_ns IS "
                      "NOT NULL OR compute_ns IS NOT NULL"),
            int64_t(0));
    }
    void deviceSpansAfterTheLastStepBelongToNoStep() {
        // a device span's step is the one its device start falls in; ns_resolution_trace's device runs a
        // step behind its ProfilerStep marks. Python over the trace (correlation ids): step 105's window
        // holds 831 kernels launched in step 104 and 39 of its own; 831 kernels, 161 memcpy and 29 memset
        // start after its end (launched in it). Those 1021 are in no step (walk 52: they were step 105's
        // too, which then read twice as long as steps 103-104 in the op x step heatmap)
        auto ns = test::indexDir(m_samples + "/hta/tests/data/ns_resolution_trace");
        QVERIFY(ns.result.ok);
        QCOMPARE(
            ns.scalar("SELECT count(*) FROM spans s JOIN tracks t ON t.track_id = s.track_id WHERE t.kind "
                      "IN ('compute', 'communication') AND s.step IS NULL AND s.ts_ns >= (SELECT "
                      "max(end_ns) FROM steps)"),
            int64_t(831 + 161 + 29));
        QCOMPARE(
            ns.scalar("SELECT count(*) FROM spans s JOIN tracks t ON t.track_id = s.track_id WHERE t.kind "
                      "IN ('compute', 'communication') AND s.step IS NULL AND s.ts_ns >= (SELECT "
                      "min(start_ns) FROM steps)"),
            int64_t(831 + 161 + 29));
        // the op x step heatmap counts by the same rule: 44 bn_bw_1C11_kernel_new kernels (its three
        // template variants) start in each of steps 102-105 by Python, and 44 more after step 105
        const auto h = query::loadOpStepHeatmap(*ns.db, ns.scalar("SELECT min(rank) FROM ranks"));
        const auto row = std::find_if(h.rows.begin(), h.rows.end(),
                                      [](const std::string& r) { return r == "bn_bw_1C11_kernel_new"; });
        QVERIFY(row != h.rows.end());
        std::vector<int64_t> counts;
        for (const auto& c : h.cells[size_t(row - h.rows.begin())])
            counts.push_back(c.count);
        QCOMPARE(counts, (std::vector<int64_t>{0, 44, 44, 44, 44}));
    }
    void legacyMindSpore() {
        // 4-rank pipeline-parallel 1.x run: steps in 10 ns ticks and the communication ops of the step trace
        // become collectives matched across the ranks
        auto ix = test::indexDir(m_samples + "/mindinsight/tests/utils/resource/cluster_propose");
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        QCOMPARE(ix.rows("SELECT rank FROM ranks ORDER BY rank"),
                 (std::vector<std::string>{"0", "1", "2", "3"}));
        QVERIFY(ix.scalar("SELECT count(*) FROM collectives WHERE name LIKE 'AllReduce-op%'") > 1000);
        QVERIFY(ix.scalar("SELECT count(*) FROM (SELECT match_key FROM collective GROUP BY match_key "
                          "HAVING count(DISTINCT rank) >= 2)") > 100);
        // hccl_raw's per-op waits attach to the step trace's instance of the same op in the same step
        QVERIFY(
            ix.scalar("SELECT count(*) FROM collective WHERE source = 'events+hccl_raw' AND wait_ns > 0") >
            100);
        QCOMPARE(ix.scalar("SELECT count(*) FROM diagnostics WHERE severity IN ('error', 'fatal')"),
                 int64_t(0));
        QVERIFY(ix.scalar("SELECT count(*) FROM source_file WHERE format = 'mindspore-legacy-hccl'") == 4);
        // step 1 ends within 0.3 ms on all four ranks (step_trace_raw_{0..3}: end_point 1162429898009 …
        // 1162429927908, 10 ns ticks) but ranks 2 and 3 began it 2.0 and 2.2 s before ranks 0 and 1: their
        // long first step cost the job nothing, so no finding blames them ("job lost 2.20 s" had)
        QCOMPARE(ix.scalar("SELECT count(*) FROM finding WHERE kind = 'outlier_step'"), int64_t(0));
        // the 1.x timeline names the op type in args
        auto run = test::indexDir(m_samples + "/mindinsight/tests/utils/resource/run_2");
        QVERIFY(run.result.ok);
        QCOMPARE(run.rows("SELECT DISTINCT op_type FROM spans WHERE name = 'AssignAdd-op142'"),
                 std::vector<std::string>{"AssignAdd"}); // it runs twice
    }
    // step_trace_time.csv's Stage + Bubble (read here, µs) is the producer's step time, the wall: older
    // torch_npu test data, whose kernel_details.csv holds 21 and 22 kernels of step 2 spanning far less
    // than the step (counted in diagnostics), and level1, whose host ProfilerStep#50 (155.99 and 153.89
    // ms) also holds the Preparing before the first device task (17.90 and 20.43 ms) and a host tail
    void wallIsTheShippedStepTime_data() {
        QTest::addColumn<QString>("dir");
        QTest::addColumn<QString>("rankDir"); // with %1 for the rank
        QTest::addColumn<int>("step");
        QTest::addColumn<qint64>("shortSteps");
        QTest::newRow("torch_npu 2023") << "msinsight/server/src/test/test_data"
                                        << "test_rank_%1" << 2 << qint64(2);
        QTest::newRow("torch_npu level1") << "msinsight/test/data/pytorch/text/level1"
                                          << "rank%1_ascend_pt" << 50 << qint64(0);
    }
    void wallIsTheShippedStepTime() {
        QFETCH(QString, dir);
        QFETCH(QString, rankDir);
        QFETCH(int, step);
        QFETCH(qint64, shortSteps);
        auto ix = test::indexDir(m_samples + "/" + dir.toStdString());
        QVERIFY(ix.result.ok);
        for (int rank : {0, 1}) {
            std::ifstream in(m_samples + "/" + dir.toStdString() + "/" + rankDir.arg(rank).toStdString() +
                             "/ASCEND_PROFILER_OUTPUT/step_trace_time.csv");
            std::string header, row;
            std::getline(in, header);
            std::getline(in, row);
            const QStringList names = QString::fromStdString(header).trimmed().split(',');
            const QStringList cols = QString::fromStdString(row).trimmed().split(',');
            const int stage = names.indexOf("Stage"), bubble = names.indexOf("Bubble");
            QVERIFY(stage > 0 && bubble > 0 && cols.size() > bubble);
            const auto stepNs =
                int64_t(std::llround((cols[stage].toDouble() + cols[bubble].toDouble()) * 1000));
            QCOMPARE(ix.scalar("SELECT wall_ns FROM step_breakdown WHERE step = " + std::to_string(step) +
                               " AND rank = " + std::to_string(rank)),
                     stepNs);
        }
        QCOMPARE(ix.scalar("SELECT coalesce(sum(count), 0) FROM diagnostics WHERE what LIKE '%shipped wall "
                           "time%the files hold part of the step'"),
                 shortSteps);
    }
    void dbExportTakesItsStepTraceTime() {
        // the .db export ships the breakdown in analysis.db's StepTraceTime (sqlite3: step 50, stage
        // 132233.522, bubble 0, preparing 18055.693, computing 8903.431 µs): the same wall as the text
        // export's step_trace_time.csv, so comparing the two exports compares like with like
        auto ix = test::indexDir(m_samples + "/msinsight/test/data/pytorch/db/level1");
        QVERIFY(ix.result.ok);
        QCOMPARE(ix.rows("SELECT wall_ns, preparing_ns, compute_ns, source FROM sum_step WHERE rank = 0 AND "
                         "step = 50"),
                 std::vector<std::string>{"132233522|18055693|8903431|step_trace_time"});
        // and its wait is both waits of the step: analysis.db's CommAnalyzerTime gives step50's
        // allReduce waits 3.56889128 ms and 0.12056244 ms (and two of 60 ns, below the wait threshold);
        // the second one starts 136.2 ms into the step, past the 132.2 ms wall, within Preparing + wall
        const int64_t wait = ix.scalar("SELECT wait_ns FROM step_breakdown WHERE rank = 0 AND step = 50");
        QVERIFY2(std::llabs(wait - 3689453) <= 200, std::to_string(wait).c_str());
    }
    // the steps view's wall_from names the file or table each wall comes from, as the Steps table's "wall
    // from" does (walk 24: the .db export's said step_trace_time, its wall being analysis.db's
    // StepTraceTime; a band's wall said events). By the files: level1 text ships step_trace_time.csv, the
    // .db export analysis.db beside its .db and no CSV, nccl_parser_config's Kineto trace holds
    // ProfilerStep#4..6 and no breakdown, cluster_propose's MindSpore 1.x step_trace_raw files the steps
    void stepsViewNamesTheWallsSource_data() {
        QTest::addColumn<QString>("dir");
        QTest::addColumn<QString>("boundsFrom");
        QTest::addColumn<QString>("wallFrom");
        QTest::newRow("text level1") << "msinsight/test/data/pytorch/text/level1"
                                     << "trace"
                                     << "step_trace_time.csv";
        QTest::newRow("db level1") << "msinsight/test/data/pytorch/db/level1"
                                   << "trace"
                                   << "analysis.db StepTraceTime";
        QTest::newRow("kineto") << "hta/tests/data/nccl_parser_config"
                                << "trace"
                                << "trace";
        // walk 28: the PROF_ dir's msprof_0_2_1.json steps by CANN's "Iteration 1", no ProfilerStep, no
        // breakdown
        QTest::newRow("CANN PROF_") << "mindinsight/tests/utils/resource/profiler/"
                                       "PROF_000001_20230818142704322_COJGGGCANRMICFBC"
                                    << "cann-iteration"
                                    << "cann-iteration";
        QTest::newRow("mindspore 1.x") << "mindinsight/tests/utils/resource/cluster_propose"
                                       << "legacy-step-trace"
                                       << "legacy-step-trace";
    }
    void stepsViewNamesTheWallsSource() {
        QFETCH(QString, dir);
        QFETCH(QString, boundsFrom);
        QFETCH(QString, wallFrom);
        auto ix = test::indexDir(m_samples + "/" + dir.toStdString());
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        QCOMPARE(ix.rows("SELECT DISTINCT bounds_from || '|' || wall_from FROM steps"),
                 std::vector<std::string>{(boundsFrom + "|" + wallFrom).toStdString()});
    }
    void longStepsThatCostNothingAreNotDenied() {
        // mindinsight cluster_propose: step 1 of ranks 2 and 3 lasts 216.4 M and 237.6 M ticks against
        // ~17.9 M for the others (step_trace_raw_*.csv); each ended with the other ranks' step 1, so no
        // finding for them (the pipeline_wait finding is of ranks 0-1), but the report must not say "no
        // outlier steps" while step_stat marks them, nor drop them when it lists a finding
        auto ix = test::indexDir(m_samples + "/mindinsight/tests/utils/resource/cluster_propose");
        QVERIFY(ix.result.ok);
        QCOMPARE(ix.rows("SELECT rank || ':' || step FROM step_stat WHERE outlier = 1 ORDER BY rank"),
                 (std::vector<std::string>{"2:1", "3:1"}));
        const std::string text = query::formatReport(query::buildReport(*ix.db, 5), 5);
        QVERIFY2(text.find("no outlier steps") == std::string::npos, text.c_str());
        QVERIFY2(text.find("the 2 long steps below") != std::string::npos, text.c_str());
        // step 1 is each rank's warm-up (its first of 5 steps, step_trace_raw_*.csv): left out of the
        // typical step, so it is named the warm-up outlier the timeline's "⚠ outlier" marks (r48c #2)
        QVERIFY2(text.find("rank 3 step 1 (warm-up outlier): 2.38 s") != std::string::npos, text.c_str());
        // the report is held: a range-for over a temporary's ["outlier_steps"] reads freed memory (ASan)
        const auto report = query::buildReport(*ix.db, 5);
        for (const auto& x : report["outlier_steps"])
            QVERIFY(x["warmup"].get<bool>());
    }
    void legacyStreamsAreLanesAndEveryCommOpACollective() {
        // mindinsight cluster_propose, counted with Python over the CSVs: step_trace_raw_{0,1} have 97
        // communication op columns of 14 streams and _{2,3} 349 of 45, each op present in all 5 step rows,
        // no two ops of one stream overlapping (485 and 1 745 instances); hccl_raw_{0,1} have a step 6 the
        // step trace lacks (15 rows each), every other row names an op of its step's row. On one lane the
        // streams' overlap nested 401 of rank 0's 485 ops, which were then no collective: 84 collectives
        // and 836 hccl_raw rows "without a matching op"
        auto ix = test::indexDir(m_samples + "/mindinsight/tests/utils/resource/cluster_propose");
        QVERIFY(ix.result.ok);
        QCOMPARE(ix.rows("SELECT rank, count(*), sum(wait_ns IS NOT NULL) FROM collectives GROUP BY 1"),
                 (std::vector<std::string>{"0|485|485", "1|485|485", "2|1745|1745", "3|1745|1745"}));
        QCOMPARE(ix.rows("SELECT rank, count(*), max(max_depth) FROM track WHERE kind = 'communication' "
                         "GROUP BY 1"),
                 (std::vector<std::string>{"0|14|0", "1|14|0", "2|45|0", "3|45|0"}));
        QCOMPARE(
            ix.scalar("SELECT count FROM diagnostics WHERE what LIKE 'per-op communication rows without%'"),
            int64_t(30));
        // each wait is its own stream's, not the whole rank's (the Receive's 40.7 ms hatched the 13 AllReduce
        // streams too: walk 6), and a Send/Receive says its peer is not matched
        const query::ProfileSummary s = query::loadSummary(*ix.db);
        int onOwnLane = 0, p2p = 0, waits = 0;
        for (const auto& w : s.waits) {
            if (w.rank != 0 || w.kind != "collective_wait") continue;
            ++waits;
            QVERIFY2(w.trackId, w.collective.c_str());
            const std::string lane =
                ix.rows("SELECT t.name FROM track t WHERE t.track_id = " + std::to_string(*w.trackId)).at(0);
            const bool pair = w.collective.rfind("Send", 0) == 0 || w.collective.rfind("Receive", 0) == 0;
            QCOMPARE(w.pointToPoint, pair);
            p2p += pair;
            // stream_48_0_Receive-op663 / stream_36_0_AllReduce-op4542: the column names the stream
            onOwnLane += ix.scalar("SELECT count(*) FROM spans WHERE rank = 0 AND name = '" + w.collective +
                                   "' AND track_id = " + std::to_string(*w.trackId)) > 0;
            QVERIFY(lane.rfind("Stream ", 0) == 0);
        }
        QVERIFY(p2p > 0);
        QCOMPARE(onOwnLane, waits);
        // rank 0's first Receive of step 1 starts 2.6 ms before the step's start point: hccl_raw's wait of
        // that step's row (49.40952 ms) is its own
        QCOMPARE(ix.scalar("SELECT wait_ns FROM collectives WHERE rank = 0 AND step = 1 AND name = "
                           "'Receive-op663'"),
                 int64_t(49409520));
    }
    void memoryCurveIsThePeaksComponent() {
        // older torch_npu test_data, python over memory_record.csv: PTA and PTA+GE each hold 3 samples on
        // rank 0 peaking at 4599.86572265625 MB allocated (4 823 308 800 B) and 8664 MB reserved
        // (9 084 862 464 B); GE also has 3 samples but peaks at 0.25 MB. The panel drew GE (the first of
        // the equally counted components) under a header giving PTA's peaks
        auto ix = test::indexDir(m_samples + "/msinsight/server/src/test/test_data");
        QVERIFY(ix.result.ok);
        QCOMPARE(
            ix.rows("SELECT peak_allocated_bytes, peak_reserved_bytes FROM memory_summary WHERE rank = 0"),
            std::vector<std::string>{"4823308800|9084862464"});
        {
            // (rank 1's memory_record.csv has spreadsheet-rounded timestamps, 1.69512E+15: left out)
            const int rank = 0;
            const query::MemoryMapData m = query::loadMemoryMap(*ix.db, rank);
            QVERIFY2(m.curveComponent == "PTA" || m.curveComponent == "PTA+GE", m.curveComponent.c_str());
            double allocated = 0, reserved = 0;
            for (const auto& p : m.curve) {
                if (!std::isnan(p.allocated)) allocated = std::max(allocated, p.allocated);
                if (!std::isnan(p.reserved)) reserved = std::max(reserved, p.reserved);
            }
            QCOMPARE(int64_t(allocated), m.peakAllocatedBytes);
            QCOMPARE(int64_t(reserved), m.peakReservedBytes);
            // the timeline's memory lane draws the same component
            QCOMPARE(
                ix.rows("SELECT curve_component FROM memory_summary WHERE rank = " + std::to_string(rank)),
                std::vector<std::string>{m.curveComponent});
        }
    }
    void zstdCopiesReadAsOriginals() {
        auto ix = test::indexDir(m_samples + "/msinsight/server/src/test/test_data");
        QVERIFY(ix.result.ok);
        QCOMPARE(ix.rows("SELECT rank FROM ranks ORDER BY rank"), (std::vector<std::string>{"0", "1"}));
        QVERIFY(ix.scalar("SELECT count(*) FROM source_file WHERE path LIKE '%.zst'") >= 2);
    }
};

QTEST_GUILESS_MAIN(TstSamples)
#include "tst_samples.moc"
