// Where the save dialogs start (SavePaths): the last folder of that kind of file, else the user's Pictures
// or Documents, else home (tst_savefolder: never the profile's own unless chosen); a name of the profile,
// the run shown and what is written, never the last session's (walk 27: Save view and Export image
// proposed a "run1" name while run 0 of another profile was shown). The window's proposals follow a change
// of run and of profile.
#include "app/gui/exportdialog.h"
#include "app/gui/mainwindow.h"
#include "app/gui/profilesession.h"
#include "app/gui/savepaths.h"
#include "app/gui/settings.h"
#include "app/gui/sqlconsolepanel.h"
#include "tests/support/testsupport.h"
#include "views/timeline/timelineview.h"

#include <QDir>
#include <QFile>
#include <QSettings>
#include <QSignalSpy>
#include <QTimer>
#include <QtTest>

using namespace rs;
using Kind = gui::SavePaths::Kind;

class TstSavePaths : public QObject {
    Q_OBJECT
    QString m_dir;

    /// The last session's files: another profile's, named after its run 1, in `m_dir`/old.
    void rememberAnotherSession() {
        const QString old = m_dir + "/old";
        QDir().mkpath(old);
        gui::Settings st;
        st.setLastViewFile(old + "/other-run1.rsview");
        st.setLastReportFile(old + "/other-run1-report.html");
        st.setLastCsvFile(old + "/other-run1.csv");
        gui::ExportDefaults d;
        d.dir = old;
        d.name = "other-run1-timeline.png";
        st.setExportDefaults(d);
    }
    /// What Ctrl+E's dialog proposes (opened and closed at once).
    static QString imageDialogProposal(gui::MainWindow& w) {
        QString proposed;
        QTimer::singleShot(0, &w, [&] {
            if (auto* d = w.findChild<gui::ExportDialog*>()) {
                proposed = d->choice().path;
                d->reject();
            }
        });
        w.exportImage();
        return proposed;
    }

  private Q_SLOTS:
    void initTestCase() {
        QCoreApplication::setOrganizationName("rankscope-test-savepaths");
        QCoreApplication::setApplicationName("rankscope-test-savepaths");
        QSettings().clear();
        m_dir = QString::fromStdString(test::tempDir("savepaths"));
    }
    void cleanupTestCase() { QSettings().clear(); }

