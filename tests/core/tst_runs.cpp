// Run grouping (golden): rank files are grouped into runs by what the data says (producer, world size,
// time window, rank numbers), and nothing is matched, blamed or compared across runs.
#include "core/query/analysisqueries.h"
#include "core/query/report.h"
#include "core/query/runreport.h"
#include "core/query/timelinequery.h"
#include "tests/support/testsupport.h"

#include <QtTest>
#include <filesystem>
#include <map>
#include <set>

using namespace rs;

namespace {
/// A Kineto trace of `steps` 10 ms steps starting at `t0Us`, with one AllReduce kernel per step that
/// this rank reaches `lateUs` after the step's 8 ms of compute.
std::string kineto(int rank, int world, int64_t t0Us, int steps, int64_t lateUs) {
    std::string ev;
    auto add = [&](const std::string& e) { ev += (ev.empty() ? "" : ",\n") + e; };
    for (int s = 0; s < steps; ++s) {
        int64_t start = t0Us + s * 10000, arrive = start + 8000 + lateUs, end = start + 9500;
        add("{\"ph\":\"X\",\"cat\":\"user_annotation\",\"name\":\"ProfilerStep#" + std::to_string(s) +
            "\",\"pid\":1,\"tid\":1,\"ts\":" + std::to_string(start) + ",\"dur\":10000}");
        add("{\"ph\":\"X\",\"cat\":\"kernel\",\"name\":\"gemm\",\"pid\":0,\"tid\":7,\"ts\":" +
            std::to_string(start) + ",\"dur\":8000}");
        add("{\"ph\":\"X\",\"cat\":\"kernel\",\"name\":\"ncclKernel_AllReduce_RING_LL_Sum_float(x)\",\"pid\":"
            "0,"
            "\"tid\":8,\"ts\":" +
            std::to_string(arrive) + ",\"dur\":" + std::to_string(end - arrive) + "}");
    }
    return "{\"distributedInfo\":{\"backend\":\"nccl\",\"rank\":" + std::to_string(rank) +
           ",\"world_size\":" + std::to_string(world) + "},\"traceEvents\":[" + ev + "]}";
}
const int64_t kDay = int64_t(86400) * 1000000; // µs

/// Two jobs' files in one folder, indexed: control.json, rank 3 of an 8-rank job (4 steps), and test.json,
/// rank 1 of a 2-rank job (`testSteps` steps, 300 µs late), eight days later.
test::Indexed controlAndTest(const char* tag, int testSteps) {
    const std::string dir = test::tempDir(tag);
    test::writeFile(dir + "/control.json", kineto(3, 8, 1700000000000000, 4, 0));
    test::writeFile(dir + "/test.json", kineto(1, 2, 1700000000000000 + 8 * kDay, testSteps, 300));
    return test::indexDir(dir);
}

/// A legacy MindSpore step trace of 4 steps of 1 ms (10 ns ticks) from tick `t0` + `skew`, with one
/// communication op per step on stream 10 when `comm`.
std::string legacySteps(int64_t t0, int64_t skew, bool comm = true) {
    std::string out =
        "step_num,start_point,end_point,total,fp_point,bp_point,iteration_interval,fp_and_bp,tail";
    out += comm ? ",stream_10_parallel_0_start_point,stream_10_parallel_0_end_point,stream_10_parallel_0\n"
                : "\n";
    for (int s = 0; s < 4; ++s) {
        const int64_t a = t0 + skew + s * 100000, b = a + 100000;
        out += std::to_string(s + 1) + "," + std::to_string(a) + "," + std::to_string(b) + ",100000," +
               std::to_string(a + 10000) + "," + std::to_string(a + 80000) + ",0,70000,20000";
        out += comm ? "," + std::to_string(a + 50000) + "," + std::to_string(a + 60000) + ",10000\n" : "\n";
    }
    return out;
}

/// A legacy timeline on a clock of its own (µs from 0, as resource/profiler's): one device op.
const char* kRelativeTimeline = "[{\"name\": \"AssignAdd-op1\", \"ph\": \"X\", \"tid\": \"519\", \"ts\": "
                                "1000.0, \"dur\": 3.1, \"pid\": 1}]";
/// Two copies of an 8-rank demo of 6 steps, a/ and c/ (another seed), in `dir`: two runs claiming ranks 0-7.
bool writeTwoDemoCopies(const std::string& dir) {
    auto a = test::demoOptions(8, 6, 2), c = a;
    c.seed = 3;
    for (const auto& [sub, o] : {std::pair{"/a", a}, std::pair{"/c", c}})
        if (!test::writeDemo(dir + sub, o).empty()) return false;
    return true;
}

} // namespace

