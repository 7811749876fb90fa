// The Debian package: CPack builds it from this build tree into a temporary folder; `dpkg-deb -x` unpacks
// it and the test checks what a desktop install needs: the binary, the .desktop file (valid per
// desktop-file-validate when installed; opens directories and .rsview files), icons at every hicolor size
// (PNG of the right pixel size, plus the SVG), AppStream metainfo (appstreamcli when installed), the MIME
// type, the man page carrying the --help text, and a Depends line computed from the binary's libraries.
#include "tests/support/testsupport.h"

#include <QDir>
#include <QDomDocument>
#include <QFile>
#include <QImage>
#include <QProcess>
#include <QStandardPaths>
#include <QtTest>
#include <zlib.h>

class TstPackage : public QObject {
    Q_OBJECT
    QString m_root;    // the unpacked package
    QString m_control; // dpkg-deb -f output

    static int run(const QString& prog, const QStringList& args, QString* out = nullptr, int ms = 300000) {
        QProcess p;
        p.setProcessChannelMode(QProcess::MergedChannels);
        p.start(prog, args);
        if (!p.waitForFinished(ms)) return -1;
        if (out) *out = QString::fromUtf8(p.readAll());
        return p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    }
    static QString gunzip(const QString& path) {
        gzFile f = gzopen(path.toLocal8Bit().constData(), "rb");
        if (!f) return {};
        QByteArray all;
        char buf[16384];
        int n;
        while ((n = gzread(f, buf, sizeof buf)) > 0)
            all.append(buf, n);
        gzclose(f);
        return QString::fromUtf8(all);
    }

