// A run whose ranks waited in collectives whose other members are not in the profile says so: one rule (the
// runs pass's) decides that the run misses ranks, for the report's banner and verdict as for the timeline's
// wait tooltip, and the report names each waiting rank with how much of its steps it waited, never "No
// problems found". On mindinsight's profiler/ folder, the CANN raw PROF_ device 0 (run 3) is one rank in an
// AllReduce: Python's json over device_0/timeline/msprof_0_2_1.json gives its HCCL Plane 0 Notify_Wait tasks
// inside Default/AllReduce-op534_0 34209.51 µs in all, and its one step ("Iteration 1") 47587.81 µs; the HCCL
// tasks' dst ranks 1-4 say it shared the AllReduce. Its legacy ranks 0 and 10 took part in step-trace
// collectives (stream_*_parallel columns) alone too. Rank 0's legacy step trace (step_trace_raw_0_detail_
// time.csv: 20 numbered rows, Python's csv) lies on another clock than its device ops: the report says so
// instead of "no step marks".
#include "core/query/absentwaits.h"
#include "core/query/report.h"

#include "tests/support/testsupport.h"

#include <QtTest>

using namespace rs;
using nlohmann::json;

class TstAbsentWaits : public QObject {
    Q_OBJECT
    test::Indexed m_ix;
    json m_report;
    std::string m_text;

  private Q_SLOTS:
    void initTestCase() {
        const std::string samples = test::samplesDir();
        if (samples.empty()) QSKIP("../shared/samples is absent");
        qputenv("XDG_CACHE_HOME", QByteArray::fromStdString(test::tempDir("absentwaits-cache")));
        m_ix = test::indexDir(samples + "/mindinsight/tests/utils/resource/profiler");
        QVERIFY2(m_ix.result.ok, m_ix.result.error.c_str());
        m_report = query::buildReport(*m_ix.db, 5);
        m_text = query::formatReport(m_report, 5);
    }
    void aLoneRankInACollectiveMissesItsPeers() {
        // by source: the CANN run took part in collectives alone, the legacy ranks 0 and 10 (one run: their
        // step traces share a clock) without ranks 1-9; the Chrome trace in none (framework_raw_1.csv alone
        // is no run since walk 23b)
        QCOMPARE(
            m_ix.rows("SELECT source || '|' || complete || '|' || note FROM run ORDER BY source, run_id"),
            (std::vector<std::string>{
                "ascend-cann|0|1 of at least 2 ranks present: the late rank of a collective cannot be named",
                "chrome|1|",
                "mindspore-legacy|0|2 of at least 11 ranks present: the late rank of a collective cannot be "
                "named"}));
    }
    void theReportSaysWhoWaitedAndThatNobodyCanBeBlamed() {
        const int64_t run = m_ix.scalar("SELECT run_id FROM run WHERE source = 'ascend-cann'");
        json waits;
        for (const auto& r : m_report["runs"])
            if (r["run"].get<int64_t>() == run) waits = r["absent_member_waits"];
        QCOMPARE(waits, json::parse(R"([{"rank": 0, "wait_ns": 34209510, "steps": 1,
                                        "median_step_wait_ns": 34209510, "median_wall_ns": 47587810}])"));
        const std::string line =
            "Run " + std::to_string(run) + ": rank 0 (run " + std::to_string(run) +
            ") waited 34.2 ms of its 47.6 ms step in collectives whose other members are "
            "not all in this profile; who it waited for cannot be known.\n";
        QVERIFY2(m_text.find(line) != std::string::npos, m_text.c_str());
        QVERIFY2(m_text.find("No problems found") == std::string::npos, m_text.c_str());
        QVERIFY2(m_text.find("No findings: ") != std::string::npos, m_text.c_str());
        // the other runs waited in nothing measured: no such line for them
        for (const auto& r : m_report["runs"])
            if (r["run"].get<int64_t>() != run) QVERIFY(r["absent_member_waits"].empty());
    }
    void stepsOnAnotherClockAreNotCalledAbsent() {
        // the legacy rank 0's 20 steps share rank 10's clock: kept (its timeline's ops are the lanes apart);
        // its 19 steady ones (step_trace_raw_0_detail_time.csv steps 2-20, total × 10 ns): median 130.4 ms,
        // nearest-rank p95 130.7 ms
        QVERIFY2(m_text.find("rank 0 (run 0): 19 steady steps: 130 ms / 131 ms (step_trace_raw)") !=
                     std::string::npos,
                 m_text.c_str());
        // the Chrome trace (gpu_timeline_display_0.json: rank 0 by its name) has no step marks at all
        QVERIFY2(m_text.find("rank 0 (run 1): no step marks (the whole trace, 4.47 s)") != std::string::npos,
                 m_text.c_str());
    }
    void stepsWithoutCommunicationAreSaid() {
        // r51d #4: rank 10's step_trace_raw_10_detail_time.csv (Python's csv over its 40 numbered rows): 4
        // non-zero communication durations (stream_*_parallel_*) in each of steps 1-20, all 0 in steps 21-40,
        // whose totals and tails are as long as before (13.04-13.06 M ticks, tail 2.30 M): the communication
        // is unrecorded. The report counted them among 39 steady steps and said nothing; rank 0 (20 steps,
        // each with communication) has no such line
        const int64_t rank10 =
            m_ix.scalar("SELECT rank FROM rank_info WHERE source = 'mindspore-legacy' AND data_rank = 10");
        json silent = json::array();
        for (json s : m_report["steps"]["without_communication"]) { // its words: the text below
            s.erase("text");
            silent.push_back(s);
        }
        // a folder of runs: the entry names its run and number too (r52c), as rank_info pairs them
        const int64_t run10 =
            m_ix.scalar("SELECT run_id FROM rank_info WHERE rank = " + std::to_string(rank10));
        QCOMPARE(silent, json::parse("[{\"rank\": " + std::to_string(rank10) +
                                     ", \"first_step\": 21, \"last_step\": 40, \"steps\": 20, "
                                     "\"steps_with_communication\": 20, \"run\": " +
                                     std::to_string(run10) + ", \"data_rank\": 10}]"));
        const std::string line = ": steps 21\u2013"
                                 "40 record no communication (its other 20 steps do): their "
                                 "communication and waits are not known; their walls are measured and count "
                                 "among the steady steps";
        QVERIFY2(m_text.find(line) != std::string::npos, m_text.c_str());
    }
    void theTextOfSeveralRanks() {
        const json waits =
            json::parse(R"([{"rank": 0, "wait_ns": 9, "steps": 3, "median_step_wait_ns": 3000000,
                                           "median_wall_ns": 100000000},
                                          {"rank": 1, "wait_ns": 5, "steps": 1, "median_step_wait_ns": 5000000,
                                           "median_wall_ns": 90000000}])");
        QCOMPARE(query::absentWaitsText(waits, [](int64_t k) { return "rank " + std::to_string(k); }),
                 std::string("rank 0 waited a median 3.00 ms of its steps (median 100 ms, 3 steps); rank 1 "
                             "waited 5.00 ms of its 90.0 ms step in collectives whose other members are not "
                             "all in this profile; who each waited for cannot be known"));
        QCOMPARE(query::absentWaitsText(json::array(), [](int64_t) { return std::string(); }), std::string());
    }
};

QTEST_GUILESS_MAIN(TstAbsentWaits)
#include "tst_absentwaits.moc"
