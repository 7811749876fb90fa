// The memory map's data says what it leaves out: a rank with device addresses (memory_usage.csv) draws
// those, and its operator_memory.csv rows — the same allocations again, without addresses — are counted,
// not dropped without a word (walk 10: the header said "53 tensors" where the index held 106); a rank whose
// memory rows were all left out names its files and why (issue 19).
#include "core/query/analysisqueries.h"
#include "tests/support/testsupport.h"

#include <QtTest>
#include <filesystem>
#include <fstream>

using namespace rs;
namespace fs = std::filesystem;

namespace {
/// Data rows of a CSV file (its lines but the header).
int64_t csvRows(const fs::path& p) {
    std::ifstream in(p);
    int64_t lines = 0;
    for (std::string l; std::getline(in, l);)
        lines += l.empty() ? 0 : 1;
    return std::max<int64_t>(0, lines - 1);
}
/// Data rows of a CSV file whose first field is `name`.
int64_t csvRowsNamed(const fs::path& p, const std::string& name) {
    std::ifstream in(p);
    int64_t n = 0;
    for (std::string l; std::getline(in, l);)
        n += l.rfind(name + ",", 0) == 0 ? 1 : 0;
    return n;
}
/// The demo rank directory whose profiler_info names `rank`.
fs::path rankDir(const std::string& root, int rank) {
    for (const auto& e : fs::directory_iterator(root))
        if (fs::exists(e.path() / ("profiler_info_" + std::to_string(rank) + ".json"))) return e.path();
    return {};
}
} // namespace

class TstMemoryMapData : public QObject {
    Q_OBJECT

