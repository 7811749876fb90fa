// core/index/SCHEMA.md names the schema version it documents in its title; that number is the one
// core/index/schema.h builds (r53c #4: the title said 44 while the index was at 60, so a reader could not
// tell the page was current). Reads the file from the source tree (rs::test::sourceDir).
#include "core/index/schema.h"
#include "tests/support/testsupport.h"

#include <QFile>
#include <QRegularExpression>
#include <QtTest>

class TstSchemaDoc : public QObject {
    Q_OBJECT
  private slots:
    void titleNamesTheBuiltSchemaVersion() {
        QFile doc(rs::test::sourceDir() + "/core/index/SCHEMA.md");
        QVERIFY2(doc.open(QIODevice::ReadOnly), qPrintable(doc.fileName()));
        const QString title = QString::fromUtf8(doc.readLine()).trimmed();
        const auto m = QRegularExpression(R"(^# .*\(schema version (\d+)\)$)").match(title);
        QVERIFY2(m.hasMatch(), qPrintable(title));
        QCOMPARE(m.captured(1).toInt(), rs::index::kSchemaVersion);
    }
};

QTEST_GUILESS_MAIN(TstSchemaDoc)
#include "tst_schemadoc.moc"
