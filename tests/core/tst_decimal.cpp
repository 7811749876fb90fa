// Exact decimal → int64 parsing: the guarantee that no timestamp ever goes through a double.
#include "core/model/decimal.h"

#include <QtTest>

using namespace rs::model;

class TstDecimal : public QObject {
    Q_OBJECT
  private Q_SLOTS:
    void scaled_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<qint64>("unit");
        QTest::addColumn<bool>("ok");
        QTest::addColumn<qint64>("expected");
        QTest::newRow("epoch us with ns decimals")
            << "1736408883704643.212" << qint64(1000) << true << qint64(1736408883704643212);
        QTest::newRow("tab suffix (Ascend CSV)")
            << "1736408883704643.212\t" << qint64(1000) << true << qint64(1736408883704643212);
        QTest::newRow("quoted") << "\"1736408883688177.930\"" << qint64(1000) << true
                                << qint64(1736408883688177930);
        QTest::newRow("integer us") << "1695115378713661" << qint64(1000) << true
                                    << qint64(1695115378713661000);
        QTest::newRow("rounds half up") << "1.0005" << qint64(1000) << true << qint64(1001);
        QTest::newRow("rounds down") << "1.0004" << qint64(1000) << true << qint64(1000);
        QTest::newRow("many decimals (dur)") << "79089.52021875" << qint64(1000) << true << qint64(79089520);
        QTest::newRow("ms to ns") << "5.64663284375" << qint64(1000000) << true << qint64(5646633);
        QTest::newRow("10ns ticks") << "123456789" << qint64(10) << true << qint64(1234567890);
        QTest::newRow("negative") << "-2.5" << qint64(1000) << true << qint64(-2500);
        QTest::newRow("leading dot") << ".5" << qint64(1000) << true << qint64(500);
        QTest::newRow("exponent fallback") << "1.5e3" << qint64(1000) << true << qint64(1500000);
        QTest::newRow("empty") << "" << qint64(1000) << false << qint64(0);
        QTest::newRow("garbage") << "12a" << qint64(1000) << false << qint64(0);
        QTest::newRow("N/A") << "N/A" << qint64(1000) << false << qint64(0);
        QTest::newRow("overflow") << "99999999999999999999" << qint64(1000) << false << qint64(0);
        // Either side of where the 64-bit path hands over to the 128-bit one (expected values: Python's
        // Decimal, the fraction cut at 18 digits, rounded half up).
        QTest::newRow("int64 max") << "9223372036854775807" << qint64(1) << true
                                   << qint64(9223372036854775807LL);
        QTest::newRow("int64 max + 1") << "9223372036854775808" << qint64(1) << false << qint64(0);
        QTest::newRow("-int64 max") << "-9223372036854775807" << qint64(1) << true
                                    << qint64(-9223372036854775807LL);
        QTest::newRow("2^64 digits") << "18446744073709551616" << qint64(1) << false << qint64(0);
        QTest::newRow("flow id, 19 digits")
            << "1736408883840600069" << qint64(1) << true << qint64(1736408883840600069LL);
        QTest::newRow("scaled to int64 max")
            << "9223372036854775.807" << qint64(1000) << true << qint64(9223372036854775807LL);
        QTest::newRow("rounds past int64 max")
            << "9223372036854775.8075" << qint64(1000) << false << qint64(0);
        QTest::newRow("fraction × unit past 2^64")
            << "0.999999999999999999" << qint64(1000000000) << true << qint64(1000000000);
        QTest::newRow("digits past the 18th ignored")
            << "0.00000000000000000099" << qint64(1000000000) << true << qint64(0);
        QTest::newRow("exponent after 20 digits")
            << "12345678901234567890e-5" << qint64(1) << true << qint64(123456789012346);
    }
    void scaled() {
        QFETCH(QString, text);
        QFETCH(qint64, unit);
        QFETCH(bool, ok);
        QFETCH(qint64, expected);
        auto v = parseScaledBy(text.toStdString(), unit);
        QCOMPARE(v.has_value(), ok);
        if (ok) QCOMPARE(qint64(*v), expected);
    }
    void u64_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<bool>("ok");
        QTest::addColumn<quint64>("expected");
        QTest::newRow("above 2^53") << "1736408883840600069" << true << quint64(1736408883840600069ULL);
        QTest::newRow("2^64-1") << "18446744073709551615" << true << quint64(18446744073709551615ULL);
        QTest::newRow("2^64 overflows") << "18446744073709551616" << false << quint64(0);
        QTest::newRow("fraction") << "1.5" << false << quint64(0);
    }
    void u64() {
        QFETCH(QString, text);
        QFETCH(bool, ok);
        QFETCH(quint64, expected);
        auto v = parseU64(text.toStdString());
        QCOMPARE(v.has_value(), ok);
        if (ok) QCOMPARE(quint64(*v), expected);
    }
    void address_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<quint64>("expected");
        QTest::newRow("hex") << "0x12c000000000" << quint64(0x12c000000000ULL);
        QTest::newRow("HEX upper") << "0X12C0" << quint64(0x12c0);
        QTest::newRow("decimal") << "140234567" << quint64(140234567);
    }
    void address() {
        QFETCH(QString, text);
        QFETCH(quint64, expected);
        auto v = parseAddress(text.toStdString());
        QVERIFY(v.has_value());
        QCOMPARE(quint64(*v), expected);
    }
};

QTEST_APPLESS_MAIN(TstDecimal)
#include "tst_decimal.moc"
