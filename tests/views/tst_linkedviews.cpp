// The linked views: table models pass QAbstractItemModelTester; the heatmap colour scale and the address
// mapping (data-driven); real pixels (the straggler cell stands out, the bank anomaly is outlined apart);
// and cross-highlighting through the one interaction state — a selection made through each view's own
// input reaches every other view.
#include "app/gui/mainwindow.h"
#include "core/demo/demogenerator.h"
#include "core/query/analysisqueries.h"
#include "tests/support/testsupport.h"
#include "views/common/timemapping.h"
#include "views/details/histogramview.h"
#include "views/heatmap/heatmapview.h"
#include "views/memory/bankstrip.h"
#include "views/memory/memorymapcanvas.h"
#include "views/memory/memorymapview.h"
#include "views/tables/drilldownview.h"
#include "views/tables/opsmodel.h"
#include "views/tables/stepsmodel.h"
#include "views/tables/tensorsmodel.h"
#include "views/timeline/timelineview.h"

#include <QAbstractItemModelTester>
#include <QApplication>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTableView>
#include <QWheelEvent>
#include <QtTest>
#include <limits>
#include <qcustomplot.h>

using namespace rs;
using views::Selection;

class TstLinkedViews : public QObject {
    Q_OBJECT
    QString m_profile;
    std::string m_db;
    demo::DemoTruth m_truth{};

    static bool isReddish(QColor c) { return c.red() > c.blue() + 40 && c.red() > c.green() + 40; }

