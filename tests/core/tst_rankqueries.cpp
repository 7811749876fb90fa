// The views' requests over several ranks' events (core/query/rankqueries.h, computeAreaStats over a
// LaneReader) must answer from a cluster index's shards what the whole profile's index answers on one
// machine (the independent path): the minimap's activity, a heatmap cell's histogram and kernels, op
// latency by input shape, area statistics and their spans, flow arrows. The cluster index alone holds none
// of those events (checked, so each comparison fails without the shards). A rank whose shard is missing is
// unknown, never idle.
#include "core/annotate/annotationset.h"
#include "core/query/areastats.h"
#include "core/query/rankqueries.h"
#include "core/query/schemaviews.h"
#include "core/query/shardlanes.h"
#include "tests/support/clusterfixture.h"
#include "tests/support/testsupport.h"

#include <QtTest>
#include <filesystem>

using namespace rs;
namespace fs = std::filesystem;

namespace {

/// An index opened as the app opens it: the lanes (a cluster's from its shards) and the summary.
struct Opened {
    index::Db db;
    query::LaneReader lanes;
    std::shared_ptr<const query::ProfileSummary> summary;
    explicit Opened(const std::string& path) : db(path, true), lanes(db, path), summary(lanes.summary()) {}
    std::string name(int32_t id) const {
        return id >= 0 && size_t(id) < summary->strings.size() ? summary->strings[size_t(id)] : "?";
    }
    int rankOfTrack(int64_t id) const {
        for (const auto& t : summary->tracks)
            if (t.trackId == id) return t.rank;
        return -1;
    }
    /// Items and their tracks as text, independent of ids.
    std::vector<std::string> text(const std::vector<query::DrawItem>& items,
                                  const std::vector<int64_t>& tracks) {
        std::vector<std::string> out;
        for (size_t i = 0; i < items.size(); ++i)
            out.push_back(std::to_string(rankOfTrack(tracks[i])) + "|" + std::to_string(items[i].startNs) +
                          "|" + std::to_string(items[i].endNs) + "|" + name(items[i].nameId) + "|" +
                          name(items[i].opTypeId) + "|" + std::to_string(items[i].depth));
        return out;
    }
};

std::vector<std::string> rowsText(const query::AreaStats& s) {
    std::vector<std::string> out;
    for (const auto& r : s.rows)
        out.push_back(r.name + "|" + r.kind + "|" + std::to_string(r.rank) + "|" + std::to_string(r.count) +
                      "|" + std::to_string(r.totalNs) + "|" + std::to_string(r.selfNs) + "|" +
                      std::to_string(r.minNs) + "|" + std::to_string(r.maxNs) + "|" +
                      std::to_string(r.p95Ns));
    for (const auto& c : s.counters)
        out.push_back("counter|" + std::to_string(c.rank) + "|" + c.name + "|" + std::to_string(c.last) +
                      "|" + std::to_string(c.min) + "|" + std::to_string(c.max) + "|" +
                      std::to_string(c.samples));
    return out;
}

std::string endText(const query::FlowEnd& e) {
    return std::to_string(e.rank) + ":" + std::to_string(e.startNs) + ":" + e.name;
}

std::vector<std::string> arrowsText(const query::FlowArrows& a, const Opened& o) {
    std::vector<std::string> out;
    for (const auto& f : a.arrows) {
        out.push_back(f.category + "|" + endText(f.src) + "|" + endText(f.dst));
        // the ends' lanes are the summary's (the rank drawn where the arrow points)
        if (o.rankOfTrack(f.src.trackId) != f.src.rank || o.rankOfTrack(f.dst.trackId) != f.dst.rank)
            out.push_back("lane of another rank");
    }
    std::sort(out.begin(), out.end());
    return out;
}

/// The op type with the most device time on rank 0 (from the index's op statistics).
std::string busiestOpType(index::Db& db) {
    return db.scalarText("SELECT op_type FROM op_stat WHERE rank = 0 ORDER BY total_ns DESC LIMIT 1");
}

} // namespace

