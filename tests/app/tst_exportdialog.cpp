// File ▸ Export image's dialog: the suggested file is this profile's — its name and run and the view, in
// the folder the window gives (tst_savepaths) and the remembered format — never the last export's name,
// which may be another profile's picture (Ctrl+E on a 200-rank demo proposed e_asc.png, and Enter overwrote
// it); it follows the view while the user has not typed a name.
#include "app/gui/exportdialog.h"
#include "app/gui/mainwindow.h"
#include "app/gui/settings.h"
#include "tests/support/testsupport.h"
#include "views/timeline/timelineview.h"

#include <QComboBox>
#include <QDockWidget>
#include <QFile>
#include <QLineEdit>
#include <QSettings>
#include <QSignalSpy>
#include <QTimer>
#include <QtTest>

using namespace rs;

class TstExportDialog : public QObject {
    Q_OBJECT
    QString m_dir;

  private Q_SLOTS:
    void initTestCase() {
        QCoreApplication::setOrganizationName("rankscope-test-exportdialog");
        QCoreApplication::setApplicationName("rankscope-test-exportdialog");
        QSettings().clear();
        m_dir = QString::fromStdString(test::tempDir("exportdialog"));
    }
    void cleanupTestCase() { QSettings().clear(); }

    void suggestsThisProfilesName() {
        // the last export: another profile's heatmap, as an SVG, in m_dir
        gui::ExportDefaults last;
        last.view = "heatmap";
        last.dir = m_dir;
        last.name = "e_asc.svg";
        gui::Settings().setExportDefaults(last);
        QFile other(m_dir + "/e_asc.svg");
        QVERIFY(other.open(QIODevice::WriteOnly));
        other.close();
        gui::ExportDialog d(m_dir, "d200-run0");
        QCOMPARE(d.choice().path, m_dir + "/d200-run0-heatmap.svg");
        QCOMPARE(d.choice().view, QString("heatmap"));
        // the name follows the view until the user types one
        d.setView("memory");
        QCOMPARE(d.choice().path, m_dir + "/d200-run0-memory.svg");
        auto* path = d.findChild<QLineEdit*>();
        QVERIFY(path);
        path->setText(m_dir + "/mine.png");
        d.setView("timeline");
        QCOMPARE(d.choice().path, m_dir + "/mine.png");
    }
    void ctrlEProposesTheViewOnScreen_data() {
        QTest::addColumn<QString>("shown"); // the tab raised under the timeline, focused; "timeline": none
        QTest::addColumn<QString>("view");  // what the dialog proposes
        QTest::newRow("timeline focused") << "timeline"
                                          << "timeline";
        QTest::newRow("memory tab") << "memory"
                                    << "memory";
        QTest::newRow("communication tab") << "comm"
                                           << "comm";
        QTest::newRow("a tab without a picture") << "opsummary"
                                                 << "window";
        // the house check: zoomed with the wheel over the timeline, the heatmap tab raised and focused
        // before: the timeline is what the user looks at (the wheel gave it no focus, and Ctrl+E proposed the
        // heatmap)
        QTest::newRow("timeline wheeled") << "wheel"
                                          << "timeline";
    }
    void ctrlEProposesTheViewOnScreen() {
        // walk 26: Ctrl+E proposed the last export's view (the Op heatmap) over the one looked at; the
        // folder is the profile's (writable), not the remembered one (walk 27)
        QFETCH(QString, shown);
        QFETCH(QString, view);
        gui::ExportDefaults last;
        last.view = "heatmap";
        last.dir = m_dir;
        gui::Settings().setExportDefaults(last);
        static const std::string demo = [] {
            std::string err;
            return test::writeDemo("exportdialog-window", 2, 2, 1, err);
        }();
        QVERIFY(!demo.empty());
        gui::MainWindow w;
        w.resize(1300, 800);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QSignalSpy ready(&w, &gui::MainWindow::profileReady);
        w.openProfile(QString::fromStdString(demo));
        QVERIFY(ready.wait(60000));
        if (shown == "timeline") {
            w.activateWindow();
            w.timeline()->setFocus();
        } else {
            auto* dock = w.findChild<QDockWidget*>(shown == "wheel" ? QString("heatmap") : shown);
            QVERIFY(dock);
            dock->show();
            dock->raise();
            dock->widget()->setFocus();
        }
        if (shown == "wheel") {
            w.activateWindow();
            const QPointF at(w.timeline()->width() / 2.0, w.timeline()->height() / 2.0);
            QWheelEvent wheel(at, w.timeline()->mapToGlobal(at), QPoint(), QPoint(0, 120), Qt::NoButton,
                              Qt::NoModifier, Qt::NoScrollPhase, false);
            QApplication::sendEvent(w.timeline(), &wheel);
        }
        QApplication::processEvents();
        gui::ExportChoice proposed;
        QTimer::singleShot(0, &w, [&] {
            auto* d = w.findChild<gui::ExportDialog*>();
            if (!d) return;
            proposed = d->choice();
            d->reject();
        });
        w.exportImage();
        QCOMPARE(proposed.view, view);
        // the folder of the last export (SavePaths, issue 19), never the profile's unless chosen there
        QCOMPARE(QFileInfo(proposed.path).absolutePath(), gui::Settings().lastExportDir());
        QVERIFY(QFileInfo(proposed.path).absolutePath() != QString::fromStdString(demo));
    }
};

QTEST_MAIN(TstExportDialog)
#include "tst_exportdialog.moc"
