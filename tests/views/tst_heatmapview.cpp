// The op heatmap's caption says what the grid can tell: stragglers outlined, or none — among all the job's
// ranks only when the run has them all; with ranks missing, among those present and that the missing ones
// are not compared; with one rank, that there is nothing to compare. With many ranks (200 columns of the
// minimum cell width) every rank is reachable: the grid scrolls (scrollbar, wheel), the op labels and the
// rank labels stay in view, and clicks and tooltips find the cell under the pointer after a scroll.
#include "views/heatmap/heatmapview.h"

#include "app/gui/dockscrollarea.h"
#include "views/annotate/annotationmodel.h"
#include "views/common/elidingcombobox.h"
#include "views/heatmap/heatmapcanvas.h"

#include <QComboBox>
#include <QLabel>
#include <QScrollArea>
#include <QScrollBar>
#include <QStandardItemModel>
#include <QStyleOptionComboBox>
#include <QToolTip>
#include <QtTest>

using namespace rs;
using Mode = query::HeatmapData::Mode;

namespace {
std::shared_ptr<query::HeatmapData> grid(int ranks, int flagged) {
    auto d = std::make_shared<query::HeatmapData>();
    d->mode = Mode::OpByRank;
    d->rows = {"MatMul", "Add"};
    for (int r = 0; r < ranks; ++r) {
        d->columns.push_back("rank " + std::to_string(r));
        d->columnKeys.push_back(r);
    }
    d->cells.assign(2, std::vector<query::HeatCell>(size_t(ranks)));
    for (int i = 0; i < flagged; ++i)
        d->cells[0][size_t(i)].flagged = true;
    d->rowTotalNs = {2, 1};
    return d;
}

/// `ops` op types × `ranks` ranks, every cell present; row i's total falls with i (the display order).
std::shared_ptr<query::HeatmapData> fullGrid(int ops, int ranks) {
    auto d = grid(ranks, 0);
    d->rows.clear();
    d->rowTotalNs.clear();
    for (int i = 0; i < ops; ++i) {
        d->rows.push_back("Op" + std::to_string(i));
        d->rowTotalNs.push_back(ops - i);
    }
    query::HeatCell c;
    c.present = true;
    c.count = 1;
    c.totalNs = c.meanNs = 1000;
    c.ratio = 1;
    d->cells.assign(size_t(ops), std::vector<query::HeatCell>(size_t(ranks), c));
    return d;
}

/// Op type × step on rank 0: two op types over `steps` steps (101, 102, …), every cell present.
std::shared_ptr<query::HeatmapData> stepGrid(int steps) {
    auto d = std::make_shared<query::HeatmapData>();
    d->mode = Mode::OpByStep;
    d->rank = 0;
    d->rows = {"MatMul", "Add"};
    d->rowTotalNs = {2, 1};
    for (int s = 0; s < steps; ++s) {
        d->columns.push_back("step " + std::to_string(101 + s));
        d->columnKeys.push_back(101 + s);
    }
    query::HeatCell c;
    c.present = true;
    c.count = 1;
    c.totalNs = c.meanNs = 1000;
    c.ratio = 1;
    d->cells.assign(2, std::vector<query::HeatCell>(size_t(steps), c));
    return d;
}

/// The view's statistic box (mode, subject, statistic, sort).
QComboBox* statBox(views::HeatmapView& v) {
    return v.findChildren<QComboBox*>().at(2);
}
QComboBox* modeBox(views::HeatmapView& v) {
    return v.findChildren<QComboBox*>().at(0);
}

/// A heatmap view of `d`, 900 × 420 px, shown.
struct ShownView {
    views::InteractionState state;
    views::HeatmapView view{&state, nullptr};
    explicit ShownView(std::shared_ptr<query::HeatmapData> d) {
        view.resize(900, 420);
        view.setData(std::move(d));
        view.show();
    }
    QScrollArea* area() const { return view.findChild<QScrollArea*>(); }
};

/// The view in a dock of `size` (a scroll area as the app's docks), showing `d` of rank 1 of 2.
struct DockedView {
    views::InteractionState state;
    views::HeatmapView* view = new views::HeatmapView(&state, nullptr);
    gui::DockScrollArea dock{view};
    DockedView(QSize size, std::shared_ptr<query::HeatmapData> d) {
        dock.resize(size);
        view->setProfile({1}, int64_t(2), false);
        dock.show();
        view->setData(std::move(d));
    }
    /// Empty when the grid's viewport shows whole rows under its column labels, else what it shows.
    QString cutRows() const {
        const int rows = view->gridArea()->viewport()->height() - view->canvas()->columnLabelsHeight();
        if (rows % view->canvas()->cellHeight() == 0) return {};
        return QString("%1 × %2: %3 px of rows of %4 px")
            .arg(dock.width())
            .arg(dock.height())
            .arg(rows)
            .arg(view->canvas()->cellHeight());
    }
};

/// The tooltip a help event at `viewportPoint` (the scroll area's visible part) shows.
QString tipAt(views::HeatmapCanvas* canvas, QWidget* viewport, QPoint viewportPoint) {
    QToolTip::hideText();
    const QPoint p = canvas->mapFrom(viewport, viewportPoint);
    QHelpEvent e(QEvent::ToolTip, p, canvas->mapToGlobal(p));
    QApplication::sendEvent(canvas, &e);
    return QToolTip::isVisible() ? QToolTip::text() : QString();
}
} // namespace