class TestRankQueries : public QObject {
    Q_OBJECT
  private Q_SLOTS:
    void initTestCase();
    void activity();
    void histogramAndKernels();
    void shapes();
    void stepHeatmaps();
    void areaStats_data();
    void areaStats();
    void areaStatsKindOfACollectiveOnAComputeStream();
    void flows();
    void linkSpans();
    void tensorAnchors();
    void consoleViewsSayWhereRowsAre();
    void missingShardIsUnknownNotIdle();

  private:
    test::Cluster m_ascend, m_kineto;
};

void TestRankQueries::initTestCase() {
    m_ascend = test::makeCluster("rq-ascend", test::demoProfile("rq-ascend", 8), 3);
    m_kineto = test::makeCluster("rq-kineto", test::demoProfile("rq-kineto", 4, "kineto"), 2);
    QVERIFY(!m_ascend.cluster.empty());
    QVERIFY(!m_kineto.cluster.empty());
}

void TestRankQueries::activity() {
    Opened whole(m_ascend.whole), cluster(m_ascend.cluster);
    QVERIFY(cluster.lanes.cluster());
    const auto& s = *whole.summary;
    const auto w = query::rankActivity(whole.lanes, s.ranks, s.startNs, s.endNs, 300);
    const auto c = query::rankActivity(cluster.lanes, s.ranks, s.startNs, s.endNs, 300);
    QCOMPARE(w.busy.size(), size_t(8));
    float most = 0;
    for (const auto& [rank, busy] : w.busy)
        most = std::max(most, *std::max_element(busy.begin(), busy.end()));
    QVERIFY(most > 0.5f);
    QVERIFY(c.unread.empty());
    QCOMPARE(c.busy, w.busy);
    // the cluster index itself has no LOD buckets: without its shards every rank would read idle
    QVERIFY(query::loadRankActivity(cluster.db, s.ranks, s.startNs, s.endNs, 300).busy.at(0) ==
            std::vector<float>(300, 0.0f));
}

void TestRankQueries::histogramAndKernels() {
    Opened whole(m_ascend.whole), cluster(m_ascend.cluster);
    const std::string op = busiestOpType(whole.db);
    QVERIFY(!op.empty());
    for (int rank : {0, 7}) {
        const auto w = query::durationHistogram(whole.lanes, op, rank);
        const auto c = query::durationHistogram(cluster.lanes, op, rank);
        QVERIFY(!w.counts.empty());
        QCOMPARE(c.counts, w.counts);
        QCOMPARE(c.edgesNs, w.edgesNs);
        QCOMPARE(c.ranksMedianNs, w.ranksMedianNs);
        QCOMPARE(c.ranksCounted, w.ranksCounted);
        QCOMPARE(c.mixesDiffer, w.mixesDiffer);
        std::vector<int64_t> wt, ct;
        const auto wk = query::opKernels(whole.lanes, op, rank, 100, &wt);
        const auto ck = query::opKernels(cluster.lanes, op, rank, 100, &ct);
        QVERIFY(wk.size() > 3);
        QCOMPARE(cluster.text(ck, ct), whole.text(wk, wt));
        QVERIFY(query::opKernelSpans(cluster.db, op, rank, 100, nullptr).empty()); // not in the cluster index
    }
}

namespace {
std::vector<std::string> heatText(const query::HeatmapData& h) {
    std::vector<std::string> out;
    for (size_t r = 0; r < h.rows.size(); ++r)
        for (size_t c = 0; c < h.columns.size(); ++c) {
            const auto& cell = h.cells[r][c];
            if (cell.present)
                out.push_back(h.rows[r] + "|" + h.columns[c] + "|" + std::to_string(cell.count) + "|" +
                              std::to_string(cell.totalNs) + "|" + std::to_string(cell.ratio));
        }
    return out;
}
} // namespace

