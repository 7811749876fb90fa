// core/formats/jsonscan: the sixteen-bytes-a-step finders give the first stopping byte at every start and
// every position of the stop (inside the first block, across a block's edge, in the scalar tail), and the
// member reader built on them reads escapes, odd spacing, duplicates, nested values and damaged objects
// as written. Expected values are written by hand for each text, or found by a byte-by-byte loop.
#include "core/formats/jsonscan.h"

#include <QtTest>

#include <string>
#include <vector>

using namespace rs;

class TstJsonScan : public QObject {
    Q_OBJECT
  private:
    /// The first index >= i whose byte is one of `stops`, byte by byte.
    static size_t slowFind(const std::string& s, size_t i, const char* stops) {
        for (; i < s.size(); ++i)
            if (std::strchr(stops, s[i]) && s[i] != '\0') return i;
        return s.size();
    }
    /// "key=kind:text" for every member, in order, then "ok" or "bad".
    static QString members(const std::string& obj) {
        QStringList out;
        const bool ok = formats::forEachMember(obj, [&](std::string_view k, const formats::JsonValue& v) {
            out << QString::fromStdString(std::string(k)) + "=" + QString::number(int(v.kind)) + ":" +
                       QString::fromStdString(v.str());
        });
        out << (ok ? "ok" : "bad");
        return out.join('|');
    }

  private Q_SLOTS:
    void findersStopWhereAByteLoopDoes() {
        // every stopping byte at every position 0..40 of a 41-byte text, searched from every start
        const std::string stopsString = "\"\\";
        const std::string stopsStructural = "\"{}[]";
        for (const std::string& stops : {stopsString, stopsStructural})
            for (char stop : stops)
                for (size_t at = 0; at <= 41; ++at) {
                    std::string s(41, 'a');
                    s[5] = 'Z'; // 'Z' and 'z' are one bit from '[' and '{': they never stop
                    s[17] = 'z';
                    if (at < s.size()) s[at] = stop;
                    for (size_t from = 0; from <= s.size() + 1; ++from) {
                        const size_t want = slowFind(s, from, stops.c_str());
                        const size_t got = stops == stopsString ? formats::findStringStop(s, from)
                                                                : formats::findStructural(s, from);
                        QVERIFY2(got == want, qPrintable(QString("stop %1 at %2 from %3: %4, not %5")
                                                             .arg(stop)
                                                             .arg(at)
                                                             .arg(from)
                                                             .arg(got)
                                                             .arg(want)));
                    }
                }
    }
    void findersPassBytesNearTheStops() {
        // the structural finder folds '{'/'[' and '}'/']' by one bit: no other byte may fold onto them
        std::string all;
        for (int c = 1; c < 256; ++c)
            if (!std::strchr("\"{}[]", char(c))) all.push_back(char(c));
        QCOMPARE(formats::findStructural(all, 0), all.size());
        std::string noQuote;
        for (int c = 1; c < 256; ++c)
            if (c != '"' && c != '\\') noQuote.push_back(char(c));
        QCOMPARE(formats::findStringStop(noQuote, 0), noQuote.size());
    }
    void membersAsWritten_data() {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<QString>("want"); // kinds: 1 String, 2 Number, 3 Object, 4 Array, 5 True, 7 Null
        QTest::newRow("plain") << QByteArray("{\"ph\":\"X\",\"ts\":12.5}") << "ph=1:X|ts=2:12.5|ok";
        QTest::newRow("odd spacing") << QByteArray(" {\n\t\"a\" :\r 1 ,\"b\":\"x\"  } ") << "a=2:1|b=1:x|ok";
        QTest::newRow("escapes") << QByteArray("{\"n\":\"a\\\"b\\\\c\\u00e9\\n\",\"k\\\"\":true}")
                                 << QString::fromUtf8(
                                        "n=1:a\"b\\c\xC3\xA9\n|k\\\"=5:true|ok"); // keys stay as written
        QTest::newRow("long string past a block")
            << QByteArray(
                   "{\"name\":\"Default/network-TransformerLM/layers-0/attention\\\\x/LayerNorm-op0\"}")
            << "name=1:Default/network-TransformerLM/layers-0/attention\\x/LayerNorm-op0|ok";
        QTest::newRow("duplicates kept in order") << QByteArray("{\"a\":1,\"a\":2}") << "a=2:1|a=2:2|ok";
        QTest::newRow("nested with brackets in strings")
            << QByteArray("{\"args\":{\"s\":\"}]{[\",\"v\":[1,{\"b\":\"\\\"}\"}]},\"z\":null}")
            << "args=3:{\"s\":\"}]{[\",\"v\":[1,{\"b\":\"\\\"}\"}]}|z=7:null|ok";
        QTest::newRow("empty") << QByteArray("{}") << "ok";
        QTest::newRow("truncated in a string") << QByteArray("{\"a\":1,\"b\":\"xyz") << "a=2:1|bad";
        QTest::newRow("truncated in args") << QByteArray("{\"a\":1,\"args\":{\"k\":[1,2") << "a=2:1|bad";
        QTest::newRow("backslash at the end") << QByteArray("{\"a\":\"x\\") << "bad";
        QTest::newRow("missing colon") << QByteArray("{\"a\" 1}") << "bad";
        QTest::newRow("trailing comma") << QByteArray("{\"a\":1,}") << "a=2:1|bad";
        QTest::newRow("not an object") << QByteArray("[\"a\",1]") << "bad";
    }
    void membersAsWritten() {
        QFETCH(QByteArray, text);
        QFETCH(QString, want);
        QCOMPARE(members(text.toStdString()), want);
    }
    void skipValueEnds() {
        // the index one past each value, counted by hand
        QCOMPARE(formats::skipValue("{\"a\":[1,\"]\"],\"b\":{}} ,", 0), size_t(20));
        QCOMPARE(formats::skipValue("\"a\\\"b\",", 0), size_t(6));
        QCOMPARE(formats::skipValue("123.5e3,", 0), size_t(7));
        QCOMPARE(formats::skipValue("{\"a\":[1,2}", 0), std::string_view::npos);
        QCOMPARE(formats::skipValue("[\"\\\"]", 0), std::string_view::npos);
    }
};

QTEST_GUILESS_MAIN(TstJsonScan)
#include "tst_jsonscan.moc"
