// Words an annotation is given by core/annotate: where an arrow that ends on a rank's header row points
// (walk 56a: "…on rank 1 :"), and who wrote it when the environment names no user (walk 56: the HTML
// report's annotations said "unknown" in a container where $USER is unset).
#include "core/annotate/annotation.h"
#include "core/annotate/annotationset.h"

#include <QProcess>
#include <QtTest>
#include <cstdlib>
#include <optional>
#include <string>

using namespace rs;

namespace {
/// Unsets an environment variable for the scope, restoring what it was.
class EnvUnset {
  public:
    explicit EnvUnset(const char* name) : m_name(name) {
        if (const char* v = std::getenv(name)) m_old = v;
        unsetenv(name);
    }
    ~EnvUnset() {
        if (m_old) setenv(m_name, m_old->c_str(), 1);
    }

  private:
    const char* m_name;
    std::optional<std::string> m_old;
};

annotate::Annotation arrowTo(const std::string& fromLane, const std::string& toLane) {
    annotate::Annotation a;
    a.kind = annotate::Kind::Arrow;
    a.anchor.view = annotate::Surface::Timeline;
    a.anchor.ranks = {0};
    a.anchor.toRank = 1;
    a.anchor.t0Ns = 1'000'000;
    a.anchor.toNs = 2'000'000;
    a.anchor.lanes = {{0, fromLane}, {1, toLane}};
    return a;
}
} // namespace

class TstAnnotationWords : public QObject {
    Q_OBJECT

  private Q_SLOTS:
    void arrowEndsAreNamedWithoutAStraySpace_data() {
        QTest::addColumn<QString>("fromLane");
        QTest::addColumn<QString>("toLane");
        QTest::addColumn<QString>("ending");
        QTest::newRow("both lanes") << "Stream 2"
                                    << "Thread 7"
                                    << " on rank 1 Thread 7";
        QTest::newRow("to a header") << "Stream 2"
                                     << ""
                                     << " on rank 1";
        QTest::newRow("from a header") << ""
                                       << "Thread 7"
                                       << " on rank 1 Thread 7";
    }
    void arrowEndsAreNamedWithoutAStraySpace() {
        QFETCH(QString, fromLane);
        QFETCH(QString, toLane);
        QFETCH(QString, ending);
        const std::string d =
            annotate::describeAnchor(arrowTo(fromLane.toStdString(), toLane.toStdString()), 0);
        QVERIFY2(QString::fromStdString(d).endsWith(ending), d.c_str());
        QVERIFY2(d.find("  ") == std::string::npos, d.c_str());
        // the start reads "on rank 0" then the lane, or nothing, then " to"
        const std::string start = fromLane.isEmpty() ? "on rank 0 to " : "on rank 0 Stream 2 to ";
        QVERIFY2(d.find(start) != std::string::npos, d.c_str());
    }

    void authorIsTheAccountWhenNoVariableNamesOne() {
        QProcess id;
        id.start("id", {"-un"});
        if (!id.waitForFinished(10000) || id.exitCode() != 0) QSKIP("`id -un` is not available here");
        const QString account = QString::fromLocal8Bit(id.readAllStandardOutput()).trimmed();
        if (account.isEmpty()) QSKIP("this process's account has no name");
        EnvUnset a("RANKSCOPE_AUTHOR"), u("USER"), l("LOGNAME");
        QCOMPARE(QString::fromStdString(annotate::currentAuthor()), account);
    }

    void authorVariableWins() {
        EnvUnset a("RANKSCOPE_AUTHOR");
        setenv("RANKSCOPE_AUTHOR", "Ada", 1);
        QCOMPARE(QString::fromStdString(annotate::currentAuthor()), QString("Ada"));
        unsetenv("RANKSCOPE_AUTHOR");
    }
};

QTEST_GUILESS_MAIN(TstAnnotationWords)
#include "tst_annotationwords.moc"
