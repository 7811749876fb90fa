// The members after a Chrome-trace object's event array, read backwards from the document's last bytes
// (core/formats/jsontail): where the array ends, with strings that hold quotes, backslashes and brackets,
// with the window cut anywhere in the events, and the texts that cannot tell (npos, so the importer reads
// the whole file instead). Expected positions and members are worked out by hand from the texts below.
#include "core/formats/jsontail.h"

#include <QtTest>

using namespace rs;
using Members = std::map<std::string, std::string>;

namespace {
constexpr size_t npos = std::string_view::npos;

const std::string kEvents = "{\"schemaVersion\":1,\"traceEvents\":[\n"
                            "{\"ph\":\"X\",\"name\":\"a\\\"]}\",\"ts\":1,\"dur\":2},\n"
                            "{\"ph\":\"X\",\"name\":\"b[\",\"ts\":3,\"dur\":4}\n]";

/// The events above followed by `after`: the array's end is found, and the members are `expected`.
void checkMembersAfter(const std::string& after, const Members& expected) {
    const std::string doc = kEvents + after;
    QCOMPARE(formats::eventArrayEnd(doc), kEvents.size() - 1);
    const auto m = formats::membersAfterEvents(doc);
    QVERIFY(m.has_value());
    QCOMPARE(*m, expected);
}
} // namespace

class TstJsonTail : public QObject {
    Q_OBJECT
  private Q_SLOTS:
    void kinetoEnding() {
        const std::string after =
            ",\n  \"traceName\": \"x \\\"q\\\" \\\\\",\n  \"displayTimeUnit\": \"ms\",\n"
            "  \"baseTimeNanoseconds\": 1736408883000000000\n}\n";
        checkMembersAfter(after, {{"baseTimeNanoseconds", "1736408883000000000"},
                                  {"displayTimeUnit", "\"ms\""},
                                  {"traceName", "\"x \\\"q\\\" \\\\\""}});
    }
    void windowCutInsideTheEvents() {
        // the array begins before the window: wherever the cut, its ']' is found and the members read
        const std::string doc = kEvents + ",\"baseTimeNanoseconds\":17}";
        for (size_t cut = kEvents.find('[') + 1; cut < kEvents.size(); ++cut) {
            const std::string_view tail = std::string_view(doc).substr(cut);
            QCOMPARE(formats::eventArrayEnd(tail), kEvents.size() - 1 - cut);
            const auto m = formats::membersAfterEvents(tail);
            QVERIFY(m.has_value());
            QCOMPARE(*m, (Members{{"baseTimeNanoseconds", "17"}}));
        }
    }
    void membersWithBracketsAndEscapes() {
        // an object member holding brackets and quotes in strings; a string ending in an escaped backslash;
        // a repeated name: the last wins, as in the splitter
        const std::string after = ",\"info\":{\"s\":\"]}{[\\\"\",\"n\":[1,{\"k\":\"}\"}]},\"p\":\"c:\\\\\","
                                  "\"p\":\"d\",\"flag\":true,\"none\":null,\"f\":-1.5e3}";
        checkMembersAfter(after, {{"info", "{\"s\":\"]}{[\\\"\",\"n\":[1,{\"k\":\"}\"}]}"},
                                  {"p", "\"d\""},
                                  {"flag", "true"},
                                  {"none", "null"},
                                  {"f", "-1.5e3"}});
    }
    void nothingAfterTheEvents() { checkMembersAfter("}", {}); }
    void cannotTell_data() {
        QTest::addColumn<QString>("tail");
        QTest::newRow("truncated in an event")
            << QString::fromStdString(kEvents.substr(0, kEvents.size() - 9));
        QTest::newRow("unterminated array") << QString::fromStdString(kEvents.substr(0, kEvents.size() - 1));
        QTest::newRow("cut right after an event's brace")
            << QString::fromStdString(kEvents.substr(0, kEvents.size() - 2));
        QTest::newRow("trailing comma") << QString::fromStdString(kEvents + ",\"a\":1,}");
        QTest::newRow("text after the object") << QString::fromStdString(kEvents + "}x");
        QTest::newRow("no event array") << "{\"a\":1,\"b\":[1,2]}";
        QTest::newRow("traceEvents not an array") << "{\"traceEvents\":{\"ph\":\"X\"},\"a\":1}";
        QTest::newRow("bare array") << QString::fromStdString("[{\"ph\":\"X\",\"ts\":1}]");
        QTest::newRow("a string that begins before the window") << "x\",\"a\":1}";
        QTest::newRow("an object that begins before the window") << "\"k\":1},\"a\":1}";
        QTest::newRow("backslashes back to the window's start") << "\\\\\"]\",\"a\":1}";
        QTest::newRow("cut between the name and the array") << "\":[{\"ph\":\"X\"}],\"a\":1}";
        QTest::newRow("empty") << "";
    }
    void cannotTell() {
        QFETCH(QString, tail);
        const std::string t = tail.toStdString();
        QCOMPARE(formats::eventArrayEnd(t), npos);
        QVERIFY(!formats::membersAfterEvents(t).has_value());
    }
};

QTEST_GUILESS_MAIN(TstJsonTail)
#include "tst_jsontail.moc"
