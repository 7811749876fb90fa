// A cluster index's lanes read from its shards (core/query/shardlanes.h) must be what one index of the whole
// profile draws (an independent path: the single-machine build): the same lanes per rank, the same spans in
// a zoomed-out (LOD) and a zoomed-in (raw) window with the same names and op types, the same memory curves,
// span details and search hits. Then the faults: a shard gone or rewritten since the merge gives no lanes
// and a note naming it, while the other shards' ranks keep theirs; and many shards are read with at most
// kOpenShards connections open.
#include "core/pipeline/buildpipeline.h"
#include "core/pipeline/shardmerge.h"
#include "core/query/analysisqueries.h"
#include "core/query/lanereader.h"
#include "core/query/namekinds.h"
#include "core/query/shardlanes.h"
#include "tests/support/clusterfixture.h"
#include "tests/support/testsupport.h"

#include <QtTest>
#include <filesystem>
#include <fstream>

using namespace rs;
using test::Cluster;
using test::demoProfile;
using test::makeCluster;
namespace fs = std::filesystem;

namespace {

/// The whole index's summary, or the cluster index's with its shards' lanes.
struct Opened {
    std::unique_ptr<index::Db> db;
    std::unique_ptr<query::ShardLanes> lanes;
    query::ProfileSummary summary;
    std::unique_ptr<query::NameOpTypes> opTypes;

    explicit Opened(const std::string& path, std::optional<int> run = std::nullopt)
        : db(std::make_unique<index::Db>(path, true)) {
        lanes = query::ShardLanes::open(*db, path);
        summary = query::loadSummary(*db, run);
        if (lanes) lanes->extendSummary(summary);
        opTypes = std::make_unique<query::NameOpTypes>(std::make_shared<query::ProfileSummary>(summary));
    }
    query::TimelineData window(int64_t t0, int64_t t1) {
        query::TimelineWindow w{t0, t1, 1200, {}};
        for (const auto& t : summary.tracks)
            w.trackIds.push_back(t.trackId);
        return lanes ? lanes->loadTimeline(w) : query::loadTimeline(*db, w, opTypes.get());
    }
    const query::TrackDesc* track(int64_t id) const {
        for (const auto& t : summary.tracks)
            if (t.trackId == id) return &t;
        return nullptr;
    }
    std::string name(int32_t id) const {
        return id >= 0 && size_t(id) < summary.strings.size() ? summary.strings[size_t(id)] : "?";
    }
    /// Every lane as text, independent of track and string ids.
    std::vector<std::string> lanesText() const {
        std::vector<std::string> out;
        for (const auto& t : summary.tracks)
            out.push_back(std::to_string(t.rank) + "|" + t.kind + "|" + t.name + "|" + t.process + "|" +
                          std::to_string(t.maxDepth) + "|" + std::to_string(t.spanCount));
        std::sort(out.begin(), out.end());
        return out;
    }
    /// Every drawn item and sample of a window as text, independent of ids.
    std::vector<std::string> drawn(const query::TimelineData& d) const {
        std::vector<std::string> out;
        for (const auto& td : d.tracks) {
            const auto* t = track(td.trackId);
            for (const auto& it : td.items)
                out.push_back(std::to_string(t ? t->rank : -1) + "|" + (t ? t->name : "?") + "|" +
                              std::to_string(it.startNs) + "|" + std::to_string(it.endNs) + "|" +
                              name(it.nameId) + "|" + name(query::opTypeIdOf(summary, it)) + "|" +
                              std::to_string(it.depth) + "|" + std::to_string(it.count) + "|" +
                              (it.spanId ? "span" : "bucket"));
        }
        for (const auto& c : d.counters)
            for (const auto& [ts, v] : c.points)
                out.push_back("counter|" + std::to_string(c.trackId) + "|" + std::to_string(ts) + "|" +
                              std::to_string(v));
        std::sort(out.begin(), out.end());
        return out;
    }
};

} // namespace

class TestShardLanes : public QObject {
    Q_OBJECT
  private Q_SLOTS:
    void lanesEqualTheWholeIndex_data();
    void lanesEqualTheWholeIndex();
    void spanDetailAndSearch();
    void rankRequestsReadTheRanksShard();
    void goneOrChangedShardsAreNamed();
    void manyShardsFewConnections();

  private:
    Cluster m_c;
};

void TestShardLanes::lanesEqualTheWholeIndex_data() {
    QTest::addColumn<QString>("kind");
    QTest::newRow("8-rank Ascend demo") << "ascend";
    // an Ascend and a Kineto run whose rank numbers collide: the shards' names differ (string ids must be
    // remapped) and a shard's rank keys can differ from the cluster's (manifest.shard_ranks)
    QTest::newRow("two runs, colliding ranks") << "two-runs";
}

