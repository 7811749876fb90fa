// Damaged input never reads as real data (walk17b #1): copies of the real text/level1 and db/level1
// samples cut as a killed job or a full disk leaves them. Expected figures are counted with a few lines
// of Python over the same cut files (walk17b's copies): rank 0's kernel_details.csv cut to 2/3 leaves 18
// AI_CORE kernel events of trace_view.json named in none of its rows.
#include "core/compare/baselinebuilder.h"
#include "core/compare/runcomparison.h"
#include "core/query/analysisqueries.h"
#include "core/query/damagedinput.h"
#include "core/query/report.h"
#include "core/query/timelinequery.h"
#include "core/query/waitknowledge.h"
#include "tests/support/testsupport.h"

#include <QtTest>
#include <filesystem>

using namespace rs;
namespace fs = std::filesystem;

namespace {

/// A copy of `from` in a fresh temp dir named `tag` (the samples are read-only).
std::string copyOf(const std::string& from, const std::string& tag) {
    const std::string to = test::tempDir(tag) + "/profile";
    fs::create_directories(to);
    fs::copy(from, to, fs::copy_options::recursive | fs::copy_options::overwrite_existing);
    for (const auto& e : fs::recursive_directory_iterator(to))
        if (e.is_directory() && e.path().filename() == ".rankscope") fs::remove_all(e.path());
    return to;
}

/// Cuts `path` to `num`/`den` of its bytes.
void cut(const std::string& path, uintmax_t num, uintmax_t den) {
    fs::resize_file(path, fs::file_size(path) * num / den);
}

bool anyContains(const std::vector<std::string>& v, const std::string& what) {
    return std::any_of(v.begin(), v.end(), [&](const std::string& s) { return s.find(what) != s.npos; });
}

} // namespace

class TstDamagedInput : public QObject {
    Q_OBJECT
    std::string m_samples;
    std::string textDir() const { return m_samples + "/msinsight/test/data/pytorch/text/level1"; }

  private Q_SLOTS:
    void initTestCase() {
        m_samples = test::samplesDir();
        if (m_samples.empty()) QSKIP("../shared/samples is absent");
        qputenv("XDG_CACHE_HOME", QByteArray::fromStdString(test::tempDir("damagedinput-cache")));
    }

    void aDatabaseNotReadIsNoRunWithoutEvents() {
        // db/level1's ascend_pytorch_profiler_0.db cut to half: "file not read"; it holds 3722 events
        const std::string dir = copyOf(m_samples + "/msinsight/test/data/pytorch/db/level1", "damaged-db");
        cut(dir + "/rank0_ascend_pt/ASCEND_PROFILER_OUTPUT/ascend_pytorch_profiler_0.db", 1, 2);
        auto ix = test::indexDir(dir);
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        const auto damaged = query::damagedFiles(*ix.db);
        QCOMPARE(damaged.size(), size_t(1));
        QVERIFY(damaged[0].notRead);
        QCOMPARE(damaged[0].rank, std::optional<int64_t>(0)); // its folder's profiler_info_0.json
        const std::string text = query::formatReport(query::buildReport(*ix.db, 5), 5);
        QVERIFY2(text.find("No problems found") == std::string::npos, text.c_str());
        QVERIFY2(text.find("Not read in full: 1 source file") != std::string::npos, text.c_str());
        QVERIFY2(text.find("rank 0's ascend_pytorch_profiler_0.db (not read") != std::string::npos,
                 text.c_str());
        QVERIFY2(text.find("record nothing") == std::string::npos, text.c_str());
        const auto reasons = query::loadRunWaitUnknown(*ix.db);
        QCOMPARE(QString::fromStdString(reasons.begin()->second),
                 QString("a source file could not be read: what it records is not known"));
        const auto s = query::loadSummary(*ix.db, std::nullopt);
        QCOMPARE(s.damagedFiles, 1);
        QVERIFY(anyContains(s.notes, "has no timed event that could be read"));
        QVERIFY(anyContains(s.notes, "rank 0's ascend_pytorch_profiler_0.db (not read"));
    }

