// The one time formatter (core/model/timetext.h): lengths in the best unit with three significant
// digits, and signed offsets precise to a resolution, from nanoseconds to days, never through a lossy
// double for the digits that matter (19-digit epochs).
#include "core/model/timetext.h"

#include <QtTest>

using namespace rs;

class TstTimeText : public QObject {
    Q_OBJECT
  private Q_SLOTS:
    void duration_data() {
        QTest::addColumn<qint64>("ns");
        QTest::addColumn<QString>("text");
        QTest::newRow("ns") << qint64(820) << "820 ns";
        QTest::newRow("zero") << qint64(0) << "0 ns";
        QTest::newRow("us") << qint64(340000) << "340 \u00b5s";
        QTest::newRow("ms") << qint64(12500000) << "12.5 ms";
        QTest::newRow("s") << qint64(1200000000) << "1.20 s";
        QTest::newRow("rounds up a unit") << qint64(999700) << "1.00 ms";
        QTest::newRow("minutes") << qint64(125) * 1000000000 << "2 min 5 s";
        QTest::newRow("hours") << qint64(3 * 3600 + 25 * 60 + 12) * 1000000000 << "3 h 25 min";
        QTest::newRow("days") << qint64(8 * 86400 + 12 * 3600 + 600) * 1000000000 << "8 d 12 h";
        QTest::newRow("negative") << qint64(-5000000) << "-5.00 ms";
        QTest::newRow("int64 min") << std::numeric_limits<qint64>::min() << "-106751 d 23 h";
        // exact from the integer, half up on the last printed digit (a double reads 2.825 ms as 2.8249999…)
        QTest::newRow("just under 2.825 ms") << qint64(2'824'999) << "2.82 ms";
        QTest::newRow("2.825 ms half up") << qint64(2'825'000) << "2.83 ms";
        QTest::newRow("-2.825 ms half up") << qint64(-2'825'000) << "-2.83 ms";
        QTest::newRow("1.005 us half up") << qint64(1'005) << "1.01 \u00b5s";
        QTest::newRow("9.995 us to 10.0") << qint64(9'995) << "10.0 \u00b5s";
        QTest::newRow("9.9949 ms") << qint64(9'994'999) << "9.99 ms";
        QTest::newRow("99.95 ms to 100") << qint64(99'950'000) << "100 ms";
        QTest::newRow("99.949 ms") << qint64(99'949'999) << "99.9 ms";
        QTest::newRow("999.499 us") << qint64(999'499) << "999 \u00b5s";
        QTest::newRow("999.5 us") << qint64(999'500) << "1.00 ms";
        QTest::newRow("1 ms - 1 ns") << qint64(999'999) << "1.00 ms";
        QTest::newRow("1 ms") << qint64(1'000'000) << "1.00 ms";
        QTest::newRow("1 s - 1 ns") << qint64(999'999'999) << "1.00 s";
        QTest::newRow("1 us - 1 ns") << qint64(999) << "999 ns";
        QTest::newRow("1.115 s half up") << qint64(1'115'000'000) << "1.12 s";
        QTest::newRow("59.9996 s") << qint64(59'999'600'000) << "60.0 s";
    }
    void duration() {
        QFETCH(qint64, ns);
        QFETCH(QString, text);
        QCOMPARE(QString::fromStdString(model::formatDuration(ns)), text);
    }
    void offset_data() {
        QTest::addColumn<qint64>("ns");
        QTest::addColumn<qint64>("resolution");
        QTest::addColumn<QString>("text");
        QTest::newRow("14.8 s at 100 us") << qint64(14800200000) << qint64(100000) << "+14.8002 s";
        QTest::newRow("negative ms") << qint64(-3300000) << qint64(10000) << "-3.30 ms";
        QTest::newRow("438 s at 1 s") << qint64(438) * 1000000000 << qint64(1000000000) << "+438 s";
        QTest::newRow("zero") << qint64(0) << qint64(1000) << "+0 \u00b5s";
        QTest::newRow("ns resolution") << qint64(1234) << qint64(1) << "+1.234 \u00b5s";
        QTest::newRow("days") << (qint64(735004) * 1000 + 200) * 1000000 << qint64(100000000)
                              << "+8 d 12:10:04.2";
        QTest::newRow("hours") << qint64(3725) * 1000000000 << qint64(1000000000) << "+1:02:05";
        QTest::newRow("epoch to the ns")
            << qint64(1736408883704643212) << qint64(1) << "+20097 d 07:48:03.704643212";
        // a kernel 4 ns before the step's first device task, at µs resolution (the drill-down's start
        // column): it printed "-0 µs"
        QTest::newRow("rounds to zero from below") << qint64(-4) << qint64(1000) << "+0 \u00b5s";
        QTest::newRow("rounds to zero at ms") << qint64(-499) << qint64(1000000) << "+0 ms";
        QTest::newRow("rounds to zero at 10 µs") << qint64(-400) << qint64(10000) << "+0 \u00b5s";
        QTest::newRow("rounds away from zero") << qint64(-500) << qint64(1000) << "-1 \u00b5s";
        QTest::newRow("carry") << qint64(1999999999) << qint64(10000000) << "+2.00 s";
    }
    void offset() {
        QFETCH(qint64, ns);
        QFETCH(qint64, resolution);
        QFETCH(QString, text);
        QCOMPARE(QString::fromStdString(model::formatOffset(ns, resolution)), text);
    }
    void offsetsOneResolutionApartDiffer_data() {
        QTest::addColumn<qint64>("base");
        QTest::addColumn<qint64>("resolution");
        for (qint64 base : {qint64(0), qint64(1000000), qint64(14800000000), qint64(438000000000),
                            qint64(735004) * 1000000000, qint64(1000000) * 1000000000})
            for (qint64 res : {qint64(1), qint64(10), qint64(1000), qint64(200000), qint64(5000000),
                               qint64(1000000000), qint64(60) * 1000000000})
                QTest::newRow(qPrintable(QString("%1+%2").arg(base).arg(res))) << base << res;
    }
    void offsetsOneResolutionApartDiffer() {
        QFETCH(qint64, base);
        QFETCH(qint64, resolution);
        // aligned to the resolution, as ruler ticks are
        qint64 b = base / resolution * resolution;
        QString a = QString::fromStdString(model::formatOffset(b, resolution));
        QString c = QString::fromStdString(model::formatOffset(b + resolution, resolution));
        QVERIFY2(a != c, qPrintable(a));
        QVERIFY2(a.size() <= 26, qPrintable(a));
    }
    void windowsPrintedAlikeSayOneLength_data() {
        QTest::addColumn<qint64>("from1");
        QTest::addColumn<qint64>("to1");
        QTest::addColumn<qint64>("from2");
        QTest::addColumn<qint64>("to2");
        QTest::addColumn<QString>("ends");
        // walk 23b: the status bar said "(2.82 ms)", an export's caption "(2.83 ms)" for "+29.064 … +31.889
        // ms": windows 2 825 000 (--range) and 2 824 900 ns wide whose ends print alike at a 1 µs grain;
        // 31.889 − 29.064 = 2.825 ms, "2.83 ms" in three digits
        QTest::newRow("walk 23b") << qint64(29'064'000) << qint64(31'889'000) << qint64(29'064'050)
                                  << qint64(31'888'950)
                                  << QString::fromUtf8("+29.064 ms … +31.889 ms (2.83 ms)");
        // 59.7 s wide, 10 ms grain, long offsets cut there: 1200.30 … 1260.00 s
        QTest::newRow("long") << qint64(1'200'300'000'000) << qint64(1'260'000'000'000)
                              << qint64(1'200'305'000'000) << qint64(1'260'004'000'000)
                              << QString::fromUtf8("+0:20:00.30 … +0:21:00.00 (");
    }
    void windowsPrintedAlikeSayOneLength() {
        QFETCH(qint64, from1);
        QFETCH(qint64, to1);
        QFETCH(qint64, from2);
        QFETCH(qint64, to2);
        QFETCH(QString, ends);
        const QString a = QString::fromStdString(model::formatWindow(from1, to1));
        const QString b = QString::fromStdString(model::formatWindow(from2, to2));
        QVERIFY2(a.startsWith(ends), qPrintable(a));
        QCOMPARE(a, b);
    }
};

QTEST_APPLESS_MAIN(TstTimeText)
#include "tst_timetext.moc"
