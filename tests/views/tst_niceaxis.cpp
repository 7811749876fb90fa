// Round axis ticks: the range covered, at most the ticks asked for, steps of 1, 2 or 5 × 10^k (whole
// numbers for counts), and labels that never repeat.
#include "views/common/niceaxis.h"

#include <QSet>
#include <QtTest>
#include <cmath>

using rs::views::NiceAxis;

class TstNiceAxis : public QObject {
    Q_OBJECT
  private Q_SLOTS:
    void ticks_data() {
        QTest::addColumn<double>("lo");
        QTest::addColumn<double>("hi");
        QTest::addColumn<int>("maxTicks");
        QTest::addColumn<bool>("integers");
        QTest::addColumn<QString>("labels");
        QTest::newRow("narrow, halves")
            << 10.3 << 12.9 << 8 << false << "10.0, 10.5, 11.0, 11.5, 12.0, 12.5, 13.0";
        QTest::newRow("narrow, few ticks") << 10.3 << 12.9 << 5 << false << "10, 11, 12, 13";
        QTest::newRow("tiny span") << 1.01 << 1.04 << 5 << false << "1.01, 1.02, 1.03, 1.04";
        QTest::newRow("counts") << 0.0 << 9.75 << 4 << true << "0, 5, 10";
        QTest::newRow("small counts") << 0.0 << 2.25 << 4 << true << "0, 1, 2, 3";
        QTest::newRow("one count") << 0.0 << 1.0 << 4 << true << "0, 1";
        QTest::newRow("wide") << 0.0 << 4700.0 << 6 << false << "0, 1000, 2000, 3000, 4000, 5000";
        QTest::newRow("empty range") << 5.0 << 5.0 << 5 << true << "5, 6";
    }
    void ticks() {
        QFETCH(double, lo);
        QFETCH(double, hi);
        QFETCH(int, maxTicks);
        QFETCH(bool, integers);
        QFETCH(QString, labels);
        const NiceAxis a = NiceAxis::of(lo, hi, maxTicks, integers);
        QCOMPARE(a.labels().join(", "), labels);
        QVERIFY(a.min <= lo && a.max >= hi);
        QVERIFY(a.tickCount() <= maxTicks || a.tickCount() == 2);
        const QStringList l = a.labels();
        QCOMPARE(QSet<QString>(l.begin(), l.end()).size(), l.size());
        const double m = a.step / std::pow(10.0, std::floor(std::log10(a.step) + 1e-9));
        QVERIFY2(std::abs(m - 1) < 1e-9 || std::abs(m - 2) < 1e-9 || std::abs(m - 5) < 1e-9,
                 qPrintable(QString::number(a.step)));
    }
};

QTEST_MAIN(TstNiceAxis)
#include "tst_niceaxis.moc"
