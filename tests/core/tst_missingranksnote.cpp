// "collectives of a run with ranks missing" is said of every run that lacks ranks and has collectives
// (issue 19): in the mindinsight profiler folder run 0 (legacy ranks 0 and 10 of at least 11) had it, run 2
// (one Ascend rank of at least 2 with one AllReduce) had none, its instances of one arrival not counted.
// Expected counts are the collectives written into the files (and, for the sample, counted by Python over
// its hccl_0_2_1.json: one X event named Default/AllReduce-op534_0 beside the task-level Notify/Memcpy/
// Reduce events).
#include "tests/support/testsupport.h"

#include <QtTest>
#include <map>

using namespace rs;

namespace {
/// A Kineto trace of rank `rank` of a `world`-rank job: `steps` steps, one AllReduce kernel in each.
std::string kinetoRank(int rank, int world, int64_t t0Us, int steps) {
    std::string ev;
    for (int s = 0; s < steps; ++s) {
        const int64_t start = t0Us + s * 10000;
        ev += std::string(ev.empty() ? "" : ",\n") +
              "{\"ph\":\"X\",\"cat\":\"user_annotation\",\"name\":" + "\"ProfilerStep#" + std::to_string(s) +
              "\",\"pid\":1,\"tid\":1,\"ts\":" + std::to_string(start) +
              ",\"dur\":10000},\n{\"ph\":\"X\",\"cat\":\"kernel\",\"name\":\"ncclKernel_AllReduce_RING_LL_"
              "Sum_" +
              "float(x)\",\"pid\":0,\"tid\":8,\"ts\":" + std::to_string(start + 8000) + ",\"dur\":1500}";
    }
    return "{\"distributedInfo\":{\"backend\":\"nccl\",\"rank\":" + std::to_string(rank) +
           ",\"world_size\":" + std::to_string(world) + "},\"traceEvents\":[" + ev + "]}";
}

/// run → the count of its "collectives of a run with ranks missing" note (filed under "run N").
std::map<int64_t, int64_t> notedRuns(test::Indexed& ix) {
    std::map<int64_t, int64_t> out;
    for (const auto& row :
         ix.rows("SELECT r.run_id, d.count FROM diagnostic d JOIN run r ON d.file = 'run ' || r.run_id "
                 "WHERE d.what LIKE 'collectives of a run with ranks missing%'"))
        out[std::stoll(row.substr(0, row.find('|')))] = std::stoll(row.substr(row.find('|') + 1));
    return out;
}
} // namespace

class TstMissingRanksNote : public QObject {
    Q_OBJECT
  private Q_SLOTS:
    void eachRunWithRanksMissingIsNoted() {
        // two jobs eight days apart, one rank of each: rank 3 of 8 (4 AllReduces), rank 1 of 2 (3)
        const std::string dir = test::tempDir("missingranksnote");
        const int64_t day = int64_t(86400) * 1000000;
        test::writeFile(dir + "/control.json", kinetoRank(3, 8, 1700000000000000, 4));
        test::writeFile(dir + "/test.json", kinetoRank(1, 2, 1700000000000000 + 8 * day, 3));
        auto ix = test::indexDir(dir);
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        const auto runOf = [&](const char* file) {
            return ix.scalar(std::string("SELECT r.run_id FROM source_file f JOIN rank_info r ON r.rank = "
                                         "f.rank WHERE f.path LIKE '%/") +
                             file + "'");
        };
        const int64_t control = runOf("control.json"), test = runOf("test.json");
        QVERIFY(control != test);
        QCOMPARE(ix.rows("SELECT complete FROM runs ORDER BY 1"), (std::vector<std::string>{"0", "0"}));
        QCOMPARE(notedRuns(ix), (std::map<int64_t, int64_t>{{control, 4}, {test, 3}}));
    }
    void theProfilerFoldersRunsAreBothNoted() {
        const std::string samples = test::samplesDir();
        if (samples.empty()) QSKIP("../shared/samples is absent");
        auto ix = test::indexDir(samples + "/mindinsight/tests/utils/resource/profiler");
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        // the runs lacking ranks that have collectives: the legacy ranks' (0 and 10) and the Ascend rank's
        const int64_t legacy = ix.scalar("SELECT run_id FROM rank_info WHERE rank = 10");
        const int64_t ascend = ix.scalar("SELECT run_id FROM rank_info WHERE rank = 0");
        QVERIFY(legacy != ascend);
        const auto noted = notedRuns(ix);
        QVERIFY(noted.count(legacy) && noted.at(legacy) > 0);
        QVERIFY2(noted.count(ascend), "the Ascend rank's run has no note on its collectives");
        QCOMPARE(noted.at(ascend), int64_t(1)); // its one AllReduce
    }
};

QTEST_GUILESS_MAIN(TstMissingRanksNote)
#include "tst_missingranksnote.moc"