class TstHeatmapView : public QObject {
    Q_OBJECT
  private Q_SLOTS:
    void statisticComboNamesTheLegendsRatio() {
        // walk 36: the combo said "ratio to median" while the legend, the tooltip and the report name the
        // same kernels' median over ranks; the combo's ratio item now reads as the legend of each grid
        ShownView v(fullGrid(2, 3));
        QComboBox* stat = nullptr;
        for (auto* c : v.view.findChildren<QComboBox*>())
            if (c->findText("p95") >= 0) stat = c;
        QVERIFY(stat);
        QCOMPARE(stat->itemText(0), views::statisticName(views::HeatStatistic::Ratio, Mode::OpByRank));
        QVERIFY(stat->itemText(0).contains("same kernels"));
        for (Mode m : {Mode::OpByStep, Mode::RankByStep, Mode::OpByRank}) {
            v.view.setMode(m, 0, "Op0");
            QCOMPARE(stat->itemText(0), views::statisticName(views::HeatStatistic::Ratio, m));
        }
    }
    void aCutDropDownSaysItsItemWholeInItsTooltip() {
        // walk 48, 800 × 600: the boxes showed "median ove", cut at their edge, and hovering said nothing of
        // the item. Cut, a box's text ends at a word with "…" and its tooltip starts with the item whole
        ShownView v(fullGrid(2, 3));
        v.view.resize(380, 420); // the boxes at their minimum widths
        QCoreApplication::processEvents();
        int cut = 0;
        for (auto* box : v.view.findChildren<QComboBox*>()) {
            if (box->currentText().isEmpty()) continue;
            QStyleOptionComboBox opt;
            opt.initFrom(box);
            opt.currentText = box->currentText();
            const int room =
                box->style()
                    ->subControlRect(QStyle::CC_ComboBox, &opt, QStyle::SC_ComboBoxEditField, box)
                    .width();
            if (box->fontMetrics().horizontalAdvance(box->currentText()) <= room - 2) continue;
            ++cut;
            QHelpEvent hover(QEvent::ToolTip, QPoint(5, 5), box->mapToGlobal(QPoint(5, 5)));
            QApplication::sendEvent(box, &hover);
            QTRY_VERIFY2(QToolTip::text().startsWith(box->currentText()),
                         qPrintable(box->currentText() + " → " + QToolTip::text()));
            auto* eliding = qobject_cast<views::ElidingComboBox*>(box);
            QVERIFY(eliding);
            const QString shown = eliding->shownText();
            QVERIFY2(shown.endsWith(QChar(0x2026)) && box->currentText().startsWith(shown.chopped(1)),
                     qPrintable(shown));
            QVERIFY(!box->currentText()[shown.size() - 1].isLetterOrNumber()); // a word ends there
            QToolTip::hideText();
        }
        QVERIFY(cut >= 2); // the ratio's long name and the mode's at least
    }
    void aBoxLabelStaysInsideTheGridsView_data() {
        QTest::addColumn<int>("inView"); // px of the notes column the view shows
        QTest::newRow("part of the notes column") << 120;
        QTest::newRow("a sliver of it: a \"…\" chip") << 30;
        QTest::newRow("none of it: no label") << -40;
    }
    void aBoxLabelStaysInsideTheGridsView() {
        // walk 48: the box's label in the notes column right of the grid was cut by the grid view's right
        // edge, mid-word with no "…". It ends inside the view now, elided to the part of the column in
        // view (a "…" chip at the least); none is drawn where the column is out of view
        QFETCH(int, inView);
        ShownView v(fullGrid(4, 8));
        views::HeatmapCanvas* c = v.view.canvas();
        annotate::Annotation a;
        a.kind = annotate::Kind::Box;
        a.id = "a1";
        a.color = "#9467bd";
        a.text = "these two cells on ranks 6 and 7 are suspicious";
        a.anchor.view = annotate::Surface::Heatmap;
        a.anchor.opTypes = {"Op0", "Op1"};
        a.anchor.ranks = {6, 7};
        annotate::AnnotationSet set;
        set.add(a);
        views::AnnotationModel model;
        model.setAnnotations(set);
        c->setAnnotations(&model);
        QCoreApplication::processEvents();
        const int notesX = c->cellRect(0, 7).right() + 12;
        QScrollArea* area = v.view.gridArea();
        // the narrowest view whose grid area shows `inView` px of the notes column (scrolled left)
        for (int w = 300; w < 3000; w += 2) {
            v.view.resize(w, v.view.height());
            QCoreApplication::processEvents();
            if (area->viewport()->width() >= notesX + inView) break;
        }
        QCOMPARE(area->horizontalScrollBar()->value(), 0);
        const int visibleRight = area->viewport()->width(); // canvas x, unscrolled
        QVERIFY2(visibleRight >= notesX + inView - 4 && visibleRight <= notesX + inView + 4,
                 qPrintable(QString::number(visibleRight - notesX)));
        QImage img(c->size(), QImage::Format_ARGB32);
        img.fill(Qt::white);
        c->render(&img);
        // the label's fill right of the grid (the box's outline ends 2 px right of its cells): inside the
        // view, in the notes column (nothing there when it is out of view)
        const int gridRight = c->cellRect(0, 7).right() + 3;
        int inkRight = -1, besideGrid = 0;
        for (int y = 0; y < img.height(); ++y)
            for (int x = gridRight + 1; x < img.width(); ++x)
                if (img.pixelColor(x, y) == QColor("#9467bd")) {
                    inkRight = std::max(inkRight, x);
                    besideGrid += x > gridRight && x < visibleRight;
                }
        QVERIFY2(inkRight < visibleRight - 1,
                 qPrintable(
                     QString("the label's fill ends at %1, the view at %2").arg(inkRight).arg(visibleRight)));
        QVERIFY2(inView > 0 ? besideGrid > 100 : besideGrid == 0, qPrintable(QString::number(besideGrid)));
    }
    void caption_data() {
        QTest::addColumn<int>("ranks");
        QTest::addColumn<int>("flagged");
        QTest::addColumn<bool>("complete");
        QTest::addColumn<qlonglong>("world"); // 0: not known
        QTest::addColumn<QString>("caption");
        QTest::newRow("all ranks, none")
            << 8 << 0 << true << 8LL
            << "No slow cell: no op type is much slower on one card than on the others.";
        QTest::newRow("all ranks, one")
            << 8 << 1 << true << 8LL
            << "1 slow cell outlined: an op type much slower on one card than on the others (its rank's "
               "finding: slow_rank when the others waited for it, straggler when nobody did).";
        QTest::newRow("2 of 128, none") << 2 << 0 << false << 128LL
                                        << "Two ranks: a difference between two cannot say which one is "
                                           "slow, so no slow cell is named (the "
                                           "colours show how they differ). Only 2 ranks of the job's 128 are "
                                           "here; the missing ones cannot be "
                                           "compared.";
        QTest::newRow("4 of 8, none")
            << 4 << 0 << false << 8LL
            << "No slow cell among the 4 ranks here: no op type is much slower on one of them than on the "
               "others. Only 4 ranks of the job's 8 are here; the missing ones cannot be compared.";
        QTest::newRow("2 of at least 8, two")
            << 2 << 2 << false << 0LL
            << "2 slow cells outlined: an op type much slower on one card than on the others (its rank's "
               "finding: "
               "slow_rank when the others waited for it, straggler when nobody did). The run "
               "lacks ranks; the missing ones cannot be compared.";
        QTest::newRow("one rank")
            << 1 << 0 << true << 1LL
            << "One rank: nothing to compare it with, so no slow cell can be named (the "
               "colours show each op type's total time).";
    }
    void oneRankShowsTotalTime() {
        // amd_trace (one rank): every cell hatched "–" under a ratio colour bar, read as missing data; one
        // rank has no ratio to others, so its total time is shown, and a grid of several ranks goes back to
        // the ratio unless the user chose the statistic
        views::InteractionState state;
        views::HeatmapView v(&state, nullptr);
        v.setProfile({0});
        v.setData(grid(1, 0));
        QCOMPARE(v.canvas()->statistic(), views::HeatStatistic::Total);
        v.setProfile({0, 1, 2});
        v.setData(grid(3, 0));
        QCOMPARE(v.canvas()->statistic(), views::HeatStatistic::Ratio);
        auto* stat = v.findChildren<QComboBox*>().at(2); // mode, subject, statistic, sort
        QCOMPARE(stat->currentIndex(), int(views::HeatStatistic::Ratio));
        stat->setCurrentIndex(int(views::HeatStatistic::P95));
        Q_EMIT stat->activated(int(views::HeatStatistic::P95)); // as a user's pick emits it
        v.setData(grid(1, 0));
        QCOMPARE(v.canvas()->statistic(), views::HeatStatistic::P95); // the user's choice stands
    }
    void theCaptionNamesTheStatisticShown_data() {
        QTest::addColumn<int>("mode");
        QTest::addColumn<int>("stat");
        QTest::addColumn<QString>("caption");
        QTest::newRow("op x step, ratio") << 1 << int(views::HeatStatistic::Ratio)
                                          << "Each cell: the op type's mean duration in the step on rank 0 "
                                             "as a ratio to the op type's lower median "
                                             "step (the number and the colour).";
        QTest::newRow("op x step, total")
            << 1 << int(views::HeatStatistic::Total)
            << "Op types per step on rank 0, coloured by their total time in the step.";
        QTest::newRow("rank x step, total")
            << 2 << int(views::HeatStatistic::Total)
            << "MatMul per rank and step, coloured by its total time in the step.";
        QTest::newRow("rank x step, ratio")
            << 2 << int(views::HeatStatistic::Ratio)
            << "Each cell: the mean duration of MatMul on the rank in the step "
               "as a ratio to the step's lower median over ranks (the number "
               "and the colour).";
        QTest::newRow("op x rank, mean") << 0 << int(views::HeatStatistic::Mean)
                                         << "No slow cell: no op type is much slower on one card than on the "
                                            "others. Colour: mean duration.";
    }
    void theCaptionNamesTheStatisticShown() {
        // walk 52 (ns_resolution_trace, op x step): "coloured by the ratio to the op type's median step"
        // over a "total time" legend and cells coloured by total time
        QFETCH(int, mode);
        QFETCH(int, stat);
        QFETCH(QString, caption);
        views::InteractionState state;
        views::HeatmapView v(&state, nullptr);
        v.setProfile({0, 1, 2});
        std::shared_ptr<query::HeatmapData> d = mode == 1 ? stepGrid(5) : fullGrid(2, 3);
        if (mode == 2) {
            d->mode = Mode::RankByStep;
            d->opType = "MatMul";
            d->rows = {"rank 0", "rank 1", "rank 2"};
            d->rowKeys = {0, 1, 2};
            d->rowTotalNs = {3, 2, 1};
            d->cells.assign(3, d->cells.front());
        }
        v.setData(d);
        statBox(v)->setCurrentIndex(stat);
        Q_EMIT statBox(v)->activated(stat); // as a user's pick emits it
        QCOMPARE(v.canvas()->statistic(), views::HeatStatistic(stat));
        QCOMPARE(v.caption(), caption);
    }
    void aStepGridHoldsNoMedianOrP95() {
        // r53b: the per-step grids keep each cell's count and total only; "p95" showed the mean under a
        // "p95 duration" legend and caption. The chooser greys median and p95 out there, and a p95 chosen
        // on op x rank shows the mean on a step grid, saying so
        views::InteractionState state;
        views::HeatmapView v(&state, nullptr);
        v.setProfile({0, 1, 2});
        v.setData(fullGrid(2, 3));
        statBox(v)->setCurrentIndex(int(views::HeatStatistic::P95));
        QCOMPARE(v.canvas()->statistic(), views::HeatStatistic::P95);
        v.setData(stepGrid(5));
        QCOMPARE(v.canvas()->statistic(), views::HeatStatistic::Mean);
        QVERIFY2(v.caption().contains("mean duration") && !v.caption().contains("p95"),
                 qPrintable(v.caption()));
        auto* model = qobject_cast<QStandardItemModel*>(statBox(v)->model());
        QVERIFY(model);
        QVERIFY(!model->item(int(views::HeatStatistic::P95))->isEnabled());
        QVERIFY(!model->item(int(views::HeatStatistic::Median))->isEnabled());
        statBox(v)->setCurrentIndex(int(views::HeatStatistic::Median)); // not taken
        QCOMPARE(v.canvas()->statistic(), views::HeatStatistic::Mean);
        v.setData(fullGrid(2, 3)); // op x rank holds them again
        QVERIFY(model->item(int(views::HeatStatistic::P95))->isEnabled());
    }
    void aOneRankRunsStepGridShowsRatios() {
        // walk 52: ns_resolution_trace (one rank) showed its op x step grid in total time because its op x
        // rank grid has one rank, while two-rank runs showed ratios: each grid judges its own. Its steps
        // compare, so the step grid shows the ratio
        views::InteractionState state;
        views::HeatmapView v(&state, nullptr);
        v.setProfile({0});
        v.setData(grid(1, 0));
        QCOMPARE(v.canvas()->statistic(), views::HeatStatistic::Total);
        v.setData(stepGrid(5));
        QCOMPARE(v.canvas()->statistic(), views::HeatStatistic::Ratio);
        QVERIFY2(v.caption().contains("ratio to the op type's lower median step"), qPrintable(v.caption()));
        // one step compares nothing: its total time, and why
        v.setData(stepGrid(1));
        QCOMPARE(v.canvas()->statistic(), views::HeatStatistic::Total);
        QVERIFY2(v.caption().contains("total time") && v.caption().contains("one step"),
                 qPrintable(v.caption()));
        QVERIFY2(statBox(v)->toolTip().contains("one step"), qPrintable(statBox(v)->toolTip()));
    }
    void aLastSessionsStepLayoutFallsBackOnOneStep() {
        // walk 52 (msinsight text/level1, one step): the op x step layout of the last session showed one
        // column of 1.00 under a "1.00× / 1.00× / 1.00×" legend. It falls back to op x rank, saying why, and
        // comes back on a profile with steps
        views::InteractionState state;
        views::HeatmapView v(&state, nullptr);
        v.setPreferredLayout(1, {}, 0);
        v.setProfile({0, 1});
        v.setData(grid(2, 0));
        QCOMPARE(modeBox(v)->currentIndex(), 1); // the last session's layout, asked for
        v.setData(stepGrid(1));
        QCOMPARE(modeBox(v)->currentIndex(), 0); // asks for op x rank again
        v.setData(grid(2, 0));                   // which arrives
        QCOMPARE(v.canvas()->statistic(), views::HeatStatistic::Ratio);
        QVERIFY2(v.caption().contains("one step here: nothing to compare across steps"),
                 qPrintable(v.caption()));
        // the next profile, with steps: the layout again
        v.setProfile({0, 1});
        v.setData(grid(2, 0));
        QCOMPARE(modeBox(v)->currentIndex(), 1);
        v.setData(stepGrid(4));
        QCOMPARE(v.canvas()->data()->mode, Mode::OpByStep);
        QVERIFY(!v.caption().contains("one step"));
    }
    void emptyGridSaysNothingOfStragglers() {
        // legacy MindSpore runs without op statistics: "every op type runs alike on all cards" said of
        // nothing
        views::InteractionState state;
        views::HeatmapView v(&state, nullptr);
        v.setProfile({0, 1, 2, 3});
        auto d = grid(4, 0);
        d->rows.clear();
        d->cells.clear();
        d->rowTotalNs.clear();
        v.setData(d);
        QCOMPARE(v.caption(),
                 QString("No device kernels with op statistics: no slow cell can be looked for."));
    }
    void caption() {
        QFETCH(int, ranks);
        QFETCH(int, flagged);
        QFETCH(bool, complete);
        QFETCH(qlonglong, world);
        QFETCH(QString, caption);
        views::InteractionState state;
        views::HeatmapView v(&state, nullptr);
        std::vector<int> keys;
        for (int r = 0; r < ranks; ++r)
            keys.push_back(r);
        v.setProfile(keys, world ? std::optional<int64_t>(world) : std::nullopt, complete);
        v.setData(grid(ranks, flagged));
        QCOMPARE(v.caption(), caption);
    }
    void theDefaultRatioIsNamed() {
        // walk 52b: the op x rank caption said which cells are slow, never what colours them (the ratio);
        // a grid whose cells hold ratios names it, as it names any other statistic
        views::InteractionState state;
        views::HeatmapView v(&state, nullptr);
        v.setProfile({0, 1, 2});
        v.setData(fullGrid(2, 3));
        QCOMPARE(v.canvas()->statistic(), views::HeatStatistic::Ratio);
        QVERIFY2(v.caption().endsWith(" Colour: ratio to the same kernels' lower median over ranks."),
                 qPrintable(v.caption()));
    }
    void aCutRanksFilesAreSaidBesideTheComparison() {
        // k19v: text/level1 with rank 1's trace_view.json cut in half read "Two ranks: … the colours show how
        // they differ" over an empty rank-1 column
        views::InteractionState state;
        views::HeatmapView v(&state, nullptr);
        v.setProfile({0, 1}, 2, true);
        auto d = grid(2, 0);
        d->damaged = "rank 1's trace_view.json (read in part: file ends in the middle of an event)";
        v.setData(d);
        QVERIFY2(v.caption().startsWith("Two ranks: a difference between two cannot say which one is slow"),
                 qPrintable(v.caption()));
        QVERIFY2(
            v.caption().contains(" Not read in full: rank 1's trace_view.json (read in part: file ends in "
                                 "the middle of an event). Those ranks' cells hold only what was read"),
            qPrintable(v.caption()));
        v.setData(grid(2, 0)); // whole files: nothing said
        QVERIFY(!v.caption().contains("Not read in full"));
    }
    void aRankCutBeforeItsKernelsLeavesNoRatio() {
        // walk 23b: text/level1 with rank 1's trace_view.json cut at half: no kernel of rank 1 read, so rank
        // 0's cells share no kernel name with another rank (all "–"), yet the caption said "the colours
        // show how they differ" and rank 1's "ratios compare a partial rank with whole ones"
        views::InteractionState state;
        views::HeatmapView v(&state, nullptr);
        v.setProfile({0, 1}, 2, true);
        auto d = grid(2, 0);
        for (auto& row : d->cells) {
            row[0].present = row[0].noSharedKernels = true;
            row[0].count = 1;
        }
        d->cutRanks = {{1, "trace_view.json"}};
        v.setData(d);
        QCOMPARE(
            v.caption(),
            QString("No kernel name ran on more than one of the 2 ranks here, so nothing is compared and "
                    "no slow cell can be named. Hatched: rank 1 (trace_view.json cut or not read): no "
                    "kernel of it was read, so its column is empty; no kernel name was read on two "
                    "ranks, so no cell has a ratio (–)."));
    }
    void everyRankIsReachableByScrolling() {
        // 200 ranks at the minimum cell width are wider than the view: ranks 0-59 showed and no scrollbar
        ShownView v(fullGrid(40, 200));
        QVERIFY(QTest::qWaitForWindowExposed(&v.view));
        QScrollArea* area = v.area();
        QWidget* vp = area->viewport();
        views::HeatmapCanvas* canvas = v.view.canvas();
        QScrollBar* h = area->horizontalScrollBar();
        QScrollBar* vbar = area->verticalScrollBar();
        QVERIFY2(h->maximum() > 0, "no horizontal scrolling over 200 ranks");
        QVERIFY(vbar->maximum() > 0); // 40 op types are taller than the view too
        h->setValue(h->maximum());
        vbar->setValue(vbar->maximum());
        QCoreApplication::processEvents();
        // the last rank's cell of the last op row is in view, and a click there picks it
        const int lastRow = 39, lastCol = 199;
        const QRect last = canvas->cellRect(lastRow, lastCol);
        const QPoint inView = canvas->mapTo(vp, last.center());
        QVERIFY2(vp->rect().contains(inView), qPrintable(QString("%1,%2").arg(inView.x()).arg(inView.y())));
        QSignalSpy clicked(canvas, &views::HeatmapCanvas::cellClicked);
        // (the pointer over the viewport is over the canvas, its child: the canvas gets the press)
        QTest::mouseClick(canvas, Qt::LeftButton, {}, canvas->mapFrom(vp, inView));
        QCOMPARE(clicked.size(), 1);
        QCOMPARE(clicked[0][0].toInt(), lastRow);
        QCOMPARE(clicked[0][1].toInt(), lastCol);
        QVERIFY2(tipAt(canvas, vp, inView).contains("rank 199"), qPrintable(tipAt(canvas, vp, inView)));
        // the op labels stay at the left of the view: the label there is the row's, not a cell scrolled under
        const QPoint label(20, inView.y());
        QCOMPARE(tipAt(canvas, vp, label), QString("Op39"));
        QSignalSpy none(canvas, &views::HeatmapCanvas::cellClicked);
        QTest::mouseClick(canvas, Qt::LeftButton, {}, canvas->mapFrom(vp, label));
        QCOMPARE(none.size(), 0);
        // the rank labels stay at the top: the band above the cells has text pixels over the last columns
        const QImage shot = vp->grab().toImage();
        const QColor base = canvas->palette().color(QPalette::Base);
        int ink = 0;
        for (int x = inView.x() - 40; x <= std::min(inView.x() + 6, shot.width() - 1); ++x)
            for (int y = 0; y < 40; ++y)
                ink += shot.pixelColor(x, y).lightness() < base.lightness() - 80;
        QVERIFY2(ink > 20, qPrintable(QString::number(ink)));
    }
    void theLegendCoversNoCellAndStaysInView() {
        // every cell is at ratio 1 (white): the legend's colour bar is the only red and blue there is. It was
        // drawn right of the 200th rank, seen only when scrolled to the far right; then pinned over the
        // grid's right edge, where it hid the cells under it (walk 42: rank 3's straggler cells). It is a
        // column of its own now: in view wherever the grid is scrolled, and no cell is under it
        // one fast and one slow cell far apart: the legend runs over the cells' own range (walk 34), so
        // its bar needs both ends (the legend widget alone is looked at, not the cells)
        auto d = fullGrid(40, 200);
        d->cells[39][0].ratio = 0.5;
        d->cells[0][199].ratio = 2.0;
        ShownView v(d);
        QVERIFY(QTest::qWaitForWindowExposed(&v.view));
        QScrollArea* area = v.area();
        QWidget* vp = area->viewport();
        auto* legend = v.view.legend();
        const QRect legendAt(legend->mapTo(&v.view, QPoint()), legend->size());
        const QRect gridAt(vp->mapTo(&v.view, QPoint()), vp->size());
        QVERIFY2(!legendAt.intersects(gridAt), "the legend over the grid's cells");
        auto redBlue = [](const QImage& shot, int fromX) {
            int red = 0, blue = 0;
            for (int x = std::max(0, fromX); x < shot.width(); ++x)
                for (int y = 0; y < shot.height(); ++y) {
                    const QColor c = shot.pixelColor(x, y);
                    red += c.red() > 170 && c.green() < 110 && c.blue() < 110;
                    blue += c.blue() > 170 && c.red() < 110;
                }
            return std::pair{red, blue};
        };
        for (double at : {0.0, 0.5, 1.0}) {
            area->horizontalScrollBar()->setValue(int(at * area->horizontalScrollBar()->maximum()));
            area->verticalScrollBar()->setValue(int(at * area->verticalScrollBar()->maximum()));
            QCoreApplication::processEvents();
            const auto [red, blue] = redBlue(legend->grab().toImage(), 0);
            QVERIFY2(
                red > 30 && blue > 30,
                qPrintable(QString("scrolled %1: %2 red, %3 blue legend pixels").arg(at).arg(red).arg(blue)));
            // the grid's right edge shows its white cells, not a colour bar over them
            const QImage grid = vp->grab().toImage();
            const auto [gridRed, gridBlue] = redBlue(grid, grid.width() - 130);
            QVERIFY2(gridRed + gridBlue == 0,
                     qPrintable(QString("scrolled %1: %2 red, %3 blue over the cells")
                                    .arg(at)
                                    .arg(gridRed)
                                    .arg(gridBlue)));
        }
    }
    void aNarrowPanelKeepsAFewColumnsInView_data() {
        QTest::addColumn<int>("width");
        QTest::addColumn<bool>("beside"); // the legend right of the grid, else under it
        // the op heatmap's dock in a 640, 700 and 800 px window, and in a wide one
        QTest::newRow("400 px") << 400 << false;
        QTest::newRow("460 px") << 460 << false;
        // 60 px of op labels (the least), 64 px columns: beside a 160 px legend 4 columns need ~340 px
        QTest::newRow("560 px") << 560 << true;
        QTest::newRow("900 px") << 900 << true;
    }
    void aNarrowPanelKeepsAFewColumnsInView() {
        // walk 23: in a 700 px window the grid showed one rank's column beside its 135 px legend
        QFETCH(int, width);
        QFETCH(bool, beside);
        views::InteractionState state;
        views::HeatmapView view(&state, nullptr);
        view.resize(width, 420);
        view.setData(fullGrid(12, 8));
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QCoreApplication::processEvents();
        views::HeatmapCanvas* canvas = view.canvas();
        QWidget* vp = view.gridArea()->viewport();
        // the columns in view: the viewport's width right of the op labels (which stay at its left)
        const int labels = canvas->cellRect(0, 0).left();
        const int columns = (vp->width() - labels) / canvas->cellWidth();
        QVERIFY2(columns >= 4, // a few ranks to compare
                 qPrintable(QString("%1 columns in %2 px").arg(columns).arg(vp->width())));
        auto* legendArea = qobject_cast<QScrollArea*>(view.legend()->parentWidget()->parentWidget());
        QVERIFY(legendArea);
        const QRect legendAt(legendArea->mapTo(&view, QPoint()), legendArea->size());
        const QRect gridAt(vp->mapTo(&view, QPoint()), vp->size());
        QVERIFY(!legendAt.intersects(gridAt));
        QVERIFY(view.rect().contains(legendAt));
        QCOMPARE(legendAt.left() > gridAt.left(), beside);
        // under the grid, a strip: its colour bar and every key in view
        QCOMPARE(view.legend()->isStrip(), !beside);
        if (!beside)
            QVERIFY(legendArea->viewport()->height() >=
                    view.legend()->stripHeight(legendArea->viewport()->width()));
    }
    void aRankTheDataDoesNotNameIsCalledByItsFile() {
        // r50a #4: the rank × step grid's rows of ranks Rankscope numbered (one per file) read "rank 1",
        // a number no file writes; the timeline's header calls them by their file
        auto d = std::make_shared<query::HeatmapData>();
        d->mode = query::HeatmapData::Mode::RankByStep;
        d->opType = "gemm";
        d->columns = {"step 0"};
        d->columnKeys = {0};
        d->rows = {"rank 0", "rank 1", "rank 2"};
        d->rowKeys = {0, 1, 2};
        d->unnamedRowKeys = {0, 1};
        d->cells.assign(3, std::vector<query::HeatCell>(1));
        d->rowTotalNs = {1, 1, 1};
        auto summary = std::make_shared<query::ProfileSummary>();
        summary->ranks = {0, 1, 2};
        summary->unnamedRankFile = {{0, "alpha.json"}, {1, "beta.json"}};
        views::InteractionState state;
        views::HeatmapView view(&state, nullptr);
        view.setSummary(summary);
        view.setData(d);
        QVERIFY(view.canvas()->data());
        QCOMPARE(view.canvas()->data()->rows,
                 (std::vector<std::string>{"file 0: alpha.json", "file 1: beta.json", "rank 2"}));
    }
    void aShortNarrowDockShowsTheGridsBarAndTheWholeLegend() {
        // walk 42, the op heatmap docked under a 1000 px window's timeline (460 × 200 px): the dock's scroll
        // area took the panel's preferred height (its whole grid), so the grid's horizontal bar was below the
        // dock's edge and the legend was cut by it. The grid's bar is in view now, over 8 ranks wider than
        // the dock, and the legend whole with every key (a straggler, a cell without shared kernels, a cut
        // rank's cells)
        auto d = fullGrid(12, 8);
        d->cells[0][3].flagged = true;
        d->cells[1][2].noSharedKernels = true;
        d->cutRanks[7] = "rank7.json";
        views::InteractionState state;
        auto* view = new views::HeatmapView(&state, nullptr);
        gui::DockScrollArea dock(view);
        dock.resize(460, 200);
        view->setData(d);
        dock.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dock));
        QCoreApplication::processEvents();
        QScrollBar* bar = view->gridArea()->horizontalScrollBar();
        QVERIFY2(bar->maximum() > 0, "8 ranks of 64 px fit a 460 px dock?");
        QVERIFY(bar->isVisible());
        // `w` wholly in the dock's view
        auto inDock = [&](const QWidget* w, const char* what) {
            const QRect at(w->mapTo(dock.viewport(), QPoint()), w->size());
            return QString(dock.viewport()->rect().contains(at) ? "" : "%1 at y %2-%3, the dock shows 0-%4")
                .arg(what)
                .arg(at.top())
                .arg(at.bottom())
                .arg(dock.viewport()->height());
        };
        QVERIFY2(inDock(bar, "the bar").isEmpty(), qPrintable(inDock(bar, "the bar")));
        // the legend: a strip under the grid (walk 24 #1: upright there, it took 140 px of a short dock),
        // every line of it in the dock's view
        auto* legend = view->legend();
        QVERIFY(legend->isStrip());
        QVERIFY2(legend->height() >= legend->stripHeight(legend->width()),
                 qPrintable(QString("%1 px of a %2 px strip")
                                .arg(legend->height())
                                .arg(legend->stripHeight(legend->width()))));
        QVERIFY2(inDock(legend, "the legend").isEmpty(), qPrintable(inDock(legend, "the legend")));
        // the cut rank's key, the last of the strip: its cross-hatch is drawn
        const QImage shot = legend->grab().toImage();
        int hatch = 0;
        for (int y = 0; y < shot.height(); ++y)
            for (int x = 0; x < shot.width(); ++x)
                hatch += shot.pixelColor(x, y) == QColor(90, 90, 90);
        QVERIFY2(hatch > 10, qPrintable(QString::number(hatch)));
    }
    /// One rank's grid of `ops` op types with kernel-long names (df_index_resolver's rank 1, walk 27).
    static std::shared_ptr<query::HeatmapData> oneRankKernels(int ops) {
        auto d = fullGrid(ops, 1);
        for (int i = 0; i < ops; ++i)
            d->rows[size_t(i)] = "volta_sgemm_128x32_nt_kernel_number_" + std::to_string(i);
        return d;
    }
    void theCaptionIsNeverCutAtTheDocksEdge_data() {
        QTest::addColumn<QSize>("from"); // the dock's size the data arrived at
        QTest::addColumn<QSize>("to");   // then the window's
        // the op heatmap's dock in a 1600 × 1000, 800 × 600 and 640 × 480 window (walk 27)
        QTest::newRow("800 × 600") << QSize(555, 206) << QSize(555, 206);
        QTest::newRow("800 × 600, then 640 × 480") << QSize(555, 206) << QSize(440, 195);
        QTest::newRow("1600 × 1000, then 800 × 600") << QSize(1100, 206) << QSize(555, 206);
        QTest::newRow("640 × 480") << QSize(440, 195) << QSize(440, 195);
        QTest::newRow("1600 × 1000") << QSize(1100, 400) << QSize(1100, 400);
    }
    void theCaptionIsNeverCutAtTheDocksEdge() {
        // walk 27: at 800 × 600 the caption "One rank: nothing to compare it with, …" ran past the dock's
        // right edge, cut mid-word: elided to the panel's width once, the one-line label then held the
        // panel at that width, and a narrower window scrolled the panel sideways in its dock instead. In
        // view now: the panel as wide as the dock, and the caption's text within its label (wrapped, or
        // elided with the whole in its tooltip or the legend's strip)
        QFETCH(QSize, from);
        QFETCH(QSize, to);
        views::InteractionState state;
        auto* view = new views::HeatmapView(&state, nullptr);
        gui::DockScrollArea dock(view);
        dock.resize(from);
        view->setProfile({1}, int64_t(2), false); // df_index_resolver: rank 1 of 2
        dock.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dock));
        view->setData(oneRankKernels(20));
        QCoreApplication::processEvents();
        dock.resize(to);
        QCoreApplication::processEvents();
        QCOMPARE(dock.horizontalScrollBar()->maximum(), 0); // nothing of the panel beyond the dock's edge
        auto* label = view->findChild<QLabel*>();
        QVERIFY(label);
        if (!label->isVisible()) { // the caption is in the legend's strip, under the grid
            QVERIFY(view->legend()->isStrip());
            return;
        }
        const QRect at(label->mapTo(dock.viewport(), QPoint()), label->size());
        QVERIFY2(dock.viewport()->rect().contains(at),
                 qPrintable(QString("the caption at x %1-%2, the dock shows 0-%3")
                                .arg(at.left())
                                .arg(at.right())
                                .arg(dock.viewport()->width())));
        if (!label->wordWrap()) {
            QVERIFY2(label->fontMetrics().horizontalAdvance(label->text()) <= label->contentsRect().width(),
                     qPrintable(label->text()));
            if (label->text() != view->caption()) {
                QCOMPARE(label->toolTip(), view->caption());
                // elided at a word's end (walk 47: "… so no slow cell is nam…" read as cut by the edge)
                const QString head = label->text().chopped(1);
                QVERIFY2(view->caption().startsWith(head) && !view->caption()[head.size()].isLetterOrNumber(),
                         qPrintable(label->text()));
            }
        }
    }
    void theLegendsStripCoversNoRow() {
        // walk 27, 640 × 480: the colour legend's strip under the grid read as covering the 7th row: the
        // grid's edge cut that row in half right over the strip. The grid's visible part (its viewport) and
        // the strip do not meet, and over a strip the grid shows whole rows, at each size of the walk
        for (const QSize& size : {QSize(440, 195), QSize(555, 245), QSize(1100, 400)}) {
            DockedView docked(size, oneRankKernels(20));
            views::HeatmapView* view = docked.view;
            const gui::DockScrollArea& dock = docked.dock;
            QVERIFY(QTest::qWaitForWindowExposed(&docked.dock));
            QCoreApplication::processEvents();
            auto* legendArea = qobject_cast<QScrollArea*>(view->legend()->parentWidget()->parentWidget());
            QVERIFY(legendArea);
            QWidget* vp = view->gridArea()->viewport();
            const QRect grid(vp->mapTo(dock.viewport(), QPoint()), vp->size());
            const QRect legend(legendArea->mapTo(dock.viewport(), QPoint()), legendArea->size());
            QVERIFY2(!grid.intersects(legend),
                     qPrintable(QString("%1 × %2: the grid at y %3-%4, the legend at y %5-%6")
                                    .arg(size.width())
                                    .arg(size.height())
                                    .arg(grid.top())
                                    .arg(grid.bottom())
                                    .arg(legend.top())
                                    .arg(legend.bottom())));
            if (!view->legend()->isStrip()) continue;
            QVERIFY(view->gridArea()->verticalScrollBar()->maximum() > 0); // more rows than fit
            QVERIFY2(docked.cutRows().isEmpty(), qPrintable(docked.cutRows()));
            // and the rows stay whole where the wheel scrolls them
            QTest::mouseMove(vp, vp->rect().center());
            QWheelEvent wheel(QPointF(vp->rect().center()), QPointF(vp->mapToGlobal(vp->rect().center())),
                              QPoint(), QPoint(0, -120), Qt::NoButton, Qt::NoModifier, Qt::NoScrollPhase,
                              false);
            QApplication::sendEvent(vp, &wheel);
            const int value = view->gridArea()->verticalScrollBar()->value();
            QVERIFY(value > 0);
            QVERIFY2(value % view->canvas()->cellHeight() == 0 ||
                         value == view->gridArea()->verticalScrollBar()->maximum(),
                     qPrintable(QString::number(value)));
        }
    }
    void besideTheLegendTheGridShowsWholeRows() {
        // walk 47: in a wide, short dock (the legend beside the grid) the dock's bottom edge cut a row in
        // half, as the strip did under the grid (walk 27). The grid shows whole rows there too, its top
        // level with the legend's (not centred in the row by the pixels it gave up)
        for (const QSize& size : {QSize(1100, 206), QSize(900, 251), QSize(1100, 400)}) {
            DockedView docked(size, oneRankKernels(40));
            views::HeatmapView* view = docked.view;
            QVERIFY(QTest::qWaitForWindowExposed(&docked.dock));
            QCoreApplication::processEvents();
            QVERIFY(!view->legend()->isStrip());                           // wide: beside the grid
            QVERIFY(view->gridArea()->verticalScrollBar()->maximum() > 0); // more rows than fit
            QVERIFY2(docked.cutRows().isEmpty(), qPrintable(docked.cutRows()));
            QCOMPARE(view->gridArea()->mapTo(view, QPoint()).y(),
                     view->legendArea()->mapTo(view, QPoint()).y());
        }
    }
    void theWheelScrollsTheRanksWhenNothingScrollsDown() {
        ShownView v(fullGrid(2, 200));
        QVERIFY(QTest::qWaitForWindowExposed(&v.view));
        QScrollArea* area = v.area();
        QCOMPARE(area->verticalScrollBar()->maximum(), 0);
        const QPoint at(400, 60);
        QWheelEvent down(at, area->viewport()->mapToGlobal(at), {}, QPoint(0, -120), Qt::NoButton,
                         Qt::NoModifier, Qt::NoScrollPhase, false);
        QApplication::sendEvent(area->viewport(), &down);
        QVERIFY(area->horizontalScrollBar()->value() > 0);
    }
};

QTEST_MAIN(TstHeatmapView)
#include "tst_heatmapview.moc"
