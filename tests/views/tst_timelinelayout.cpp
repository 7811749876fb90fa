// The timeline's layout model and what is built on it: lanes per rank with the pinned ones on top, a
// track's lane, a rank's block, the lane at a y, a rank's lanes in order; the viewport's pixel mapping; the
// scene's data request (the lanes of a y-range, the aligned ranks' union window); and the hit list's
// windowed lookup by track and time.
#include "tests/support/timelinefixture.h"
#include "views/timeline/hitlist.h"

#include <QtTest>

using namespace rs;
using test::item;
using test::kMs;

class TstTimelineLayout : public QObject {
    Q_OBJECT

  private Q_SLOTS:
    void aRankTheDataDoesNotNameIsItsFile() {
        // r48d: ranks Rankscope numbered one per file read "Rank 1" as if the data named them
        auto s = std::make_shared<query::ProfileSummary>(*test::makeSummary());
        s->unnamedRankFile[1] = "beta.json";
        const views::TimelineLayout layout(views::layoutLanes(*s, views::LayoutOptions{}));
        QStringList headers;
        for (const auto& l : layout.lanes())
            if (l.header) headers << l.label;
        QCOMPARE(headers, (QStringList{"Rank 0", "File 1: beta.json"}));
    }
    void lanesBlocksAndLookups() {
        const auto s = test::makeSummary();
        views::LayoutOptions o;
        o.pinned = {4};
        const views::TimelineLayout layout(views::layoutLanes(*s, o));
        const auto& lanes = layout.lanes();
        // Pinned header, rank 1's group lane; rank 0: header, compute, group; rank 1: header, compute
        QCOMPARE(lanes.size(), size_t(7));
        QVERIFY(lanes[0].header && lanes[0].pinned && lanes[1].pinned);
        QCOMPARE(lanes[1].trackId, int64_t(4));
        QCOMPARE(lanes[1].laneKind, views::LaneKind::Communication);
        QCOMPARE(layout.laneOf(4), &lanes[1]);
        QCOMPARE(layout.laneOf(1)->laneKind, views::LaneKind::Compute);
        QCOMPARE(layout.laneOf(1)->rows, 3);
        QVERIFY(!layout.laneOf(99));
        // rank 1's block: its header and compute lane, not its pinned lane
        const auto [top, bottom] = layout.rankSpan(1);
        QCOMPARE(top, lanes[5].y);
        QCOMPARE(bottom, lanes[6].y + lanes[6].height);
        QCOMPARE(layout.lanesOfRank(1), (std::vector<size_t>{1, 5, 6}));
        QCOMPARE(layout.rankSpan(7).first, -1);
        QCOMPARE(layout.ranksSpan().first, lanes[2].y);
        QCOMPARE(layout.laneAtY(lanes[3].y + 2), &lanes[3]);
        QVERIFY(!layout.laneAtY(layout.height() + 1));
        QCOMPARE(layout.height(), lanes.back().y + lanes.back().height);
    }
    void counterLanesWithoutSpansAreLaidOutWhenShown() {
        // a counter track has points, never spans: laid out when counters are shown, not when their kind
        // is hidden; an empty span track (no spans, not a chart) stays out
        auto s = test::makeSummary();
        s->tracks.push_back({50, 0, "counter", "HBM 0/Read/Read(MB/s)", "HBM", 0, 0, 5});
        s->tracks.push_back({51, 0, "compute", "Plane 3", "device", 0, 0, 6});
        views::LayoutOptions o;
        o.hiddenKinds.erase("counter"); // View ▸ Show counter lanes (hidden by default)
        const views::TimelineLayout shown(views::layoutLanes(*s, o));
        QVERIFY(shown.laneOf(50));
        QCOMPARE(shown.laneOf(50)->laneKind, views::LaneKind::Counter);
        QVERIFY(!shown.laneOf(51));
        o.hiddenKinds.insert("counter");
        const views::TimelineLayout hidden(views::layoutLanes(*s, o));
        QVERIFY(!hidden.laneOf(50));
    }
    void viewportMapsContentToPixels() {
        views::Viewport vp;
        vp.width = 1000;
        vp.height = 500;
        vp.scroll = 40;
        vp.bar = 15;
        vp.footer = 24;
        QCOMPARE(vp.yOf(40), views::Viewport::kAxis);
        QCOMPARE(vp.contentY(views::Viewport::kAxis + 10), 50);
        QCOMPARE(vp.plotWidth(), 1000.0 - views::Viewport::kGutter - 15);
        QCOMPARE(vp.lanesBottom(), 476);
        QCOMPARE(vp.plot(), QRectF(views::Viewport::kGutter, views::Viewport::kAxis, 815, 476 - 28));
    }
    void requestAsksForTheLanesOfARange() {
        test::TimelineFixture f;
        const auto& lanes = f.scene.layout().lanes();
        // rank 0's lanes only (y 0 … its last lane), then every lane
        const auto [top, bottom] = f.scene.layout().rankSpan(0);
        auto w = f.scene.request(10, 20, 800, top, bottom - 1);
        QCOMPARE(w.trackIds, (std::vector<int64_t>{1, 2}));
        QCOMPARE(w.widthPx, 800);
        w = f.scene.request(10, 20, 800, 0, f.scene.layout().height());
        QCOMPARE(w.trackIds.size(), size_t(4));
        QCOMPARE(int(lanes.size()), 6);
        // aligned: the union of the ranks' shifted windows
        f.summary->clockOffsetNs = {{0, 0}, {1, -3 * kMs}};
        f.scene.setSummary(f.summary);
        f.scene.setAligned(true);
        w = f.scene.request(10 * kMs, 20 * kMs, 800, 0, 1000);
        QCOMPARE(w.t0, 7 * kMs);
        QCOMPARE(w.t1, 23 * kMs);
        QCOMPARE(f.scene.fullHeight(), views::Viewport::kAxis + f.scene.layout().height() + 8);
    }
    void hitListByTrackAndWindow() {
        std::vector<query::DrawItem> hits;
        std::vector<int64_t> tracks;
        hits.push_back(item(0, 50 * kMs, 1, 2, 1)); // long: reaches far into later windows
        tracks.push_back(1);
        for (int64_t i = 0; i < 1000; ++i) {
            hits.push_back(item(i * kMs, i * kMs + 1000, 1, 2, 10 + i));
            tracks.push_back(i % 2 ? 1 : 2);
        }
        hits.push_back(item(5, 6, 1, 2, 7000)); // without a track: found by id only
        const views::HitList list(hits, tracks);
        QCOMPARE(list.size(), size_t(1002));
        QVERIFY(list.contains(7000) && list.contains(10) && !list.contains(5000));
        std::vector<int64_t> found;
        list.forEach(1, 40 * kMs, 45 * kMs, [&](const query::DrawItem& d) { found.push_back(d.spanId); });
        QCOMPARE(found, (std::vector<int64_t>{1, 51, 53, 55}));
        found.clear();
        list.forEach(2, 40 * kMs, 45 * kMs, [&](const query::DrawItem& d) { found.push_back(d.spanId); });
        QCOMPARE(found, (std::vector<int64_t>{50, 52, 54}));
        found.clear();
        list.forEach(3, 0, 1000 * kMs, [&](const query::DrawItem& d) { found.push_back(d.spanId); });
        QVERIFY(found.empty());
    }
};

QTEST_MAIN(TstTimelineLayout)
#include "tst_timelinelayout.moc"