  private Q_SLOTS:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        m_profile = QString::fromStdString(test::tempDir("linked")) + "/demo";
        const demo::DemoOptions o = test::demoOptions(4, 6, 1);
        m_truth = demo::demoTruth(o);
        auto ix = test::indexedDemo(m_profile.toStdString(), o);
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        m_db = ix.result.dbPath;
    }
    void modelsPassTheTester() {
        index::Db db(m_db, true);
        views::StepsModel steps;
        QAbstractItemModelTester t1(&steps, QAbstractItemModelTester::FailureReportingMode::QtTest);
        steps.setRows(std::make_shared<const std::vector<query::StepRow>>(query::loadStepRows(db)));
        QCOMPARE(steps.rowCount(), 4 * 6);
        int outliers = 0;
        for (int r = 0; r < steps.rowCount(); ++r)
            outliers += steps.data(steps.index(r, views::StepsModel::Cause), Qt::UserRole).toInt();
        QCOMPARE(outliers, 4); // the stall step on every rank
        views::OpsModel ops;
        QAbstractItemModelTester t2(&ops, QAbstractItemModelTester::FailureReportingMode::QtTest);
        auto opRows = query::loadOpRows(db, 0, 1);
        QVERIFY(opRows.size() > 30);
        ops.setRows(std::make_shared<const std::vector<query::OpRow>>(opRows), opRows.front().startNs,
                    opRows.back().startNs + 1, {});
        QCOMPARE(ops.rowCount(), int(opRows.size()));
        QVERIFY(std::is_sorted(opRows.begin(), opRows.end(),
                               [](auto& a, auto& b) { return a.startNs < b.startNs; }));
        views::TensorsModel tensors;
        QAbstractItemModelTester t3(&tensors, QAbstractItemModelTester::FailureReportingMode::QtTest);
        auto tRows = query::loadTensorRows(db, m_truth.bankRank, 2, "AllReduce");
        QCOMPARE(tRows.rows.size(), size_t(2));
        tensors.setRows(std::make_shared<const std::vector<query::TensorItem>>(tRows.rows));
        QCOMPARE(tensors.data(tensors.index(0, views::TensorsModel::Bank), Qt::DisplayRole).toLongLong(),
                 qint64(m_truth.anomalyAllReduceBank));
        // the step a tensor was allocated in, a whole step number (step 2 here), never "2.01"
        QVERIFY(tRows.rows[0].allocStep && *tRows.rows[0].allocStep > 2.0 && *tRows.rows[0].allocStep < 3.0);
        QCOMPARE(tensors.data(tensors.index(0, views::TensorsModel::Alloc), Qt::DisplayRole).toString(),
                 QString("2"));
        tensors.setRows(nullptr);
        QCOMPARE(tensors.rowCount(), 0);
    }
    void heatScale_data() {
        QTest::addColumn<double>("value");
        QTest::addColumn<double>("position");
        QTest::newRow("median") << 1.0 << 0.5;
        QTest::newRow("2x slower") << 2.0 << 1.0;
        QTest::newRow("2x faster") << 0.5 << 0.0;
        QTest::newRow("sqrt2 slower") << std::sqrt(2.0) << 0.75;
        QTest::newRow("clamped") << 10.0 << 1.0;
    }
    void heatScale() {
        QFETCH(double, value);
        QFETCH(double, position);
        views::HeatScale s;
        s.statistic = views::HeatStatistic::Ratio;
        s.lo = 0.5;
        s.hi = 2.0;
        QVERIFY(std::fabs(s.position(value) - position) < 1e-9);
        QColor c = s.color(value);
        if (position > 0.6) QVERIFY(isReddish(c));
        if (position < 0.4) QVERIFY(c.blue() > c.red() + 40);
        if (position == 0.5) QVERIFY(c.red() > 240 && c.green() > 240 && c.blue() > 240); // white at 1.0
    }
    void sequentialScale() {
        views::HeatScale s;
        s.statistic = views::HeatStatistic::Total;
        s.lo = 100;
        s.hi = 300;
        QCOMPARE(s.position(200), 0.5);
        QVERIFY(s.color(300).lightnessF() < s.color(100).lightnessF()); // darker = more
    }
    void windowStaysNearTheProfile() {
        // at most one profile length of margin on either side (a search hit as long as the run, padded by
        // 4x its length, ran the window's end several run lengths past the profile: found by tst_soak)
        views::InteractionState state;
        state.setBounds(1000, 2000);
        state.setWindow(1000 - 4000, 2000 + 4000);
        QCOMPARE(state.windowStart(), qint64(0));
        QCOMPARE(state.windowEnd(), qint64(3000));
        state.setWindow(5000, 6000); // wholly after the profile
        QVERIFY(state.windowEnd() <= 3000 && state.windowStart() < state.windowEnd());
        state.setBounds(0, int64_t(1) << 62); // no overflow near the int64 limits
        state.setWindow(0, std::numeric_limits<qint64>::max());
        QCOMPARE(state.windowStart(), qint64(0));
        QCOMPARE(state.windowEnd(), std::numeric_limits<qint64>::max());
    }
    void memoryMapWithoutTimesLeavesTheWindow() {
        // before its data arrives, or for a rank without memory events (0 … 0), a wheel or drag on the
        // memory map moved the shared window to its placeholder: 1 ns before the profile (found by tst_soak)
        for (bool empty : {false, true}) {
            views::MemoryMapCanvas c;
            if (empty) c.setData(std::make_shared<query::MemoryMapData>());
            c.resize(600, 300);
            QSignalSpy moved(&c, &views::MemoryMapCanvas::timeWindowMoved);
            QWheelEvent wheel(QPointF(300, 150), QPointF(300, 150), QPoint(), QPoint(0, 120), Qt::NoButton,
                              Qt::NoModifier, Qt::NoScrollPhase, false);
            QApplication::sendEvent(&c, &wheel);
            QTest::mousePress(&c, Qt::LeftButton, {}, QPoint(300, 150));
            QTest::mouseMove(&c, QPoint(400, 160));
            QTest::mouseRelease(&c, Qt::LeftButton, {}, QPoint(400, 160));
            QCOMPARE(moved.count(), 0);
        }
    }
    void addressMapping_data() {
        QTest::addColumn<quint64>("addr");
        QTest::addColumn<double>("y");
        const quint64 base = 0x12C000000000ULL, g4 = quint64(4) << 30;
        QTest::newRow("base") << base << 10.0;
        QTest::newRow("bank 1") << base + g4 << 110.0;
        QTest::newRow("half of bank 2") << base + 2 * g4 + g4 / 2 << 260.0;
        QTest::newRow("end") << base + 8 * g4 << 810.0;
    }
    void addressMapping() {
        QFETCH(quint64, addr);
        QFETCH(double, y);
        const quint64 base = 0x12C000000000ULL, g4 = quint64(4) << 30;
        views::AddressMapping m{base, base + 8 * g4, 10, 800};
        QVERIFY(std::fabs(m.y(addr) - y) < 1e-6);
        QVERIFY(std::llabs(qint64(m.addr(y)) - qint64(addr)) < qint64(g4 / 1000));
        QCOMPARE(m.barHeight(1024), 2.0);                         // tiny tensors stay visible
        QVERIFY(std::fabs(m.barHeight(qint64(g4)) - 100) < 1e-6); // a whole bank is a bank tall
    }
    void stragglerCellStandsOut() {
        index::Db db(m_db, true);
        views::InteractionState state;
        views::HeatmapView view(&state, nullptr);
        view.resize(900, 500);
        view.show();
        view.setData(std::make_shared<const query::HeatmapData>(query::loadOpRankHeatmap(db)));
        QImage img(view.canvas()->size(), QImage::Format_ARGB32);
        view.canvas()->render(&img);
        const auto* d = view.canvas()->data();
        int castRow = -1;
        for (size_t r = 0; r < d->rows.size(); ++r)
            if (d->rows[r] == "Cast") castRow = int(r);
        QVERIFY(castRow >= 0);
        for (size_t c = 0; c < d->columns.size(); ++c) {
            QRect cell = view.canvas()->cellRect(castRow, int(c));
            QColor px = img.pixelColor(cell.left() + 4, cell.top() + 4);
            bool straggler = d->columnKeys[c] == m_truth.slowRank;
            QCOMPARE(isReddish(px), straggler);
            QCOMPARE(d->cells[size_t(castRow)][c].flagged, straggler);
        }
        // clicking the straggler cell selects (op type, rank)
        QRect cell = view.canvas()->cellRect(castRow, m_truth.slowRank);
        QTest::mouseClick(view.canvas(), Qt::LeftButton, {}, cell.center());
        QCOMPARE(state.selection().kind, Selection::Kind::OpType);
        QCOMPARE(state.selection().opType, QString("Cast"));
        QCOMPARE(state.selection().rank, m_truth.slowRank);
    }
    void unknownMemoryKeepsTheWindowsAxis() {
        // a rank whose memory cannot be read (a cluster index's missing shard) or that has none: the canvas
        // says why, and the curve's time axis is the shared window, not 0 minus the run's start (-10^12 ms)
        views::InteractionState state;
        const qint64 start = 1'736'408'883'000'000'000, end = start + 215'000'000;
        state.setBounds(start, end);
        state.setWindow(start, end);
        views::MemoryMapView view(&state, nullptr);
        view.resize(1000, 700);
        view.show();
        view.setProfile({1});
        query::MemoryMapData d;
        d.rank = 1;
        d.unknown = "rank 1: its shard of the cluster index is missing";
        d.peakAllocatedBytes = int64_t(1) << 30;
        d.peakTsNs = start + 100'000'000;
        view.setData(std::make_shared<const query::MemoryMapData>(d));
        QCoreApplication::processEvents();
        const auto range = view.plot()->xAxis->range();
        QVERIFY2(range.lower >= -1 && range.upper <= 216,
                 qPrintable(QString("%1 … %2 ms").arg(range.lower).arg(range.upper)));
        QVERIFY(range.upper > 200);
    }
    void bankAnomalyOutlinedApart() {
        index::Db db(m_db, true);
        views::InteractionState state;
        views::MemoryMapView view(&state, nullptr);
        view.resize(1000, 700);
        view.show();
        view.setData(
            std::make_shared<const query::MemoryMapData>(query::loadMemoryMap(db, m_truth.bankRank)));
        QCoreApplication::processEvents();
        auto* canvas = view.canvas();
        const auto* d = canvas->data();
        QCOMPARE(d->anomalyOps, std::vector<std::string>{"AllReduce"});
        QImage img(canvas->size(), QImage::Format_ARGB32);
        canvas->render(&img);
        // the anomaly's bars sit in bank 0, inside the red outline; other ranks' buffers would be in bank 5
        views::AddressMapping am = canvas->addressMapping();
        int redOutline = 0;
        for (size_t i = 0; i < d->tensors.size(); ++i) {
            if (d->tensors[i].opName != "AllReduce") continue;
            QCOMPARE(*d->tensors[i].bank, int64_t(m_truth.anomalyAllReduceBank));
            QRectF r = canvas->barRect(i);
            QVERIFY(r.bottom() < am.y(d->bankBase + uint64_t(d->bankSizeBytes))); // above bank 1
            QColor above = img.pixelColor(int(r.center().x()), int(r.top()) - 3);
            redOutline += above.red() > 180 && above.green() < 80;
        }
        QVERIFY2(redOutline > 0, "no anomaly outline drawn around the AllReduce buffers");
        // a bar's tooltip says what the tensor is, every field filled in (it once showed its "%1"
        // placeholders)
        for (size_t i = 0; i < d->tensors.size(); ++i) {
            if (d->tensors[i].opName != "AllReduce") continue;
            const QString tip = canvas->tooltipAt(canvas->barRect(i).center().toPoint());
            QVERIFY2(tip.contains(QString::fromStdString(d->tensors[i].tensorId)) &&
                         tip.contains("AllReduce") &&
                         tip.contains(views::formatBytes(d->tensors[i].sizeBytes)) &&
                         tip.contains(QString("0x%1").arg(*d->tensors[i].addr, 0, 16)) &&
                         !tip.contains('%') && !tip.contains("++"),
                     qPrintable(tip));
            if (d->tensors[i].freeNs) QVERIFY(tip.contains("lifetime"));
            break;
        }
        // the bank strip sees the buffers in bank 0 and nothing in bank 5
        auto occ0 = view.strip()->occupancy(0, 50), occ5 = view.strip()->occupancy(5, 50);
        QVERIFY(*std::max_element(occ0.begin(), occ0.end()) >
                0.05); // 256 MiB weights + 128 MiB buckets of 4 GiB
        QCOMPARE(*std::max_element(occ5.begin(), occ5.end()), 0.0);
        // clicking a bar selects its tensor
        size_t ar = 0;
        while (d->tensors[ar].opName != "AllReduce")
            ++ar;
        QTest::mouseClick(canvas, Qt::LeftButton, {}, canvas->barRect(ar).center().toPoint());
        QCOMPARE(state.selection().kind, Selection::Kind::Tensor);
        QCOMPARE(state.selection().opType, QString("AllReduce"));
        QCOMPARE(state.selection().rank, m_truth.bankRank);
    }
    void tensorTooltipInPlainWords() {
        // one tensor allocated before any step and never freed, one freed inside step 3 (walk 7: "free
        // never (alive at the end) (step outside the steps)")
        auto d = std::make_shared<query::MemoryMapData>();
        d->rank = 0;
        d->hasAddresses = true;
        d->startNs = 0;
        d->endNs = 10'000'000;
        query::TensorItem alive{"t1", "Weights", 1 << 20, uint64_t(0x1000), int64_t(1'000'000), {},
                                {},   {},        {}};
        query::TensorItem freed{
            "t2", "MatMul", 1 << 20, uint64_t(0x200000), int64_t(2'000'000), int64_t(5'000'000),
            {},   2.4,      3.5};
        d->tensors = {alive, freed};
        views::InteractionState state;
        state.setBounds(0, 10'000'000); // the map follows the timeline window
        views::MemoryMapView view(&state, nullptr);
        view.resize(1000, 700);
        view.show();
        view.setData(d);
        QCoreApplication::processEvents();
        auto* canvas = view.canvas();
        // the part of a bar on screen (one never freed runs on past the view)
        auto onScreen = [&](size_t i) {
            return canvas->barRect(i).intersected(QRectF(canvas->rect())).center().toPoint();
        };
        const QString tip0 = canvas->tooltipAt(onScreen(0));
        QVERIFY2(tip0.contains("still allocated at the end of the profile") &&
                     tip0.contains("outside any step") && !tip0.contains("never") &&
                     !tip0.contains("outside the steps"),
                 qPrintable(tip0));
        const QString tip1 = canvas->tooltipAt(onScreen(1));
        QVERIFY2(tip1.contains("in step 2") && tip1.contains("freed at") && tip1.contains("in step 3") &&
                     tip1.contains("lifetime 3.00 ms"),
                 qPrintable(tip1));
    }
    void crossHighlightThroughTheMainWindow() {
        gui::MainWindow w;
        w.resize(1500, 1000);
        w.show();
        QSignalSpy ready(&w, &gui::MainWindow::profileReady);
        w.openProfile(m_profile);
        QVERIFY(ready.wait(60000));
        auto* state = w.state();
        // heatmap cell → memory map switches to that rank and highlights the op; histogram fills
        QTRY_VERIFY_WITH_TIMEOUT(w.heatmap()->canvas()->data() != nullptr, 10000);
        const auto* hd = w.heatmap()->canvas()->data();
        int row = int(std::find(hd->rows.begin(), hd->rows.end(), "MatMulV2") - hd->rows.begin());
        QTest::mouseClick(w.heatmap()->canvas(), Qt::LeftButton, {},
                          w.heatmap()->canvas()->cellRect(row, m_truth.slowRank).center());
        QCOMPARE(state->selection().opType, QString("MatMulV2"));
        QTRY_COMPARE_WITH_TIMEOUT(w.memoryMap()->rank(), m_truth.slowRank, 10000);
        QTRY_VERIFY_WITH_TIMEOUT(
            w.histogram()->histogram() && w.histogram()->histogram()->opType == "MatMulV2", 10000);
        QVERIFY(w.histogram()->histogram()->medianNs > w.histogram()->histogram()->ranksMedianNs);
        // … and the timeline goes to that cell's longest kernel (it only dimmed the others): the window
        // narrows around a MatMulV2 span of that rank (SQL over the index, not the app's answer)
        {
            index::Db db(m_db, true);
            const int64_t longest = db.scalar("SELECT max(dur_ns) FROM spans s JOIN tracks t ON t.track_id = "
                                              "s.track_id WHERE s.op_type = 'MatMulV2' "
                                              "AND t.kind = 'compute' AND s.rank = " +
                                              std::to_string(m_truth.slowRank));
            QVERIFY(longest > 0);
            QTRY_VERIFY_WITH_TIMEOUT(state->windowEnd() - state->windowStart() <= 9 * longest + 40000, 10000);
            const int64_t inWindow =
                db.scalar("SELECT count(*) FROM spans s JOIN tracks t ON t.track_id = s.track_id WHERE "
                          "s.op_type = 'MatMulV2' AND "
                          "t.kind = 'compute' AND s.rank = " +
                          std::to_string(m_truth.slowRank) + " AND s.dur_ns = " + std::to_string(longest) +
                          " AND s.ts_ns >= " + std::to_string(state->windowStart()) +
                          " AND s.ts_ns + s.dur_ns <= " + std::to_string(state->windowEnd()));
            QVERIFY(inWindow >= 1);
            QCOMPARE(state->selection().kind,
                     Selection::Kind::OpType); // still the cell: the others stay dimmed
        }
        // … and the timeline dims every other op: a span of another type is drawn faint on that rank
        QTRY_VERIFY_WITH_TIMEOUT(w.timeline()->timelineData() != nullptr, 10000);
        // memory map tensor → the timeline jumps to the allocation, the heatmap highlights nothing odd
        QTRY_VERIFY_WITH_TIMEOUT(w.memoryMap()->canvas()->data() &&
                                     w.memoryMap()->canvas()->data()->rank == m_truth.slowRank,
                                 10000);
        const auto* md = w.memoryMap()->canvas()->data();
        size_t act = 0;
        while (act < md->tensors.size() && md->tensors[act].opName != "MatMulV2")
            ++act;
        QVERIFY(act < md->tensors.size());
        w.memoryMap()->canvas()->setTimeWindow(md->startNs, md->endNs);
        // r49b #6: a click selects and leaves the window (the timeline moved it to 200 µs about the
        // allocation, a Back step); a double-click zooms to the tensor's lifetime, as on the timeline
        const QPoint bar = w.memoryMap()->canvas()->barRect(act).center().toPoint();
        const std::pair<qint64, qint64> shown{state->windowStart(), state->windowEnd()};
        QTest::mouseClick(w.memoryMap()->canvas(), Qt::LeftButton, {}, bar);
        QCOMPARE(state->selection().kind, Selection::Kind::Tensor);
        QCOMPARE(std::make_pair(state->windowStart(), state->windowEnd()), shown);
        QTest::mouseDClick(w.memoryMap()->canvas(), Qt::LeftButton, {}, bar);
        qint64 alloc = *md->tensors[act].allocNs;
        QVERIFY(state->windowStart() <= alloc && alloc <= state->windowEnd());
        QVERIFY(std::make_pair(state->windowStart(), state->windowEnd()) != shown);
        // drill-down: a step row zooms the timeline to that step on all ranks
        auto* drill = w.drillDown();
        QTRY_VERIFY_WITH_TIMEOUT(drill->stepsModel()->rowCount() == 24, 10000);
        drill->table(0)->setFocus();
        drill->table(0)->setCurrentIndex(drill->table(0)->model()->index(3, 0));
        QCOMPARE(state->selection().kind, Selection::Kind::Step);
        const auto* stepRow = drill->stepsModel()->row(3); // unsorted: proxy row 3 = source row 3
        QVERIFY(state->windowStart() <= stepRow->startNs && stepRow->endNs <= state->windowEnd());
        // Enter drills into the ops of that step, an op row selects its span everywhere, Backspace goes up
        QTest::keyClick(drill->table(0), Qt::Key_Return);
        QCOMPARE(drill->level(), 1);
        QVERIFY(drill->breadcrumbs().contains(QString("step %1").arg(stepRow->step)));
        QTRY_VERIFY_WITH_TIMEOUT(drill->opsModel()->rowCount() > 10, 10000);
        drill->table(1)->setCurrentIndex(drill->table(1)->model()->index(2, 0));
        QCOMPARE(state->selection().kind, Selection::Kind::Span);
        QVERIFY(state->selection().spanId > 0);
        const query::OpRow* opRow = nullptr; // the row the table shows at 2 (sorted): the selected span's
        for (int i = 0; i < drill->opsModel()->rowCount(); ++i)
            if (drill->opsModel()->row(i)->spanId == state->selection().spanId)
                opRow = drill->opsModel()->row(i);
        QVERIFY(opRow);
        QTest::keyClick(drill->table(1), Qt::Key_Return);
        QCOMPARE(drill->level(), 2);
        {
            // the tensors that op allocated, not its op type's: SQL over the index counts them, an allocation
            // two files record (operator_memory.csv without an address, memory_usage.csv with one, at the
            // same time once the analysis gave it the recorded time: twintimes.h) once, as the list shows it
            index::Db db(m_db, true);
            const int64_t own = db.scalar(
                "SELECT count(*) FROM tensor t WHERE rank = " + std::to_string(stepRow->rank) +
                " AND op_name IN ('" + opRow->name + "', '" + opRow->opType + "') AND alloc_ns BETWEEN " +
                std::to_string(opRow->startNs) + " AND " + std::to_string(opRow->startNs + opRow->durNs) +
                " AND (addr IS NOT NULL OR NOT EXISTS (SELECT 1 FROM tensor u WHERE u.rank = t.rank AND "
                "u.size_bytes = t.size_bytes AND u.addr IS NOT NULL AND u.alloc_ns = t.alloc_ns))");
            if (own > 0) {
                QTRY_VERIFY2_WITH_TIMEOUT(int64_t(drill->tensorsModel()->rowCount()) == own,
                                          qPrintable(drill->breadcrumbs() + " rows " +
                                                     QString::number(drill->tensorsModel()->rowCount()) +
                                                     " op " + QString::fromStdString(opRow->name)),
                                          10000);
                QVERIFY(drill->breadcrumbs().contains("allocated"));
            } else {
                QTRY_VERIFY_WITH_TIMEOUT(drill->breadcrumbs().contains("none is recorded"), 10000);
            }
            // an empty tensor list says why; a list with rows does not
            QTRY_VERIFY_WITH_TIMEOUT(drill->tensorsModel()->rowCount() > 0 ||
                                         drill->breadcrumbs().contains("no memory record"),
                                     10000);
            QCOMPARE(drill->breadcrumbs().contains("no memory record"),
                     drill->tensorsModel()->rowCount() == 0);
            // however long the line, it wraps: the panel never asks the window for more width (the tensor
            // level's line grew a 1600 px window to 1959 px)
            QVERIFY2(drill->minimumSizeHint().width() < 700,
                     qPrintable(QString::number(drill->minimumSizeHint().width())));
        }
        QTest::keyClick(drill->table(2), Qt::Key_Backspace);
        QCOMPARE(drill->level(), 1);
        // a step selected on the timeline (a wait) is followed by the Steps table
        QTest::keyClick(drill->table(1), Qt::Key_Backspace);
        Selection s;
        s.kind = Selection::Kind::Step;
        s.rank = 2;
        s.step = m_truth.stallStep;
        state->setSelection(s);
        auto cur = drill->table(0)->currentIndex();
        QVERIFY(cur.isValid());
        QCOMPARE(drill->table(0)->model()->data(cur.siblingAtColumn(views::StepsModel::Step)).toLongLong(),
                 m_truth.stallStep);
        QImage shot = w.grab().toImage();
        if (qEnvironmentVariableIsSet("RANKSCOPE_SHOT")) shot.save(qEnvironmentVariable("RANKSCOPE_SHOT"));
    }
};

QTEST_MAIN(TstLinkedViews)
#include "tst_linkedviews.moc"
