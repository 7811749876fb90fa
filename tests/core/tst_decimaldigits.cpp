// core/model/decimal: integer parts of every length around the fast path's 19-digit limit (past it the
// 128-bit path reads them) give the value the text says, and text that is not a decimal gives none.
// Expected values are the texts' own digits, worked by hand.
#include "core/model/decimal.h"

#include <QtTest>

using namespace rs;

class TstDecimalDigits : public QObject {
    Q_OBJECT
  private Q_SLOTS:
    void values_data() {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<int>("factor");
        QTest::addColumn<bool>("has");
        QTest::addColumn<qint64>("want");
        QTest::newRow("Ascend ts, us")
            << QByteArray("1736408883000155.563") << 1000 << true << qint64(1736408883000155563);
        QTest::newRow("19 digits") << QByteArray("1234567890123456789") << 1 << true
                                   << qint64(1234567890123456789);
        QTest::newRow("int64 max") << QByteArray("9223372036854775807") << 1 << true
                                   << qint64(9223372036854775807);
        QTest::newRow("19 digits past int64") << QByteArray("9223372036854775808") << 1 << false << qint64(0);
        QTest::newRow("20 digits, leading zero")
            << QByteArray("01234567890123456789") << 1 << true << qint64(1234567890123456789);
        QTest::newRow("23 digits, leading zeros")
            << QByteArray("00000000000000000000012") << 1 << true << qint64(12);
        QTest::newRow("20 digits past uint64")
            << QByteArray("18446744073709551616") << 1 << false << qint64(0);
        QTest::newRow("20 digits and garbage")
            << QByteArray("01234567890123456789x") << 1 << false << qint64(0);
        QTest::newRow("19 digits and garbage")
            << QByteArray("1234567890123456789x") << 1 << false << qint64(0);
        QTest::newRow("20 digits with an exponent")
            << QByteArray("10000000000000000000e-3") << 1 << true << qint64(10000000000000000);
        QTest::newRow("negative, rounded half away")
            << QByteArray("-12.0005") << 1000 << true << qint64(-12001);
        QTest::newRow("no digits") << QByteArray("-.") << 1000 << false << qint64(0);
    }
    void values() {
        QFETCH(QByteArray, text);
        QFETCH(int, factor);
        QFETCH(bool, has);
        QFETCH(qint64, want);
        const auto got =
            model::parseScaledBy(std::string_view(text.constData(), size_t(text.size())), factor);
        QCOMPARE(got.has_value(), has);
        if (has) QCOMPARE(qint64(*got), want);
    }
};

QTEST_GUILESS_MAIN(TstDecimalDigits)
#include "tst_decimaldigits.moc"
