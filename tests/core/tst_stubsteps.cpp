// Stub steps (core/query/stubsteps.h): a rank's last step with no device work in it is left out of the
// step statistics of the report and the baseline record, and said in the diagnostics. Expected values come
// from the inputs read apart (Python over amd_trace's JSON: ProfilerStep#1 9288.291 µs with 14 kernels,
// ProfilerStep#2 49.073 µs with no event inside; SQL over the demo's step rows).
#include "core/compare/baselinebuilder.h"
#include "core/query/report.h"
#include "core/query/stubsteps.h"
#include "tests/support/testsupport.h"

#include <QtTest>
#include <algorithm>

using namespace rs;

class TstStubSteps : public QObject {
    Q_OBJECT
  private Q_SLOTS:
    void amdTraceEndsWithAStub() {
        const std::string samples = test::samplesDir();
        if (samples.empty()) QSKIP("../shared/samples not present");
        const auto ix = test::indexDir(samples + "/hta/tests/data/amd_trace", false);
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        const auto stubs = query::stubSteps(*ix.db);
        QCOMPARE(stubs.size(), size_t(1));
        QCOMPARE(stubs[0].step, int64_t(2));
        QCOMPARE(stubs[0].wallNs, int64_t(49073));
        // the report: one step left, shown as itself, and the stub said with its reason
        const auto r = query::buildReport(*ix.db, 5);
        const auto& p = r["steps"]["per_rank"][0];
        QCOMPARE(p["median_ns"].get<int64_t>(), int64_t(9288291)); // was 4 668 682: the mean with the stub
        QCOMPARE(p["steps"].get<int64_t>(), int64_t(1));
        QCOMPARE(p["stub_steps"].get<int64_t>(), int64_t(1));
        QCOMPARE(p["walls_ns"], nlohmann::json({9288291}));
        QCOMPARE(r["diagnostics"]["stub_steps"].size(), size_t(1));
        const QString text = QString::fromStdString(query::formatReport(r, 5));
        QVERIFY2(text.contains("rank 0: 1 step: 9.29 ms"), qPrintable(text));
        QVERIFY2(text.contains("step 2 (49.1 µs) left out of step statistics"), qPrintable(text));
        // the baseline record measures the same step, and says why the other is not there
        const auto b = compare::buildRecord(*ix.db);
        QCOMPARE(b.record.step.steps, int64_t(1));
        QCOMPARE(b.record.step.medianNs, 9288291.0);
        QVERIFY(std::any_of(b.notes.begin(), b.notes.end(), [](const std::string& n) {
            return n.find("left out of step statistics") != n.npos;
        }));
    }
    void infoListsTheStub() {
        // `rankscope info` lists the diagnostics the report points to: the stub is among them, named
        const std::string samples = test::samplesDir();
        if (samples.empty()) QSKIP("../shared/samples not present");
        QString out, err;
        QCOMPARE(test::runRankscope({"info", QString::fromStdString(samples + "/hta/tests/data/amd_trace"),
                                     "--json", "--quiet"},
                                    &out, &err),
                 0);
        const auto j = nlohmann::json::parse(out.toStdString());
        int stubs = 0;
        for (const auto& d : j["diagnostics"])
            if (d["what"].get<std::string>().rfind("rank 0: step 2 (49.1 µs) left out of step statistics",
                                                   0) == 0)
                ++stubs;
        QCOMPARE(stubs, 1);
    }
    void infoTextNamesNoEmptyFile() {
        // walk 28: the stub, a note of no file, printed as "[info] : rank 0: step 2 …" with a trailing blank
        const std::string samples = test::samplesDir();
        if (samples.empty()) QSKIP("../shared/samples not present");
        QString out, err;
        QCOMPARE(test::runRankscope(
                     {"info", QString::fromStdString(samples + "/hta/tests/data/amd_trace"), "--quiet"}, &out,
                     &err),
                 0);
        QVERIFY2(out.contains("  [info] rank 0: step 2 (49.1 µs) left out of step statistics"),
                 qPrintable(out));
        for (const QString& line : out.split('\n'))
            QVERIFY2(!line.endsWith(' '), qPrintable(line));
    }
    void theReportCountsTheStubAmongItsNotes() {
        // walk 28 #5: the report said "6 notes in 2 groups" and listed the stub beneath, where `info` said
        // "3 groups, 7 occurrences". amd_trace's notes (Python over its JSON): no rank in the file (1), 5
        // ac2g flow ends whose id has no start, and the stub step; and since r54d (kernels take the input
        // shape of the cpu_op around their launch) 1 kernel launched by aten::_foreach_add_, whose Input Dims
        // is a list of tensor lists (no single shape): Python over the JSON, 13 kernels shaped and that one.
        // 8 notes in 4 groups
        const std::string samples = test::samplesDir();
        if (samples.empty()) QSKIP("../shared/samples not present");
        const auto ix = test::indexDir(samples + "/hta/tests/data/amd_trace", false);
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        const auto r = query::buildReport(*ix.db, 5);
        QCOMPARE(r["diagnostics"]["notes"].get<int64_t>(), int64_t(8));
        QCOMPARE(r["diagnostics"]["note_rows"].get<int64_t>(), int64_t(4));
        const QString text = QString::fromStdString(query::formatReport(r, 5));
        QVERIFY2(text.contains("8 notes in 4 groups"), qPrintable(text));
    }
    void cpuOnlyTraceKeepsItsSteps() {
        // no step has device work: none is a stub (nothing tells a cut step from the others)
        const std::string samples = test::samplesDir();
        if (samples.empty()) QSKIP("../shared/samples not present");
        const auto ix = test::indexDir(samples + "/hta/tests/data/cpu_only", false);
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        QVERIFY(ix.scalar("SELECT count(*) FROM step_stat") > 0);
        QVERIFY(query::stubSteps(*ix.db).empty());
    }
    void aStubIsNoStepOfTheWarmupRule() {
        // review of stop 48: the warm-up flag counted every step_stat row, stubs too; a rank of two steps and
        // a stub had "step 1 (warm-up outlier)" in the report while its statistics (two steps: no warm-up)
        // kept step 1 in the median. Steps 1 and 2 with a kernel each, step 3 with none (the profile's end)
        const std::string dir = test::tempDir("stubsteps-warmup");
        std::string ev;
        for (int s = 0; s < 3; ++s) {
            const std::string start = std::to_string(1700000000000000 + s * 10000);
            ev += std::string(ev.empty() ? "" : ",\n") +
                  "{\"ph\":\"X\",\"cat\":\"user_annotation\",\"name\":" + "\"ProfilerStep#" +
                  std::to_string(s + 1) + "\",\"pid\":1,\"tid\":1,\"ts\":" + start +
                  ",\"dur\":" + (s < 2 ? "10000" : "50") + "}";
            if (s < 2)
                ev += ",\n{\"ph\":\"X\",\"cat\":\"kernel\",\"name\":\"gemm\",\"pid\":0,\"tid\":7,\"ts\":" +
                      start + ",\"dur\":8000}";
        }
        test::writeFile(dir + "/rank-0.pt.trace.json", "{\"traceEvents\":[" + ev + "]}");
        const auto ix = test::indexDir(dir, false);
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        QCOMPARE(ix.scalar("SELECT count(*) FROM step_stat"), int64_t(3));
        QCOMPARE(query::stubSteps(*ix.db).size(), size_t(1));
        QVERIFY(query::warmupSteps(*ix.db).empty()); // two steps that count: none is a warm-up
        // three steps that count (the demo's): the first is
        const auto demo =
            test::indexedDemo(test::tempDir("stubsteps-warmup-demo") + "/demo", test::demoOptions(2, 3, 1));
        QVERIFY2(demo.result.ok, demo.result.error.c_str());
        const auto w = query::warmupSteps(*demo.db);
        QCOMPARE(w.size(), size_t(2));
        for (const auto& [rank, step] : w)
            QCOMPARE(step,
                     demo.scalar("SELECT min(step) FROM step_stat WHERE rank = " + std::to_string(rank)));
    }
    void twoSteadyStepsGiveTheLowerOne() {
        // 3 steps: the first is a warm-up, two steady ones stay; their "median" must be one of them
        const std::string dir = test::tempDir("stubsteps") + "/demo";
        const auto ix = test::indexedDemo(dir, test::demoOptions(2, 3, 1));
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        QVERIFY(query::stubSteps(*ix.db).empty()); // every demo step has kernels
        const auto b = compare::buildRecord(*ix.db);
        for (int rank : {0, 1}) {
            const auto key = std::to_string(ix.scalar(
                "SELECT rank FROM rank_info WHERE coalesce(data_rank, rank) = " + std::to_string(rank)));
            const std::string steady = " FROM step_stat WHERE rank = " + key +
                                       " AND step > (SELECT min(step) FROM step_stat WHERE rank = " + key +
                                       ")";
            const int64_t lower = ix.scalar("SELECT min(wall_ns)" + steady);
            const int64_t upper = ix.scalar("SELECT max(wall_ns)" + steady);
            QVERIFY(upper > lower); // else the mean would be a step too, and this would prove nothing
            QCOMPARE(b.record.ranks.at(rank).step.steps, int64_t(2));
            QCOMPARE(b.record.ranks.at(rank).step.medianNs, double(lower));
        }
    }
};

QTEST_APPLESS_MAIN(TstStubSteps)
#include "tst_stubsteps.moc"
