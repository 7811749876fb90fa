// Where the save dialogs start never is the profile's own folder unless the user chose it (issue 19: a
// walker running as root was offered, and wrote into, the read-only samples tree). The folder is the last
// one that kind of file was written to, else the user's Pictures (images) or Documents (views, reports,
// CSV), else home. HOME is a folder of this test's, so the standard folders are known without asking Qt.
#include "app/gui/savepaths.h"
#include "app/gui/settings.h"
#include "tests/support/testsupport.h"

#include <QDir>
#include <QSettings>
#include <QtTest>

using namespace rs;
using Kind = gui::SavePaths::Kind;

class TstSaveFolder : public QObject {
    Q_OBJECT
    QString m_home, m_profile;

    QString proposed(Kind kind, const QString& what, const QString& suffix) const {
        return gui::SavePaths::propose(kind, m_profile, 0, what, suffix);
    }

  private Q_SLOTS:
    void initTestCase() {
        // before any QSettings or QStandardPaths: both read them once
        const QString root = QString::fromStdString(test::tempDir("savefolder"));
        m_home = root + "/home";
        QDir().mkpath(m_home);
        qputenv("HOME", m_home.toUtf8());
        qputenv("XDG_CONFIG_HOME", (m_home + "/.config").toUtf8());
        qunsetenv("XDG_PICTURES_DIR");
        qunsetenv("XDG_DOCUMENTS_DIR");
        QCoreApplication::setOrganizationName("rankscope-test-savefolder");
        QCoreApplication::setApplicationName("rankscope-test-savefolder");
        QSettings().clear();
        m_profile = root + "/demo"; // a profile folder the test (root, or not) can write into
        QDir().mkpath(m_profile);
    }
    void cleanupTestCase() { QSettings().clear(); }

    void noStandardFolderYet() {
        // nothing written before and no Pictures or Documents folder: home, not the writable profile's
        QCOMPARE(proposed(Kind::Image, "timeline", "png"), m_home + "/demo-run0-timeline.png");
        QCOMPARE(proposed(Kind::View, "view", "rsview"), m_home + "/demo-run0-view.rsview");
    }
    void theUsersPicturesAndDocuments() {
        QDir().mkpath(m_home + "/Pictures");
        QDir().mkpath(m_home + "/Documents");
        QCOMPARE(proposed(Kind::Image, "timeline", "png"), m_home + "/Pictures/demo-run0-timeline.png");
        QCOMPARE(proposed(Kind::View, "view", "rsview"), m_home + "/Documents/demo-run0-view.rsview");
        QCOMPARE(proposed(Kind::Report, "report", "html"), m_home + "/Documents/demo-run0-report.html");
        QCOMPARE(proposed(Kind::Csv, "query", "csv"), m_home + "/Documents/demo-run0-query.csv");
    }
    void theLastFolderWrittenTo() {
        const QString views = m_home + "/views", pictures = m_home + "/shots";
        QDir().mkpath(views);
        QDir().mkpath(pictures);
        gui::Settings st;
        st.setLastViewFile(views + "/other-run1.rsview");
        gui::ExportDefaults d;
        d.dir = pictures;
        d.name = "other-run1-heatmap.png";
        st.setExportDefaults(d);
        QCOMPARE(proposed(Kind::View, "view", "rsview"), views + "/demo-run0-view.rsview");
        QCOMPARE(proposed(Kind::Image, "timeline", "png"), pictures + "/demo-run0-timeline.png");
        // the profile's folder when the user chose it last
        d.dir = m_profile;
        st.setExportDefaults(d);
        QCOMPARE(proposed(Kind::Image, "timeline", "png"), m_profile + "/demo-run0-timeline.png");
        // a last folder since removed: the standard one
        QDir(views).removeRecursively();
        QCOMPARE(proposed(Kind::View, "view", "rsview"), m_home + "/Documents/demo-run0-view.rsview");
    }
};

QTEST_GUILESS_MAIN(TstSaveFolder)
#include "tst_savefolder.moc"
