// Switching the op heatmap to a per-step layout shows the op (rank × step) or rank (op × step) the user
// selected, else the one at the top (left) of the grid in view (issue 19: rank × step opened on the
// chooser's first op, another than the one selected or looked at). Model state: the layout's subject.
#include "views/heatmap/heatmapview.h"

#include "tests/support/heatgrid.h"
#include "views/heatmap/heatmapcanvas.h"

#include <QComboBox>
#include <QScrollArea>
#include <QScrollBar>
#include <QtTest>

using namespace rs;
using Mode = query::HeatmapData::Mode;

namespace {
/// The op × rank grid of 40 ops in a view of its own (no query service: the layouts are only chosen).
struct Heatmap {
    views::InteractionState state;
    views::HeatmapView view{&state, nullptr};
    Heatmap() {
        view.resize(520, 300);
        view.setProfile({0, 1, 2, 3});
        view.setData(test::heatGrid(test::opNames(40), 4));
        view.show();
    }
    QComboBox* modeBox() { return view.findChildren<QComboBox*>().at(0); } // mode, subject, statistic, sort
    void select(const QString& op, int rank) {
        views::Selection s;
        s.kind = views::Selection::Kind::OpType;
        s.opType = op;
        s.rank = rank;
        state.setSelection(s);
    }
};
} // namespace

class TstHeatmapSubject : public QObject {
    Q_OBJECT
  private Q_SLOTS:
    void rankByStepShowsTheSelectedOp() {
        Heatmap h;
        h.select("Op7", 1);
        h.modeBox()->setCurrentIndex(2); // rank × step (one op)
        QCOMPARE(h.view.layoutMode(), 2);
        QCOMPARE(h.view.layoutOp(), QString("Op7"));
    }
    void opByStepShowsTheSelectedRank() {
        Heatmap h;
        h.select("Op3", 2);
        h.modeBox()->setCurrentIndex(1); // op × step (one rank)
        QCOMPARE(h.view.layoutRank(), 2);
    }
    void theLastSessionsOpOverTheSelection() {
        // the layout carried from the last session (or a saved view) keeps its op, the chooser's first too
        Heatmap h;
        h.select("Op7", 1);
        h.view.setPreferredLayout(2, "Op0", -1);
        h.view.setData(test::heatGrid(test::opNames(40),
                                      4)); // a new run's op × rank grid: the carried layout comes back
        QCOMPARE(h.view.layoutMode(), 2);
        QCOMPARE(h.view.layoutOp(), QString("Op0"));
    }
    void withoutSelectionTheTopRowInView() {
        Heatmap h;
        QVERIFY(QTest::qWaitForWindowExposed(&h.view));
        QScrollBar* bar = h.view.gridArea()->verticalScrollBar();
        const int rowH = h.view.canvas()->cellHeight();
        QVERIFY(bar->maximum() >= 5 * rowH); // 40 rows do not fit: the grid scrolls
        bar->setValue(5 * rowH);             // rows 5… at the top of the view
        h.modeBox()->setCurrentIndex(2);
        QCOMPARE(h.view.layoutOp(), QString("Op5"));
    }
};

QTEST_MAIN(TstHeatmapSubject)
#include "tst_heatmapsubject.moc"
