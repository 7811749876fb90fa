// The split of a profile's rank groups into shards (core/pipeline/shardplan.h): deterministic, balanced by
// bytes (largest first into the lightest shard, ties to the lower shard, equal sizes in discovery order),
// every group in exactly one shard; K/N parsing and `--shard auto` from Slurm's or Kubernetes' variables,
// with the messages a user sees when they are wrong or missing.
#include "core/pipeline/shardplan.h"

#include <QtTest>
#include <map>
#include <numeric>

using namespace rs;
using Split = std::vector<std::vector<size_t>>;

namespace {

std::function<const char*(const char*)> envOf(std::map<std::string, std::string> vars) {
    auto held = std::make_shared<std::map<std::string, std::string>>(std::move(vars));
    return [held](const char* name) -> const char* {
        auto it = held->find(name);
        return it == held->end() ? nullptr : it->second.c_str();
    };
}

std::string autoError(std::map<std::string, std::string> vars, int shards = 0) {
    pipeline::ShardSpec s;
    std::string error;
    if (pipeline::shardFromEnvironment(envOf(std::move(vars)), shards, s, error)) return "ok " + s.text();
    return error;
}

std::string specError(const std::string& text) {
    pipeline::ShardSpec s;
    std::string error;
    return pipeline::parseShardSpec(text, s, error) ? "ok " + s.text() : error;
}

} // namespace

class TstSharding : public QObject {
    Q_OBJECT
  private Q_SLOTS:
    void largestFirstIntoTheLightestShard() {
        // loads after each group, worked by hand: 10 → s1, 9 → s2, 8 → s3, 7 → s3 (8), 1 → s2 (9),
        // 1 → s1 (10 and 10: the lower shard)
        QCOMPARE(pipeline::splitGroups({10, 9, 8, 7, 1, 1}, 3), (Split{{0, 5}, {1, 4}, {2, 3}}));
        // equal sizes: discovery order, dealt round the shards
        QCOMPARE(pipeline::splitGroups({5, 5, 5, 5, 5}, 2), (Split{{0, 2, 4}, {1, 3}}));
        // the largest group alone when it outweighs the rest
        QCOMPARE(pipeline::splitGroups({1, 100, 1, 1}, 2), (Split{{1}, {0, 2, 3}}));
    }

    void moreShardsThanGroupsLeavesSomeEmpty() {
        QCOMPARE(pipeline::splitGroups({3, 4}, 4), (Split{{1}, {0}, {}, {}}));
        QCOMPARE(pipeline::splitGroups({}, 2), (Split{{}, {}}));
    }

    void everyGroupInExactlyOneShardAndBalanced_data() {
        QTest::addColumn<int>("groups");
        QTest::addColumn<int>("shards");
        QTest::newRow("8 ranks in 3") << 8 << 3;
        QTest::newRow("1024 ranks in 64") << 1024 << 64;
        QTest::newRow("7 ranks in 7") << 7 << 7;
        QTest::newRow("5 ranks in 1") << 5 << 1;
    }
    void everyGroupInExactlyOneShardAndBalanced() {
        QFETCH(int, groups);
        QFETCH(int, shards);
        std::vector<int64_t> bytes;
        uint64_t x = 12345;
        for (int i = 0; i < groups; ++i) { // sizes from 1 to 1000 MB, a fixed pseudo-random sequence
            x = x * 6364136223846793005ULL + 1442695040888963407ULL;
            bytes.push_back(int64_t((x >> 33) % 1000 + 1) << 20);
        }
        const Split split = pipeline::splitGroups(bytes, shards);
        QCOMPARE(int(split.size()), shards);
        QCOMPARE(pipeline::splitGroups(bytes, shards), split); // the same on every task
        std::vector<int> seen(size_t(groups), 0);
        std::vector<int64_t> load;
        for (const auto& s : split) {
            QVERIFY(std::is_sorted(s.begin(), s.end()));
            int64_t l = 0;
            for (size_t g : s)
                ++seen[g], l += bytes[g];
            load.push_back(l);
        }
        QVERIFY(std::all_of(seen.begin(), seen.end(), [](int n) { return n == 1; }));
        // greedy largest-first: the heaviest shard exceeds the lightest by at most the largest group
        const auto [lo, hi] = std::minmax_element(load.begin(), load.end());
        QVERIFY(*hi - *lo <= *std::max_element(bytes.begin(), bytes.end()));
    }

