// Issue 19 #1, #2: the memory view's op-colour key was cut to "…" at 800 × 600 (its long lead sentence took
// the line, no op named) and ended "■ …" at 1600 × 1000 (a swatch without its op). The key names ops first,
// each swatch beside its op's whole name, in one line inside its rectangle, the rest in its tooltip; and
// the curves' axis, tick labels and title lie inside the plot, at both window sizes' dock widths.
#include "app/gui/dockscrollarea.h"
#include "core/query/analysisqueries.h"
#include "tests/support/testsupport.h"
#include "views/common/elidedlabel.h"
#include "views/common/interactionstate.h"
#include "views/common/wholelines.h"
#include "views/memory/memorymapcanvas.h"
#include "views/memory/memorymapview.h"
#include "views/memory/tensorcolorkey.h"

#include <QtTest>
#include <qcustomplot.h>

using namespace rs;

class TstMemoryLegendFit : public QObject {
    Q_OBJECT
    test::Indexed m_ix;

  private Q_SLOTS:
    void initTestCase() {
        std::string err;
        const std::string dir = test::writeDemo("memorylegendfit", 8, 3, 2, err);
        QVERIFY2(!dir.empty(), err.c_str());
        m_ix = test::indexDir(dir);
        QVERIFY(m_ix.db);
    }
    void theKeyNamesEveryOpAndTheAxisFits_data() {
        QTest::addColumn<QSize>("dock");
        QTest::newRow("1600 x 1000's dock") << QSize(1100, 420);
        QTest::newRow("800 x 600's dock") << QSize(555, 200);
    }
    void theKeyNamesEveryOpAndTheAxisFits() {
        QFETCH(QSize, dock);
        auto data = std::make_shared<query::MemoryMapData>(query::loadMemoryMap(*m_ix.db, 0));
        views::InteractionState state;
        state.setBounds(data->startNs, data->endNs);
        auto* view = new views::MemoryMapView(&state, nullptr);
        gui::DockScrollArea area(view);
        area.resize(dock);
        view->setProfile({});
        area.show();
        view->setData(data);
        QVERIFY(QTest::qWaitForWindowExposed(&area));
        QCoreApplication::processEvents();
        // the ops keyed, from the tensors the map draws over the whole run, by the key's own rule
        const auto key = views::TensorColorKey::of(*data, data->startNs, data->endNs);
        QVERIFY(key.keyed().size() >= 2);
        views::ElidedLabel* legend = view->legend();
        QVERIFY(legend->isVisible());
        QTextDocument shown;
        shown.setHtml(legend->text());
        const QString text = shown.toPlainText();
        // one line, its text inside its rectangle, every op in its tooltip
        QVERIFY2(legend->height() < 2 * legend->fontMetrics().lineSpacing(),
                 qPrintable(QString("the key is %1 px high").arg(legend->height())));
        const QList<QRect> lines = views::labelLineRects(legend, legend->contentsRect().width());
        QCOMPARE(lines.size(), 1);
        QVERIFY2(lines.front().right() < legend->width(),
                 qPrintable(QString("'%1' ends at %2 px in a %3 px key")
                                .arg(text)
                                .arg(lines.front().right())
                                .arg(legend->width())));
        // it names ops: each swatch shown stands beside a keyed op's whole name (never a swatch alone,
        // "■ …"), the first of them at least; those cut off are in the tooltip
        const QStringList entries = text.split(QChar(0x25A0)).mid(1); // after each ■
        QVERIFY2(!entries.isEmpty(), qPrintable(QString("no op named in '%1'").arg(text)));
        for (qsizetype i = 0; i < entries.size(); ++i) {
            const QString name = entries[i].trimmed().remove(QChar(0x2026)).trimmed();
            QVERIFY2(i < qsizetype(key.keyed().size()) &&
                         name.startsWith(QString::fromStdString(key.keyed()[size_t(i)].op)),
                     qPrintable(QString("entry %1 '%2' of '%3'").arg(i).arg(name, text)));
        }
        for (const auto& e : key.keyed())
            QVERIFY(legend->fullText().contains(QString::fromStdString(e.op)));
        if (legend->isElided()) QCOMPARE(legend->toolTip(), legend->fullText());
        // the curves' time axis: its tick labels and title inside the plot
        QCustomPlot* plot = view->plot();
        plot->replot();
        const QRect axisRect = plot->axisRect()->rect();
        const int below = plot->xAxis->offset() + plot->xAxis->tickLabelPadding() +
                          QFontMetrics(plot->xAxis->tickLabelFont()).height() + plot->xAxis->labelPadding() +
                          QFontMetrics(plot->xAxis->labelFont()).height();
        QVERIFY2(axisRect.height() > 0 && axisRect.bottom() + below <= plot->height(),
                 qPrintable(QString("axis at %1, %2 px of labels under it, in a %3 px plot")
                                .arg(axisRect.bottom())
                                .arg(below)
                                .arg(plot->height())));
    }
};

QTEST_MAIN(TstMemoryLegendFit)
#include "tst_memorylegendfit.moc"
