// A dock's scroll area ends between two lines, never through one (r55c): at 800 × 600 the memory dock
// showed bank 5's band with its label cut in half, and the Comparison dock a regression-list row cut in
// half by the dock's own scroll area (DockScrollArea). Over a range of dock heights around the 800 × 600
// window's docks, every bank label of the memory map and every row of the regression list is either wholly
// in the dock's viewport or not in it at all, before and after a scroll.
// The memory view's text lines above the map (the caption beside the rank box, the colour key) are lines
// too (issue 19: scrolled along the bank bands, the dock's top edge stopped through the colour key's line).
#include "app/gui/dockscrollarea.h"

#include "core/compare/comparisondata.h"
#include "core/query/analysisqueries.h"
#include "tests/support/testsupport.h"
#include "views/common/elidedlabel.h"
#include "views/common/interactionstate.h"
#include "views/common/wholelines.h"
#include "views/compare/compareview.h"
#include "views/memory/memorymapcanvas.h"
#include "views/memory/memorymapview.h"

#include <QLabel>
#include <QScrollBar>
#include <QTreeWidget>
#include <QtTest>

using namespace rs;

namespace {
/// "" when `r` (the dock viewport's pixels, already clipped by the widgets between) is wholly in the
/// viewport or out of it, else what of it shows.
QString partly(const gui::DockScrollArea& area, const QRect& r, const QString& what) {
    const QRect seen = r & area.viewport()->rect();
    if (seen.isEmpty() || seen.height() == r.height()) return {};
    return QString("%1: %2 of %3 px shown (y %4-%5 in a %6 px viewport)")
        .arg(what)
        .arg(seen.height())
        .arg(r.height())
        .arg(r.top())
        .arg(r.bottom())
        .arg(area.viewport()->height());
}
/// The rectangle `r` of `w` in `area`'s viewport, clipped by every widget between them.
QRect inViewport(const gui::DockScrollArea& area, const QWidget* w, QRect r) {
    for (const QWidget* p = w; p && p != area.viewport(); p = p->parentWidget()) {
        r &= p->rect();
        if (r.isEmpty()) return {};
        r.translate(p->pos());
    }
    return r;
}
/// "" when each text line of `label` is wholly in the viewport or out of it, else what of it shows.
QString cutLines(const gui::DockScrollArea& area, const QLabel* label) {
    if (!label->isVisible() || label->text().isEmpty()) return {};
    // a one-line label is drawn centred in its height: the line is the label; a wrapped one's are its lines
    const QList<QRect> lines = label->wordWrap() ? views::labelLineRects(label, label->width())
                                                 : QList<QRect>{QRect(0, 0, label->width(), label->height())};
    QStringList out;
    for (const QRect& line : lines) {
        const QRect r = inViewport(area, label, line), seen = r & area.viewport()->rect();
        if (!seen.isEmpty() && seen.height() != r.height())
            out << QString("%1: %2 of %3 px shown")
                       .arg(label->objectName())
                       .arg(seen.height())
                       .arg(r.height());
    }
    return out.join("; ");
}
} // namespace

class TstDockWholeLines : public QObject {
    Q_OBJECT
    test::Indexed m_ix;
    std::shared_ptr<const compare::ComparisonData> m_compare;

  private Q_SLOTS:
    void initTestCase() {
        std::string err;
        const std::string dir = test::writeDemo("dockwholelines", 4, 3, 1, err);
        QVERIFY2(!dir.empty(), err.c_str());
        m_ix = test::indexDir(dir);
        QVERIFY(m_ix.db);
        const std::string root = test::tempDir("dockwholelines-compare");
        std::string db[2];
        for (int i = 0; i < 2; ++i) {
            demo::DemoOptions o = test::demoOptions(4, 8, 2);
            if (i == 1) // several regressions: a list of more rows than the dock shows
                for (const char* op : {"MatMulV2", "BatchMatMul", "LayerNormGrad", "AdamApplyOneWithDecay",
                                       "LayerNorm", "FastGeluGrad"})
                    o.scaleOp[op] = 1.2;
            auto ix = test::indexedDemo(root + (i ? "/slower" : "/demo"), o);
            QVERIFY2(ix.result.ok, ix.result.error.c_str());
            db[i] = ix.result.dbPath;
        }
        index::Db b(db[0], true), c(db[1], true);
        m_compare = std::make_shared<const compare::ComparisonData>(compare::buildComparison(b, c));
        QVERIFY(m_compare->result.fail());
    }