  private slots:
    void aRankWithoutStepMarksSaysSo_data() {
        QTest::addColumn<bool>("marked");
        QTest::newRow("no step marks: the whole trace") << false;
        QTest::newRow("a ProfilerStep") << true;
    }
    void aRankWithoutStepMarksSaysSo() {
        // walk 30: the memory map's tooltip read "in step 0" of a rank whose one "step" is its whole trace.
        // A Kineto rank: a kernel, a 4 KiB allocation freed 200 µs later, and (or not) a ProfilerStep#1
        // around them
        QFETCH(bool, marked);
        const std::string dir = test::tempDir(marked ? "memorymap-marked" : "memorymap-whole");
        std::string ev = "{\"ph\":\"X\",\"cat\":\"kernel\",\"name\":\"k\",\"pid\":0,\"tid\":7,\"ts\":1000,"
                         "\"dur\":500}";
        for (auto [ts, bytes] : {std::pair{1100, 4096}, std::pair{1300, -4096}})
            ev += ",{\"ph\":\"i\",\"s\":\"t\",\"name\":\"[memory]\",\"pid\":0,\"tid\":7,\"ts\":" +
                  std::to_string(ts) +
                  ",\"args\":{\"Device Type\":1,\"Device Id\":0,\"Addr\":140000000000,"
                  "\"Bytes\":" +
                  std::to_string(bytes) + ",\"Total Allocated\":" + std::to_string(bytes > 0 ? bytes : 0) +
                  ",\"Total Reserved\":8192}}";
        if (marked)
            ev += ",{\"ph\":\"X\",\"cat\":\"user_annotation\",\"name\":\"ProfilerStep#1\",\"pid\":1,"
                  "\"tid\":1,\"ts\":900,\"dur\":800}";
        test::writeFile(dir + "/rank-0.pt.trace.json",
                        "{\"distributedInfo\":{\"backend\":\"nccl\",\"rank\":0,\"world_size\":1},"
                        "\"traceEvents\":[" +
                            ev + "]}");
        auto ix = test::indexDir(dir);
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        const int rank = int(ix.scalar("SELECT min(rank) FROM rank_info"));
        const query::MemoryMapData m = query::loadMemoryMap(*ix.db, rank);
        QCOMPARE(m.tensors.size(), size_t(1));
        QCOMPARE(m.wholeTrace, !marked);
    }
    void addressLessRowsAreCounted() {
        const std::string dir = test::tempDir("memorymapdata") + "/d";
        auto ix = test::indexedDemo(dir, test::demoOptions(4, 3, 2));
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        for (int rank = 0; rank < 4; ++rank) {
            const fs::path rd = rankDir(dir, rank);
            QVERIFY2(!rd.empty(), "no rank directory");
            const int64_t withoutAddress = csvRows(rd / "ASCEND_PROFILER_OUTPUT" / "operator_memory.csv");
            QVERIFY(withoutAddress > 0);
            const query::MemoryMapData m = query::loadMemoryMap(*ix.db, rank);
            QVERIFY(m.hasAddresses);
            QCOMPARE(m.withoutAddressLeftOut, withoutAddress);
            for (const auto& t : m.tensors)
                QVERIFY(t.addr.has_value());
        }
    }
    void aTensorListCountsWhatItLeavesOut() {
        // walk 10: the drill-down listed 4 of rank 3's 8 MatMulV2 rows of a step without a word. A list
        // holding both kinds keeps memory_usage.csv's addressed rows and counts operator_memory.csv's.
        const std::string dir = test::tempDir("tensorlist") + "/d";
        auto ix = test::indexedDemo(dir, test::demoOptions(4, 3, 2));
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        for (int rank = 0; rank < 4; ++rank) {
            const fs::path out = rankDir(dir, rank) / "ASCEND_PROFILER_OUTPUT";
            const int64_t addressed = csvRowsNamed(out / "memory_usage.csv", "MatMulV2");
            const int64_t addressLess = csvRowsNamed(out / "operator_memory.csv", "MatMulV2");
            QVERIFY(addressed > 0 && addressLess > 0);
            const query::TensorRows list = query::loadTensorRows(*ix.db, rank, std::nullopt, "MatMulV2");
            QCOMPARE(int64_t(list.rows.size()), addressed);
            QCOMPARE(list.withoutAddressLeftOut, addressLess);
            for (const auto& t : list.rows)
                QVERIFY(t.addr.has_value());
        }
    }
    void aTensorNeverFreedIsHeldToTheRanksEnd() {
        // walk 20b: text/level1's rank 0 has 24 of its 184 operator_memory.csv rows without a Release Time
        // (Python over the file); their bars stopped at the last memory event (+74.5 ms) as if freed there,
        // though the rank runs to +178.7 ms. The map now spans the rank's time, so they run to its end
        const std::string samples = test::samplesDir();
        if (samples.empty()) QSKIP("../shared/samples is absent: the unreleased-tensor check is skipped");
        auto ix = test::indexDir(samples + "/msinsight/test/data/pytorch/text/level1", false);
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        const int rank = int(ix.scalar("SELECT min(rank) FROM rank_info"));
        const query::MemoryMapData m = query::loadMemoryMap(*ix.db, rank);
        int64_t held = 0, lastEvent = 0;
        for (const auto& t : m.tensors) {
            held += !t.freeNs;
            lastEvent = std::max({lastEvent, t.allocNs.value_or(0), t.freeNs.value_or(0)});
        }
        QCOMPARE(held, int64_t(24));
        const int64_t rankEnd =
            ix.scalar("SELECT end_ns FROM rank_info WHERE rank = " + std::to_string(rank));
        QVERIFY(rankEnd > lastEvent);
        QCOMPARE(m.endNs, rankEnd);
    }
    void aRankWhoseMemoryRowsAreLeftOutSaysWhich() {
        // issue 19: msinsight's test_rank_1 has memory_record.csv and operator_memory.csv, yet its map said
        // "no memory data: none recorded, or records left out". What is true, counted over the files here:
        // every memory_record.csv Timestamp is in exponent notation (rounded by a spreadsheet: not read),
        // and every operator_memory.csv allocation lies days from the rank's kernels (another session).
        const std::string samples = test::samplesDir();
        if (samples.empty()) QSKIP("../shared/samples is absent: the left-out memory check is skipped");
        const fs::path root = samples + "/msinsight/server/src/test/test_data";
        const fs::path out = root / "test_rank_1" / "ASCEND_PROFILER_OUTPUT";
        const int64_t records = csvRows(out / "memory_record.csv"),
                      tensors = csvRows(out / "operator_memory.csv");
        int64_t rounded = 0;
        std::ifstream in(out / "memory_record.csv");
        for (std::string l; std::getline(in, l);)
            rounded += l.find("E+") != std::string::npos ? 1 : 0;
        QVERIFY(records > 0 && rounded == records && tensors > 0);
        auto ix = test::indexDir(root.string(), false);
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        const int rank = int(ix.scalar("SELECT rank FROM rank_info WHERE coalesce(data_rank, rank) = 1"));
        const query::MemoryMapData m = query::loadMemoryMap(*ix.db, rank);
        QVERIFY(m.tensors.empty() && m.curve.empty());
        const std::vector<std::string> files{"memory_record.csv (" + std::to_string(records) + " rows)",
                                             "operator_memory.csv (" + std::to_string(tensors) + " rows)"};
        QCOMPARE(m.sources.files, files);
        QCOMPARE(m.sources.leftOut.size(), size_t(2));
        const QString rec = QString::fromStdString(m.sources.leftOut[0]);
        QVERIFY2(rec.startsWith("memory_record.csv: ") && rec.contains("rounded") &&
                     rec.contains("counted in the memory peaks, not drawn") &&
                     rec.endsWith("(" + QString::number(rounded) + " rows)"),
                 qPrintable(rec));
        const QString far = QString::fromStdString(m.sources.leftOut[1]);
        QVERIFY2(far.contains("far from the rank's events") &&
                     far.contains(QString::number(tensors) + " rows") && far.contains("days away"),
                 qPrintable(far));
        const QString text = QString::fromStdString(query::noMemoryDataText(m.sources));
        QVERIFY2(!text.contains("none recorded") && text.contains(QString::fromStdString(files[0])) &&
                     text.contains(rec) && text.contains(far),
                 qPrintable(text));
        // rank 0's memory is read but for its npu_module_mem.csv: every row of it is stamped 1724670453 s
        // (Aug 2024), 342 days after the rank's events (1695115378 s), and is left out by the rule that left
        // out rank 1's tensors, said the same way (it was imported silently)
        const int rank0 = int(ix.scalar("SELECT rank FROM rank_info WHERE coalesce(data_rank, rank) = 0"));
        const int64_t modules =
            csvRows(root / "test_rank_0" / "ASCEND_PROFILER_OUTPUT" / "npu_module_mem.csv");
        QVERIFY(modules > 0);
        QCOMPARE(ix.scalar("SELECT count(*) FROM memory_sample WHERE rank = " + std::to_string(rank0) +
                           " AND component LIKE 'module:%'"),
                 int64_t(0));
        const auto left0 = query::loadMemoryMap(*ix.db, rank0).sources.leftOut;
        QCOMPARE(left0.size(), size_t(1));
        const QString far0 = QString::fromStdString(left0[0]);
        QVERIFY2(far0.contains("memory samples recorded far from the rank's events") &&
                     far0.contains(QString::number(modules) + " rows") && far0.contains("days away") &&
                     far0.contains("module:SLOG"),
                 qPrintable(far0));
    }
};

QTEST_APPLESS_MAIN(TstMemoryMapData)
#include "tst_memorymapdata.moc"