void TestRankQueries::stepHeatmaps() {
    // an op type's rank × step cells and a rank's op × step cells: from the shards' kernels
    Opened whole(m_ascend.whole), cluster(m_ascend.cluster);
    const std::string op = busiestOpType(whole.db);
    const auto w = query::rankStepHeatmap(whole.lanes, op), c = query::rankStepHeatmap(cluster.lanes, op);
    QVERIFY(heatText(w).size() >= 16); // 8 ranks, 3 steps
    QCOMPARE(heatText(c), heatText(w));
    QVERIFY(heatText(query::loadRankStepHeatmap(cluster.db, op)).empty()); // the cluster index alone
    const query::RankSource src = cluster.lanes.rankSource(6);
    QVERIFY(src.db);
    const auto wr = query::loadOpStepHeatmap(whole.db, 6), cr = query::loadOpStepHeatmap(*src.db, src.rank);
    QVERIFY(heatText(wr).size() > 3);
    QCOMPARE(heatText(cr), heatText(wr));
}

void TestRankQueries::shapes() {
    Opened whole(m_ascend.whole), cluster(m_ascend.cluster);
    const auto w = query::shapeTables(whole.lanes, {});
    const auto c = query::shapeTables(cluster.lanes, {});
    QVERIFY(!w.empty());
    QVERIFY(shapes::loadShapeTables(cluster.db, {}).empty()); // the cluster index alone: "no shapes"
    QCOMPARE(c.size(), w.size());
    for (size_t i = 0; i < w.size(); ++i) {
        QCOMPARE(c[i].opType, w[i].opType);
        QCOMPARE(c[i].totalNs, w[i].totalNs);
        QCOMPARE(c[i].shapes.size(), w[i].shapes.size());
        QCOMPARE(c[i].outliers.size(), w[i].outliers.size());
        for (size_t j = 0; j < w[i].shapes.size(); ++j) {
            QCOMPARE(c[i].shapes[j].inputShapes, w[i].shapes[j].inputShapes);
            QCOMPARE(c[i].shapes[j].count, w[i].shapes[j].count);
            QCOMPARE(c[i].shapes[j].medianNs, w[i].shapes[j].medianNs);
            QCOMPARE(c[i].shapes[j].p95Ns, w[i].shapes[j].p95Ns);
            QCOMPARE(c[i].shapes[j].firstRank, w[i].shapes[j].firstRank);
            QCOMPARE(c[i].shapes[j].firstTsNs, w[i].shapes[j].firstTsNs);
        }
    }
    // a shape group's kernels
    const auto& row = w.front().shapes.front();
    std::vector<int64_t> wt, ct;
    const int run = whole.summary->runs.front().run;
    const auto wk =
        query::shapeKernels(whole.lanes, run, w.front().opType, row.inputShapes, row.dtype, 50, &wt);
    const auto ck =
        query::shapeKernels(cluster.lanes, run, w.front().opType, row.inputShapes, row.dtype, 50, &ct);
    QVERIFY(!wk.empty());
    QCOMPARE(cluster.text(ck, ct), whole.text(wk, wt));
}

void TestRankQueries::areaStats_data() {
    QTest::addColumn<bool>("perRank");
    QTest::addColumn<bool>("byStep");
    QTest::newRow("range, per rank") << true << false;
    QTest::newRow("range, ranks together") << false << false;
    QTest::newRow("step 2, per rank") << true << true;
}

