// Conformance over the real profiler outputs in ../shared/samples (skipped, saying so, when absent):
// every sample directory indexes without a fatal error; every trace JSON yields exactly as many spans as
// it has X events; known values round-trip exactly; the Ascend wait computed from Notify_Wait matches
// communication.json within 1 %; the NCCL collectives of the HTA rank pair are matched across ranks.
#include "core/index/indexer.h"
#include "core/io/bytesource.h"
#include "tests/support/testsupport.h"

#include <QtTest>
#include <filesystem>
#include <nlohmann/json.hpp>

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
        // every trace JSON: spans == X events
        auto files = ix.rows(
            "SELECT file_id, path FROM source_file WHERE format IN ('ascend-trace-view', 'chrome-json', "
            "'mindspore-legacy-timeline')");
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
        // flow ids above 2^53 survive as text
        QVERIFY(ix.scalar("SELECT count(*) FROM flows WHERE flow_id = '1736408883840600069'") >= 1 ||
                ix.scalar("SELECT count(*) FROM flows WHERE length(flow_id) >= 19") >= 1);
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
    void htaTwoOf128RanksAreOneIncompleteRun() {
        // SOURCES.md: ranks 0 and 1 of one job with world_size 128. One run; its collectives pair up across
        // the two ranks, but with 126 ranks missing the last arrival cannot be named, so nothing is blamed.
        auto ix = test::indexDir(m_samples + "/hta/tests/data/trace_filter");
        QVERIFY(ix.result.ok);
        QCOMPARE(ix.rows("SELECT rank, run_id FROM ranks ORDER BY rank"), (std::vector<std::string>{"0|0", "1|0"}));
        QCOMPARE(ix.rows("SELECT world_size, rank_count, complete FROM runs"), std::vector<std::string>{"128|2|0"});
        int64_t paired = ix.scalar("SELECT count(*) FROM (SELECT match_key FROM collective WHERE match_key IS NOT "
                                   "NULL GROUP BY match_key HAVING count(DISTINCT rank) = 2)");
        QVERIFY2(paired > 0, "no NCCL collective paired across ranks 0 and 1");
        QCOMPARE(ix.scalar("SELECT count(*) FROM collective WHERE last_rank IS NOT NULL"), int64_t(0));
        QCOMPARE(ix.scalar("SELECT count(*) FROM waits WHERE blamed_rank IS NOT NULL"), int64_t(0));
        QCOMPARE(ix.scalar("SELECT count(*) FROM finding WHERE kind IN ('stall', 'late_rank', 'slow_rank')"),
                 int64_t(0));
    }
    void kinetoBaseTimeAndMemory() {
        auto ix = test::indexDir(m_samples + "/hta/tests/data/nccl_parser_config");
        QVERIFY(ix.result.ok);
        // baseTimeNanoseconds (written after traceEvents) puts the trace in 2024, not 1970
        QVERIFY(ix.scalar("SELECT min(ts_ns) FROM spans") > int64_t(1700000000) * 1000000000);
        auto mem = test::indexDir(m_samples + "/hta/tests/data/df_index_resolver");
        QVERIFY(mem.result.ok);
        QVERIFY(mem.scalar("SELECT count(*) FROM tensors WHERE addr IS NOT NULL AND free_ns > alloc_ns") >
                1000);
        QCOMPARE(mem.rows("SELECT rank FROM ranks"), std::vector<std::string>{"1"});
    }
    void ascendDbExport() {
        auto ix = test::indexDir(m_samples + "/msinsight/test/data/pytorch/db/level1");
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        QCOMPARE(ix.rows("SELECT rank, device_id FROM ranks"), std::vector<std::string>{"0|0"});
        QCOMPARE(ix.scalar("SELECT count(*) FROM spans"), ix.scalar("SELECT count(*) FROM span"));
        QCOMPARE(ix.rows("SELECT step FROM steps"), std::vector<std::string>{"50"});
        QCOMPARE(ix.scalar("SELECT count(*) FROM collectives"), int64_t(4));
        // the first kernel and its op type come through the string table
        QCOMPARE(ix.rows("SELECT op_type FROM spans WHERE name = 'trans_TransData_0'"),
                 std::vector<std::string>{"TransData"});
        QVERIFY(ix.scalar("SELECT count(*) FROM memory_samples WHERE component = 'PTA'") > 0);
        QVERIFY(ix.scalar("SELECT count(*) FROM tensors WHERE op_name = 'aten::empty_strided'") > 0);
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
        // the 1.x timeline names the op type in args
        auto run = test::indexDir(m_samples + "/mindinsight/tests/utils/resource/run_2");
        QVERIFY(run.result.ok);
        QCOMPARE(run.rows("SELECT DISTINCT op_type FROM spans WHERE name = 'AssignAdd-op142'"),
                 std::vector<std::string>{"AssignAdd"}); // it runs twice
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