    void folder_data() {
        QTest::addColumn<QString>("lastUsed");
        QTest::addColumn<QString>("standard");
        QTest::addColumn<QString>("expected"); // "last", "standard" or "home"
        QTest::newRow("the last folder") << "L"
                                         << "S"
                                         << "last";
        QTest::newRow("none used: the standard one") << ""
                                                     << "S"
                                                     << "standard";
        QTest::newRow("last one gone") << "gone"
                                       << "S"
                                       << "standard";
        QTest::newRow("no standard folder made") << ""
                                                 << "none"
                                                 << "home";
    }
    void folder() {
        QFETCH(QString, lastUsed);
        QFETCH(QString, standard);
        QFETCH(QString, expected);
        QDir().mkpath(m_dir + "/L");
        QDir().mkpath(m_dir + "/S");
        const auto at = [&](const QString& name) { return name.isEmpty() ? name : m_dir + "/" + name; };
        const QString want = expected == "last"       ? at(lastUsed)
                             : expected == "standard" ? at(standard)
                                                      : QDir::homePath();
        QCOMPARE(gui::SavePaths::folder(at(lastUsed), at(standard)), want);
    }
    void stem_data() {
        QTest::addColumn<QString>("profile"); // under m_dir; "" for none
        QTest::addColumn<bool>("isFile");
        QTest::addColumn<int>("run"); // -1: none
        QTest::addColumn<QString>("expected");
        QTest::newRow("folder, run 0") << "demo" << false << 0 << "demo-run0";
        QTest::newRow("folder, run 1") << "demo" << false << 1 << "demo-run1";
        QTest::newRow("folder with a dot") << "demo.v2" << false << 0 << "demo.v2-run0";
        QTest::newRow("folder, no run") << "demo" << false << -1 << "demo";
        QTest::newRow("trace file") << "host_1.pt.trace.json.gz" << true << 0 << "host_1-run0";
        QTest::newRow("no profile") << "" << false << -1 << "rankscope";
    }
    void stem() {
        QFETCH(QString, profile);
        QFETCH(bool, isFile);
        QFETCH(int, run);
        QFETCH(QString, expected);
        QString path = profile.isEmpty() ? QString() : m_dir + "/stems/" + profile;
        if (isFile)
            test::writeFile(path.toStdString(), "{}");
        else if (!path.isEmpty())
            QDir().mkpath(path);
        QCOMPARE(gui::SavePaths::stem(path, run < 0 ? std::nullopt : std::optional<int>(run)), expected);
    }
    void freePathStepsPastExistingFiles() {
        const QString dir = m_dir + "/free";
        QDir().mkpath(dir);
        QCOMPARE(gui::SavePaths::freePath(dir, "d-run0-timeline", "png"), dir + "/d-run0-timeline.png");
        test::writeFile((dir + "/d-run0-timeline.png").toStdString(), "x");
        test::writeFile((dir + "/d-run0-timeline-2.png").toStdString(), "x");
        QCOMPARE(gui::SavePaths::freePath(dir, "d-run0-timeline", "png"), dir + "/d-run0-timeline-3.png");
    }
    void theWindowProposesTheProfileAndRunShown() {
        // a folder of two runs, and a second profile; the last session wrote other-run1 files elsewhere
        rememberAnotherSession();
        std::string err;
        const std::string two = m_dir.toStdString() + "/two";
        QVERIFY2(test::writeTwoRunDemo(two, err), err.c_str());
        const std::string other = test::writeDemo("savepaths-other", 2, 2, 1, err);
        QVERIFY2(!other.empty(), err.c_str());
        gui::MainWindow w;
        w.resize(1300, 800);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QSignalSpy ready(&w, &gui::MainWindow::profileReady);
        w.openProfile(QString::fromStdString(two));
        QVERIFY(ready.wait(60000));
        const int shown = w.session()->summary()->run;
        const int otherRun = w.session()->summary()->runs[0].run == shown
                                 ? w.session()->summary()->runs[1].run
                                 : w.session()->summary()->runs[0].run;
        w.activateWindow();
        w.timeline()->setFocus(); // Ctrl+E proposes the timeline
        QApplication::processEvents();
        const QString twoDir = m_dir + "/old"; // the last folder written to, not the profile's
        const auto named = [](const QString& dir, const QString& stem, int run, const QString& what) {
            return QString("%1/%2-run%3-%4").arg(dir, stem).arg(run).arg(what);
        };
        QCOMPARE(w.proposedSavePath(Kind::View), named(twoDir, "two", shown, "view.rsview"));
        QCOMPARE(w.proposedSavePath(Kind::Image), named(twoDir, "two", shown, "timeline.png"));
        QCOMPARE(imageDialogProposal(w), named(twoDir, "two", shown, "timeline.png"));
        // the report pictures the run shown (of a folder of several); the console's CSV holds every run
        QCOMPARE(w.proposedSavePath(Kind::Report), named(twoDir, "two", shown, "report.html"));
        QCOMPARE(w.proposedSavePath(Kind::Csv), twoDir + "/two-query.csv");
        // another run of the folder
        w.queryService()->selectRun(otherRun);
        QVERIFY(ready.wait(60000));
        QCOMPARE(w.session()->summary()->run, otherRun);
        QCOMPARE(w.proposedSavePath(Kind::View), named(twoDir, "two", otherRun, "view.rsview"));
        QCOMPARE(w.proposedSavePath(Kind::Report), named(twoDir, "two", otherRun, "report.html"));
        w.timeline()->setFocus();
        QApplication::processEvents();
        QCOMPARE(imageDialogProposal(w), named(twoDir, "two", otherRun, "timeline.png"));
        // another profile: its folder and name, its run
        w.openProfile(QString::fromStdString(other));
        QVERIFY(ready.wait(60000));
        const QString otherDir = m_dir + "/old";
        const QString otherName = QFileInfo(QString::fromStdString(other)).fileName();
        const int run = w.session()->summary()->run;
        QCOMPARE(w.proposedSavePath(Kind::View), named(otherDir, otherName, run, "view.rsview"));
        QCOMPARE(w.proposedSavePath(Kind::Report), otherDir + "/" + otherName + "-report.html"); // one run
        QCOMPARE(w.proposedSavePath(Kind::Csv), otherDir + "/" + otherName + "-query.csv");
    }
};

QTEST_MAIN(TstSavePaths)
#include "tst_savepaths.moc"
