// The Comparison panel in the 800 × 600 window (issue 19, r56c): the main window at 800 × 600, an 8-rank
// demo whose MatMulV2 kernels are 1.08× slower compared with the plain demo (File ▸ Compare with…). The
// regression list's columns all lie within its view, their names and figures elided with "…" rather than
// cut at its edge ("6.2" of "6.28 ms" read as another figure); and, the dock scrolled from its top to its
// bottom, every kernel row of the grid and every title line of the charts and the spans is on screen whole
// or not drawn at all (the window's real pixels, as the dock's scroll left them: a row drawn whole before a
// scroll was moved half out of the dock).
#include "app/gui/dockscrollarea.h"
#include "app/gui/mainwindow.h"
#include "tests/support/testsupport.h"
#include "views/compare/compareview.h"
#include "views/compare/deltagrid.h"
#include "views/compare/spanpairview.h"
#include "views/compare/stepoverlay.h"

#include <QHeaderView>
#include <QScreen>
#include <QScrollBar>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QStyle>
#include <QTreeWidget>
#include <QtTest>

using namespace rs;

namespace {

/// `r` (`w`'s pixels) in the window's pixels, clipped by every widget up to the window.
QRect onScreen(const QWidget* w, QRect r) {
    for (const QWidget* p = w; p && !p->isWindow(); p = p->parentWidget()) {
        r &= p->rect();
        if (r.isEmpty()) return {};
        r.translate(p->pos());
    }
    return r;
}

/// Whether the pixels of `img` in `r` are all of one colour (nothing drawn there but a background).
bool blank(const QImage& img, const QRect& r) {
    const QRect in = r & img.rect();
    if (in.isEmpty()) return true;
    const QRgb first = img.pixel(in.topLeft());
    for (int y = in.top(); y <= in.bottom(); ++y)
        for (int x = in.left(); x <= in.right(); ++x)
            if (img.pixel(x, y) != first) return false;
    return true;
}

} // namespace

class TstCompareSmallDock : public QObject {
    Q_OBJECT
    QString m_base, m_slower;

    /// "" when line `r` of `w` (its pixels) is on screen whole or shows nothing of itself, else what.
    static QString cutLine(const QImage& img, const QWidget* w, const QRect& r, const QString& what) {
        const QRect seen = onScreen(w, r);
        if (seen.isEmpty() || seen.height() == r.height() || blank(img, seen)) return {};
        return QString("%1: %2 of its %3 px drawn").arg(what).arg(seen.height()).arg(r.height());
    }

  private Q_SLOTS:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        const std::string root = test::tempDir("comparesmalldock");
        for (int i = 0; i < 2; ++i) {
            demo::DemoOptions o = test::demoOptions(8, 8, 2);
            if (i == 1) o.scaleOp["MatMulV2"] = 1.08;
            const std::string dir = root + (i ? "/demo-matmul-8pct-slower" : "/demo");
            const std::string err = test::writeDemo(dir, o);
            QVERIFY2(err.empty(), err.c_str());
            (i ? m_slower : m_base) = QString::fromStdString(dir);
        }
    }

    void everyRowIsWholeAt800x600() {
        gui::MainWindow w;
        w.resize(800, 600);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QSignalSpy ready(&w, &gui::MainWindow::profileReady);
        w.openProfile(m_slower);
        QVERIFY(ready.wait(60000));
        QSignalSpy compared(&w, &gui::MainWindow::compareReady);
        w.compareWith(m_base);
        QVERIFY(compared.wait(120000));
        auto* v = w.findChild<views::CompareView*>();
        QVERIFY(v && v->data());
        QTRY_VERIFY_WITH_TIMEOUT(v->isVisible() && v->spanPairView()->spans(), 30000);
        auto* dock = qobject_cast<gui::DockScrollArea*>(v->parentWidget()->parentWidget());
        QVERIFY(dock);
        QCOMPARE(w.size(), QSize(800, 600));

        // the list's columns within its view, names and figures elided rather than cut at its edge
        auto* list = v->regressionList();
        auto* h = list->header();
        QCOMPARE(list->textElideMode(), Qt::ElideRight);
        // each column's name whole within its column, or elided with "…" (its whole name in its tooltip)
        const QFontMetrics hfm(h->font());
        const int pad = 2 * h->style()->pixelMetric(QStyle::PM_HeaderMargin, nullptr, h);
        for (int c = 0; c < list->columnCount(); ++c) {
            const QString name = list->headerItem()->text(c);
            QVERIFY2(hfm.horizontalAdvance(name) + pad <= h->sectionSize(c),
                     qPrintable(QString("column %1's name \"%2\" is wider than its %3 px")
                                    .arg(c)
                                    .arg(name)
                                    .arg(h->sectionSize(c))));
            QVERIFY2(name == list->headerItem()->toolTip(c) || name.endsWith(QChar(0x2026)),
                     qPrintable(name));
        }
        for (int c = 0; c < list->columnCount(); ++c) {
            const int left = h->sectionViewportPosition(c);
            QVERIFY2(left >= 0 && left + h->sectionSize(c) <= list->viewport()->width(),
                     qPrintable(QString("column %1 (%2) at %3-%4 of a %5 px list")
                                    .arg(c)
                                    .arg(list->headerItem()->text(c))
                                    .arg(left)
                                    .arg(left + h->sectionSize(c))
                                    .arg(list->viewport()->width())));
        }

        // the dock scrolled from its top to its bottom: no line cut in half on screen
        QScrollBar* bar = dock->verticalScrollBar();
        QVERIFY2(bar->maximum() > 0, "the panel is taller than the 800 x 600 window's dock");
        const auto* grid = v->deltaGrid();
        const auto* steps = v->stepOverlay();
        const auto* spans = v->spanPairView();
        const int cols = int(v->data()->ranks.size());
        QStringList cut;
        int seenRows = 0;
        for (int value = 0; value <= bar->maximum(); value += 5) {
            bar->setValue(value);
            for (int i = 0; i < 3; ++i) {
                QTest::qWait(1); // the snap it asks for, then its paint
                QCoreApplication::processEvents();
            }
            const QImage img = w.screen()->grabWindow(w.winId()).toImage();
            const QString at = QString("scrolled to %1 (asked %2): ").arg(bar->value()).arg(value);
            for (int r = 0; r < int(v->data()->opTypes.size()); ++r) {
                const QRect cells = grid->cellRect(r, 0).united(grid->cellRect(r, cols - 1));
                const QRect row(0, cells.top(), cells.right() + 1, cells.height());
                if (!onScreen(grid, row).isEmpty()) ++seenRows;
                if (const QString c = cutLine(img, grid, row, QString::fromStdString(v->data()->opTypes[r]));
                    !c.isEmpty())
                    cut << at + c;
            }
            for (int side = 0; side < 2; ++side) {
                if (const QString c =
                        cutLine(img, steps, steps->titleRect(side),
                                QString("step chart's %1 line").arg(side ? "candidate" : "baseline"));
                    !c.isEmpty())
                    cut << at + c;
                if (const QString c =
                        cutLine(img, spans, spans->titleRect(side),
                                QString("spans' %1 title").arg(side ? "candidate" : "baseline"));
                    !c.isEmpty())
                    cut << at + c;
            }
            if (const QString c = cutLine(img, spans, spans->subjectRect(), "spans' subject"); !c.isEmpty())
                cut << at + c;
        }
        QVERIFY(seenRows > 0);
        QVERIFY2(cut.isEmpty(), qPrintable(cut.join('\n')));
    }
};

QTEST_MAIN(TstCompareSmallDock)
#include "tst_comparesmalldock.moc"
