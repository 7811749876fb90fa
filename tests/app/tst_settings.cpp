// The typed settings: each value's default on a first start, each one read back after a write by a fresh
// QSettings (another process), and a value of the wrong type or out of range read as the default.
#include "app/gui/settings.h"
#include "tests/support/testsupport.h"

#include <QCoreApplication>
#include <QDir>
#include <QSettings>
#include <QStandardPaths>
#include <QtTest>

using rs::gui::ExportDefaults;
using rs::gui::LaneKind;
using rs::gui::Settings;

class TstSettings : public QObject {
    Q_OBJECT
    static void restart() {
        // a new process: what the file holds, not what this one cached
        QSettings().sync();
    }

  private Q_SLOTS:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName("rankscope-test-settings");
        QCoreApplication::setApplicationName("rankscope-test-settings");
    }
    void init() {
        QSettings st;
        st.clear();
        st.sync();
    }
    void defaultsOnAFirstStart() {
        const Settings s;
        QVERIFY(s.reopenLast());
        QCOMPARE(s.theme(), QString("system"));
        QVERIFY(s.showWaits());
        QVERIFY(!s.alignClocks());
        QCOMPARE(s.commMetric(), 0);
        QVERIFY(s.laneKindShown(LaneKind::Host));
        QVERIFY(s.laneKindShown(LaneKind::Memory));
        QVERIFY(!s.laneKindShown(LaneKind::Overlap));
        QVERIFY(!s.laneKindShown(LaneKind::Counter));
        QVERIFY(!s.hasWindowLayout());
        QVERIFY(s.recentProfiles().isEmpty());
        QCOMPARE(s.lastProfile(), QString());
        QCOMPARE(s.lastProfileDir(), QString());
        QCOMPARE(s.lastCompareDir("/fallback"), QString("/fallback"));
        QCOMPARE(s.lastViewFile("/p/view.rsview"), QString("/p/view.rsview"));
        QCOMPARE(s.lastReportFile("/p/r.html"), QString("/p/r.html"));
        const ExportDefaults e = s.exportDefaults();
        QCOMPARE(e.view, QString("timeline"));
        QCOMPARE(e.scale, 1.0);
        QVERIFY(e.caption && e.annotations);
        QCOMPARE(e.dir, QDir::homePath());
        QCOMPARE(e.name, QString("rankscope-timeline.png"));
    }
    void roundTrip() {
        {
            Settings s;
            s.setReopenLast(false);
            s.setTheme("dark");
            s.setShowWaits(false);
            s.setAlignClocks(true);
            s.setCommMetric(3);
            s.setLaneKindShown(LaneKind::Counter, true);
            s.setLaneKindShown(LaneKind::Host, false);
            s.setLastProfileDir("/data/run");
            s.setLastCompareDir("/data/other");
            s.setLastViewFile("/data/v.rsview");
            s.setLastReportFile("/data/r.md");
            s.setWindowLayout("geometry-bytes", "state-bytes");
            s.setExportDefaults({"heatmap", 2, false, false, "/tmp/pics", "grid.svg"});
            s.addRecentProfile("/data/a");
            s.addRecentProfile("/data/b");
        }
        restart();
        const Settings s;
        QVERIFY(!s.reopenLast());
        QCOMPARE(s.theme(), QString("dark"));
        QVERIFY(!s.showWaits());
        QVERIFY(s.alignClocks());
        QCOMPARE(s.commMetric(), 3);
        QVERIFY(s.laneKindShown(LaneKind::Counter));
        QVERIFY(!s.laneKindShown(LaneKind::Host));
        QVERIFY(s.laneKindShown(LaneKind::Memory)); // untouched: its default
        QCOMPARE(s.lastProfileDir(), QString("/data/run"));
        QCOMPARE(s.lastCompareDir("/x"), QString("/data/other"));
        {
            // a single trace file opened last: the dialogs start in its folder, with no file name filled in
            // for a directory chooser to append a typed path to (walk17a L7)
            const QString dir = QString::fromStdString(rs::test::tempDir("settings-file"));
            const QString file = dir + "/sampled_rank-1.json.gz";
            rs::test::writeFile(file.toStdString(), "{}");
            Settings w;
            w.setLastProfileDir(file);
            QCOMPARE(w.lastProfileDir(), dir);
            QCOMPARE(w.openProfileStart(), dir); // (r47c #3: beside the file, as after a folder)
            w.setLastCompareDir(file);
            QCOMPARE(w.lastCompareDir("/x"), dir);
            w.setLastProfileDir("/data/run");
            w.setLastCompareDir("/data/other");
        }
        QCOMPARE(s.lastViewFile("/x"), QString("/data/v.rsview"));
        QCOMPARE(s.lastReportFile("/x"), QString("/data/r.md"));
        QVERIFY(s.hasWindowLayout());
        QCOMPARE(s.windowGeometry(), QByteArray("geometry-bytes"));
        QCOMPARE(s.windowState(), QByteArray("state-bytes"));
        QCOMPARE(s.exportDefaults(), (ExportDefaults{"heatmap", 2, false, false, "/tmp/pics", "grid.svg"}));
        QCOMPARE(s.recentProfiles(), (QStringList{"/data/b", "/data/a"}));
        QCOMPARE(s.lastProfile(), QString("/data/b"));
    }
    void openProfileStartsBesideTheLastProfile_data() {
        QTest::addColumn<QString>("last");
        QTest::addColumn<QString>("start");
        QTest::newRow("nothing opened yet") << QString() << QString();
        QTest::newRow("a profile folder: its parent") << "/data/runs/a"
                                                      << "/data/runs";
        QTest::newRow("written with a slash") << "/data/runs/a/"
                                              << "/data/runs";
        QTest::newRow("a folder at the root") << "/runs"
                                              << "/";
    }
    void openProfileStartsBesideTheLastProfile() {
        // r47c #3: File ▸ Open profile started inside the last profile, where its sibling is not
        QFETCH(QString, last);
        QFETCH(QString, start);
        Settings s;
        s.setLastProfileDir(last);
        QCOMPARE(s.openProfileStart(), start);
    }
    void strayValuesReadAsDefaults() {
        {
            QSettings st; // as a hand-edited or older file may hold them
            st.setValue("view/theme", "purple");
            st.setValue("view/showWaits", "maybe");
            st.setValue("export/view", "nothing");
            st.setValue("export/scale", "big");
            st.setValue("comm/metric", 7);
        }
        restart();
        const Settings s;
        QCOMPARE(s.theme(), QString("system"));
        QVERIFY(s.showWaits());
        QCOMPARE(s.exportDefaults().view, QString("timeline"));
        QCOMPARE(s.exportDefaults().scale, 1.0);
        QCOMPARE(s.commMetric(), 0);
        Settings().setTheme("neon");
        QCOMPARE(Settings().theme(), QString("system"));
    }
    void laneKindsAreTheTimelinesNames() {
        QStringList names;
        for (LaneKind k : Settings::kLaneKinds)
            names << Settings::laneKindName(k);
        QCOMPARE(names, (QStringList{"overlap", "host", "memory", "counter"}));
    }
};

QTEST_MAIN(TstSettings)
#include "tst_settings.moc"