    void shardSpecs() {
        QCOMPARE(specError("2/8"), std::string("ok 2/8"));
        QCOMPARE(specError("1/1"), std::string("ok 1/1"));
        QCOMPARE(specError("0/3"),
                 std::string("--shard 0/3: K must be between 1 and N (shards are numbered 1..3)"));
        QCOMPARE(specError("4/3"),
                 std::string("--shard 4/3: K must be between 1 and N (shards are numbered 1..3)"));
        QCOMPARE(specError("2/0"),
                 std::string("--shard 2/0: K must be between 1 and N (shards are numbered 1..1)"));
        QCOMPARE(specError("3"), std::string("--shard takes K/N (e.g. 2/8) or auto, not '3'"));
        QCOMPARE(specError("a/b"), std::string("--shard takes K/N (e.g. 2/8) or auto, not 'a/b'"));
        QCOMPARE(pipeline::ShardSpec({2, 8}).fileName(), std::string("shard-2-of-8.sqlite"));
    }

    void autoFromSlurm() {
        // --array=1-8: ids 1..8 with MIN 1; --array=0-7: ids from 0
        QCOMPARE(autoError({{"SLURM_ARRAY_TASK_ID", "3"},
                            {"SLURM_ARRAY_TASK_COUNT", "8"},
                            {"SLURM_ARRAY_TASK_MIN", "1"}}),
                 std::string("ok 3/8"));
        QCOMPARE(autoError({{"SLURM_ARRAY_TASK_ID", "0"},
                            {"SLURM_ARRAY_TASK_COUNT", "8"},
                            {"SLURM_ARRAY_TASK_MIN", "0"}}),
                 std::string("ok 1/8"));
        QCOMPARE(autoError({{"SLURM_ARRAY_TASK_ID", "7"}, {"SLURM_ARRAY_TASK_COUNT", "8"}}),
                 std::string("ok 8/8"));
        QCOMPARE(
            autoError({{"SLURM_ARRAY_TASK_ID", "3"}}),
            std::string("--shard auto: SLURM_ARRAY_TASK_ID is set but SLURM_ARRAY_TASK_COUNT is not (Slurm "
                        "20.11 or later sets it)"));
        QCOMPARE(
            autoError({{"SLURM_ARRAY_TASK_ID", "9"},
                       {"SLURM_ARRAY_TASK_COUNT", "8"},
                       {"SLURM_ARRAY_TASK_MIN", "1"}}),
            std::string("SLURM_ARRAY_TASK_ID/SLURM_ARRAY_TASK_COUNT gives task 8 of 8, which is not a shard "
                        "(expected 0 ≤ task < count)"));
    }

    void autoFromKubernetes() {
        QCOMPARE(autoError({{"JOB_COMPLETION_INDEX", "2"}}, 4), std::string("ok 3/4"));
        QCOMPARE(
            autoError({{"JOB_COMPLETION_INDEX", "2"}}),
            std::string("--shard auto: JOB_COMPLETION_INDEX is set; say how many shards with --shards N (the "
                        "Job's completions)"));
        QCOMPARE(autoError({{"JOB_COMPLETION_INDEX", "4"}}, 4),
                 std::string(
                     "JOB_COMPLETION_INDEX with --shards gives task 4 of 4, which is not a shard (expected "
                     "0 ≤ task < count)"));
    }

    void autoWithoutAScheduler() {
        QCOMPARE(autoError({}),
                 std::string("--shard auto: neither SLURM_ARRAY_TASK_ID (a Slurm array job) nor "
                             "JOB_COMPLETION_INDEX (a Kubernetes Indexed Job) is set; outside a "
                             "scheduler give --shard K/N"));
    }
};

QTEST_GUILESS_MAIN(TstSharding)
#include "tst_sharding.moc"
