// The minimap over a demo profile: the stalled collective's wait is red in the waiting rank's row at its
// time, a click moves the timeline's window there (width kept), and the wheel zooms around the cursor; each
// rank's row is shaded where its device works, so a run without waits (a Kineto sample) is not empty.
#include "core/demo/demogenerator.h"
#include "core/query/queryservice.h"
#include "tests/support/testsupport.h"
#include "views/common/interactionstate.h"
#include "views/timeline/minimapview.h"

#include <QSignalSpy>
#include <QtTest>

using namespace rs;

class TstMinimapView : public QObject {
    Q_OBJECT
    std::shared_ptr<const query::ProfileSummary> m_summary;
    demo::DemoTruth m_truth{};
    std::unique_ptr<query::QueryService> m_service;

    /// `map` (of `state`) 1000 × 40 px over the demo's summary, the window at Fit.
    void atFit(views::InteractionState& state, views::MinimapView& map) {
        state.setBounds(m_summary->startNs, m_summary->endNs);
        map.resize(1000, 40);
        map.setSummary(m_summary);
        state.fit();
    }

  private Q_SLOTS:
    void initTestCase() {
        const demo::DemoOptions o = test::demoOptions(4, 6, 1);
        m_truth = demo::demoTruth(o);
        auto ix = test::indexedDemo(test::tempDir("minimap"), o);
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        m_service = std::make_unique<query::QueryService>();
        QSignalSpy ready(m_service.get(), &query::QueryService::summaryReady);
        m_service->open(QString::fromStdString(ix.result.dbPath));
        QVERIFY(ready.wait(20000));
        m_summary = ready.takeFirst().at(0).value<std::shared_ptr<const query::ProfileSummary>>();
    }
    void waitsClickAndWheel() {
        views::InteractionState state;
        state.setBounds(m_summary->startNs, m_summary->endNs);
        views::MinimapView map(&state);
        map.resize(1000, 40);
        map.setSummary(m_summary);
        // the longest collective wait of the stall step: red in its rank's row (4 ranks: rows of 8 px)
        const query::WaitDesc* w = nullptr;
        for (const auto& x : m_summary->waits)
            if (x.kind == "collective_wait" && x.step == m_truth.stallStep && (!w || x.durNs > w->durNs))
                w = &x;
        QVERIFY(w);
        const int row = int(std::find(m_summary->ranks.begin(), m_summary->ranks.end(), w->rank) -
                            m_summary->ranks.begin());
        const double rowH = double(map.height() - 6) / double(m_summary->ranks.size());
        const QColor c =
            map.overview().pixelColor(int(map.xOf(w->startNs + w->durNs / 2)), int(3 + (row + 0.5) * rowH));
        QVERIFY2(c.red() > c.green() + 60 && c.red() > c.blue() + 60, qPrintable(c.name()));
        // a click centres a 10 ms window on the clicked time
        const qint64 t0 = m_summary->startNs + 1000000;
        state.setWindow(t0, t0 + 10000000);
        const int x = int(map.xOf((m_summary->startNs + m_summary->endNs) / 2));
        QTest::mouseClick(&map, Qt::LeftButton, {}, QPoint(x, 20));
        QCOMPARE(state.windowEnd() - state.windowStart(), qint64(10000000));
        const qint64 centre = (state.windowStart() + state.windowEnd()) / 2;
        QVERIFY(std::llabs(centre - map.timeAt(x)) < 2 * (m_summary->endNs - m_summary->startNs) / 1000);
        // pressing inside the frame grabs it: no jump until it is dragged, then it follows by the drag
        const qint64 before = state.windowStart();
        const int inFrame = int(map.xOf(state.windowStart()) + 1);
        QTest::mousePress(&map, Qt::LeftButton, {}, QPoint(inFrame, 20));
        QCOMPARE(state.windowStart(), before);
        QTest::mouseMove(&map, QPoint(inFrame + 50, 20));
        QVERIFY(state.windowStart() > before);
        QTest::mouseRelease(&map, Qt::LeftButton, {}, QPoint(inFrame + 50, 20));
        // the wheel zooms in
        QWheelEvent wheel(QPointF(x, 20), map.mapToGlobal(QPointF(x, 20)), QPoint(), QPoint(0, 120),
                          Qt::NoButton, Qt::NoModifier, Qt::NoScrollPhase, false);
        QApplication::sendEvent(&map, &wheel);
        QVERIFY(state.windowEnd() - state.windowStart() < 10000000);
    }
    void aDragDrawsANewWindowWhereItDoesNotPan() {
        // issue 19: at Fit the frame is the whole run, and a drag on the minimap only panned it: nothing
        // moved. A drag there (or beside a narrower frame) draws the window over the dragged time
        views::InteractionState state;
        views::MinimapView map(&state);
        atFit(state, map);
        const int a = 400, b = 600; // px, inside the plot (from x 170 to the scrollbar's margin)
        QTest::mousePress(&map, Qt::LeftButton, {}, QPoint(a, 20));
        QTest::mouseMove(&map, QPoint(500, 20));
        QTest::mouseMove(&map, QPoint(b, 20));
        QTest::mouseRelease(&map, Qt::LeftButton, {}, QPoint(b, 20));
        const qint64 px = (m_summary->endNs - m_summary->startNs) / (map.width() - views::MinimapView::kLeft);
        auto near = [&](qint64 got, qint64 want) { return std::llabs(got - want) <= 2 * px; };
        QVERIFY2(near(state.windowStart(), map.timeAt(a)) && near(state.windowEnd(), map.timeAt(b)),
                 qPrintable(QString("window %1..%2, dragged over %3..%4")
                                .arg(state.windowStart())
                                .arg(state.windowEnd())
                                .arg(map.timeAt(a))
                                .arg(map.timeAt(b))));
        // right to left beside the frame: the new window again, not the old one moved
        const int c = 850, d = 750;
        QTest::mousePress(&map, Qt::LeftButton, {}, QPoint(c, 20));
        QTest::mouseMove(&map, QPoint(d, 20));
        QTest::mouseRelease(&map, Qt::LeftButton, {}, QPoint(d, 20));
        QVERIFY(near(state.windowStart(), map.timeAt(d)) && near(state.windowEnd(), map.timeAt(c)));
        // the frame itself dragged: it pans, its width kept
        const qint64 width = state.windowEnd() - state.windowStart();
        QTest::mousePress(&map, Qt::LeftButton, {}, QPoint(800, 20));
        QTest::mouseMove(&map, QPoint(700, 20));
        QTest::mouseRelease(&map, Qt::LeftButton, {}, QPoint(700, 20));
        QCOMPARE(state.windowEnd() - state.windowStart(), width);
        QVERIFY(near(state.windowStart(), map.timeAt(d - 100)));
    }
    void backAfterADragGoesToTheWindowBeforeIt() {
        // walk 55a: every mouse move of a drag was a history entry, so Back after dragging the frame went to
        // a window the frame only passed through; a drag (a brush or a pan) is one entry
        views::InteractionState state;
        views::MinimapView map(&state);
        atFit(state, map);
        QTest::mousePress(&map, Qt::LeftButton, {}, QPoint(400, 20)); // a brush: 400..500 px
        for (int x = 420; x <= 500; x += 20)
            QTest::mouseMove(&map, QPoint(x, 20));
        QTest::mouseRelease(&map, Qt::LeftButton, {}, QPoint(500, 20));
        const qint64 brushed0 = state.windowStart(), brushed1 = state.windowEnd();
        QTest::mousePress(&map, Qt::LeftButton, {}, QPoint(450, 20)); // the frame panned right in steps
        for (int x = 480; x <= 750; x += 30)
            QTest::mouseMove(&map, QPoint(x, 20));
        QTest::mouseRelease(&map, Qt::LeftButton, {}, QPoint(750, 20));
        QVERIFY(state.windowStart() > brushed1);
        state.back();
        QCOMPARE(state.windowStart(), brushed0);
        QCOMPARE(state.windowEnd(), brushed1);
        state.back();
        QCOMPARE(state.windowStart(), m_summary->startNs); // Fit, before the brush
        QVERIFY(!state.canGoBack());
    }
    void hiddenWaitsAreNotDrawn() {
        // View ▸ Show communication waits off: the overview must not keep drawing the red waits the timeline
        // hides (the last walk saw them there)
        views::InteractionState state;
        state.setBounds(m_summary->startNs, m_summary->endNs);
        views::MinimapView map(&state);
        map.resize(1000, 40);
        map.setSummary(m_summary);
        auto redPixels = [&] {
            int n = 0;
            for (int x = views::MinimapView::kLeft; x < map.width(); ++x)
                for (int y = 3; y < map.height() - 3; ++y) {
                    const QColor c = map.overview().pixelColor(x, y);
                    n += c.red() > c.green() + 60 && c.red() > c.blue() + 60;
                }
            return n;
        };
        QVERIFY2(redPixels() > 20, "the stall's waits are red with waits shown");
        map.setShowWaits(false);
        QCOMPARE(redPixels(), 0);
        map.setShowWaits(true);
        QVERIFY(redPixels() > 20);
    }
    void followsADarkTheme() {
        // the picture is cached: a theme switch after the profile opened must redraw it in the new palette,
        // and busy columns must stand out from the dark base (lighter than it), not sink into it
        views::InteractionState state;
        state.setBounds(m_summary->startNs, m_summary->endNs);
        views::MinimapView map(&state, m_service.get());
        map.resize(1000, 40);
        map.setSummary(m_summary);
        QTRY_VERIFY_WITH_TIMEOUT(map.activity() != nullptr, 20000);
        QPalette dark = map.palette();
        dark.setColor(QPalette::Window, QColor(40, 40, 42));
        dark.setColor(QPalette::Base, QColor(30, 30, 32));
        dark.setColor(QPalette::AlternateBase, QColor(45, 45, 48));
        dark.setColor(QPalette::WindowText, QColor(220, 220, 220));
        map.setPalette(dark);
        QVERIFY2(map.overview().pixelColor(5, 2).lightness() < 80,
                 qPrintable(map.overview().pixelColor(5, 2).name()));
        const query::StepDesc* step = nullptr;
        for (const auto& s : m_summary->steps)
            if (s.rank == m_summary->ranks.front() && s.step == 1) step = &s;
        QVERIFY(step);
        const double rowH = double(map.height() - 6) / double(m_summary->ranks.size());
        const QColor busy = map.overview().pixelColor(
            int(map.xOf(step->startNs + (step->endNs - step->startNs) / 5)), int(3 + 0.5 * rowH));
        QVERIFY2(busy.lightness() > 60 && busy.blue() > busy.red() + 15, qPrintable(busy.name()));
    }
    void activityShadesWhereRanksWork() {
        // every rank computes in the first part of step 1: its row is shaded there (blue over the base), and
        // it is not shaded where the run has no device work at all (before the first step)
        views::InteractionState state;
        state.setBounds(m_summary->startNs, m_summary->endNs);
        views::MinimapView map(&state, m_service.get());
        map.resize(1000, 40);
        map.setSummary(m_summary);
        QTRY_VERIFY_WITH_TIMEOUT(map.activity() != nullptr, 20000);
        const double rowH = double(map.height() - 6) / double(m_summary->ranks.size());
        auto busy = [](QColor c) { return c.blue() > c.red() + 15; };
        for (size_t i = 0; i < m_summary->ranks.size(); ++i) {
            const query::StepDesc* step = nullptr;
            for (const auto& s : m_summary->steps)
                if (s.rank == m_summary->ranks[i] && s.step == 1) step = &s;
            QVERIFY(step);
            const int y = int(3 + (double(i) + 0.5) * rowH);
            const QColor c =
                map.overview().pixelColor(int(map.xOf(step->startNs + (step->endNs - step->startNs) / 5)), y);
            QVERIFY2(
                busy(c),
                qPrintable(QString("rank %1 at 1/5 of step 1: %2").arg(m_summary->ranks[i]).arg(c.name())));
        }
    }
    void aRunWithoutWaitsIsNotEmpty() {
        // a real Kineto trace of one rank (HTA's nccl_parser_config): no collective waits, no idle gaps, so
        // steps and waits alone left its row blank; its device activity shades it
        const std::string samples = test::samplesDir();
        if (samples.empty()) QSKIP("../shared/samples is not present");
        auto ix = test::indexDir(samples + "/hta/tests/data/nccl_parser_config");
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        QCOMPARE(ix.scalar("SELECT count(*) FROM waits"), int64_t(0));
        query::QueryService service;
        QSignalSpy ready(&service, &query::QueryService::summaryReady);
        service.open(QString::fromStdString(ix.result.dbPath));
        QVERIFY(ready.wait(20000));
        auto summary = ready.takeFirst().at(0).value<std::shared_ptr<const query::ProfileSummary>>();
        views::InteractionState state;
        state.setBounds(summary->startNs, summary->endNs);
        views::MinimapView map(&state, &service);
        map.resize(1000, 40);
        map.setSummary(summary);
        QTRY_VERIFY_WITH_TIMEOUT(map.activity() != nullptr, 20000);
        int shaded = 0;
        for (int x = views::MinimapView::kLeft; x < map.width(); ++x) {
            const QColor c = map.overview().pixelColor(x, map.height() / 2);
            shaded += c.blue() > c.red() + 15;
        }
        QVERIFY2(shaded > 50, qPrintable(QString("%1 shaded columns").arg(shaded)));
        // a CPU-only rank is shaded by its host threads (activityquery.h): the tooltip must not call that
        // device activity alone (walk 14: HTA cpu_only's row solid blue under "each rank's device activity")
        QVERIFY2(map.toolTip().contains("host threads"), qPrintable(map.toolTip()));
    }
    void hostThreadsAreNotDrawnAsABusyDevice() {
        // walk15a #2: HTA cpu_only (no device; its "PyTorch Profiler (0)" span covers the whole 1289.5 ms)
        // drew a solid blue row. The wrapper lane is left out, the row is grey, and it is empty where no
        // host thread is inside a span. From the trace (python over the .json.gz): ProfilerStep#551 ends at
        // +214.4 ms, the gloo:all_reduce pairs run +22.8…201.5, +233.9…418.6, +451.7…838.7, +887.4…1054.8 and
        // +1089.9…1275.0 ms: nothing but the wrapper at +224 and +863 ms, the step and two gloo at +100 ms.
        const std::string samples = test::samplesDir();
        if (samples.empty()) QSKIP("../shared/samples is not present");
        auto ix = test::indexDir(samples + "/hta/tests/data/cpu_only");
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        query::QueryService service;
        QSignalSpy ready(&service, &query::QueryService::summaryReady);
        service.open(QString::fromStdString(ix.result.dbPath));
        QVERIFY(ready.wait(20000));
        auto summary = ready.takeFirst().at(0).value<std::shared_ptr<const query::ProfileSummary>>();
        views::InteractionState state;
        state.setBounds(summary->startNs, summary->endNs);
        views::MinimapView map(&state, &service);
        map.resize(1400, 40);
        map.setSummary(summary);
        QTRY_VERIFY_WITH_TIMEOUT(map.activity() != nullptr, 20000);
        QCOMPARE(map.activity()->hostOnly.size(), size_t(1));
        QCOMPARE(map.activity()->wrapperLanesLeftOut, 1);
        constexpr int64_t kMs = 1000000;
        const auto at = [&](int64_t ms) {
            return map.overview().pixelColor(int(map.xOf(summary->startNs + ms * kMs)), map.height() / 2);
        };
        const QColor busy = at(100), idle1 = at(224), idle2 = at(863);
        QVERIFY2(busy.lightness() < 200 && std::abs(busy.blue() - busy.red()) < 10, qPrintable(busy.name()));
        QVERIFY2(idle1.lightness() > 220, qPrintable(idle1.name()));
        QVERIFY2(idle2.lightness() > 220, qPrintable(idle2.name()));
        QVERIFY2(map.toolTip().contains("not device activity") && map.toolTip().contains("wrapper"),
                 qPrintable(map.toolTip()));
    }
};

QTEST_MAIN(TstMinimapView)
#include "tst_minimapview.moc"
