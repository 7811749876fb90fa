// The app says when the timeline draws an annotation without its label (a few pixels wide at this zoom), as
// the export's caption does (walk 54a: at 800 px "the late AllReduce" was hidden in the app and nothing said
// so). The status bar names it; wide enough, the note goes.
#include "app/gui/mainwindow.h"
#include "app/gui/statusline.h"
#include "tests/support/testsupport.h"
#include "views/common/interactionstate.h"
#include "views/timeline/timelineview.h"

#include <QtTest>

using namespace rs;

class TstHiddenLabels : public QObject {
    Q_OBJECT
  private Q_SLOTS:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        QApplication::setOrganizationName("rankscope-test");
        QApplication::setApplicationName("rankscope-test");
    }
    void theStatusBarSaysALabelIsHidden() {
        const std::string dir = test::tempDir("hiddenlabels") + "/demo";
        const std::string err = test::writeDemo(dir, test::demoOptions(2, 3, 1));
        QVERIFY2(err.empty(), err.c_str());
        // a box of 0.2 ms: a pixel or two over the whole run, never room for its label
        QString out, errText;
        QCOMPARE(test::runRankscope({"annotate", QString::fromStdString(dir), "add", "BOXY", "--kind", "box",
                                     "--rank", "1", "--range", "20ms:20.2ms"},
                                    &out, &errText),
                 0);
        gui::MainWindow w;
        w.resize(1000, 700);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QSignalSpy ready(&w, &gui::MainWindow::profileReady);
        w.openProfile(QString::fromStdString(dir));
        QVERIFY(ready.wait(60000));
        QTRY_VERIFY_WITH_TIMEOUT(!w.statusLine()->hiddenLabelsText().isEmpty(), 20000);
        QCOMPARE(w.statusLine()->hiddenLabelsText(),
                 QString("1 annotation label hidden (too narrow at this zoom; hover to read)"));
        // zoomed to the box: its label drawn, the note gone
        const qint64 s0 = w.state()->boundsStart();
        w.state()->setWindow(s0 + 19500000, s0 + 20700000);
        QTRY_VERIFY_WITH_TIMEOUT(w.statusLine()->hiddenLabelsText().isEmpty(), 20000);
    }
};

QTEST_MAIN(TstHiddenLabels)
#include "tst_hiddenlabels.moc"
