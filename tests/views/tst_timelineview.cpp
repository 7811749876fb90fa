// The timeline widget offscreen on a small demo profile: real pixels (a wait is red where the data says,
// step bands alternate, a clicked span gets the selection outline) and real interaction (wheel zoom around
// the cursor, drag to pan, F to fit, Back), with data from the worker-thread query service.
#include "core/demo/demogenerator.h"
#include "core/index/sqlite.h"
#include "core/query/analysisqueries.h"
#include "core/query/queryservice.h"
#include "tests/support/testsupport.h"
#include "views/common/interactionstate.h"
#include "views/common/palette.h"
#include "views/timeline/hittester.h"
#include "views/timeline/timelinelegend.h"
#include "views/timeline/timelineview.h"

#include <QApplication>
#include <QSignalSpy>
#include <QToolTip>
#include <QtTest>

using namespace rs;
using views::Selection;

class TstTimelineView : public QObject {
    Q_OBJECT
    std::string m_db;
    std::unique_ptr<index::Db> m_dbHandle; ///< the demo's index, read-only (expected values)
    demo::DemoTruth m_truth{};

    struct Fixture {
        views::InteractionState state;
        query::QueryService service;
        std::unique_ptr<views::TimelineView> view;
        std::shared_ptr<const query::ProfileSummary> summary;
    };
    std::unique_ptr<Fixture> open(const std::string& db = {}, QSize size = {1200, 560}) {
        auto f = std::make_unique<Fixture>();
        f->view = std::make_unique<views::TimelineView>(&f->state, &f->service);
        f->view->resize(size);
        f->view->show();
        QSignalSpy ready(&f->service, &query::QueryService::summaryReady);
        f->service.open(QString::fromStdString(db.empty() ? m_db : db));
        if (!ready.wait(20000)) return nullptr;
        f->summary = ready.takeFirst().at(0).value<std::shared_ptr<const query::ProfileSummary>>();
        f->state.setBounds(f->summary->startNs, f->summary->endNs);
        f->view->setSummary(f->summary);
        return f;
    }
    // Sets the window and waits until the view shows the answer to exactly that request.
    static bool showWindow(Fixture& f, qint64 t0, qint64 t1) {
        f.state.setWindow(t0, t1);
        auto shown = [&] {
            auto* d = f.view->timelineData();
            return d && d->window.t0 == f.state.windowStart() && d->window.t1 == f.state.windowEnd();
        };
        for (int i = 0; i < 400 && !shown(); ++i)
            QTest::qWait(50);
        return shown();
    }
    static QImage grab(Fixture& f) {
        QImage img(f.view->size(), QImage::Format_ARGB32);
        f.view->render(&img);
        return img;
    }
    const query::StepDesc* step(const Fixture& f, int rank, int64_t n) {
        for (const auto& s : f.summary->steps)
            if (s.rank == rank && s.step == n) return &s;
        return nullptr;
    }

