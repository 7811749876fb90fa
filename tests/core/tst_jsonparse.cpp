// core/model/jsonparse: every way a JSON text can fail comes back as a failure with a byte offset,
// never as an exception (json::parse throws out_of_range, not parse_error, for "1e999"). The offsets are
// counted by hand on each text.
#include "core/model/jsonparse.h"

#include <QtTest>

using namespace rs;

class TstJsonParse : public QObject {
    Q_OBJECT
  private Q_SLOTS:
    void failures_data() {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<bool>("fails");
        QTest::addColumn<int>("firstByte"); // the failure's offset lies in [firstByte, lastByte]
        QTest::addColumn<int>("lastByte");
        QTest::newRow("valid") << QByteArray("{\"a\": [1, 2.5, \"x\"]}") << false << 0 << 0;
        // the number is bytes 6-10
        QTest::newRow("overflowing number") << QByteArray("{\"a\": 1e999}") << true << 6 << 10;
        QTest::newRow("negative overflow") << QByteArray("[-1e400]") << true << 1 << 6;
        // the '}' at byte 6 is where a value was expected
        QTest::newRow("missing value") << QByteArray("{\"a\": }") << true << 6 << 6;
        // the text ends after byte 3: the failure is at its end
        QTest::newRow("truncated") << QByteArray("{\"a\"") << true << 3 << 4;
        QTest::newRow("empty") << QByteArray("") << true << 0 << 0;
        QTest::newRow("trailing junk") << QByteArray("{} x") << true << 3 << 3;
    }
    void failures() {
        QFETCH(QByteArray, text);
        QFETCH(bool, fails);
        QFETCH(int, firstByte);
        QFETCH(int, lastByte);
        nlohmann::json j;
        const auto failure = model::parseJson(std::string_view(text.constData(), size_t(text.size())), j);
        QCOMPARE(failure.has_value(), fails);
        if (!fails) {
            QVERIFY(j.is_object());
            QCOMPARE(j["a"].size(), size_t(3));
            return;
        }
        QVERIFY(j.is_discarded());
        QVERIFY2(
            failure->byte >= firstByte && failure->byte <= lastByte,
            qPrintable(QString::number(failure->byte) + ": " + QString::fromStdString(failure->message)));
        QVERIFY(!failure->message.empty());
    }
};

QTEST_GUILESS_MAIN(TstJsonParse)
#include "tst_jsonparse.moc"