void TestRankQueries::areaStats() {
    QFETCH(bool, perRank);
    QFETCH(bool, byStep);
    Opened whole(m_ascend.whole), cluster(m_ascend.cluster);
    const auto& s = *whole.summary;
    query::AreaQuery q;
    q.perRank = perRank;
    if (byStep) {
        q.step = 2;
        q.stepRanks = s.ranks;
    } else {
        // the run but its first and last 1.5 ms: spans cut by both edges
        q.windows = query::rangeWindows(s.ranks, s.startNs + 1'500'000, s.endNs - 1'500'000);
    }
    const auto w = query::computeAreaStats(whole.lanes, q), c = query::computeAreaStats(cluster.lanes, q);
    QVERIFY(w.rows.size() > 4);
    QVERIFY(w.spans > 50);
    QCOMPARE(c.spans, w.spans);
    QCOMPARE(c.lanes, w.lanes);
    QCOMPARE(rowsText(c), rowsText(w));
    QCOMPARE(c.notes, w.notes);
    QVERIFY(query::computeAreaStats(cluster.db, q).rows.empty()); // the cluster index alone: no span
    // one row's spans, on one rank or every rank
    const auto& row = w.rows.front();
    std::vector<int64_t> wt, ct;
    const auto ws = query::areaSpans(whole.lanes, q, row.name, row.kind, row.rank, 5000, &wt);
    const auto cs = query::areaSpans(cluster.lanes, q, row.name, row.kind, row.rank, 5000, &ct);
    QVERIFY(!ws.empty());
    QVERIFY(ws.size() < 5000);
    QVERIFY(std::is_sorted(cs.begin(), cs.end(), [](auto& a, auto& b) { return a.startNs < b.startNs; }));
    auto wText = whole.text(ws, wt), cText = cluster.text(cs, ct);
    std::sort(wText.begin(), wText.end()); // equal starts on several ranks come in either order
    std::sort(cText.begin(), cText.end());
    QCOMPARE(cText, wText);
}

void TestRankQueries::areaStatsKindOfACollectiveOnAComputeStream() {
    // walk 23b: the Kineto demo's NCCL all-reduce runs on its GPU stream 20, a compute lane
    // (kinetodemowriter.cpp); its row is communication, not compute, in a whole index and a cluster one,
    // and a row click finds its kernels in both
    Opened whole(m_kineto.whole), cluster(m_kineto.cluster);
    const auto& s = *whole.summary;
    query::AreaQuery q;
    q.windows = query::rangeWindows(s.ranks, s.startNs, s.endNs);
    q.perRank = false;
    const auto nccl = [](const query::AreaStats& st, const std::string& kind) {
        for (const auto& r : st.rows)
            if (r.name.rfind("ncclKernel_AllReduce", 0) == 0 && r.kind == kind) return r;
        return query::AreaRow{};
    };
    const auto w = query::computeAreaStats(whole.lanes, q), c = query::computeAreaStats(cluster.lanes, q);
    QCOMPARE(rowsText(c), rowsText(w));
    const auto row = nccl(w, "communication");
    QVERIFY(!row.name.empty());
    QCOMPARE(row.count, int64_t(4 * 3)); // one a step on each of the 4 ranks, 3 steps
    QVERIFY(nccl(w, "compute").name.empty());
    std::vector<int64_t> wt, ct;
    const auto ws = query::areaSpans(whole.lanes, q, row.name, row.kind, -1, 100, &wt);
    const auto cs = query::areaSpans(cluster.lanes, q, row.name, row.kind, -1, 100, &ct);
    QCOMPARE(ws.size(), size_t(row.count));
    auto wText = whole.text(ws, wt), cText = cluster.text(cs, ct);
    std::sort(wText.begin(), wText.end());
    std::sort(cText.begin(), cText.end());
    QCOMPARE(cText, wText);
    // `--kinds compute` leaves it out
    q.kinds = {"compute"};
    QVERIFY(nccl(query::computeAreaStats(cluster.lanes, q), "communication").name.empty());
    QVERIFY(query::areaSpans(cluster.lanes, q, row.name, "compute", -1, 100, nullptr).empty());
}