    // Shows the first eighth of rank 0's step 1 and returns rank 0's compute lane: a kernel lies in its
    // middle, 6 px below its top. An empty rect when the window was not shown.
    QRect showKernels(Fixture& f) {
        const auto* s = step(f, 0, 1);
        if (!s || !showWindow(f, s->startNs, s->startNs + (s->endNs - s->startNs) / 8)) return {};
        qint64 compute = 0;
        for (const auto& t : f.summary->tracks)
            if (t.rank == 0 && t.kind == "compute") compute = t.trackId;
        return f.view->laneRect(compute);
    }
  private Q_SLOTS:
    void initTestCase() {
        const demo::DemoOptions o = test::demoOptions(2, 4, 1);
        m_truth = demo::demoTruth(o);
        auto ix = test::indexedDemo(test::tempDir("timeline"), o);
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        m_db = ix.result.dbPath;
        m_dbHandle = std::move(ix.db);
    }
    void waitRegionIsRedWhereTheDataSaysIt() {
        auto f = open();
        QVERIFY(f);
        // the wait of the rank that was kept waiting by the stall: its longest piece, the handshake at the
        // op's start (a wait is drawn where its wait tasks ran; the chunks' short waits come after it)
        const query::WaitDesc* w = nullptr;
        for (const auto& x : f->summary->waits)
            if (x.kind == "collective_wait" && x.step == m_truth.stallStep && (!w || x.durNs > w->durNs))
                w = &x;
        QVERIFY(w);
        QCOMPARE(*w->blamedRank, m_truth.stallRank);
        QVERIFY(showWindow(*f, w->startNs - w->durNs / 4, w->startNs + w->durNs + w->durNs / 4));
        QImage img = grab(*f);
        qint64 groupTrack = 0;
        for (const auto& t : f->summary->tracks)
            if (t.rank == w->rank && t.name == "Group 0 Communication") groupTrack = t.trackId;
        QRect lane = f->view->laneRect(groupTrack);
        QVERIFY(lane.isValid());
        int xIn = int(f->view->xOf(w->startNs + w->durNs / 2));
        int y = lane.center().y();
        auto isRed = [](QColor c) { return c.red() > c.green() + 60 && c.red() > c.blue() + 60; };
        int redCount = 0;
        for (int dx = -10; dx <= 10; ++dx)
            redCount += isRed(img.pixelColor(xIn + dx, y));
        QVERIFY2(redCount >= 15, qPrintable(QString("the wait region is not red: %1/21, e.g. %2")
                                                .arg(redCount)
                                                .arg(img.pixelColor(xIn, y).name())));
        QRect waiting = f->view->rankBlock(w->rank);
        QVERIFY(isRed(img.pixelColor(xIn, waiting.top() + 8))); // header bar
        // not before the wait, unless another piece of a wait of that rank was there (a piece under a pixel
        // is drawn faint: red or not by what is under it, so not judged)
        const int xBefore = int(f->view->xOf(w->startNs)) - 30;
        const double nsPerPx =
            double(w->durNs) / std::max(1.0, f->view->xOf(w->startNs + w->durNs) - f->view->xOf(w->startNs));
        bool waitedBefore = false, thinBefore = false;
        for (const auto& x : f->summary->waits)
            if (x.rank == w->rank && x.kind == "collective_wait" &&
                double(x.startNs) <= double(w->startNs) - 29 * nsPerPx &&
                double(x.startNs + x.durNs) >= double(w->startNs) - 31 * nsPerPx)
                (double(x.durNs) >= nsPerPx ? waitedBefore : thinBefore) = true;
        if (waitedBefore || !thinBefore) QCOMPARE(isRed(img.pixelColor(xBefore, y)), waitedBefore);
        // and the header of the stalling rank is orange (idle gap), not red, at the same time
        QRect stallBlock = f->view->rankBlock(m_truth.stallRank);
        QColor head = img.pixelColor(xIn, stallBlock.top() + 8);
        QVERIFY2(head.red() > 200 && head.green() > 100 && head.blue() < 120, qPrintable(head.name()));
        // hiding waits removes the red
        f->view->setShowWaits(false);
        QImage plain = grab(*f);
        QColor c = plain.pixelColor(xIn, y);
        QVERIFY(!(c.red() > c.green() + 50 && c.red() > c.blue() + 50));
    }
    void longSpansStayDrawnAtAnyZoom() {
        // the longest span of every lane kind drawn (SQL over the index, not the view's query), looked at
        // through windows down to 1/100 000 of it around its middle: it covers the whole window, so the
        // lane's middle row must show it (it vanished below ~12 µs / 1.5 ms windows)
        auto f = open();
        QVERIFY(f);
        index::Db db(m_db, true);
        auto q = db.prepare("SELECT s.track_id, s.ts_ns, s.dur_ns, s.depth FROM span s JOIN track t ON "
                            "t.track_id = s.track_id WHERE t.kind IN ('compute', 'host') AND s.depth = 0 "
                            "AND t.rank = 0 ORDER BY s.dur_ns DESC LIMIT 1");
        QVERIFY(q.step());
        const qint64 track = q.i64(0), ts = q.i64(1), dur = q.i64(2);
        QVERIFY2(dur > 2000000, "the demo has a span over 2 ms to look into");
        const qint64 mid = ts + dur / 2;
        f->view->setShowWaits(false); // their tint is not a span
        const QColor base = f->view->palette().color(QPalette::Base);
        QColor band = f->view->palette().color(QPalette::AlternateBase); // the step bands, as painted
        if (band == base) band = band.darker(106);
        for (qint64 width : {dur / 10, dur / 1000, dur / 100000, qint64(1000), qint64(20)}) {
            QVERIFY(showWindow(*f, mid - width / 2, mid + width / 2));
            QImage img = grab(*f);
            QRect lane = f->view->laneRect(track);
            QVERIFY(lane.isValid());
            int ink = 0;
            for (int x = lane.left() + 5; x < lane.right() - 5; x += 7) {
                const QColor c = img.pixelColor(x, lane.top() + 6);
                ink += c != base && c != band;
            }
            QVERIFY2(ink > (lane.width() - 10) / 7 - 3,
                     qPrintable(QString("a %1 ns window in a %2 ns span: %3 of %4 samples drawn")
                                    .arg(width)
                                    .arg(dur)
                                    .arg(ink)
                                    .arg((lane.width() - 10) / 7)));
        }
    }
    void waitStaysRedAtAnyZoom() {
        // the stall's wait seen through windows down to 20 ns around its middle: still red in the waiting
        // rank's header (past ~50 ns windows the overlay was billions of px wide and drew nothing)
        auto f = open();
        QVERIFY(f);
        const query::WaitDesc* w = nullptr;
        for (const auto& x : f->summary->waits)
            if (x.kind == "collective_wait" && x.step == m_truth.stallStep) w = &x;
        QVERIFY(w);
        const qint64 mid = w->startNs + w->durNs / 2;
        for (qint64 width : {qint64(w->durNs / 10), qint64(100000), qint64(1000), qint64(50), qint64(20)}) {
            QVERIFY(showWindow(*f, mid - width / 2, mid + width / 2));
            QImage img = grab(*f);
            const QRect block = f->view->rankBlock(w->rank);
            const QColor head = img.pixelColor(block.center().x(), block.top() + 8);
            QVERIFY2(head.red() > head.green() + 60 && head.red() > head.blue() + 60,
                     qPrintable(QString("%1 ns window: %2").arg(width).arg(head.name())));
        }
    }
    void stepBandsAlternate() {
        // each rank's steps are banded over its own block (ranks' bounds differ: cluster_propose); the
        // background of rank 0's block, the commonest colour of its column at a step's middle, alternates
        auto f = open();
        QVERIFY(f);
        QVERIFY(showWindow(*f, f->summary->startNs, f->summary->endNs));
        QImage img = grab(*f);
        const QRect block = f->view->rankBlock(0);
        auto colorAtStep = [&](int64_t n) {
            const auto* s = step(*f, 0, n);
            const int x = int(f->view->xOf((s->startNs + s->endNs) / 2));
            std::map<QRgb, int> count;
            for (int y = block.top(); y <= block.bottom(); ++y)
                ++count[img.pixel(x, y)];
            return std::max_element(count.begin(), count.end(),
                                    [](auto& a, auto& b) { return a.second < b.second; })
                ->first;
        };
        // step 3 is the long stall step: sample steps 1, 2, 3 (bands of 1 and 3 share a shade)
        QVERIFY(colorAtStep(1) != colorAtStep(2));
        QCOMPARE(colorAtStep(1), colorAtStep(3));
    }
    void aShortViewKeepsItsLanes() {
        // walk 45, 640 × 480: the timeline's dock-sized view (440 px wide) spent 64 px of its footer on a
        // legend in three rows. Under kCompactFooterBelow the labels are one word each and take one row:
        // the lanes get the view less the ruler and one legend row (the demo has no notes); its tooltip
        // names the colours whole. A tall view keeps the whole labels
        auto f = open({}, QSize(440, 180));
        QVERIFY(f);
        QVERIFY(f->view->summary()->ranks.size() == 2);
        f->view->resize(440, 180);
        QCOMPARE(f->view->lanesHeight(), 180 - views::TimelineView::kAxis - views::kLegendRow);
        QVERIFY(views::legendSize(f->view->font(), {false, true, true}, 432).height() <
                views::legendSize(f->view->font(), {false, true, false}, 432).height());
        f->view->resize(440, views::kCompactFooterBelow + 100);
        QVERIFY(f->view->lanesHeight() <
                views::kCompactFooterBelow + 100 - views::TimelineView::kAxis - views::kLegendRow);
    }
    void hidingTheWaitsGivesTheLegendsRowBack() {
        // review of stop 50: the legend names the waits' hatches only while they are drawn, but turning
        // them off kept the footer's height (one legend row too many; back on, a row over the notes)
        auto f = open({}, QSize(800, 600));
        QVERIFY(f);
        f->view->resize(800, 600);
        const int withWaits = f->view->lanesHeight();
        QVERIFY(views::legendSize(f->view->font(), {}, 792).height() >
                views::legendSize(f->view->font(), {false, false}, 792).height()); // this width: a row less
        f->view->setShowWaits(false);
        QVERIFY2(
            f->view->lanesHeight() > withWaits,
            qPrintable(
                QString("%1 px of lanes, %2 with the waits").arg(f->view->lanesHeight()).arg(withWaits)));
        f->view->setShowWaits(true);
        QCOMPARE(f->view->lanesHeight(), withWaits);
    }
    void clickSelectsSpanWithOutline() {
        auto f = open();
        QVERIFY(f);
        const QRect lane = showKernels(*f);
        QVERIFY(!lane.isEmpty());
        // a kernel in the middle of the window
        QPoint p(f->view->width() / 2, lane.top() + 6);
        QSignalSpy activated(f->view.get(), &views::TimelineView::spanActivated);
        QTest::mouseClick(f->view.get(), Qt::LeftButton, {}, p);
        QCOMPARE(f->state.selection().kind, Selection::Kind::Span);
        QCOMPARE(activated.count(), 1);
        qint64 id = f->state.selection().spanId;
        QVERIFY(id > 0);
        QImage img = grab(*f);
        const QColor hl = views::selectionRingColor();
        int x0 = int(f->view->xOf(f->state.selection().startNs)),
            x1 = int(f->view->xOf(f->state.selection().endNs));
        int outline = 0;
        for (int x = std::max(x0, views::TimelineView::kGutter); x <= x1; ++x)
            for (int y = lane.top() - 2; y <= lane.top() + 3; ++y)
                if (img.pixelColor(x, y) == hl) ++outline;
        QVERIFY2(outline > 5, "no selection outline");
        // clicking empty space clears the selection
        QTest::mouseClick(f->view.get(), Qt::LeftButton, {},
                          QPoint(f->view->width() / 2, f->view->height() - 30));
        QCOMPARE(f->state.selection().kind, Selection::Kind::None);
    }
    void aKeyZoomHidesTheTooltipOfWhatWasUnderTheCursor() {
        // walk: a span's tooltip stayed up after ~30 steps of +/- zoom, over another span (Qt hides a
        // tooltip on a click or the wheel, not on a key)
        auto f = open();
        QVERIFY(f);
        const QRect lane = showKernels(*f);
        QVERIFY(!lane.isEmpty());
        const QPoint p(f->view->width() / 2, lane.top() + 6);
        QHelpEvent help(QEvent::ToolTip, p, f->view->mapToGlobal(p));
        QApplication::sendEvent(f->view.get(), &help);
        QTRY_VERIFY(QToolTip::isVisible()); // a kernel's tooltip, as the click test selects one there
        const qint64 span = f->state.windowEnd() - f->state.windowStart();
        f->view->setFocus();
        QTest::keyClick(f->view.get(), Qt::Key_Plus);
        QVERIFY(f->state.windowEnd() - f->state.windowStart() < span); // zoomed in
        // QToolTip::hideText() lets the tip go 300 ms later; left alone it stays its 10 s and more
        QTRY_VERIFY_WITH_TIMEOUT(!QToolTip::isVisible(), 3000);
    }
    void wheelZoomsAroundCursorAndBackRestores() {
        auto f = open();
        QVERIFY(f);
        QVERIFY(showWindow(*f, f->summary->startNs, f->summary->endNs));
        qint64 t0 = f->state.windowStart(), t1 = f->state.windowEnd();
        QPointF cursor(views::TimelineView::kGutter + 300, 200);
        qint64 under = views::TimeMapping{t0, t1, double(views::TimelineView::kGutter),
                                          double(f->view->width() - views::TimelineView::kGutter - 15)}
                           .t(cursor.x());
        QWheelEvent wheel(cursor, f->view->mapToGlobal(cursor), QPoint(), QPoint(0, 240), Qt::NoButton,
                          Qt::NoModifier, Qt::NoScrollPhase, false);
        QApplication::sendEvent(f->view.get(), &wheel);
        qint64 n0 = f->state.windowStart(), n1 = f->state.windowEnd();
        QVERIFY(n1 - n0 < (t1 - t0) * 0.7); // two notches: 1.25² zoom
        double before = double(under - t0) / double(t1 - t0), after = double(under - n0) / double(n1 - n0);
        QVERIFY(std::fabs(before - after) < 0.02); // the time under the cursor stays put
        // drag to pan
        QTest::mousePress(f->view.get(), Qt::LeftButton, {}, QPoint(600, 200));
        QTest::mouseMove(f->view.get(), QPoint(500, 200));
        QTest::mouseRelease(f->view.get(), Qt::LeftButton, {}, QPoint(500, 200));
        QVERIFY(f->state.windowStart() > n0);
        QCOMPARE(f->state.windowEnd() - f->state.windowStart(), n1 - n0);
        // Back undoes the pan, then the zoom
        QVERIFY(f->state.canGoBack());
        f->state.back();
        QCOMPARE(f->state.windowStart(), n0);
        f->state.back();
        QCOMPARE(f->state.windowStart(), t0);
        // W zooms in, F fits
        QTest::keyClick(f->view.get(), Qt::Key_W);
        QVERIFY(f->state.windowEnd() - f->state.windowStart() < t1 - t0);
        QTest::keyClick(f->view.get(), Qt::Key_F);
        QCOMPARE(f->state.windowStart(), f->state.boundsStart());
        QCOMPARE(f->state.windowEnd(), f->state.boundsEnd());
    }
    void memoryLaneIsAnAreaChart() {
        auto f = open();
        QVERIFY(f);
        QVERIFY(showWindow(*f, f->summary->startNs, f->summary->endNs));
        QRect lane = f->view->laneRect(query::memoryTrackId(0));
        QVERIFY2(lane.isValid(), "no memory lane for rank 0");
        const auto* d = f->view->timelineData();
        auto series = std::find_if(d->counters.begin(), d->counters.end(), [](const query::CounterSeries& c) {
            return c.trackId == query::memoryTrackId(0);
        });
        QVERIFY(series != d->counters.end() && series->maxValue > double(1 << 30));
        QImage img = grab(*f);
        // the area is filled near the bottom of the lane across the run
        int filled = 0;
        for (int x = views::TimelineView::kGutter + 20; x < img.width() - 40; x += 25) {
            QColor c = img.pixelColor(x, lane.bottom() - 4);
            filled += c.red() > c.blue() + 30;
        }
        QVERIFY2(filled > 10, qPrintable(QString("memory area drawn at %1 samples").arg(filled)));
        // zoomed to 1 µs in the middle of the run the curve's value in force still fills the lane (a sample
        // of another component being the last one before the window left it empty)
        const qint64 mid = (f->summary->startNs + f->summary->endNs) / 2;
        QVERIFY(showWindow(*f, mid, mid + 1000));
        const auto* zd = f->view->timelineData();
        auto zs = std::find_if(zd->counters.begin(), zd->counters.end(), [](const query::CounterSeries& c) {
            return c.trackId == query::memoryTrackId(0);
        });
        QVERIFY(zs != zd->counters.end() && !zs->points.empty());
        QImage zimg = grab(*f);
        const QColor c = zimg.pixelColor(lane.center().x(), lane.bottom() - 4);
        QVERIFY2(c.red() > c.blue() + 30, qPrintable(c.name()));
        // a window inside the longest gap between the curve's samples, wide enough to read level-of-detail
        // rows: none falls in it, and the lane went blank while the last sample's bytes stayed allocated
        index::Db db(m_db, true);
        auto gap = db.prepare(
            "WITH s AS (SELECT ts_ns, lead(ts_ns) OVER (ORDER BY ts_ns) AS nx FROM memory_sample WHERE rank "
            "= 0 "
            "AND component = (SELECT curve_component FROM memory_summary WHERE rank = 0) AND allocated_bytes "
            "IS "
            "NOT NULL) SELECT ts_ns, nx FROM s WHERE nx IS NOT NULL ORDER BY nx - ts_ns DESC LIMIT 1");
        QVERIFY(gap.step());
        const qint64 g0 = gap.i64(0), g1 = gap.i64(1);
        QVERIFY2(g1 - g0 > 50'000'000, qPrintable(QString::number(g1 - g0))); // the stall step's
        QVERIFY(showWindow(*f, g0 + (g1 - g0) / 4, g1 - (g1 - g0) / 4));
        QVERIFY(f->view->timelineData()->lodLevel >= 0);
        const QImage gimg = grab(*f);
        int gapFilled = 0;
        for (int x = views::TimelineView::kGutter + 20; x < gimg.width() - 40; x += 25) {
            const QColor g = gimg.pixelColor(x, lane.bottom() - 4);
            gapFilled += g.red() > g.blue() + 30;
        }
        QVERIFY2(gapFilled > 10,
                 qPrintable(QString("memory area drawn at %1 samples in a gap").arg(gapFilled)));
    }
    void pinMovesATrackToTheTop() {
        auto f = open();
        QVERIFY(f);
        qint64 group3 = 0;
        for (const auto& t : f->summary->tracks)
            if (t.rank == 1 && t.name == "Group 0 Communication") group3 = t.trackId;
        QVERIFY(group3);
        int before = f->view->laneRect(group3).top();
        f->view->setPinned(group3, true);
        QVERIFY(f->view->laneRect(group3).top() < before);
        QVERIFY(f->view->lanes()[0].header && f->view->lanes()[0].pinned);
        QCOMPARE(f->view->lanes()[1].trackId, group3);
        QCOMPARE(f->view->pinnedTracks(), std::vector<int64_t>{group3});
        f->view->setPinned(group3, false);
        QVERIFY(!f->view->lanes()[0].pinned);
    }
    void clockAlignedLanesShiftByTheOffset() {
        // two ranks, the same raw span; rank 1's clock runs 1 ms ahead
        auto sum = std::make_shared<query::ProfileSummary>();
        sum->ranks = {0, 1};
        sum->tracks = {{1, 0, "compute", "Stream 2", "", 0, 1, 0},
                       {2, 1, "compute", "Stream 2", "", 0, 1, 0}};
        sum->strings = {"", "kernel"};
        sum->clockOffsetNs = {{0, 0}, {1, 1000000}};
        sum->startNs = 0;
        sum->endNs = 10000000;
        views::InteractionState state;
        state.setBounds(0, 10000000);
        views::TimelineView view(&state, nullptr);
        view.resize(1200, 300);
        view.show();
        view.setSummary(sum);
        auto data = std::make_shared<query::TimelineData>();
        data->window = {0, 10000000, 1000, {1, 2}};
        for (int64_t t : {1, 2})
            data->tracks.push_back({t, {{5000000, 6000000, 1, 1, 0, 1, 10 + t}}});
        view.setTimelineData(data);
        auto leftEdge = [&](qint64 track) {
            QImage img(view.size(), QImage::Format_ARGB32);
            view.render(&img);
            int y = view.laneRect(track).top() + 5;
            for (int x = views::TimelineView::kGutter; x < img.width(); ++x)
                if (img.pixelColor(x, y).saturation() > 60) return x;
            return -1;
        };
        QCOMPARE(leftEdge(2), leftEdge(1)); // raw: the same timestamp, the same x
        view.setAligned(true);
        double pxPerMs = view.xOf(1000000) - view.xOf(0);
        QVERIFY(std::abs((leftEdge(1) - leftEdge(2)) - pxPerMs) <= 1.5); // rank 1 moved 1 ms earlier
        // hit-testing follows the shifted lane: clicking where rank 1's span is drawn selects it
        QRect lane = view.laneRect(2);
        QTest::mouseClick(&view, Qt::LeftButton, {}, QPoint(leftEdge(2) + 3, lane.top() + 5));
        QCOMPARE(state.selection().spanId, qint64(12));
    }
    void staleAnswersAreDropped() {
        auto f = open();
        QVERIFY(f);
        QVERIFY(showWindow(*f, f->summary->startNs, f->summary->endNs));
        const auto* before = f->view->timelineData();
        // an answer to an old request id arrives late: the view keeps what it shows
        auto stale = std::make_shared<query::TimelineData>();
        stale->window.t0 = 1;
        stale->window.t1 = 2;
        Q_EMIT f->service.timelineReady(0, stale); // id 0 is never issued
        QCOMPARE(f->view->timelineData(), before);
        // two windows in a row: the view ends on the second one's data
        f->state.setWindow(f->summary->startNs, f->summary->startNs + 1000000);
        QVERIFY(showWindow(*f, f->summary->startNs + 1000, f->summary->endNs));
        QCOMPARE(f->view->timelineData()->window.t0, f->summary->startNs + 1000);
    }
    void rankPickedElsewhereComesIntoViewFromItsTop() {
        // rank 1's header low in a short view, its lanes below the edge: a selection on rank 1 made in
        // another view (state.setSelection, not a click here) scrolls its block into view from its top (it
        // stayed put while the header was more than 40 px above the bottom)
        auto f = open({}, {1200, 330});
        QVERIFY(f);
        QVERIFY(showWindow(*f, f->summary->startNs, f->summary->endNs));
        const int lanesBottom = f->view->height() - 24; // the footer's legend row
        f->view->setScrollOffset(0);
        const QRect before = f->view->rankBlock(1);
        QVERIFY2(before.top() < lanesBottom - 60 && before.bottom() > lanesBottom,
                 qPrintable(QString("rank 1's block at %1 … %2").arg(before.top()).arg(before.bottom())));
        Selection s;
        s.kind = Selection::Kind::OpType;
        s.opType = "MatMulV2";
        s.rank = 1;
        f->state.setSelection(s);
        const QRect block = f->view->rankBlock(1);
        QVERIFY2(block.top() >= views::TimelineView::kAxis &&
                     (block.top() == views::TimelineView::kAxis || block.bottom() <= lanesBottom),
                 qPrintable(QString("rank 1's block at %1 … %2").arg(block.top()).arg(block.bottom())));
    }
    void ownClickDoesNotScrollTheLanes() {
        // a click on a span selects it where it is: the lanes do not jump to the span's rank
        auto f = open({}, {1200, 330});
        QVERIFY(f);
        const auto* s = step(*f, 1, 1);
        QVERIFY(showWindow(*f, s->startNs, s->startNs + (s->endNs - s->startNs) / 8));
        qint64 compute = 0;
        for (const auto& t : f->summary->tracks)
            if (t.rank == 1 && t.kind == "compute") compute = t.trackId;
        f->view->setScrollOffset(f->view->scrollOffset() + f->view->laneRect(compute).top() - 200);
        const int scroll = f->view->scrollOffset();
        QTest::mouseClick(f->view.get(), Qt::LeftButton, {},
                          QPoint(f->view->width() / 2, f->view->laneRect(compute).top() + 6));
        QCOMPARE(f->state.selection().kind, Selection::Kind::Span);
        QCOMPARE(f->view->scrollOffset(), scroll);
    }
    void heatmapPickedKernelIsOutlined() {
        // HTA's nccl_parser_config (real Kineto): a heatmap cell on rank 0 (its op type with the longest
        // kernels) highlights its kernels and the app zooms to the longest, padded 4× on each side
        // (MainWindow); at that zoom the lanes are level-of-detail buckets without span ids, and a picked
        // kernel had got no outline
        const std::string samples = test::samplesDir();
        if (samples.empty()) QSKIP("../shared/samples is not present");
        auto ix = test::indexDir(samples + "/hta/tests/data/nccl_parser_config");
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        const std::string op =
            ix.db->scalarText("SELECT op_type FROM op_stats WHERE rank = 0 ORDER BY max_ns DESC LIMIT 1");
        QVERIFY(!op.empty());
        std::vector<int64_t> tracks;
        const auto hits = query::opKernelSpans(*ix.db, op, 0, 5000, &tracks);
        QVERIFY(!hits.empty());
        size_t longest = 0;
        for (size_t i = 0; i < hits.size(); ++i)
            if (hits[i].endNs - hits[i].startNs > hits[longest].endNs - hits[longest].startNs) longest = i;
        const auto& h = hits[longest];
        auto f = open(ix.result.dbPath);
        QVERIFY(f);
        f->view->setSearchHits(hits, std::vector<qint64>(tracks.begin(), tracks.end()));
        // wide enough that the lanes are level-of-detail buckets (6 px hold a 256 µs bucket)
        const int64_t pad = std::max<int64_t>((h.endNs - h.startNs) * 4, 60000000);
        QVERIFY(showWindow(*f, h.startNs - pad, h.endNs + pad));
        f->view->scrollToTrack(tracks[longest]);
        QVERIFY2(f->view->timelineData()->lodLevel >= 0, "the frame is a level-of-detail one");
        const QImage img = grab(*f);
        const QRect lane = f->view->laneRect(tracks[longest]);
        QVERIFY(lane.isValid() && lane.top() >= views::TimelineView::kAxis);
        int yellow = 0;
        for (int y = lane.top() - 2; y <= lane.bottom() + 2; ++y)
            for (int x = int(f->view->xOf(h.startNs)) - 3; x <= int(f->view->xOf(h.endNs)) + 3; ++x) {
                const QColor c = img.pixelColor(x, y);
                yellow += c.red() > 230 && c.green() > 180 && c.green() < 220 && c.blue() < 40;
            }
        QVERIFY2(yellow > 20, qPrintable(QString("%1 outline pixels").arg(yellow)));
    }
    void memoryOpNameHighlightsItsCollectives() {
        // walk17a M4: a bank anomaly selects op type "AllReduce", the name the memory records give a
        // collective's buffers; no span has that op type (the demo's collectives are hcom_allReduce__*), so
        // every span of the rank was dimmed while Details said they were highlighted. They resolve by the
        // drill-down's rule (hcom_allReduce_ → allreduce): rank 0's collectives are drawn in full colour,
        // nothing else
        auto f = open();
        QVERIFY(f);
        const auto* st = step(*f, 0, 1);
        QVERIFY(showWindow(*f, st->startNs, st->endNs));
        Selection s;
        s.kind = Selection::Kind::OpType;
        s.rank = 0;
        s.opType = "AllReduce";
        f->state.setSelection(s);
        f->view->repaint();
        std::map<qint64, int> full; // track → full-colour span rects
        for (const auto* b : f->view->paintedFrame().all<views::RectBatch>()) {
            if (qAlpha(b->color) != 255) continue;
            for (const QRectF& r : b->rects)
                for (const auto& l : f->view->lanes())
                    if (!l.header && f->view->laneRect(l.trackId).contains(r.center().toPoint()))
                        ++full[l.trackId];
        }
        QVERIFY2(!full.empty(), "every span dimmed");
        for (const auto& [track, n] : full) {
            // only lanes of rank 0 holding its hcom_allReduce collectives
            const auto names =
                test::rowsOf(*m_dbHandle, "SELECT DISTINCT t.rank FROM spans s JOIN tracks t ON "
                                          "t.track_id = s.track_id WHERE s.track_id = " +
                                              std::to_string(track) + " AND s.name LIKE 'hcom_allReduce%'");
            QCOMPARE(names, std::vector<std::string>{"0"});
        }
    }
    void zoomedOutHostSpanClickSelectsIt() {
        // walk17a M3: HTA cpu_only at Fit reads LOD buckets, which carry no span id, so a click on a
        // gloo:all_reduce selected nothing. Python over the trace: thread 3553's third gloo:all_reduce
        // starts 451.688 ms after the first event and runs 380 183.168 µs, after ProfilerStep#551
        // (+4.291 ms, 210 109.162 µs): its tooltip names no step, as Details does (M2)
        const std::string samples = test::samplesDir();
        if (samples.empty()) QSKIP("../shared/samples is not present");
        auto ix = test::indexDir(samples + "/hta/tests/data/cpu_only");
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        const auto rows =
            ix.rows("SELECT s.span_id, s.track_id, s.ts_ns, s.dur_ns, coalesce(s.step, -1) FROM "
                    "spans s JOIN tracks t ON t.track_id = s.track_id WHERE t.name LIKE "
                    "'%3553%' AND s.name = 'gloo:all_reduce' ORDER BY s.ts_ns");
        QCOMPARE(rows.size(), size_t(5));
        const QStringList v = QString::fromStdString(rows[2]).split('|');
        const qint64 span = v[0].toLongLong(), track = v[1].toLongLong(), ts = v[2].toLongLong();
        QCOMPARE(v[3].toLongLong(), qint64(380183168));
        QCOMPARE(v[4].toLongLong(), qint64(-1)); // the index's rule: in no step
        auto f = open(ix.result.dbPath);
        QVERIFY(f);
        QVERIFY(showWindow(*f, f->summary->startNs, f->summary->endNs));
        QVERIFY2(f->view->timelineData()->lodLevel >= 0, "at Fit the frame reads LOD buckets");
        f->view->scrollToTrack(track);
        const QRect lane = f->view->laneRect(track);
        const QPoint p(int(f->view->xOf(ts + 380183168 / 2)), lane.top() + 6);
        // the tooltip of that pixel: no "step 551"
        const views::FrameInput in = f->view->frameInput();
        const views::TimelineHit h = views::hitTest(in, p);
        QVERIFY(h.item);
        const QString tip = views::tooltipFor(in, h);
        QVERIFY2(tip.contains("gloo:all_reduce") && !tip.contains("step"), qPrintable(tip));
        QSignalSpy activated(f->view.get(), &views::TimelineView::spanActivated);
        QTest::mouseClick(f->view.get(), Qt::LeftButton, {}, p);
        QTRY_COMPARE(f->state.selection().kind, Selection::Kind::Span);
        QCOMPARE(f->state.selection().spanId, span);
        QCOMPARE(f->state.selection().startNs, ts);
        QCOMPARE(activated.count(), 1);
        QCOMPARE(activated.at(0).at(0).toLongLong(), span);
        // and it is outlined, though drawn from a bucket
        f->view->repaint();
        const QRgb hl = views::selectionRingColor().rgba();
        int outlines = 0;
        for (const auto* r : f->view->paintedFrame().all<views::StrokeRect>())
            outlines += r->color == hl && r->rect.contains(QPointF(p));
        QCOMPARE(outlines, 1);
    }
    void tooltipStepIsTheIndexStep() {
        // one rule for the tooltip and Details (index::keepsStep): every span of cpu_only gets the step the
        // index's spans view gives it; python over the trace: 3 spans in step 551, 13 in none
        const std::string samples = test::samplesDir();
        if (samples.empty()) QSKIP("../shared/samples is not present");
        auto ix = test::indexDir(samples + "/hta/tests/data/cpu_only");
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        const auto summary = query::loadSummary(*ix.db);
        int inStep = 0, inNone = 0;
        for (const auto& r : ix.rows("SELECT s.ts_ns, t.rank, t.kind, coalesce(s.step, -1) FROM spans s JOIN "
                                     "tracks t ON t.track_id = s.track_id")) {
            const QStringList v = QString::fromStdString(r).split('|');
            const auto step = query::spanStepOf(summary, v[1].toInt(), v[0].toLongLong());
            QCOMPARE(step.value_or(-1), v[3].toLongLong());
            ++(step ? inStep : inNone);
        }
        QCOMPARE(inStep, 3);
        QCOMPARE(inNone, 13);
    }
    void ncclKernelIsCommunicationColoured() {
        // the same sample's ncclKernel_AllReduce spans run on "Stream 40" (alone, now that the stream's
        // user annotations have their own lane, so it is a communication lane): they are drawn in the
        // communication hues (blue to purple) the legend shows, not in a compute green
        const std::string samples = test::samplesDir();
        if (samples.empty()) QSKIP("../shared/samples is not present");
        auto ix = test::indexDir(samples + "/hta/tests/data/nccl_parser_config");
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        auto q = ix.db->prepare("SELECT s.track_id, s.ts_ns, s.dur_ns, s.depth FROM spans s JOIN tracks t ON "
                                "t.track_id = s.track_id WHERE t.kind IN ('compute', 'communication') AND "
                                "s.name LIKE 'ncclKernel%' "
                                "ORDER BY s.dur_ns DESC LIMIT 1");
        QVERIFY(q.step());
        const qint64 track = q.i64(0), ts = q.i64(1), dur = q.i64(2);
        const int depth = int(q.i64(3));
        auto f = open(ix.result.dbPath);
        QVERIFY(f);
        f->view->setShowWaits(false);
        QVERIFY(showWindow(*f, ts + dur / 4, ts + dur / 2)); // inside the kernel: raw spans
        f->view->scrollToTrack(track);
        const QImage img = grab(*f);
        const QRect lane = f->view->laneRect(track);
        const QColor c = img.pixelColor(lane.center().x(), lane.top() + 1 + depth * 13 + 6);
        QVERIFY2(c.hue() >= 200 && c.hue() <= 280 && c.saturation() > 60, qPrintable(c.name()));
    }
};

QTEST_MAIN(TstTimelineView)
#include "tst_timelineview.moc"