  private Q_SLOTS:
    void initTestCase() {
        const QString build = qEnvironmentVariable("RANKSCOPE_BUILD_DIR");
        const QString cpack = qEnvironmentVariable("RANKSCOPE_CPACK");
        QVERIFY2(QFile::exists(build + "/CPackConfig.cmake"), "RANKSCOPE_BUILD_DIR has no CPackConfig.cmake");
        if (QStandardPaths::findExecutable("dpkg-deb").isEmpty()) QSKIP("dpkg-deb is not installed");
        const QString out = QString::fromStdString(rs::test::tempDir("package"));
        QString log;
        QCOMPARE(run(cpack, {"-G", "DEB", "--config", build + "/CPackConfig.cmake", "-B", out}, &log), 0);
        const QStringList debs = QDir(out).entryList({"rankscope_*.deb"});
        QVERIFY2(debs.size() == 1, qPrintable(log));
        QVERIFY2(
            QRegularExpression("^rankscope_" RANKSCOPE_VERSION "_[a-z0-9]+\\.deb$").match(debs[0]).hasMatch(),
            qPrintable(debs[0]));
        const QString deb = out + "/" + debs[0];
        m_root = out + "/root";
        QCOMPARE(run("dpkg-deb", {"-x", deb, m_root}), 0);
        QCOMPARE(run("dpkg-deb", {"-f", deb}, &m_control), 0);
    }
    void binaryRuns() {
        const QString bin = m_root + "/usr/bin/rankscope";
        QVERIFY(QFileInfo(bin).isExecutable());
        QString out;
        QCOMPARE(run(bin, {"--version"}, &out), 0);
        QCOMPARE(out.trimmed(), QString("rankscope " RANKSCOPE_VERSION));
    }
    void dependsAreComputed() {
        // dpkg-shlibdeps names the libraries the binary links, with versions
        for (const char* lib : {"libqt6core6", "libqt6widgets6", "libqt6charts6", "libqcustomplot2.1-qt6",
                                "libsqlite3-0", "libzstd1", "libc6"})
            QVERIFY2(m_control.contains(QRegularExpression(
                         QString("Depends:.*\\b%1 \\(>= ").arg(QRegularExpression::escape(lib)))),
                     qPrintable(QString("%1 missing from\n%2").arg(lib, m_control)));
        QVERIFY(m_control.contains("Package: rankscope"));
        QVERIFY(m_control.contains("Version: " RANKSCOPE_VERSION));
    }
    void desktopFile() {
        const QString path = m_root + "/usr/share/applications/org.rankscope.Rankscope.desktop";
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QString text = QString::fromUtf8(f.readAll());
        QVERIFY(text.contains(
            QRegularExpression("^Exec=rankscope %[fFuU]$", QRegularExpression::MultilineOption)));
        QVERIFY(text.contains("Icon=rankscope"));
        QVERIFY(text.contains(
            QRegularExpression("^MimeType=.*inode/directory;", QRegularExpression::MultilineOption)));
        QVERIFY(text.contains("application/x-rankscope-view;"));
        if (QStandardPaths::findExecutable("desktop-file-validate").isEmpty()) {
            qInfo("desktop-file-validate is not installed: checked the keys only");
            return;
        }
        QString out;
        QCOMPARE(run("desktop-file-validate", {path}, &out), 0);
        QVERIFY2(out.trimmed().isEmpty(), qPrintable(out)); // no warnings either
    }
    void icons_data() {
        QTest::addColumn<int>("size");
        for (int s : {16, 32, 48, 64, 128, 256})
            QTest::newRow(qPrintable(QString("%1px").arg(s))) << s;
    }
    void icons() {
        QFETCH(int, size);
        QImage img(QString("%1/usr/share/icons/hicolor/%2x%2/apps/rankscope.png").arg(m_root).arg(size));
        QVERIFY(!img.isNull());
        QCOMPARE(img.size(), QSize(size, size));
        // drawn, not blank: the corner is transparent and the centre is not
        QCOMPARE(qAlpha(img.pixel(0, 0)), 0);
        QCOMPARE(qAlpha(img.pixel(size / 2, size / 2)), 255);
    }
    void scalableIcon() {
        QFile f(m_root + "/usr/share/icons/hicolor/scalable/apps/rankscope.svg");
        QVERIFY(f.open(QIODevice::ReadOnly));
        QDomDocument doc;
        QVERIFY(doc.setContent(&f));
        QCOMPARE(doc.documentElement().tagName(), QString("svg"));
    }
    void metainfoAndMime() {
        const QString meta = m_root + "/usr/share/metainfo/org.rankscope.Rankscope.metainfo.xml";
        QFile f(meta);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QDomDocument doc;
        QVERIFY(doc.setContent(&f));
        QCOMPARE(doc.documentElement().firstChildElement("id").text(), QString("org.rankscope.Rankscope"));
        QCOMPARE(doc.documentElement()
                     .firstChildElement("releases")
                     .firstChildElement("release")
                     .attribute("version"),
                 QString(RANKSCOPE_VERSION));
        QFile mime(m_root + "/usr/share/mime/packages/rankscope.xml");
        QVERIFY(mime.open(QIODevice::ReadOnly));
        QVERIFY(QString::fromUtf8(mime.readAll()).contains("pattern=\"*.rsview\""));
        if (QStandardPaths::findExecutable("appstreamcli").isEmpty()) {
            qInfo("appstreamcli is not installed: checked the XML only");
            return;
        }
        QString out;
        QCOMPARE(run("appstreamcli", {"validate", "--no-net", meta}, &out), 0);
    }
    void manPageCarriesTheHelpText() {
        const QString page = gunzip(m_root + "/usr/share/man/man1/rankscope.1.gz");
        QVERIFY(page.startsWith(".\\\"") || page.contains(".TH RANKSCOPE 1"));
        QVERIFY(page.contains(".TH RANKSCOPE 1"));
        QVERIFY(page.contains("Rankscope " RANKSCOPE_VERSION));
        QString help;
        QCOMPARE(run(QString::fromStdString(rs::test::rankscopeBin()), {"--help"}, &help), 0);
        // every sub-command line of --help is in the page (with roff's \- for -)
        for (const QString& line : help.split('\n'))
            if (line.trimmed().startsWith("rankscope "))
                QVERIFY2(page.contains(QString(line).replace("-", "\\-")), qPrintable(line));
    }
};

QTEST_MAIN(TstPackage)
#include "tst_package.moc"