    void aCutTraceAndCutKernelTableAreSaidAndInventNoOpType() {
        const std::string dir = copyOf(textDir(), "damaged-text");
        cut(dir + "/rank1_ascend_pt/ASCEND_PROFILER_OUTPUT/trace_view.json", 1, 2);
        cut(dir + "/rank0_ascend_pt/ASCEND_PROFILER_OUTPUT/kernel_details.csv", 2, 3);
        auto ix = test::indexDir(dir);
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        // the banner and every export's caption (the summary's notes) name the ranks partly read
        const auto s = query::loadSummary(*ix.db, std::nullopt);
        QCOMPARE(s.damagedFiles, 2);
        QVERIFY(anyContains(s.notes, "rank 1's trace_view.json (read in part"));
        QVERIFY(anyContains(s.notes, "rank 0's kernel_details.csv (read in part"));
        // kernels past the cut: their op type is not known, never made from the name
        QCOMPARE(ix.scalar("SELECT count(*) FROM span s JOIN string t ON t.id = s.op_type_id WHERE t.value = "
                           "'(op type not read)'"),
                 int64_t(18));
        QCOMPARE(
            ix.scalar("SELECT count(*) FROM span s JOIN string t ON t.id = s.op_type_id WHERE t.value IN "
                      "('Conv2DBackpropFilter10', 'Conv2DBackpropInput8')"),
            int64_t(0));
        // the op heatmap names both files beside its two columns (k19v: "Two ranks: … the colours show how
        // they differ" over rank 1's empty column); showing rank 1 alone, rank 0's file is not its
        const auto heat = query::loadOpRankHeatmap(*ix.db);
        QVERIFY2(heat.damaged.find("rank 1's trace_view.json (read in part") != std::string::npos,
                 heat.damaged.c_str());
        QVERIFY2(heat.damaged.find("rank 0's kernel_details.csv (read in part") != std::string::npos,
                 heat.damaged.c_str());
        const auto one = query::loadOpRankHeatmap(*ix.db, {1});
        QVERIFY2(one.damaged.find("rank 0's") == std::string::npos, one.damaged.c_str());
        QVERIFY2(one.damaged.find("rank 1's trace_view.json") != std::string::npos, one.damaged.c_str());
        QVERIFY(query::loadOpRankHeatmap(*test::indexDir(textDir()).db).damaged.empty());
    }

    void aCutTraceSaysHowManyKernelsItLost_data() {
        // counted by /tmp/r19a/unseen.py over the same cut (walk 21 E): rank 1's kernel_details.csv rows that
        // no X event read before the cut is (same name, start within 1 µs); the whole trace leaves none
        QTest::addColumn<qint64>("bytes");
        QTest::addColumn<qint64>("missing");
        QTest::newRow("cut before its device events (walk 21's dmg2)") << qint64(800000) << qint64(191);
        QTest::newRow("cut amid its Ascend Hardware tasks") << qint64(1524105) << qint64(42);
    }
    void aCutTraceSaysHowManyKernelsItLost() {
        QFETCH(qint64, bytes);
        QFETCH(qint64, missing);
        const std::string dir = copyOf(textDir(), "damaged-kernels");
        fs::resize_file(dir + "/rank1_ascend_pt/ASCEND_PROFILER_OUTPUT/trace_view.json", uintmax_t(bytes));
        auto ix = test::indexDir(dir);
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        const auto damaged = query::damagedFiles(*ix.db);
        QCOMPARE(damaged.size(), size_t(1));
        QCOMPARE(damaged[0].kernelsPastCut, (std::optional<std::pair<int64_t, int64_t>>({missing, 191})));
        const std::string said =
            "kernel_details.csv lists " + std::to_string(missing) + " kernels past the cut";
        // where the cut file is named: the timeline's notes, the report (text and JSON), info's diagnostics
        QVERIFY(anyContains(query::loadSummary(*ix.db, std::nullopt).notes, said));
        const auto report = query::buildReport(*ix.db, 5);
        const std::string text = query::formatReport(report, 5);
        QVERIFY2(text.find(said) != std::string::npos, text.c_str());
        QCOMPARE(report["damaged_files"][0]["kernels_past_cut"]["missing"].get<int64_t>(), int64_t(missing));
        QCOMPARE(ix.scalar("SELECT count(*) FROM diagnostic WHERE what LIKE 'kernels past the cut: " +
                           std::to_string(missing) + " of the 191 %'"),
                 int64_t(1));
    }
    void aWholeTraceLostNoKernel() {
        auto ix = test::indexDir(copyOf(textDir(), "whole-kernels"));
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        QCOMPARE(ix.scalar("SELECT count(*) FROM diagnostic WHERE what LIKE 'kernels past the cut%'"),
                 int64_t(0));
    }

    void aComparisonWithADamagedRunGivesNoVerdict() {
        // the cut kernel_details.csv read as "Conv2DBackpropFilter time per step −64.6 %", FAIL
        const std::string dir = copyOf(textDir(), "damaged-compare");
        cut(dir + "/rank0_ascend_pt/ASCEND_PROFILER_OUTPUT/kernel_details.csv", 2, 3);
        auto base = test::indexDir(copyOf(textDir(), "damaged-compare-base"));
        auto cand = test::indexDir(dir);
        QVERIFY2(base.result.ok && cand.result.ok, cand.result.error.c_str());
        const auto b = compare::buildRecord(*base.db).record, c = compare::buildRecord(*cand.db).record;
        QVERIFY(b.damagedFiles.empty());
        QCOMPARE(c.damagedFiles.size(), size_t(1));
        const auto r = compare::compareRecords(b, c);
        QCOMPARE(QString(r.verdict()), QString("inconclusive"));
        QCOMPARE(compare::verdictExitCode(r), 4);
        QVERIFY2(
            r.damagedInput.find("the candidate's files were not all read: rank 0's kernel_details.csv") !=
                std::string::npos,
            r.damagedInput.c_str());
        // the record keeps it through JSON (a baseline file compared later)
        QCOMPARE(compare::recordFromJson(compare::toJson(c)).damagedFiles, c.damagedFiles);
        // both sides whole: a verdict as before
        QVERIFY(compare::compareRecords(b, b).damagedInput.empty());
    }
};

QTEST_MAIN(TstDamagedInput)
#include "tst_damagedinput.moc"
