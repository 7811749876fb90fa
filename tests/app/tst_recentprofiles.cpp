// The recent-profiles list across "processes" (fresh QSettings objects reading the file again): newest
// first, no duplicates, at most ten, migrated from the old "general" group, and a settings file that has
// each INI section once (the old key wrote a second "[%General]" section and lost the list on restart).
#include "app/gui/recentprofiles.h"

#include <QCoreApplication>
#include <QFile>
#include <QSettings>
#include <QStandardPaths>
#include <QtTest>

using rs::gui::RecentProfiles;

class TstRecentProfiles : public QObject {
    Q_OBJECT
    static QString settingsText() {
        QSettings st;
        st.sync();
        QFile f(st.fileName());
        return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QString();
    }

  private Q_SLOTS:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName("rankscope-test-recent");
        QCoreApplication::setApplicationName("rankscope-test-recent");
    }
    void init() {
        QSettings st;
        st.clear();
        st.sync();
    }
    void keepsTheLastTenNewestFirst() {
        for (int i = 0; i < 12; ++i)
            RecentProfiles::add(QString("/profiles/run-%1").arg(i));
        QStringList l = RecentProfiles::list();
        QCOMPARE(l.size(), RecentProfiles::kMax);
        QCOMPARE(l.first(), QString("/profiles/run-11"));
        QCOMPARE(l.last(), QString("/profiles/run-2"));
        QCOMPARE(RecentProfiles::last(), QString("/profiles/run-11"));
    }
    void reopeningMovesToTheFrontWithoutDuplicates() {
        RecentProfiles::add("/profiles/a");
        RecentProfiles::add("/profiles/b");
        RecentProfiles::add("/profiles/./a/"); // the same directory, spelled differently
        QCOMPARE(RecentProfiles::list(), (QStringList{"/profiles/a", "/profiles/b"}));
    }
    void survivesARestart() {
        RecentProfiles::add("/profiles/first");
        // a new process: drop every cached QSettings state by re-reading the file from disk
        {
            QSettings st;
            st.sync();
        }
        QSettings fresh(QSettings().fileName(), QSettings::IniFormat);
        QCOMPARE(fresh.value("profiles/recent").toStringList(), QStringList{"/profiles/first"});
        RecentProfiles::add("/profiles/second");
        QCOMPARE(RecentProfiles::list(), (QStringList{"/profiles/second", "/profiles/first"}));
    }
    void settingsFileHasEachSectionOnce() {
        QSettings().setValue("window/geometry", QByteArray("x"));
        for (int i = 0; i < 3; ++i)
            RecentProfiles::add(QString("/profiles/p%1").arg(i));
        const QString text = settingsText();
        QStringList sections;
        for (const QString& line : text.split('\n'))
            if (line.startsWith('[')) sections << line.trimmed();
        QCOMPARE(sections.size(), QSet<QString>(sections.begin(), sections.end()).size());
        QVERIFY2(!text.contains("[%General]"), qPrintable(text));
    }
    void migratesTheOldList() {
        // what versions before this one wrote: group "general", read back as "General"
        {
            QSettings old(QSettings().fileName(), QSettings::IniFormat);
            old.setValue("General/recent", QStringList{"/profiles/old1", "/profiles/old2"});
            old.sync();
        }
        QSettings().sync();
        QCOMPARE(RecentProfiles::list(), (QStringList{"/profiles/old1", "/profiles/old2"}));
        RecentProfiles::add("/profiles/new");
        QCOMPARE(RecentProfiles::list(), (QStringList{"/profiles/new", "/profiles/old1", "/profiles/old2"}));
        QVERIFY(!settingsText().contains("%General"));
    }
    void removeAndClear() {
        RecentProfiles::add("/profiles/a");
        RecentProfiles::add("/profiles/b");
        RecentProfiles::remove("/profiles/a");
        QCOMPARE(RecentProfiles::list(), QStringList{"/profiles/b"});
        RecentProfiles::clear();
        QVERIFY(RecentProfiles::list().isEmpty());
        QVERIFY(RecentProfiles::last().isEmpty());
    }
};

QTEST_GUILESS_MAIN(TstRecentProfiles)
#include "tst_recentprofiles.moc"
