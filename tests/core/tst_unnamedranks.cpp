// Ranks the data does not name: a folder of Chrome-trace files naming no rank (no distributedInfo, no rank
// in a file or folder name) is numbered by Rankscope one rank per file. Nothing says the files are one job
// (they may be one device's trace split in files, or unrelated runs), so their collectives are not matched,
// nor waits blamed between them (r48d); the same files naming their ranks are.
#include "core/query/analysisqueries.h"
#include "tests/support/testsupport.h"

#include <QtTest>
#include <algorithm>
#include <set>
#include <string>

using namespace rs;

namespace {
std::string kernel(const std::string& name, int tid, int64_t ts, int64_t dur) {
    return "{\"ph\":\"X\",\"cat\":\"kernel\",\"name\":\"" + name +
           "\",\"pid\":0,\"tid\":" + std::to_string(tid) + ",\"ts\":" + std::to_string(ts) +
           ",\"dur\":" + std::to_string(dur) + "}";
}

/// Two files with a gemm and one same-named all-reduce; the second arrives `lateUs` later and both end
/// together (as a collective ends once its last rank is in). `named`: each names its rank (0, 1).
std::string writeTwoFiles(const std::string& tag, bool named, int64_t lateUs) {
    const std::string dir = test::tempDir(tag);
    const char* files[] = {"alpha.json", "beta.json"};
    for (int i = 0; i < 2; ++i) {
        const int64_t arrive = 2000 + i * lateUs;
        const std::string events =
            kernel("gemm", 7, 1000, 800) + "," +
            kernel("ncclKernel_AllReduce_RING_LL_Sum_float(x)", 8, arrive, 2000 + lateUs + 200 - arrive);
        const std::string rank =
            named ? "\"distributedInfo\":{\"backend\":\"nccl\",\"rank\":" + std::to_string(i) +
                        ",\"world_size\":2},"
                  : "";
        test::writeFile(dir + "/" + files[i], "{" + rank + "\"traceEvents\":[" + events + "]}");
    }
    return dir;
}
/// Five files of three gemms each; the last file's take twice as long (1600 µs, the others 800 µs). `named`:
/// each names its rank (0…4).
std::string writeFiveFiles(const std::string& tag, bool named) {
    const std::string dir = test::tempDir(tag);
    const char* files[] = {"alpha.json", "beta.json", "gamma.json", "delta.json", "epsilon.json"};
    for (int i = 0; i < 5; ++i) {
        const int64_t dur = i == 4 ? 1600 : 800;
        std::string events;
        for (int k = 0; k < 3; ++k)
            events.append(k ? "," : "").append(kernel("gemm", 7, 1000 + k * 2000, dur));
        std::string text = "{";
        if (named)
            text.append("\"distributedInfo\":{\"backend\":\"nccl\",\"rank\":")
                .append(std::to_string(i))
                .append(",\"world_size\":5},");
        test::writeFile(dir + "/" + files[i], text.append("\"traceEvents\":[").append(events).append("]}"));
    }
    return dir;
}
} // namespace

class TstUnnamedRanks : public QObject {
    Q_OBJECT
  private Q_SLOTS:
    void collectivesAreMatchedOnlyAcrossNamedRanks_data() {
        QTest::addColumn<bool>("named");
        QTest::addColumn<qint64>("matched");  // collectives with a match key
        QTest::addColumn<qint64>("blamedNs"); // the collective wait blamed on another rank
        // beta arrives 500 µs after alpha: alpha waits 500 µs for it, when they are known to be one job
        QTest::newRow("ranks named") << true << qint64(2) << qint64(500000);
        QTest::newRow("ranks numbered by Rankscope") << false << qint64(0) << qint64(0);
    }
    void collectivesAreMatchedOnlyAcrossNamedRanks() {
        QFETCH(bool, named);
        QFETCH(qint64, matched);
        QFETCH(qint64, blamedNs);
        const auto ix = test::indexDir(writeTwoFiles(named ? "unnamed-control" : "unnamed", named, 500));
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        QCOMPARE(ix.scalar("SELECT count(*) FROM rank_info"), qint64(2));  // one rank per file either way
        QCOMPARE(ix.scalar("SELECT count(*) FROM collective"), qint64(2)); // the per-file figures stay
        QCOMPARE(ix.scalar("SELECT count(*) FROM collective WHERE match_key IS NOT NULL"), matched);
        QCOMPARE(ix.scalar("SELECT coalesce(sum(dur_ns), 0) FROM wait WHERE blamed_rank IS NOT NULL AND "
                           "blamed_rank != rank"),
                 blamedNs);
        const qint64 said = ix.scalar("SELECT count(*) FROM diagnostic WHERE what LIKE 'ranks not named by "
                                      "the data%'");
        QCOMPARE(said, qint64(named ? 0 : 1));
    }

