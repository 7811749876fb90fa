// `rankscope info` of a cluster index counts what its shards hold (walk 22b: "spans 0 … tracks 0" and
// "time: 0 .. 0 ns" for a cluster of text/level1, whose own run line said 178 ms): the real sample
// msinsight text/level1 indexed whole and as 1 and 2 shards merged; every count and the spans' extent as the
// whole index's (counted by SQL over it), and a missing shard named rather than counted as empty. Skipped
// without ../shared/samples.
#include "core/query/clustercounts.h"
#include "tests/support/testsupport.h"

#include <QtTest>
#include <filesystem>

using namespace rs;
namespace fs = std::filesystem;

class TstClusterCounts : public QObject {
    Q_OBJECT

  private Q_SLOTS:
    void aClusterCountsItsShards() {
        const std::string samples = test::samplesDir();
        if (samples.empty()) QSKIP("../shared/samples is absent: the cluster counts are not checked");
        qputenv("XDG_CACHE_HOME", QByteArray::fromStdString(test::tempDir("clustercounts-cache")));
        const std::string dir = samples + "/msinsight/test/data/pytorch/text/level1";
        auto whole = test::indexDir(dir);
        QVERIFY2(whole.result.ok, whole.result.error.c_str());
        QVERIFY(!query::clusterCounts(*whole.db, whole.result.dbPath)); // not a cluster
        const int64_t spans = whole.scalar("SELECT count(*) FROM span");
        const int64_t tracks = whole.scalar("SELECT count(*) FROM track");
        const int64_t tensors = whole.scalar("SELECT count(*) FROM tensor");
        const int64_t samplesN = whole.scalar("SELECT count(*) FROM memory_sample");
        const int64_t first = whole.scalar("SELECT min(ts_ns) FROM span");
        const int64_t last = whole.scalar("SELECT max(ts_ns + dur_ns) FROM span");
        QVERIFY(spans > 0 && tensors > 0 && samplesN > 0);
        const std::string shards = test::tempDir("clustercounts-shards");
        for (int n : {1, 2}) {
            const std::string into = shards + "/" + std::to_string(n);
            std::string err;
            const std::string clusterPath = test::mergedCluster(dir, n, into, err);
            QVERIFY2(err.empty(), err.c_str());
            {
                index::Db cluster(clusterPath, true);
                const auto c = query::clusterCounts(cluster, clusterPath);
                QVERIFY(c);
                QCOMPARE(c->spans, spans);
                QCOMPARE(c->counts.tracks, tracks);
                QCOMPARE(c->counts.tensors, tensors);
                QCOMPARE(c->counts.memorySamples, samplesN);
                QCOMPARE(c->counts.spanStartNs, first);
                QCOMPARE(c->counts.spanEndNs, last);
                QVERIFY(c->unread.empty());
            }
            if (n != 2) continue;
            fs::remove(into + "/shard-2-of-2.sqlite");
            index::Db cluster(clusterPath, true);
            const auto c = query::clusterCounts(cluster, clusterPath);
            QVERIFY(c);
            QCOMPARE(c->unread.size(), size_t(1));
            QVERIFY2(c->unread[0].find("shard-2-of-2.sqlite") != std::string::npos, c->unread[0].c_str());
            QVERIFY(c->spans < spans);
        }
    }
};

QTEST_MAIN(TstClusterCounts)
#include "tst_clustercounts.moc"