void TestShardLanes::lanesEqualTheWholeIndex() {
    QFETCH(QString, kind);
    std::string profile;
    if (kind == "ascend") {
        profile = demoProfile("lanes", 8);
    } else {
        profile = test::tempDir("lanes-tworuns-profile");
        std::string err;
        QVERIFY2(test::writeTwoRunDemo(profile, err), err.c_str());
    }
    QVERIFY(!profile.empty());
    Cluster c = makeCluster("lanes-" + kind.toStdString(), profile, 3);
    QVERIFY(!c.cluster.empty());
    if (kind == "ascend") m_c = c;
    const auto runs = Opened(c.whole).summary.runs;
    QVERIFY(!runs.empty());
    for (const auto& run : runs) {
        Opened whole(c.whole, run.run), cluster(c.cluster, run.run);
        QVERIFY(!whole.lanes);
        QVERIFY(cluster.lanes);
        QCOMPARE(cluster.lanes->shardCount(), 3);
        QVERIFY(!whole.summary.tracks.empty());
        QCOMPARE(cluster.lanesText(), whole.lanesText());
        QVERIFY2(cluster.summary.notes == whole.summary.notes, "readable shards add no note");
        const int64_t t0 = whole.summary.startNs, t1 = whole.summary.endNs;
        QCOMPARE(cluster.summary.startNs, t0);
        QCOMPARE(cluster.summary.endNs, t1);
        // the whole run (LOD buckets), then a 200 us window in its middle (raw spans)
        const auto wide = whole.window(t0, t1);
        QVERIFY(wide.lodLevel >= 0);
        QVERIFY(!whole.drawn(wide).empty());
        QCOMPARE(cluster.drawn(cluster.window(t0, t1)), whole.drawn(wide));
        const int64_t mid = t0 + (t1 - t0) / 2;
        const auto narrow = whole.window(mid, mid + 200'000);
        QCOMPARE(narrow.lodLevel, -1);
        QVERIFY(whole.drawn(narrow).size() > 4);
        QCOMPARE(cluster.drawn(cluster.window(mid, mid + 200'000)), whole.drawn(narrow));
    }
}

void TestShardLanes::spanDetailAndSearch() {
    if (m_c.cluster.empty()) QSKIP("needs lanesEqualTheWholeIndex's cluster");
    Opened whole(m_c.whole), cluster(m_c.cluster);
    std::vector<query::DrawItem> w;
    std::vector<int64_t> wt, ct;
    const auto wh = query::searchSpans(*whole.db, "allreduce", 100000, &wt);
    const auto ch = cluster.lanes->search("allreduce", 100000, &ct);
    QVERIFY(wh.size() > 8);
    QCOMPARE(ch.size(), wh.size());
    QCOMPARE(ct.size(), ch.size());
    for (size_t i = 0; i < ch.size(); ++i) {
        QCOMPARE(ch[i].startNs, wh[i].startNs);
        QCOMPARE(cluster.name(ch[i].nameId), whole.name(wh[i].nameId));
        QCOMPARE(cluster.track(ct[i])->rank, whole.track(wt[i])->rank);
    }
    // a span's details through its cluster id: the same span as the whole index's
    const size_t i = ch.size() / 2;
    auto cd = cluster.lanes->loadSpanDetail(ch[i].spanId);
    auto wd = query::loadSpanDetail(*whole.db, wh[i].spanId);
    QVERIFY(cd && wd);
    QCOMPARE(cd->spanId, ch[i].spanId);
    QCOMPARE(cd->rank, wd->rank);
    QCOMPARE(cd->name, wd->name);
    QCOMPARE(cd->track, wd->track);
    QCOMPARE(cd->tsNs, wd->tsNs);
    QCOMPARE(cd->step, wd->step);
    // hits that start together (every rank's ProfilerStep#1 of the demo) come in one order from the whole
    // index and from the shards: start, rank, lane, name (they came in span-index order, and shard by shard)
    std::vector<int64_t> wst, cst;
    const auto ws = query::searchSpans(*whole.db, "ProfilerStep", 100000, &wst);
    const auto cs = cluster.lanes->search("ProfilerStep", 100000, &cst);
    QCOMPARE(cs.size(), ws.size());
    auto key = [](const Opened& o, const query::DrawItem& it, int64_t track) {
        const auto* t = o.track(track);
        return std::make_tuple(it.startNs, t ? t->rank : -1, t ? t->name : std::string(), o.name(it.nameId));
    };
    int ties = 0;
    for (size_t j = 0; j < ws.size(); ++j) {
        QVERIFY(key(cluster, cs[j], cst[j]) == key(whole, ws[j], wst[j]));
        if (j == 0) continue;
        QVERIFY2(key(whole, ws[j - 1], wst[j - 1]) <= key(whole, ws[j], wst[j]),
                 qPrintable(QString::number(j)));
        ties += ws[j - 1].startNs == ws[j].startNs;
    }
    QVERIFY2(ties >= 7, qPrintable(QString::number(ties))); // the 8 ranks' first steps at least
    // a search limited to a few hits keeps the earliest of all shards
    std::vector<int64_t> few;
    const auto first = cluster.lanes->search("allreduce", 5, &few);
    QCOMPARE(first.size(), size_t(5));
    for (size_t j = 0; j < 5; ++j)
        QCOMPARE(first[j].startNs, wh[j].startNs);
}

void TestShardLanes::rankRequestsReadTheRanksShard() {
    // the memory map and a step's ops of a rank come from its shard (the cluster index holds neither)
    if (m_c.cluster.empty()) QSKIP("needs lanesEqualTheWholeIndex's cluster");
    index::Db whole(m_c.whole, true), cluster(m_c.cluster, true);
    query::LaneReader reader(cluster, m_c.cluster);
    for (int rank : {0, 5}) {
        const query::RankSource src = reader.rankSource(rank);
        QVERIFY(src.db && src.shard > 0);
        QVERIFY(query::loadMemoryMap(cluster, rank).tensors.empty()); // not in the cluster index itself
        const auto w = query::loadMemoryMap(whole, rank), c = query::loadMemoryMap(*src.db, src.rank);
        QVERIFY(!w.tensors.empty());
        QCOMPARE(c.tensors.size(), w.tensors.size());
        const auto wo = query::loadOpRows(whole, rank, 1), co = query::loadOpRows(*src.db, src.rank, 1);
        QVERIFY(!wo.empty());
        QCOMPARE(co.size(), wo.size());
        QCOMPARE(co.front().startNs, wo.front().startNs);
        Opened opened(m_c.cluster);
        const auto d = opened.lanes->loadSpanDetail(src.spanId(co.front().spanId));
        QVERIFY(d);
        QCOMPARE(d->rank, rank);
    }
}

void TestShardLanes::goneOrChangedShardsAreNamed() {
    if (m_c.cluster.empty()) QSKIP("needs lanesEqualTheWholeIndex's cluster");
    const std::string two = m_c.shards + "/shard-2-of-3.sqlite", three = m_c.shards + "/shard-3-of-3.sqlite";
    fs::rename(two, two + ".away");
    { std::ofstream(three, std::ios::app) << "x"; } // rewritten since the merge: another size
    Opened cluster(m_c.cluster);
    std::string notes;
    for (const auto& n : cluster.summary.notes)
        notes += n + "\n";
    QVERIFY2(notes.find("shard-2-of-3.sqlite: not found") != std::string::npos, notes.c_str());
    QVERIFY2(notes.find("shard-3-of-3.sqlite: changed since the merge") != std::string::npos, notes.c_str());
    // shard 1's ranks keep their lanes; the others' ranks are still listed, with no lane
    index::Db db(m_c.cluster, true);
    std::set<int> one;
    auto q = db.prepare("SELECT ranks FROM manifest WHERE k = 1");
    QVERIFY(q.step());
    for (const auto& r : QString::fromStdString(q.text(0)).split(','))
        one.insert(r.toInt());
    QVERIFY(!one.empty());
    std::set<int> withLanes;
    for (const auto& t : cluster.summary.tracks)
        withLanes.insert(t.rank);
    QCOMPARE(withLanes, one);
    // the note names the missing shard's ranks (the manifest's list; the demo's data ranks are its keys)
    auto two2 = db.prepare("SELECT ranks FROM manifest WHERE k = 2");
    QVERIFY(two2.step());
    const std::string listed =
        "no lanes for ranks " + QString::fromStdString(two2.text(0)).replace(",", ", ").toStdString();
    QVERIFY2(notes.find("shard-2-of-3.sqlite: not found beside the cluster index") != std::string::npos &&
                 notes.find(listed) != std::string::npos,
             notes.c_str());
    QCOMPARE(cluster.summary.ranks.size(), size_t(8));
    fs::rename(two + ".away", two);
}

void TestShardLanes::manyShardsFewConnections() {
    const std::string profile = demoProfile("many", 12);
    QVERIFY(!profile.empty());
    Cluster c = makeCluster("many", profile, 12);
    QVERIFY(!c.cluster.empty());
    Opened whole(c.whole), cluster(c.cluster);
    QCOMPARE(cluster.lanes->shardCount(), 12);
    QCOMPARE(cluster.lanes->openShards(), 0); // the summary read them and closed them again
    const int64_t t0 = whole.summary.startNs, t1 = whole.summary.endNs;
    QCOMPARE(cluster.drawn(cluster.window(t0, t1)), whole.drawn(whole.window(t0, t1)));
    QVERIFY(cluster.lanes->openShards() <= query::ShardLanes::kOpenShards);
    QCOMPARE(cluster.lanes->openShards(), query::ShardLanes::kOpenShards);
}

QTEST_GUILESS_MAIN(TestShardLanes)
#include "tst_shardlanes.moc"