class TstRuns : public QObject {
    Q_OBJECT
  private Q_SLOTS:
    void eachRunSaysItsFolder() {
        // walk 29: a folder of two demos alike read "run 0: ascend, ranks 0 1 2 3" and "run 1: ascend, ranks
        // 0 1 2 3" in the report and `info`; the app's run chooser said "in a" / "in b". writeTwoRunDemo
        // writes DIR/ascend and DIR/kineto
        const std::string dir = test::tempDir("runs-folders");
        std::string err;
        QVERIFY2(test::writeTwoRunDemo(dir, err), err.c_str());
        auto ix = test::indexDir(dir);
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        const auto r = query::buildReport(*ix.db, 5);
        std::set<std::string> folders;
        for (const auto& run : r["runs"])
            folders.insert(run["folder"].get<std::string>());
        QCOMPARE(folders, (std::set<std::string>{"ascend", "kineto"}));
        const QString text = QString::fromStdString(query::formatReport(r, 5));
        QVERIFY2(text.contains(" in ascend, ranks") && text.contains(" in kineto, ranks"), qPrintable(text));
    }
    void twoJobsInOneFolder() {
        // rank 3 of an 8-rank job and rank 1 of a 2-rank job, eight days apart (formats.md §8)
        auto ix = controlAndTest("runs-two-jobs", 4);
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        QCOMPARE(ix.rows("SELECT run_id, world_size, rank_count, complete FROM runs ORDER BY run_id"),
                 (std::vector<std::string>{"0|8|1|0", "1|2|1|0"}));
        QCOMPARE(ix.rows("SELECT rank, run_id FROM ranks ORDER BY rank"),
                 (std::vector<std::string>{"1|1", "3|0"}));
        // nothing matched across them: no instance holds both ranks, no wait, no finding
        QCOMPARE(ix.scalar("SELECT count(*) FROM (SELECT match_key FROM collective GROUP BY match_key HAVING "
                           "count(DISTINCT rank) > 1)"),
                 int64_t(0));
        QCOMPARE(ix.scalar("SELECT count(*) FROM waits"), int64_t(0));
        QCOMPARE(ix.scalar("SELECT count(*) FROM finding"), int64_t(0));
        auto r = query::buildReport(*ix.db, 10);
        QCOMPARE(r["runs"].size(), size_t(2));
        QCOMPARE(r["runs"][0]["ranks"], nlohmann::json::array({3}));
        QCOMPARE(r["runs"][1]["world_size"].get<int>(), 2);
        QVERIFY(r["runs"][0]["end_ns"].get<int64_t>() < r["runs"][1]["start_ns"].get<int64_t>());
    }
    void aFolderOfRunsCountsEachRunApart() {
        // r49d #2: a demo beside a Kineto copy read "4 ranks, ..., 6 steps, 12135 spans": one job's 4 steps
        // and another's 2 counted as one series, two producers' spans added. Here two jobs of 4 and 6
        // ProfilerSteps (numbered from 0 each; 3 events a step as written): the folder's distinct numbers
        // were "6 steps"
        auto ix = controlAndTest("runs-counted-apart", 6);
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        const auto r = query::buildReport(*ix.db, 10);
        QCOMPARE(r["runs"].size(), size_t(2));
        std::map<int64_t, int64_t> steps; // by world size
        int64_t spans = 0, collectives = 0, tensors = 0;
        for (const auto& run : r["runs"]) {
            QVERIFY2(run.contains("counts"), run.dump().c_str());
            steps[run["world_size"].get<int64_t>()] = run["counts"]["steps"].get<int64_t>();
            spans += run["counts"]["spans"].get<int64_t>();
            collectives += run["counts"]["collectives"].get<int64_t>();
            tensors += run["counts"]["tensors"].get<int64_t>();
        }
        QCOMPARE(steps, (std::map<int64_t, int64_t>{{8, 4}, {2, 6}}));
        // every record is some run's: the runs' counts are the folder's records, apart
        QCOMPARE(spans, r["counts"]["spans"].get<int64_t>());
        QCOMPARE(collectives, r["counts"]["collectives"].get<int64_t>());
        QCOMPARE(tensors, r["counts"]["tensors"].get<int64_t>());
        QVERIFY(r["counts"].contains("over_runs") && r["steps"].contains("over_runs"));
        const QString text = QString::fromStdString(query::formatReport(r, 10));
        const QString header = text.section('\n', 1, 1);
        QVERIFY2(!header.contains("steps") && !header.contains("spans") &&
                     header.startsWith("2 runs (1 + 1 ranks)"),
                 qPrintable(header));
        QVERIFY2(text.contains("(world size 8): 4 steps, ") && text.contains("(world size 2): 6 steps, "),
                 qPrintable(text));
        // one run's report is one job's again: its own counts, nothing said of other runs
        const auto one = query::runReport(*ix.db, r, int(r["runs"][0]["run"].get<int64_t>()));
        QVERIFY(!one["counts"].contains("over_runs") && !one["steps"].contains("over_runs"));
    }
    void theReportOfOneRun() {
        // the app's Details text sits beside one run: its figures are that run's ranks only. Run 0 is rank 3
        // (4 steps of 3 spans), run 1 is rank 1 (6 steps of 3 spans), eight days apart
        auto ix = controlAndTest("runs-report-of-one", 6);
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        const auto full = query::buildReport(*ix.db, 10);
        QCOMPARE(full["steps"]["per_rank"].size(), size_t(2));
        // each run holds one rank of its job (world sizes 8 and 2): the others are named missing
        QCOMPARE(full["runs"][0]["missing_ranks"], nlohmann::json::array({0, 1, 2, 4, 5, 6, 7}));
        QCOMPARE(full["runs"][1]["missing_ranks"], nlohmann::json::array({0}));
        for (int run : {0, 1}) {
            const auto r = query::runReport(*ix.db, full, run);
            const int rank = run == 0 ? 3 : 1;
            QCOMPARE(r["ranks"], nlohmann::json::array({rank}));
            QCOMPARE(r["steps"]["per_rank"].size(), size_t(1));
            QCOMPARE(r["steps"]["per_rank"][0]["rank"].get<int>(), rank);
            QCOMPARE(r["steps"]["count"].get<int64_t>(), int64_t(run == 0 ? 4 : 6));
            QCOMPARE(r["counts"]["spans"].get<int64_t>(), int64_t(run == 0 ? 12 : 18));
            const std::string text = query::formatReport(r, 10);
            QVERIFY2(text.find("Run " + std::to_string(run) + " of the 2 runs in this folder") !=
                         std::string::npos,
                     text.c_str());
            QVERIFY2(text.find("rank " + std::to_string(run == 0 ? 1 : 3) + ":") == std::string::npos,
                     text.c_str());
        }
        // a folder of one run: the report is the whole one, unchanged
        const std::string one = test::tempDir("runs-report-one-run");
        test::writeFile(one + "/a.json", kineto(0, 1, 1700000000000000, 3, 0));
        auto ix1 = test::indexDir(one);
        QVERIFY2(ix1.result.ok, ix1.result.error.c_str());
        const auto whole = query::buildReport(*ix1.db, 10);
        QCOMPARE(query::runReport(*ix1.db, whole, 0), whole);
    }
    void aRunsReportJudgesItsOwnBanks() {
        // review of stop 48 (r48a): the report's bank_check was judged over the whole index, so a Kineto run
        // (a GPU's addresses: no bank model) beside an Ascend run (tensors placed in banks) read "possible"
        auto two = test::indexedTwoRunDemo("runs-bank-check");
        QVERIFY2(two.err.empty(), two.err.c_str());
        QVERIFY2(two.ix.result.ok, two.ix.result.error.c_str());
        auto& ix = two.ix;
        const int kineto = two.kinetoRun, ascend = two.ascendRun;
        const auto full = query::buildReport(*ix.db, 10);
        QCOMPARE(full["bank_check"]["possible"].get<bool>(), true); // some run of the folder could
        QCOMPARE(query::runReport(*ix.db, full, ascend)["bank_check"]["possible"].get<bool>(), true);
        const auto k = query::runReport(*ix.db, full, kineto);
        QCOMPARE(k["bank_check"]["possible"].get<bool>(), false);
        QVERIFY(!k["bank_check"]["why"].get<std::string>().empty());
    }
    void aRunOfSeveralListsItsRanksInOrderAndOnlyItsDamagedFiles() {
        // walk 23: the hta folder's six runs; trace_filter's run (ranks 0 and 1 of its files, keys 20000 and
        // 10001: rank 0 is claimed by three runs) listed rank 1 before rank 0 in Details, and Details counted
        // every run's damaged files where the Findings panel counted the shown run's. One file of another
        // run (ns_resolution_trace's) is cut in half here.
        const std::string samples = test::samplesDir();
        if (samples.empty()) QSKIP("../shared/samples is absent");
        const std::string dir = test::tempDir("runs-hta") + "/data";
        std::filesystem::remove_all(dir);
        std::filesystem::copy(samples + "/hta/tests/data", dir, std::filesystem::copy_options::recursive);
        const std::string cut = dir + "/ns_resolution_trace/rank-0.Apr_03_18_51_38.1102.pt.trace.json.gz";
        std::filesystem::resize_file(cut, std::filesystem::file_size(cut) / 2);
        auto ix = test::indexDir(dir);
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        const auto full = query::buildReport(*ix.db, 10);
        QCOMPARE(full["damaged_files"].size(), size_t(1));
        const int64_t cutKey = full["damaged_files"][0]["rank"].get<int64_t>();
        int traceFilterRun = -1, cutRun = -1;
        for (const auto& run : full["runs"]) {
            for (const auto& k : run["ranks"])
                if (k.get<int64_t>() == cutKey) cutRun = run["run"].get<int>();
            if (run["data_ranks"] == nlohmann::json::array({1, 0}) ||
                run["data_ranks"] == nlohmann::json::array({0, 1}))
                traceFilterRun = run["run"].get<int>();
        }
        QVERIFY(traceFilterRun >= 0 && cutRun >= 0 && cutRun != traceFilterRun);
        // the whole folder's report lists the run's ranks by number too (walk 24 #13: "ranks 1 0")
        QCOMPARE(full["runs"][size_t(traceFilterRun)]["data_ranks"], nlohmann::json::array({0, 1}));
        const auto shown = query::runReport(*ix.db, full, traceFilterRun);
        QCOMPARE(shown["damaged_files"].size(), size_t(0));
        QCOMPARE(shown["ranks"], nlohmann::json::array({0, 1}));
        QCOMPARE(shown["steps"]["per_rank"].size(), size_t(2));
        QCOMPARE(shown["steps"]["per_rank"][0]["rank"].get<int>(), 0);
        QCOMPARE(shown["steps"]["per_rank"][1]["rank"].get<int>(), 1);
        const std::string text = query::formatReport(shown, 10);
        QVERIFY2(text.find("rank 0:") < text.find("rank 1:"), text.c_str());
        QVERIFY2(text.find("Not read in full") == std::string::npos, text.c_str());
        QCOMPARE(query::runReport(*ix.db, full, cutRun)["damaged_files"].size(), size_t(1));
        // walk 24 #6: Details said "34374 notes" for every run, the folder's total. The run's are those of
        // files under trace_filter/; those of files no rank claims (the folder's "(profile)" notes) are
        // counted apart, under no run (taken here by path, not by rank); a note filed under the run ("run N":
        // its collectives with ranks missing, r55a) is the run's
        const int64_t runNotes = ix.scalar(
            "SELECT coalesce(sum(count),0) FROM diagnostic d WHERE severity = 'info' AND (file LIKE '" + dir +
            "/trace_filter/%' OR file = 'run " + std::to_string(traceFilterRun) + "')");
        const int64_t folderNotes = ix.scalar(
            "SELECT coalesce(sum(count),0) FROM diagnostic d WHERE severity = 'info' AND file NOT IN (SELECT "
            "path FROM source_file WHERE rank IS NOT NULL) AND file NOT GLOB 'rank [0-9]*' AND file NOT GLOB "
            "'run [0-9]*'");
        QVERIFY(folderNotes > 0 && runNotes + folderNotes < full["diagnostics"]["notes"].get<int64_t>());
        QCOMPARE(shown["diagnostics"]["notes"].get<int64_t>(), runNotes);
        QCOMPARE(shown["diagnostics"]["folder_wide"]["notes"].get<int64_t>(), folderNotes);
        // the heatmap's columns of the run, as the Details line orders them
        std::vector<int> keys;
        for (const auto& k : full["runs"][size_t(traceFilterRun)]["ranks"])
            keys.push_back(k.get<int>());
        QCOMPARE(query::loadOpRankHeatmap(*ix.db, keys).columns,
                 (std::vector<std::string>{"rank 0", "rank 1"}));
    }
    void oneJobSplitOverSubFolders() {
        // ranks 0 and 1 of a 2-rank job in two sub-folders: one complete run; rank 1 is 300 µs late
        std::string dir = test::tempDir("runs-split");
        test::writeFile(dir + "/node-a/rank-0.pt.trace.json", kineto(0, 2, 1700000000000000, 6, 0));
        test::writeFile(dir + "/node-b/rank-1.pt.trace.json.gz", kineto(1, 2, 1700000000000000, 6, 300));
        auto ix = test::indexDir(dir);
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        QCOMPARE(ix.rows("SELECT run_id, world_size, rank_count, complete FROM runs"),
                 std::vector<std::string>{"0|2|2|1"});
        QCOMPARE(query::buildReport(*ix.db, 10)["runs"][0]["missing_ranks"], nlohmann::json::array());
        QCOMPARE(ix.scalar("SELECT count(*) FROM (SELECT match_key FROM collective GROUP BY match_key HAVING "
                           "count(DISTINCT rank) = 2)"),
                 int64_t(6));
        QCOMPARE(
            ix.rows("SELECT DISTINCT rank, blamed_rank, dur_ns FROM waits WHERE kind = 'collective_wait'"),
            std::vector<std::string>{"0|1|300000"});
    }
    void twoCopiesOfOneJobAreToldApartByTheirFolder() {
        // walk 36: two copies of a 4-rank job side by side (x/ and y/), the same windows but y's rank 3
        // starting before x's: in start order alone y's rank 3 joined x's run (it lacked a rank 3) and x's
        // rank 3 then y's, so each run's figures mixed the two jobs. The folder is what tells them apart
        std::string dir = test::tempDir("runs-copies");
        const int64_t t0 = 1700000000000000;
        for (int r = 0; r < 4; ++r) {
            test::writeFile(dir + "/x/rank-" + std::to_string(r) + ".pt.trace.json",
                            kineto(r, 4, t0 + (r == 3 ? 200 : 0), 6, 0));
            test::writeFile(dir + "/y/rank-" + std::to_string(r) + ".pt.trace.json",
                            kineto(r, 4, t0 + (r == 3 ? 50 : 100), 6, 0));
        }
        auto ix = test::indexDir(dir);
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        QCOMPARE(
            ix.rows("SELECT i.run_id, sum(f.path LIKE '%/x/%'), sum(f.path LIKE '%/y/%') FROM rank_info i "
                    "JOIN source_file f ON f.rank = i.rank GROUP BY 1 ORDER BY 1"),
            (std::vector<std::string>{"0|4|0", "1|0|4"}));
        QCOMPARE(ix.rows("SELECT run_id, rank_count, complete FROM runs ORDER BY 1"),
                 (std::vector<std::string>{"0|4|1", "1|4|1"}));
        // walk 37: the header said "8 ranks" and the wait one figure, two jobs' added
        const std::string text = query::formatReport(query::buildReport(*ix.db, 10), 10);
        QVERIFY2(text.find("\n2 runs (4 + 4 ranks): each run's counts below") != std::string::npos,
                 text.c_str());
        QVERIFY2(text.find("each run apart (different jobs: the total above is theirs added): run 0 ") !=
                     std::string::npos,
                 text.c_str());
    }
    void twoDemoCopiesListTheirRanksRunByRun() {
        // r50a #1, #2: two copies of the demo (a/, and c/ with another seed) claim ranks 0-7 twice; each
        // colliding number's plain key goes to its larger file, so run 0 held keys 3 and 10000-10007 but
        // 10003, and the per-rank lists, in key order, read "rank 0 (run 1) ... rank 3 (run 0)". The
        // folder's wait total added the two jobs' waits
        const std::string dir = test::tempDir("runs-two-demos");
        QVERIFY(writeTwoDemoCopies(dir));
        auto ix = test::indexDir(dir);
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        // the case at hand: some run holds keys of both ranges
        QCOMPARE(ix.scalar("SELECT count(DISTINCT run_id) FROM rank_info GROUP BY rank >= 10000 ORDER BY 1 "
                           "DESC LIMIT 1"),
                 int64_t(2));
        const auto report = query::buildReport(*ix.db, 10);
        std::map<int64_t, std::pair<int64_t, int64_t>> runRank; // key → (run, data rank), from the index
        for (const auto& row : ix.rows("SELECT rank, run_id, data_rank FROM rank_info")) {
            const auto p1 = row.find('|'), p2 = row.rfind('|');
            runRank[std::stoll(row.substr(0, p1))] = {std::stoll(row.substr(p1 + 1, p2 - p1 - 1)),
                                                      std::stoll(row.substr(p2 + 1))};
        }
        std::vector<std::pair<int64_t, int64_t>> expected;
        for (int64_t run : {0, 1})
            for (int64_t r = 0; r < 8; ++r)
                expected.push_back({run, r});
        auto order = [&](const nlohmann::json& list) {
            std::vector<std::pair<int64_t, int64_t>> out;
            for (const auto& x : list)
                out.push_back(runRank.at(x.is_object() ? x["rank"].get<int64_t>() : x.get<int64_t>()));
            return out;
        };
        QCOMPARE(order(report["ranks"]), expected);
        QCOMPARE(order(report["steps"]["per_rank"]), expected);
        QCOMPARE(order(report["memory"]["per_rank"]), expected);
        QCOMPARE(order(report["comm_wait"]["by_rank"]), expected);
        // the text's step list reads the same way
        const std::string text = query::formatReport(report, 10);
        size_t at = text.find("\nSteps ");
        for (const auto& [run, r] : expected) {
            std::string said = "rank ";
            said.append(std::to_string(r)).append(" (run ").append(std::to_string(run)).append("): ");
            at = text.find(said, at);
            QVERIFY2(at != std::string::npos, (said + "\n" + text).c_str());
        }
        // #2: no folder-wide wait total in the JSON; each run's, its ranks' waits
        const auto& cw = report["comm_wait"];
        QVERIFY(cw["total_wait_ns"].is_null());
        QVERIFY2(cw.value("total_note", std::string()).find("2 runs") != std::string::npos,
                 cw.dump().c_str());
        QCOMPARE(cw["by_run"].size(), size_t(2));
        for (int64_t run : {0, 1}) {
            int64_t sum = 0;
            for (const auto& x : cw["by_rank"])
                if (runRank.at(x["rank"].get<int64_t>()).first == run) sum += x["wait_ns"].get<int64_t>();
            QCOMPARE(cw["by_run"][size_t(run)]["run"].get<int64_t>(), run);
            QVERIFY(sum > 0);
            QCOMPARE(cw["by_run"][size_t(run)]["wait_ns"].get<int64_t>(), sum);
        }
        // the app's lanes of each run: by number too (run 1's keys read 4, 7, 10000, ...)
        for (int run : {0, 1}) {
            const auto summary = query::loadSummary(*ix.db, run);
            std::vector<std::pair<int64_t, int64_t>> lanes;
            for (int key : summary.ranks)
                lanes.push_back(runRank.at(key));
            const std::vector<std::pair<int64_t, int64_t>> want(expected.begin() + run * 8,
                                                                expected.begin() + run * 8 + 8);
            QCOMPARE(lanes, want);
        }
        // one run alone keeps its total and has no by_run
        const auto one = query::runReport(*ix.db, report, 0);
        QVERIFY(one["comm_wait"]["total_wait_ns"].is_number());
        QVERIFY(!one["comm_wait"].contains("by_run") && !one["comm_wait"].contains("total_note"));
        // r51a #4: the bank anomalies (each copy's rank 6, AllReduce: demoplan.cpp's bankRank, slowRank 3 +
        // 3) went by key, run 1's key 6 before run 0's 10006; and the findings costing nothing (a placement)
        // by the pass's order, op name then key. Run by run, then by number, as the other lists
        const auto bankOrder = [&](const nlohmann::json& list, const std::string& kind) {
            std::vector<std::pair<int64_t, int64_t>> out;
            for (const auto& x : list)
                if (kind.empty() || x.value("kind", "") == kind)
                    out.push_back(runRank.at(x["rank"].get<int64_t>()));
            return out;
        };
        const std::vector<std::pair<int64_t, int64_t>> eachSix{{0, 6}, {1, 6}};
        QCOMPARE(bankOrder(report["memory"]["bank_anomalies"], ""), eachSix);
        QCOMPARE(bankOrder(report["findings"], "bank_anomaly"), eachSix);
        // a second op's anomaly on run 0's rank 2, told after rank 6's as the pass would were its op named
        // after AllReduce: rank 2 is listed first all the same
        int64_t key2 = -1;
        for (const auto& [key, rr] : runRank)
            if (rr == std::pair<int64_t, int64_t>{0, 2}) key2 = key;
        index::Db rw(ix.result.dbPath); // a writable connection (ix.db is read-only)
        std::string bank = "INSERT INTO bank_anomaly(rank, op_name, banks, other_ranks_banks, bytes) VALUES(";
        rw.exec(bank.append(std::to_string(key2)).append(", 'Mul', '[1]', '[5]', 1048576)"));
        std::string finding =
            "INSERT INTO finding(kind, rank, step, subject, lost_ns, run_id, affected) SELECT kind, ";
        rw.exec(
            finding.append(std::to_string(key2))
                .append(
                    ", step, 'Mul', lost_ns, run_id, affected FROM finding WHERE kind = 'bank_anomaly' AND "
                    "run_id = 0"));
        const auto again = query::buildReport(*ix.db, 10);
        const std::vector<std::pair<int64_t, int64_t>> withTwo{{0, 2}, {0, 6}, {1, 6}};
        QCOMPARE(bankOrder(again["memory"]["bank_anomalies"], ""), withTwo);
        QCOMPARE(bankOrder(again["findings"], "bank_anomaly"), withTwo);
        // the text lists the findings so: run 0's rank 2 before its rank 6
        const std::string told = query::formatReport(again, 20);
        const size_t at2 = told.find("rank 2 (run 0)"), at6 = told.find("rank 6 (run 0)");
        QVERIFY2(at2 != std::string::npos && at6 != std::string::npos && at2 < at6, told.c_str());
    }
    void aFolderReportNamesEachEntrysRunAndRank() {
        // r52c: report --json of a folder of two runs keyed comm_wait.by_rank, idle_gaps and
        // last_arrival_counts by the index's key (10000-10007) with no run, and its by_source added the two
        // jobs' waits. Each entry now says its run and its number as rank_info pairs them, each run's sources
        // and last arrivals are its own (by_run), and nothing of two runs is added
        const std::string dir = test::tempDir("runs-named-entries");
        QVERIFY(writeTwoDemoCopies(dir));
        auto ix = test::indexDir(dir);
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        std::map<int64_t, std::pair<int64_t, int64_t>> runRank; // key → (run, data rank), from the index
        for (const auto& row : ix.rows("SELECT rank, run_id, data_rank FROM rank_info")) {
            const auto p1 = row.find('|'), p2 = row.rfind('|');
            runRank[std::stoll(row.substr(0, p1))] = {std::stoll(row.substr(p1 + 1, p2 - p1 - 1)),
                                                      std::stoll(row.substr(p2 + 1))};
        }
        QVERIFY(
            std::any_of(runRank.begin(), runRank.end(), [](const auto& kv) { return kv.first >= 10000; }));
        const auto report = query::buildReport(*ix.db, 10);
        const auto& cw = report["comm_wait"];
        auto named = [&](const nlohmann::json& list, const char* what) {
            QVERIFY2(!list.empty(), what);
            for (const auto& x : list) {
                const auto& rr = runRank.at(x["rank"].get<int64_t>());
                QVERIFY2(x.contains("run") && x.contains("data_rank"),
                         (std::string(what) + x.dump()).c_str());
                QCOMPARE(x["run"].get<int64_t>(), rr.first);
                QCOMPARE(x["data_rank"].get<int64_t>(), rr.second);
            }
        };
        named(cw["by_rank"], "by_rank");
        named(cw["idle_gaps"], "idle_gaps");
        named(report["steps"]["per_rank"], "steps");
        named(report["memory"]["per_rank"], "memory");
        // whom a rank waited for, by the numbers of its run
        for (const auto& x : cw["by_rank"])
            for (const auto& [k, ns] : x["blamed_on"].items()) {
                const std::string number =
                    k == "unknown" ? k : std::to_string(runRank.at(std::stoll(k)).second);
                QCOMPARE(x["blamed_on_data_ranks"][number], ns);
            }
        // no folder-wide sum of sources; each run's, its ranks' added
        QVERIFY2(cw["by_source"].is_null(), cw.dump().c_str());
        QCOMPARE(cw["by_run"].size(), size_t(2));
        for (const auto& run : cw["by_run"]) {
            const int64_t id = run["run"].get<int64_t>();
            nlohmann::json sources = nlohmann::json::object();
            for (const auto& x : cw["by_rank"])
                if (runRank.at(x["rank"].get<int64_t>()).first == id)
                    for (const auto& [source, ns] : x["by_source"].items())
                        sources[source] = sources.value(source, int64_t(0)) + ns.get<int64_t>();
            QVERIFY(!sources.empty());
            QCOMPARE(run["by_source"], sources);
            QCOMPARE(run["wait_unknown"].get<std::string>(), std::string());
            // the run's last arrivals by its numbers: the folder's entries of its keys
            nlohmann::json counts = nlohmann::json::object();
            for (const auto& [k, n] : cw["last_arrival_counts"].items())
                if (runRank.at(std::stoll(k)).first == id)
                    counts[std::to_string(runRank.at(std::stoll(k)).second)] = n;
            QVERIFY(!counts.empty());
            QCOMPARE(run["last_arrival_counts"], counts);
            QCOMPARE(run["last_arrivals"].size(), size_t(8));
        }
        // the text still gives the sources beside its total, which it says is the runs' added
        const std::string text = query::formatReport(report, 10);
        QVERIFY2(text.find("each rank's overlapping waits counted once (measured in communication.json)") !=
                     std::string::npos,
                 text.c_str());
        // one run's report: its own sources as a figure again
        const auto one = query::runReport(*ix.db, report, 1);
        QCOMPARE(one["comm_wait"]["by_source"], cw["by_run"][1]["by_source"]);
    }
    void aFolderWithRunsNotKnownSaysWhyInTheJson() {
        // r52c: hta's folder of six runs, five of whose waits are not known (ranks missing, or nothing of
        // their communication recorded) beside ns_resolution_trace's world of one: the text names the five
        // and why, the JSON's wait_unknown read "" beside their null waits
        const std::string samples = test::samplesDir();
        if (samples.empty()) QSKIP("../shared/samples is absent");
        qputenv("XDG_CACHE_HOME", QByteArray::fromStdString(test::tempDir("runs-unknown-cache")));
        auto ix = test::indexDir(samples + "/hta/tests/data", false);
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        const auto report = query::buildReport(*ix.db, 10);
        const auto& cw = report["comm_wait"];
        std::vector<int64_t> unknown;
        for (const auto& run : report["runs"])
            if (!run["wait_unknown"].get<std::string>().empty()) unknown.push_back(run["run"].get<int64_t>());
        QVERIFY(!unknown.empty() && unknown.size() < report["runs"].size());
        std::string runs;
        for (int64_t r : unknown)
            runs.append(runs.empty() ? "" : ", ").append(std::to_string(r));
        const std::string why = cw["wait_unknown"].get<std::string>();
        QVERIFY2(why.rfind("not known in runs " + runs + " (", 0) == 0, why.c_str());
        const std::string text = query::formatReport(report, 10);
        QVERIFY2(text.find(why) != std::string::npos, (why + "\n" + text).c_str()); // the text's words
        for (size_t i = 0; i < cw["by_run"].size(); ++i) {
            const auto& entry = cw["by_run"][i];
            QCOMPARE(entry["wait_unknown"], report["runs"][i]["wait_unknown"]);
            if (!entry["wait_unknown"].get<std::string>().empty()) {
                QVERIFY(entry["wait_ns"].is_null());
                QVERIFY(entry["by_source"].is_null());
            }
        }
    }
    void aRunWithARanksWaitNotKnownGivesItsKnownRanks() {
        // r51b #5: in a folder of two runs, a run one of whose ranks' wait is not known (a null wait_ns in
        // by_rank) read null in by_run, where its other ranks' waits are measured. The two demo copies of
        // twoDemoCopiesListTheirRanksRunByRun; run 1's first rank's wait made not known
        const std::string dir = test::tempDir("runs-partial-wait");
        QVERIFY(writeTwoDemoCopies(dir));
        auto ix = test::indexDir(dir);
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        auto report = query::buildReport(*ix.db, 10);
        QCOMPARE(report["runs"].size(), size_t(2));
        const auto& run1 = report["runs"][1];
        const int64_t lost = run1["ranks"][0].get<int64_t>();
        const int64_t dataRank =
            std::stoll(ix.rows("SELECT data_rank FROM rank_info WHERE rank = " + std::to_string(lost))[0]);
        std::set<int64_t> others;
        for (const auto& k : run1["ranks"])
            if (k.get<int64_t>() != lost) others.insert(k.get<int64_t>());
        // the other 7 ranks' waits added, each as by_rank gives it (as twoDemoCopiesListTheirRanksRunByRun
        // checks each run's)
        int64_t sum = 0;
        for (const auto& x : report["comm_wait"]["by_rank"])
            if (others.count(x["rank"].get<int64_t>())) sum += x["wait_ns"].get<int64_t>();
        QVERIFY(sum > 0);
        for (auto& x : report["comm_wait"]["by_rank"])
            if (x["rank"].get<int64_t>() == lost) x["wait_ns"] = nullptr;
        query::markUnknownWait(report);
        query::splitWaitByRun(report);
        const auto& entry = report["comm_wait"]["by_run"][1];
        QVERIFY2(entry["wait_ns"].is_number(), entry.dump().c_str());
        QCOMPARE(entry["wait_ns"].get<int64_t>(), sum);
        QCOMPARE(entry["ranks_known"].get<int64_t>(), int64_t(7));
        QCOMPARE(entry["ranks_of_run"].get<int64_t>(), int64_t(8));
        QCOMPARE(entry["ranks_not_known"], nlohmann::json::array({lost}));
        const std::string name = "rank " + std::to_string(dataRank) + " (run 1)";
        QCOMPARE(entry["note"].get<std::string>(), "of 7 of 8 ranks; not known on " + name);
        QVERIFY(report["comm_wait"]["by_run"][0]["wait_ns"].is_number()); // run 0 as it was
        QVERIFY(!report["comm_wait"]["by_run"][0].contains("note"));
        const std::string text = query::formatReport(report, 10);
        QVERIFY2(text.find("(run 1 of 7 of 8 ranks; not known on " + name + ")") != std::string::npos,
                 text.c_str());
        QVERIFY2(text.find(", run 1 ") != std::string::npos &&
                     text.find(" (of 7 of 8 ranks; not known on " + name + ")") != std::string::npos,
                 text.c_str());
    }
    void anInferredWaitSaysSo() {
        // rank 1 reaches each of its 6 AllReduces 300 µs after rank 0: rank 0's 6 waits are inferred from the
        // arrival order (no file measures them), 1.80 ms, and the report says so, apart from measured ones
        std::string dir = test::tempDir("runs-inferred");
        test::writeFile(dir + "/rank-0.pt.trace.json", kineto(0, 2, 1700000000000000, 6, 0));
        test::writeFile(dir + "/rank-1.pt.trace.json", kineto(1, 2, 1700000000000000, 6, 300));
        auto ix = test::indexDir(dir);
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        QCOMPARE(
            ix.rows("SELECT rank, source, count(*), sum(dur_ns) FROM waits WHERE kind = 'collective_wait' "
                    "GROUP BY 1, 2"),
            std::vector<std::string>{"0|arrival order|6|1800000"});
        const auto report = query::buildReport(*ix.db, 10);
        QCOMPARE(report["comm_wait"]["by_source"], nlohmann::json({{"arrival order", 1800000}}));
        const std::string text = query::formatReport(report, 10);
        QVERIFY2(
            text.find(
                "Communication wait: 1.80 ms of wall time summed over the ranks, each rank's overlapping "
                "waits counted once (inferred from arrival order)") != std::string::npos,
            text.c_str());
    }
    void sameRankTwiceIsTwoRuns() {
        // two sessions of rank 0, 27 minutes apart: two runs, the rank kept apart (data rank 0 in both)
        std::string dir = test::tempDir("runs-sessions");
        test::writeFile(dir + "/first/rank-0.json", kineto(0, 1, 1700000000000000, 5, 0));
        test::writeFile(dir + "/second/rank-0.json",
                        kineto(0, 1, 1700000000000000 + 27 * 60 * 1000000LL, 3, 0));
        auto ix = test::indexDir(dir);
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        QCOMPARE(ix.scalar("SELECT count(*) FROM runs"), int64_t(2));
        // the larger file keeps the plain number; the other is keyed 10000 and still says rank 0
        QCOMPARE(ix.rows("SELECT rank, data_rank, run_id FROM ranks ORDER BY rank"),
                 (std::vector<std::string>{"0|0|0", "10000|0|1"}));
        QCOMPARE(
            ix.scalar("SELECT count(*) FROM diagnostics WHERE what LIKE 'rank 0 is claimed by 2 sources%'"),
            int64_t(1));
        // each rank keeps its own steps (5 and 3), none merged
        QCOMPARE(ix.rows("SELECT rank, count(*) FROM steps GROUP BY rank ORDER BY rank"),
                 (std::vector<std::string>{"0|5", "10000|3"}));
    }
    void stepsOutlastTheSpans() {
        // a legacy MindSpore step trace (10 ns ticks) whose communication ops stop after step 2 of 4: the
        // run is as long as its steps, 1.000 s to 1.004 s, not its ops' 1.0005 s to 1.0016 s
        std::string dir = test::tempDir("runs-steps-outlast");
        test::writeFile(dir + "/step_trace_raw_2_detail_time.csv",
                        "step_num,start_point,end_point,total,fp_point,bp_point,iteration_interval,fp_and_bp,"
                        "tail,stream_10_parallel_0_start_point,stream_10_parallel_0_end_point,stream_10_"
                        "parallel_0\n"
                        "1,100000000,100100000,100000,100010000,100080000,0,70000,20000,100050000,100060000,"
                        "10000\n"
                        "2,100100000,100200000,100000,100110000,100180000,0,70000,20000,100150000,100160000,"
                        "10000\n"
                        "3,100200000,100300000,100000,100210000,100280000,0,70000,20000,0,0,0\n"
                        "4,100300000,100400000,100000,100310000,100380000,0,70000,20000,0,0,0\n"
                        "-,100150000,100250000,100000,100160000,100230000,0,70000,20000,50000,50000,5000\n");
        auto ix = test::indexDir(dir);
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        QCOMPARE(ix.rows("SELECT min(ts_ns), max(ts_ns + dur_ns) FROM spans"),
                 std::vector<std::string>{"1000500000|1001600000"});
        QCOMPARE(ix.rows("SELECT start_ns, end_ns FROM runs"),
                 std::vector<std::string>{"1000000000|1004000000"});
        QCOMPARE(ix.rows("SELECT start_ns, end_ns FROM rank_info"),
                 std::vector<std::string>{"1000000000|1004000000"});
    }
    void legacyRanksShareTheirStepClock() {
        // resource/profiler: legacy ranks 0 and 10, rank 0 with a timeline on a clock of its own (ops at
        // 0-6 s) and both step traces on one system counter (steps 1-20 begin within 0.05-0.93 ms of each
        // other). Here ranks 0 and 2 at 450 s, 2 µs apart on the counter: rank 0's communication lies with
        // its steps, so they are its clock and its timeline op is the lane apart (not its steps); one job of
        // one place whose windows meet, and rank 1 between them is missing
        std::string dir = test::tempDir("runs-legacy-clock");
        test::writeFile(dir + "/step_trace_raw_0_detail_time.csv", legacySteps(45000000000, 0));
        test::writeFile(dir + "/step_trace_raw_2_detail_time.csv", legacySteps(45000000000, 200));
        test::writeFile(dir + "/ascend_timeline_display_0.json", kRelativeTimeline);
        auto ix = test::indexDir(dir);
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        QCOMPARE(ix.rows("SELECT rank_count, complete, note FROM runs"),
                 std::vector<std::string>{
                     "2|0|2 of at least 3 ranks present: the late rank of a collective cannot be named"});
        // 4 steps each from the files, none replaced by a whole trace; the ticks are 10 ns
        QCOMPARE(ix.rows("SELECT rank, count(*), min(start_ns) FROM steps GROUP BY rank ORDER BY rank"),
                 (std::vector<std::string>{"0|4|450000000000", "2|4|450000002000"}));
        QCOMPARE(ix.rows("SELECT rank, kind, aligned FROM track WHERE rank = 0 ORDER BY kind"),
                 (std::vector<std::string>{"0|communication|1", "0|compute|0"}));
        QCOMPARE(ix.rows("SELECT what FROM diagnostics WHERE severity = 'warning'"),
                 std::vector<std::string>{"1 device op on 1 lane not aligned with the steps and the "
                                          "communication (no sync record), not drawn: Stream 519"});
    }
    void aRunsDiagnosticsSayWhichTheyCount() {
        // walk 27 #4: the legacy profiler folder's Details (its shown run's report) said "84 notes in 4
        // groups", the run's notes beside the folder's group count, where the report and the Diagnostics
        // dialog count the folder's 86. Later walk: every run counted the folder's 84 notes (files of no
        // rank) as its own ("84 notes in 3 groups" in run 0, 86 in run 2, 86 for the folder). A run's
        // counts are its own files' (and its ranks' "rank KEY" notes), the folder's files of no rank are
        // counted apart, and the runs' and the folder's add up to the whole. Expected: the diagnostic rows
        // counted here by the run of their file's rank
        const std::string samples = test::samplesDir();
        if (samples.empty()) QSKIP("../shared/samples is absent");
        auto ix = test::indexDir(samples + "/mindinsight/tests/utils/resource/profiler", false);
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        const auto full = query::buildReport(*ix.db, 10);
        QVERIFY(full["runs"].size() >= 2);
        std::map<int64_t, std::pair<int64_t, int64_t>> byRun; // run (-1: none) → {notes, rows}
        int64_t allNoteRows = 0, allNotes = 0;
        auto q = ix.db->prepare(
            "SELECT d.count, coalesce((SELECT r.run_id FROM source_file f JOIN rank_info r ON r.rank = "
            "f.rank "
            "WHERE f.path = d.file LIMIT 1), (SELECT r.run_id FROM rank_info r WHERE d.file = 'rank ' || "
            "r.rank), (SELECT r.run_id FROM run r WHERE d.file = 'run ' || r.run_id), -1) FROM diagnostic d "
            "WHERE d.severity = 'info'");
        while (q.step()) {
            ++allNoteRows;
            allNotes += q.i64(0);
            byRun[q.i64(1)].first += q.i64(0);
            ++byRun[q.i64(1)].second;
        }
        QVERIFY(byRun[-1].first > 0); // the folder has notes of no run: the case at hand
        int64_t summed = byRun[-1].first;
        for (const auto& x : full["runs"]) {
            const int64_t run = x["run"].get<int64_t>();
            const auto r = query::runReport(*ix.db, full, int(run));
            // a stub step is a note of its rank (report.cpp addStubStepNotes), listed in the report
            const auto stubs = int64_t(r["diagnostics"]["stub_steps"].size());
            const int64_t notes = byRun[run].first + stubs, noteRows = byRun[run].second + stubs;
            QCOMPARE(r["diagnostics"]["notes"].get<int64_t>(), notes);
            QCOMPARE(r["diagnostics"]["folder_wide"]["notes"].get<int64_t>(), byRun[-1].first);
            QCOMPARE(r["diagnostics"]["folder_wide"]["note_rows"].get<int64_t>(), byRun[-1].second);
            QCOMPARE(r["diagnostics"]["folder"]["note_rows"].get<int64_t>(), allNoteRows);
            summed += notes - stubs;
            if (run != full["runs"][0]["run"].get<int64_t>()) continue;
            const std::string text = query::formatReport(r, 10);
            // whose counts each part is (r54c #3): the run's files', then the folder's files of no run's
            const std::string head = "Diagnostics of run " + std::to_string(run) + "'s files: ";
            const size_t at = text.find(head), wide = text.find(". Files of no run: ");
            QVERIFY2(at != std::string::npos && wide != std::string::npos && at < wide, text.c_str());
            if (notes) {
                const std::string own = std::to_string(notes) + " notes in " + std::to_string(noteRows) +
                                        (noteRows == 1 ? " group" : " groups");
                QVERIFY2(text.substr(at, wide - at).find(own) != std::string::npos,
                         (own + "\n" + text).c_str());
            }
            QVERIFY2(text.find(std::to_string(byRun[-1].first) + " notes in " +
                                   std::to_string(byRun[-1].second) + " groups. The other runs' files: ",
                               wide) != std::string::npos,
                     text.c_str());
        }
        QCOMPARE(summed, allNotes); // they add up
    }
    void aRankNoteCountsInItsRunAlone() {
        // walk 29: with run 2 of the legacy profiler folder shown, Details counted "1 record problem" — the
        // folder's one warning, the clock note of run 0's legacy rank 0 (key 10000) — as run 2's. The note is
        // filed under the file of the lanes it sets apart (walk 53b), a file of rank 10000.
        // Expected: the run of key 10000 from rank_info; the folder's problems counted from the table
        const std::string samples = test::samplesDir();
        if (samples.empty()) QSKIP("../shared/samples is absent");
        auto ix = test::indexDir(samples + "/mindinsight/tests/utils/resource/profiler", false);
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        QCOMPARE(ix.scalar("SELECT count(*) FROM diagnostic WHERE severity <> 'info'"), int64_t(1));
        QCOMPARE(
            ix.scalar(
                "SELECT count(*) FROM diagnostic d JOIN source_file f ON f.path = d.file WHERE d.severity "
                "<> 'info' AND f.rank = 10000 AND d.file LIKE '%/ascend_timeline_display_0.json'"),
            int64_t(1));
        const int64_t owner = ix.scalar("SELECT run_id FROM rank_info WHERE rank = 10000");
        const auto full = query::buildReport(*ix.db, 10);
        QVERIFY(full["runs"].size() >= 2);
        for (const auto& run : full["runs"]) {
            const int64_t id = run["run"].get<int64_t>();
            const auto r = query::runReport(*ix.db, full, int(id));
            QCOMPARE(r["diagnostics"]["count"].get<int64_t>(), int64_t(id == owner ? 1 : 0));
            QCOMPARE(r["diagnostics"]["folder"]["count"].get<int64_t>(), int64_t(1));
        }
    }
    void aRunsCollectivesWithRanksMissingAreItsOwn() {
        // r55a: the profiler folder's run 0 (legacy ranks 0 and 10 of at least 11) said "Files of no run: 84
        // notes in 3 groups", 80 of them the note on its own collectives with ranks missing (filed under
        // "(profile)"). It is run 0's: its Details count it, the files of no run do not. Expected: the run
        // of the legacy ranks from rank_info, the note's count from the table
        const std::string samples = test::samplesDir();
        if (samples.empty()) QSKIP("../shared/samples is absent");
        auto ix = test::indexDir(samples + "/mindinsight/tests/utils/resource/profiler", false);
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        const int64_t owner = ix.scalar("SELECT run_id FROM rank_info WHERE rank = 10");
        // each run's own note (run 2, one rank of at least 2, has its own too: tst_missingranksnote)
        std::map<int64_t, int64_t> noted; // run → the note's count
        for (const auto& row : ix.rows("SELECT file, count FROM diagnostic WHERE what LIKE 'collectives of a "
                                       "run with ranks missing%'")) {
            QVERIFY2(row.rfind("run ", 0) == 0, row.c_str());
            const size_t bar = row.find('|');
            noted[std::stoll(row.substr(4, bar - 4))] += std::stoll(row.substr(bar + 1));
        }
        const int64_t n = noted[owner];
        QVERIFY(n > 0);
        const auto full = query::buildReport(*ix.db, 10);
        for (const auto& run : full["runs"]) {
            const int64_t id = run["run"].get<int64_t>();
            const auto r = query::runReport(*ix.db, full, int(id));
            const auto own =
                ix.scalar("SELECT coalesce(sum(d.count), 0) FROM diagnostic d JOIN source_file f "
                          "ON f.path = d.file JOIN rank_info i ON i.rank = f.rank WHERE "
                          "d.severity = 'info' AND i.run_id = " +
                          std::to_string(id));
            // the run's own files' notes, and this one for its run
            QCOMPARE(r["diagnostics"]["notes"].get<int64_t>(),
                     own + (noted.count(id) ? noted.at(id) : 0) +
                         int64_t(r["diagnostics"]["stub_steps"].size()));
            // the files of no run: the folder's notes less every run's
            const int64_t wide = ix.scalar(
                "SELECT coalesce(sum(d.count), 0) FROM diagnostic d WHERE d.severity = 'info' AND d.file "
                "NOT LIKE 'run %' AND d.file NOT LIKE 'rank %' AND NOT EXISTS (SELECT 1 FROM source_file f "
                "WHERE f.path = d.file AND f.rank IS NOT NULL)");
            QCOMPARE(r["diagnostics"]["folder_wide"]["notes"].get<int64_t>(), wide);
        }
    }
    void undrawnDeviceOpsAreCounted() {
        // r55a: "2 lanes of device ops not aligned … not drawn" gave no count of the ops. Independent count
        // (python over ascend_timeline_display_0.json): 3 X events, 2 on pid 9000 tid 0 (AI CPU stream 0), 1
        // on tid 519
        const std::string samples = test::samplesDir();
        if (samples.empty()) QSKIP("../shared/samples is absent");
        auto ix = test::indexDir(samples + "/mindinsight/tests/utils/resource/profiler", false);
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        const auto rows = ix.rows("SELECT what FROM diagnostic WHERE severity = 'warning'");
        QCOMPARE(int(rows.size()), 1);
        QVERIFY2(rows[0].rfind("3 device ops on 2 lanes not aligned with the steps", 0) == 0,
                 rows[0].c_str());
    }
    void aRankApartKeepsItsStepsApart() {
        // a legacy rank 0 alone whose step trace holds no communication, on another clock than its timeline:
        // nothing ties the steps to the job, so they are left out (the device ops' clock is kept); the
        // warning is under the rank's key, 10000 beside a larger Kineto rank 0 (a cluster merge relabels
        // keys; info names it rank 0: tst_cli)
        std::string dir = test::tempDir("runs-legacy-apart");
        test::writeFile(dir + "/step_trace_raw_0_detail_time.csv", legacySteps(45000000000, 0, false));
        test::writeFile(dir + "/ascend_timeline_display_0.json", kRelativeTimeline);
        test::writeFile(dir + "/kineto/rank-0.pt.trace.json", kineto(0, 1, 1700000000000000, 40, 0));
        auto ix = test::indexDir(dir);
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        QCOMPARE(ix.scalar("SELECT rank FROM ranks WHERE source LIKE '%legacy%'"), int64_t(10000));
        QCOMPARE(ix.rows("SELECT step FROM steps WHERE rank = 10000"), std::vector<std::string>{"0"});
        QCOMPARE(ix.rows("SELECT file, what FROM diagnostics WHERE severity = 'warning'"),
                 std::vector<std::string>{
                     "rank 10000|steps not aligned with the device ops (no sync record): not used"});
    }
};

QTEST_GUILESS_MAIN(TstRuns)
#include "tst_runs.moc"