void TestRankQueries::flows() {
    Opened whole(m_kineto.whole), cluster(m_kineto.cluster);
    const auto cats = query::flowCategories(whole.lanes);
    QVERIFY(!cats.empty());
    QCOMPARE(query::flowCategories(cluster.lanes), cats);
    query::FlowWindow fw{whole.summary->startNs, whole.summary->endNs, {}, cats, 100000};
    for (const auto& t : whole.summary->tracks)
        fw.trackIds.push_back(t.trackId);
    const auto w = query::windowFlows(whole.lanes, fw);
    fw.trackIds.clear();
    for (const auto& t : cluster.summary->tracks)
        fw.trackIds.push_back(t.trackId);
    const auto c = query::windowFlows(cluster.lanes, fw);
    QVERIFY(w.arrows.size() > 10);
    QCOMPARE(arrowsText(c, cluster), arrowsText(w, whole));
    // one span's arrows, through its cluster id
    const auto& a = c.arrows.back();
    const auto one = query::spanFlows(cluster.lanes, a.src.spanId);
    QVERIFY(!one.arrows.empty());
    QCOMPARE(one.arrows.front().src.spanId, a.src.spanId);
    QCOMPARE(one.arrows.front().dst.name, a.dst.name);
}

void TestRankQueries::linkSpans() {
    // a communication-matrix cell's collectives: the cluster index lists them, their spans are in the shards
    Opened whole(m_ascend.whole), cluster(m_ascend.cluster);
    const auto m = query::loadCommMatrix(whole.db, {});
    QVERIFY(!m.cells.empty());
    int checked = 0;
    for (const auto& cell : m.cells) {
        const auto w = query::linkSpans(whole.lanes, m.run, std::nullopt, m.group, cell.src, cell.dst);
        const auto c = query::linkSpans(cluster.lanes, m.run, std::nullopt, m.group, cell.src, cell.dst);
        QCOMPARE(c.collectives, w.collectives);
        QCOMPARE(c.ranks, w.ranks);
        auto wText = whole.text(w.spans, w.trackIds), cText = cluster.text(c.spans, c.trackIds);
        std::sort(wText.begin(), wText.end());
        std::sort(cText.begin(), cText.end());
        QCOMPARE(cText, wText);
        checked += int(!w.spans.empty());
        QVERIFY(
            query::loadLinkSpans(cluster.db, m.run, std::nullopt, m.group, cell.src, cell.dst).spans.empty());
    }
    QVERIFY(checked > 0);
}

void TestRankQueries::tensorAnchors() {
    // an annotation on a tensor of rank 5 is attached in the cluster index (its tensors are in the shard),
    // one on a tensor the rank does not have is detached in both
    Opened whole(m_ascend.whole), cluster(m_ascend.cluster);
    const std::string tensor = whole.db.scalarText("SELECT tensor_id FROM tensor WHERE rank = 5 LIMIT 1");
    QVERIFY(!tensor.empty());
    annotate::AnnotationSet set;
    for (const std::string& id : {tensor, std::string("no-such-tensor")}) {
        annotate::Annotation a;
        a.anchor.view = annotate::Surface::Memory;
        a.anchor.ranks = {5};
        a.anchor.tensorId = id;
        set.add(a);
    }
    const auto w = query::anchorFacts(whole.lanes, set), c = query::anchorFacts(cluster.lanes, set);
    QCOMPARE(c.tensors, w.tensors);
    QCOMPARE(c.tensors.size(), size_t(1));
    QVERIFY(annotate::loadAnchorFacts(cluster.db, set).tensors.empty()); // the cluster index alone
    for (const auto& a : set.items())
        QCOMPARE(annotate::detachedReason(a, c), annotate::detachedReason(a, w));
}