    void kernelsAreComparedOnlyAcrossNamedRanks_data() {
        QTest::addColumn<bool>("named");
        QTest::addColumn<qint64>("ratios");   // op_stat cells with a ratio to the other ranks
        QTest::addColumn<qint64>("flagged");  // cells judged slow
        QTest::addColumn<qint64>("findings"); // straggler / slow-rank findings
        // epsilon's gemms take 2× the others': a straggler when the five are known to be one job
        QTest::newRow("ranks named") << true << qint64(5) << qint64(1) << qint64(1);
        QTest::newRow("ranks numbered by Rankscope") << false << qint64(0) << qint64(0) << qint64(0);
    }
    void kernelsAreComparedOnlyAcrossNamedRanks() {
        // r49c: the files' collectives were kept apart, but their kernels were still compared: epsilon.json
        // read as a straggler beside four files nothing says are of its job
        QFETCH(bool, named);
        QFETCH(qint64, ratios);
        QFETCH(qint64, flagged);
        QFETCH(qint64, findings);
        const auto ix =
            test::indexDir(writeFiveFiles(named ? "unnamed-kernels-control" : "unnamed-kernels", named));
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        QCOMPARE(ix.scalar("SELECT count(*) FROM op_stat WHERE op_type = 'gemm' OR op_type LIKE 'gemm%'"),
                 qint64(5));
        QCOMPARE(ix.scalar("SELECT count(*) FROM op_stat WHERE ratio_to_median IS NOT NULL"), ratios);
        QCOMPARE(ix.scalar("SELECT count(*) FROM op_stat WHERE flagged = 1"), flagged);
        QCOMPARE(ix.scalar("SELECT count(*) FROM finding WHERE kind IN ('straggler', 'slow_rank')"),
                 findings);
        const qint64 said = ix.scalar("SELECT count(*) FROM diagnostic WHERE what LIKE 'kernels of ranks not "
                                      "named by the data%'");
        QCOMPARE(said, qint64(named ? 0 : 1));
    }
    void theRankStepGridComparesOnlyNamedRanks_data() {
        QTest::addColumn<bool>("named");
        QTest::newRow("ranks named") << true;
        QTest::newRow("ranks numbered by Rankscope") << false;
    }
    void theRankStepGridComparesOnlyNamedRanks() {
        // r50a #4: the rank × step grid compared each file's gemm with the step's median over all five
        // files though nothing says they are one job (op_stat leaves them out since analysis revision 37),
        // and the view named their rows "rank 4", a number no file writes. Named, epsilon's gemm (1600 µs
        // against 800 µs) reads 2.00× its step's median; unnamed, no cell has a ratio
        QFETCH(bool, named);
        const auto ix =
            test::indexDir(writeFiveFiles(named ? "unnamed-grid-control" : "unnamed-grid", named));
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        const auto ops = ix.rows("SELECT DISTINCT op_type FROM op_stat");
        QCOMPARE(ops.size(), size_t(1));
        const auto h = query::loadRankStepHeatmap(*ix.db, ops[0]);
        QCOMPARE(h.rowKeys.size(), size_t(5));
        QCOMPARE(h.unnamedRowKeys.size(), size_t(named ? 0 : 5));
        int withRatio = 0, present = 0;
        double largest = 0;
        for (const auto& row : h.cells)
            for (const auto& c : row) {
                present += c.present;
                withRatio += c.present && !c.noSharedKernels && c.ratio > 0;
                largest = std::max(largest, c.ratio);
            }
        QVERIFY(present > 0);
        QCOMPARE(withRatio, named ? present : 0);
        QCOMPARE(largest, named ? 2.0 : 0.0);
    }
    void theOpRankGridNamesUnnamedRanksByTheirFiles_data() {
        QTest::addColumn<bool>("named");
        QTest::newRow("ranks named") << true;
        QTest::newRow("ranks numbered by Rankscope") << false;
    }
    void theOpRankGridNamesUnnamedRanksByTheirFiles() {
        // r51a #3: the op × rank grid (and the Op summary, fed by it) named the columns of ranks the data
        // does not name "rank 4", a number no file writes, where the rank × step grid and the timeline say
        // "file 4: epsilon.json". Named, each column is its file's distributedInfo.rank
        QFETCH(bool, named);
        const auto ix =
            test::indexDir(writeFiveFiles(named ? "unnamed-oprank-control" : "unnamed-oprank", named));
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        const auto h = query::loadOpRankHeatmap(*ix.db);
        QCOMPARE(h.columns.size(), size_t(5));
        std::set<std::string> files, numbers;
        for (size_t c = 0; c < h.columns.size(); ++c) {
            const std::string& col = h.columns[c];
            if (named) {
                QCOMPARE(col, "rank " + std::to_string(c)); // distributedInfo.rank 0…4, in order
                continue;
            }
            // "file N: NAME.json", N the number the rank is shown by elsewhere (rank_info.data_rank)
            QVERIFY2(col.rfind("file ", 0) == 0 && col.find(": ") != std::string::npos, col.c_str());
            const std::string n = col.substr(5, col.find(": ") - 5);
            QCOMPARE(
                n, std::to_string(ix.scalar("SELECT coalesce(data_rank, rank) FROM rank_info WHERE rank = " +
                                            std::to_string(h.columnKeys[c]))));
            numbers.insert(n);
            const std::string file = col.substr(col.find(": ") + 2);
            const auto paths =
                ix.rows("SELECT path FROM source_file WHERE rank = " + std::to_string(h.columnKeys[c]));
            QCOMPARE(paths.size(), size_t(1)); // the column's own file
            QVERIFY2(paths[0].size() >= file.size() &&
                         paths[0].compare(paths[0].size() - file.size(), file.size(), file) == 0,
                     (paths[0] + " / " + col).c_str());
            files.insert(file);
        }
        if (!named) {
            QCOMPARE(numbers.size(), size_t(5));
            QCOMPARE(files, (std::set<std::string>{"alpha.json", "beta.json", "gamma.json", "delta.json",
                                                   "epsilon.json"}));
        }
    }
};

QTEST_GUILESS_MAIN(TstUnnamedRanks)
#include "tst_unnamedranks.moc"
