// A count with its noun in the right number: "1 rank", never "1 ranks".
#include "views/common/plural.h"

#include <QtTest>

class TstPlural : public QObject {
    Q_OBJECT
  private Q_SLOTS:
    void counted_data() {
        QTest::addColumn<qlonglong>("n");
        QTest::addColumn<QString>("want");
        QTest::newRow("zero") << 0LL << "0 ranks";
        QTest::newRow("one") << 1LL << "1 rank";
        QTest::newRow("two") << 2LL << "2 ranks";
        QTest::newRow("minus one") << -1LL << "-1 rank";
        QTest::newRow("many") << 128LL << "128 ranks";
    }
    void counted() {
        QFETCH(qlonglong, n);
        QFETCH(QString, want);
        QCOMPARE(rs::views::counted(n, "rank", "ranks"), want);
    }
};

QTEST_MAIN(TstPlural)
#include "tst_plural.moc"