void TestRankQueries::consoleViewsSayWhereRowsAre() {
    QVERIFY(query::mentionsView("select * FROM Spans limit 5", "spans"));
    QVERIFY(!query::mentionsView("select * from spans_x", "spans"));
    QVERIFY(!query::mentionsView("select * from step_breakdown", "steps"));
    // the SQL console over a cluster index: the views whose rows stay in the shards (spans, tensors, …) say
    // so; views the merge fills (op_stats, steps, diagnostics) and every view of a whole index say nothing
    Opened whole(m_ascend.whole), cluster(m_ascend.cluster);
    std::map<std::string, std::string> notes;
    for (const auto& v : query::loadSchemaViews(cluster.db))
        notes[v.name] = v.note;
    QCOMPARE(notes.at("spans"), std::string(query::kInTheShardsNote));
    QCOMPARE(notes.at("tensors"), std::string(query::kInTheShardsNote));
    QCOMPARE(notes.at("op_stats"), std::string());
    QCOMPARE(notes.at("steps"), std::string());
    QCOMPARE(notes.at("diagnostics"), std::string()); // copied by the merge (none in the demo: still no note)
    for (const auto& v : query::loadSchemaViews(whole.db))
        QVERIFY2(v.note.empty(), v.name.c_str());
}

void TestRankQueries::missingShardIsUnknownNotIdle() {
    const std::string two = m_ascend.shards + "/shard-2-of-3.sqlite";
    fs::rename(two, two + ".away");
    Opened cluster(m_ascend.cluster);
    index::Db db(m_ascend.cluster, true);
    std::vector<int> gone;
    for (const auto& r :
         QString::fromStdString(db.scalarText("SELECT ranks FROM manifest WHERE k = 2")).split(','))
        gone.push_back(r.toInt());
    QVERIFY(!gone.empty());
    const auto& s = *cluster.summary;
    QCOMPARE(s.unreadRanks, gone); // what search and the views say they could not read
    const auto a = query::rankActivity(cluster.lanes, s.ranks, s.startNs, s.endNs, 100);
    QCOMPARE(a.unread, gone);
    for (int r : gone)
        QVERIFY(!a.busy.count(r));
    QCOMPARE(a.busy.size(), s.ranks.size() - gone.size());
    query::AreaQuery q;
    q.windows = query::rangeWindows(s.ranks, s.startNs, s.endNs);
    const auto st = query::computeAreaStats(cluster.lanes, q);
    std::string note = "ranks ";
    for (size_t i = 0; i < gone.size(); ++i)
        note += (i ? ", " : "") + std::to_string(gone[i]);
    note += " not counted";
    QVERIFY(std::any_of(st.notes.begin(), st.notes.end(),
                        [&](const std::string& n) { return n.rfind(note, 0) == 0; }));
    // a heatmap cell of a missing rank: not known, never "no kernels"; its rank × step row says why it is
    // empty
    const std::string op = busiestOpType(db);
    QVERIFY(!query::durationHistogram(cluster.lanes, op, gone.front()).unknown.empty());
    QVERIFY(query::durationHistogram(cluster.lanes, op, 0 == gone.front() ? 3 : 0).unknown.empty());
    const auto heat = query::rankStepHeatmap(cluster.lanes, op);
    int named = 0;
    for (const auto& row : heat.rows)
        named += row.find("(shard missing)") != std::string::npos;
    QCOMPARE(named, int(gone.size()));
    std::vector<int> left;
    query::shapeTables(cluster.lanes, {}, &left);
    QCOMPARE(left, gone);
    // a matrix cell's collectives on the missing ranks: counted as unread, not as spanless
    const auto m = query::loadCommMatrix(db, {});
    int64_t unread = 0;
    for (const auto& cell : m.cells)
        unread += query::linkSpans(cluster.lanes, m.run, std::nullopt, m.group, cell.src, cell.dst).unread;
    QVERIFY(unread > 0);
    // the report's check of the shards as they are now (no shard opened)
    const auto problems = query::ShardLanes::shardProblems(db, m_ascend.cluster);
    QCOMPARE(problems.size(), size_t(1));
    QVERIFY2(problems.front().rfind("shard-2-of-3.sqlite: not found", 0) == 0, problems.front().c_str());
    fs::rename(two + ".away", two);
    QVERIFY(query::ShardLanes::shardProblems(db, m_ascend.cluster).empty());
}

QTEST_GUILESS_MAIN(TestRankQueries)
#include "tst_rankqueries.moc"
