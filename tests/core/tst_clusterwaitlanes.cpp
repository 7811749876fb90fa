// A cluster index draws each wait on the lanes one index of the whole draws it on (walk 22b: on a cluster of
// text/level1, rank 0's 5.62 ms wait in hcom_allReduce__586_0_1, measured by Notify_Wait tasks on Plane 1
// only, was hatched over Planes 0-7, covering other planes' own Notify_Wait spans). The real sample
// msinsight text/level1 (2 ranks) indexed whole and as 1 and 2 shards merged; each wait's lanes compared by
// rank and lane name (the ids differ). Skipped without ../shared/samples.
#include "core/query/lanereader.h"
#include "core/query/timelinequery.h"
#include "tests/support/testsupport.h"

#include <QtTest>

using namespace rs;

namespace {

QString laneName(const query::ProfileSummary& s, std::optional<int64_t> track) {
    if (!track) return "-";
    for (const auto& t : s.tracks)
        if (t.trackId == *track) return QString::fromStdString(t.name);
    return "?";
}

/// Each wait as "rank start kind: task lane + op lane / lane", sorted.
QStringList waitLanes(const query::ProfileSummary& s) {
    QStringList out;
    for (const auto& w : s.waits)
        out << QString("rank %1 %2 %3: %4 + %5 / %6")
                   .arg(w.rank)
                   .arg(w.startNs)
                   .arg(QString::fromStdString(w.kind))
                   .arg(laneName(s, w.taskTrackId))
                   .arg(w.taskTrackId ? laneName(s, w.opTrackId) : QString("-"))
                   .arg(laneName(s, w.trackId));
    out.sort();
    return out;
}

} // namespace

class TstClusterWaitLanes : public QObject {
    Q_OBJECT

  private Q_SLOTS:
    void aClusterDrawsEachWaitWhereTheWholeIndexDoes() {
        const std::string samples = test::samplesDir();
        if (samples.empty()) QSKIP("../shared/samples is absent: the cluster wait lanes are not checked");
        qputenv("XDG_CACHE_HOME", QByteArray::fromStdString(test::tempDir("clusterwaits-cache")));
        const std::string dir = samples + "/msinsight/test/data/pytorch/text/level1";
        auto whole = test::indexDir(dir);
        QVERIFY2(whole.result.ok, whole.result.error.c_str());
        const QStringList expected = waitLanes(query::loadSummary(*whole.db));
        // the walk's wait: on one plane, not on the block
        QVERIFY(expected.filter(QRegularExpression("collective_wait: Plane \\d+ \\+ Group")).size() > 0);
        const std::string shards = test::tempDir("clusterwaits-shards");
        for (int n : {1, 2}) {
            const std::string into = shards + "/" + std::to_string(n);
            std::string err;
            const std::string clusterPath = test::mergedCluster(dir, n, into, err);
            QVERIFY2(err.empty(), err.c_str());
            index::Db cluster(clusterPath, true);
            query::LaneReader lanes(cluster, clusterPath);
            QVERIFY(lanes.cluster());
            QCOMPARE(waitLanes(*lanes.summary()), expected);
        }
    }
};

QTEST_MAIN(TstClusterWaitLanes)
#include "tst_clusterwaitlanes.moc"
