// View ▸ Show flows and Flow categories on a profile whose files link no spans: walk 54b turned the arrows on
// on db/level1 (its CONNECTION_IDS is not read: 0 flow links against text/level1's 1222) and nothing was
// drawn and nothing said. The menu and the status bar now say that there are none to draw, and why not here.
#include "app/gui/mainwindow.h"
#include "tests/support/testsupport.h"

#include <QAction>
#include <QMenu>
#include <QStatusBar>
#include <QtTest>
#include <fstream>

using namespace rs;

class TstFlowMenu : public QObject {
    Q_OBJECT
    /// The Flow categories menu's actions, once the open profile's categories arrived.
    static QList<QAction*> categoryActions(gui::MainWindow& w) {
        for (QMenu* m : w.findChildren<QMenu*>())
            if (m->title() == "Flow &categories") return m->actions();
        return {};
    }
    static bool open(gui::MainWindow& w, const QString& profile) {
        w.resize(1300, 800);
        w.show();
        if (!QTest::qWaitForWindowExposed(&w)) return false;
        QSignalSpy ready(&w, &gui::MainWindow::profileReady);
        w.openProfile(profile);
        return ready.wait(60000);
    }

  private Q_SLOTS:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        QApplication::setOrganizationName("rankscope-test");
        QApplication::setApplicationName("rankscope-test");
    }
    void aProfileWithoutFlowLinksSaysSo() {
        // one Chrome-trace file of two slices and no flow event
        const std::string dir = test::tempDir("flowmenu-none");
        const std::string file = dir + "/trace.json";
        std::ofstream(file) << R"({"traceEvents":[)"
                            << R"({"ph":"X","name":"a","ts":0,"dur":10,"pid":1,"tid":1},)"
                            << R"({"ph":"X","name":"b","ts":20,"dur":10,"pid":1,"tid":1}]})";
        gui::MainWindow w;
        QVERIFY(open(w, QString::fromStdString(file)));
        QTRY_VERIFY_WITH_TIMEOUT(!categoryActions(w).isEmpty(), 20000);
        const QList<QAction*> cats = categoryActions(w);
        QCOMPARE(cats.size(), 1);
        QVERIFY2(cats[0]->text().startsWith("No flow arrows to draw") && !cats[0]->isEnabled(),
                 qPrintable(cats[0]->text()));
        auto* flows = w.findChild<QAction*>("windowFlows");
        QVERIFY(flows);
        flows->setChecked(true); // as the user turns the arrows on
        QVERIFY2(w.statusBar()->currentMessage().startsWith("No flow arrows to draw"),
                 qPrintable(w.statusBar()->currentMessage()));
    }
    void aProfileWithFlowLinksListsItsCategories() {
        // the demo links host launches to kernels: its categories, checkable, and no such message
        const std::string dir = test::tempDir("flowmenu-demo") + "/demo";
        const std::string err = test::writeDemo(dir, test::demoOptions(2, 2, 1));
        QVERIFY2(err.empty(), err.c_str());
        gui::MainWindow w;
        QVERIFY(open(w, QString::fromStdString(dir)));
        QTRY_VERIFY_WITH_TIMEOUT(!categoryActions(w).isEmpty(), 20000);
        for (QAction* a : categoryActions(w))
            QVERIFY2(a->isCheckable() && a->isEnabled(), qPrintable(a->text()));
        w.statusBar()->clearMessage();
        w.findChild<QAction*>("windowFlows")->setChecked(true);
        QVERIFY(!w.statusBar()->currentMessage().startsWith("No flow arrows to draw"));
    }
};

QTEST_MAIN(TstFlowMenu)
#include "tst_flowmenu.moc"
