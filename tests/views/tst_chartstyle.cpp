// The theme reaches the charts: with the dark palette the duration histogram (Qt Charts) and the memory
// curves (QCustomPlot) paint a dark background and light text, and switching back to a light palette at
// run time repaints them light (real pixels of the grabbed widgets).
#include "core/demo/demogenerator.h"
#include "core/query/analysisqueries.h"
#include "tests/support/testsupport.h"
#include "views/common/interactionstate.h"
#include "views/common/theme.h"
#include "views/details/histogramview.h"
#include "views/memory/memorymapview.h"

#include <QApplication>
#include <QStandardPaths>
#include <QtTest>
#include <qcustomplot.h>

using namespace rs;

class TstChartStyle : public QObject {
    Q_OBJECT
    std::string m_db;

    /// Share of pixels darker than 80 (of 255) in `img`.
    static double darkShare(const QImage& img) {
        int dark = 0, all = 0;
        for (int y = 0; y < img.height(); y += 3)
            for (int x = 0; x < img.width(); x += 3, ++all)
                dark += qGray(img.pixel(x, y)) < 80;
        return all ? double(dark) / all : 0;
    }
    static bool hasLightInk(const QImage& img) {
        for (int y = 0; y < img.height(); ++y)
            for (int x = 0; x < img.width(); ++x)
                if (qGray(img.pixel(x, y)) > 180) return true;
        return false;
    }

  private Q_SLOTS:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        auto ix = test::indexedDemo(test::tempDir("chartstyle") + "/demo", test::demoOptions(2, 4, 1));
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        m_db = ix.result.dbPath;
    }
    void cleanup() { qApp->setPalette(QPalette()); }
    void histogramFollowsTheTheme() {
        index::Db db(m_db, true);
        auto h = std::make_shared<const query::Histogram>(query::loadDurationHistogram(db, "MatMulV2", 0));
        QVERIFY(!h->counts.empty());
        qApp->setPalette(views::darkPalette());
        views::HistogramView v;
        v.resize(500, 260);
        v.setHistogram(h);
        v.show();
        QVERIFY(QTest::qWaitForWindowExposed(&v));
        QImage dark = v.grab().toImage();
        if (qEnvironmentVariableIsSet("RANKSCOPE_SHOTS"))
            dark.save(qEnvironmentVariable("RANKSCOPE_SHOTS") + "/histogram-dark.png");
        QVERIFY2(darkShare(dark) > 0.6, qPrintable(QString::number(darkShare(dark))));
        QVERIFY(hasLightInk(dark));                     // title and axis labels readable on it
        qApp->setPalette(views::themePalette("light")); // switched at run time
        QApplication::processEvents();
        QImage light = v.grab().toImage();
        QVERIFY2(darkShare(light) < 0.2, qPrintable(QString::number(darkShare(light))));
    }
    void memoryCurvesFollowTheTheme() {
        index::Db db(m_db, true);
        auto d = std::make_shared<const query::MemoryMapData>(query::loadMemoryMap(db, 0));
        QVERIFY(!d->curve.empty());
        qApp->setPalette(views::darkPalette());
        views::InteractionState state;
        views::MemoryMapView v(&state, nullptr);
        v.resize(900, 600);
        v.setData(d);
        v.show();
        QVERIFY(QTest::qWaitForWindowExposed(&v));
        v.plot()->replot();
        QImage dark = v.plot()->toPixmap(v.plot()->width(), v.plot()->height()).toImage();
        if (qEnvironmentVariableIsSet("RANKSCOPE_SHOTS"))
            v.grab().save(qEnvironmentVariable("RANKSCOPE_SHOTS") + "/memory-dark.png");
        QVERIFY2(darkShare(dark) > 0.6, qPrintable(QString::number(darkShare(dark))));
        QVERIFY(hasLightInk(dark));
        qApp->setPalette(views::themePalette("light"));
        QApplication::processEvents();
        v.plot()->replot();
        QImage light = v.plot()->toPixmap(v.plot()->width(), v.plot()->height()).toImage();
        QVERIFY2(darkShare(light) < 0.2, qPrintable(QString::number(darkShare(light))));
    }
};

QTEST_MAIN(TstChartStyle)
#include "tst_chartstyle.moc"
