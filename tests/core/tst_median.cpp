// The one median of the figures shown (core/model/median.h): the lower median, a value of the list, the same
// from every entry point (model::lowerMedian, stats::QuantileSketch::median, model::typicalStepNs); the
// judges' centre (stats::median) stays symmetric. Expected values are worked by hand from the inputs.
#include "core/model/median.h"
#include "core/model/typicalstep.h"
#include "core/stats/robuststats.h"

#include <QtTest>

using namespace rs;

class TstMedian : public QObject {
    Q_OBJECT
  private Q_SLOTS:
    void everyEntryPointTakesTheLowerMedian_data() {
        QTest::addColumn<QList<qint64>>("values");
        QTest::addColumn<qint64>("median");
        QTest::newRow("empty") << QList<qint64>{} << qint64(0);
        QTest::newRow("one") << QList<qint64>{7} << qint64(7);
        QTest::newRow("two: the lower") << QList<qint64>{217'000, 173'000} << qint64(173'000);
        QTest::newRow("four unsorted") << QList<qint64>{40, 10, 30, 20} << qint64(20); // 10 20 | 30 40
        QTest::newRow("odd: the middle") << QList<qint64>{9, 1, 5} << qint64(5);
        QTest::newRow("ties") << QList<qint64>{3, 3, 8, 8} << qint64(3);
        // walk 23: rank 3's MatMulV2, two modes of equal size; the mean of the middle two (195 µs) no kernel
        // took
        QList<qint64> modes;
        for (int i = 0; i < 480; ++i)
            modes << 217'000 << 173'000;
        QTest::newRow("two modes, 960 kernels") << modes << qint64(173'000);
    }
    void everyEntryPointTakesTheLowerMedian() {
        QFETCH(QList<qint64>, values);
        QFETCH(qint64, median);
        std::vector<double> v;
        stats::QuantileSketch sketch;
        for (qint64 x : values) {
            v.push_back(double(x));
            sketch.add(x);
        }
        std::vector<double> a = v;
        QCOMPARE(model::lowerMedian(a), double(median));
        QCOMPARE(model::typicalStepNs(v), double(median));
        QCOMPARE(sketch.median(), median);
    }
    void theJudgesCentreStaysSymmetric() {
        // two ranks' ratios 0.57 and 1.43 sit alike about 1.0: neither reads as the slow one
        // (stragglercheck.h)
        std::vector<double> two{1.43, 0.57};
        QCOMPARE(stats::median(two), 1.0);
    }
};

QTEST_APPLESS_MAIN(TstMedian)
#include "tst_median.moc"