    void noBankLabelIsCut() {
        auto data = std::make_shared<query::MemoryMapData>(query::loadMemoryMap(*m_ix.db, 0));
        views::InteractionState state;
        state.setBounds(data->startNs, data->endNs);
        auto* view = new views::MemoryMapView(&state, nullptr);
        gui::DockScrollArea area(view);
        area.resize(560, 170); // the 800 × 600 window's memory dock
        view->setProfile({});
        area.show();
        view->setData(data);
        QVERIFY(QTest::qWaitForWindowExposed(&area));
        QStringList cut;
        int labels = 0;
        for (int h = 120; h <= 300; h += 9)
            for (int scroll : {0, 1}) {
                area.resize(560, h);
                QTest::qWait(1); // the resize, then the snap it asks for
                if (scroll) {
                    QTest::mouseClick(area.verticalScrollBar(), Qt::LeftButton, {},
                                      area.verticalScrollBar()->rect().bottomRight() - QPoint(2, 2));
                    QTest::qWait(1);
                }
                QCoreApplication::processEvents();
                for (const auto& l : view->canvas()->bankLabels()) {
                    const QRect r =
                        inViewport(area, view->canvas(), l.rect.toAlignedRect() & view->canvas()->rect());
                    if (!r.isEmpty()) ++labels;
                    if (const QString p = partly(area, r, l.text); !p.isEmpty())
                        cut << QString("%1 px dock%2: %3").arg(h).arg(scroll ? ", scrolled" : "").arg(p);
                }
            }
        QVERIFY(labels > 0);
        QVERIFY2(cut.isEmpty(), qPrintable(cut.join('\n')));
    }

    void noTextLineIsCutByAScroll() {
        auto data = std::make_shared<query::MemoryMapData>(query::loadMemoryMap(*m_ix.db, 0));
        views::InteractionState state;
        state.setBounds(data->startNs, data->endNs);
        auto* view = new views::MemoryMapView(&state, nullptr);
        gui::DockScrollArea area(view);
        area.resize(560, 170); // about the 800 × 600 window's memory dock
        view->setProfile({});
        area.show();
        view->setData(data);
        QVERIFY(QTest::qWaitForWindowExposed(&area));
        const QList<const QLabel*> labels{view->caption(), view->legend()};
        QVERIFY(!view->legend()->text().isEmpty()); // the colour key: the line this is about
        QStringList cut;
        int steps = 0;
        for (int h = 120; h <= 300; h += 15) {
            area.resize(560, h);
            QTest::qWait(1); // the resize, then the snap it asks for
            QScrollBar* bar = area.verticalScrollBar();
            bar->setValue(0);
            QTest::qWait(1);
            // scrolled down a few pixels at a time, as a wheel or drag over the bank bands does
            for (int v = 1; v <= 60 && v <= bar->maximum(); v += 3) {
                bar->setValue(v);
                QTest::qWait(1);
                QCoreApplication::processEvents();
                ++steps;
                for (const QLabel* l : labels)
                    if (const QString c = cutLines(area, l); !c.isEmpty())
                        cut << QString("%1 px dock, scrolled to %2: %3").arg(h).arg(bar->value()).arg(c);
            }
        }
        QVERIFY(steps > 0);
        QVERIFY2(cut.isEmpty(), qPrintable(cut.join('\n')));
    }

    void noRegressionRowIsCut() {
        auto* v = new views::CompareView;
        gui::DockScrollArea area(v);
        v->setData(m_compare);
        area.resize(620, 130); // the 800 × 600 window's Comparison dock
        area.show();
        QVERIFY(QTest::qWaitForWindowExposed(&area));
        auto* list = v->regressionList();
        QVERIFY(list->topLevelItemCount() > 2);
        QStringList cut;
        int rows = 0;
        for (int h = 100; h <= 320; h += 7)
            for (int scroll : {0, 1}) {
                area.resize(620, h);
                QTest::qWait(1);
                if (scroll) {
                    area.verticalScrollBar()->setValue(area.verticalScrollBar()->value() +
                                                       area.verticalScrollBar()->singleStep());
                    QTest::qWait(1);
                }
                QCoreApplication::processEvents();
                for (int i = 0; i < list->topLevelItemCount(); ++i) {
                    const QRect r =
                        inViewport(area, list->viewport(), list->visualItemRect(list->topLevelItem(i)));
                    if (!r.isEmpty()) ++rows;
                    if (const QString p = partly(area, r, QString("row %1").arg(i)); !p.isEmpty())
                        cut << QString("%1 px dock%2: %3").arg(h).arg(scroll ? ", scrolled" : "").arg(p);
                }
            }
        QVERIFY(rows > 0);
        QVERIFY2(cut.isEmpty(), qPrintable(cut.join('\n')));
    }
};

QTEST_MAIN(TstDockWholeLines)
#include "tst_dockwholelines.moc"
