// The streaming event splitter: bare arrays and {"traceEvents": …} objects, members before and after the
// events, events cut by chunk boundaries anywhere, the tolerated endings of crashed profilers, and the
// fatal cases with byte offsets.
#include "core/formats/jsoneventsplitter.h"
#include "core/formats/jsonscan.h"
#include "tests/support/testsupport.h"

#include <QtTest>

using namespace rs;
using Status = formats::JsonEventSplitter::Status;

namespace {
// A byte source over a string that returns `chunk` bytes per read, to move chunk boundaries around.
class StringSource : public io::ByteSource {
  public:
    StringSource(std::string s, size_t chunk) : m_s(std::move(s)), m_chunk(chunk) {}
    int64_t read(char* buf, int64_t cap) override {
        size_t n = std::min({size_t(cap), m_chunk, m_s.size() - m_pos});
        std::memcpy(buf, m_s.data() + m_pos, n);
        m_pos += n;
        return int64_t(n);
    }
    int64_t rawBytesRead() const override { return int64_t(m_pos); }

  private:
    std::string m_s;
    size_t m_chunk, m_pos = 0;
};

struct Result {
    std::vector<std::string> events;
    Status end;
    std::map<std::string, std::string> meta;
    bool unterminated;
    std::string error;
};

Result split(const std::string& text, size_t chunk) {
    StringSource src(text, chunk);
    formats::JsonEventSplitter sp(src);
    Result r;
    std::string_view ev;
    int64_t off;
    Status st;
    while ((st = sp.next(ev, off)) == Status::Event)
        r.events.emplace_back(ev);
    r.end = st;
    r.meta = sp.meta();
    r.unterminated = sp.unterminated();
    r.error = sp.error();
    return r;
}
} // namespace

class TstJsonEventSplitter : public QObject {
    Q_OBJECT
  private Q_SLOTS:
    void containers_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<int>("events");
        QTest::addColumn<bool>("unterminated");
        QTest::newRow("bare array") << "[{\"ph\":\"X\",\"name\":\"a\"},{\"ph\":\"X\",\"name\":\"b]}\"}]" << 2
                                    << false;
        QTest::newRow("object") << "{\"schemaVersion\":1,\"traceEvents\":[{\"ph\":\"X\"},{\"ph\":\"i\"}],"
                                   "\"baseTimeNanoseconds\":17}"
                                << 2 << false;
        QTest::newRow("unterminated array") << "[{\"ph\":\"X\"},\n{\"ph\":\"X\"}," << 2 << true;
        QTest::newRow("trailing comma") << "[{\"ph\":\"X\"},{\"ph\":\"X\"},]" << 2 << false;
        QTest::newRow("escaped quotes and braces") << "[{\"name\":\"a\\\"}{[\",\"ph\":\"X\"}]" << 1 << false;
        QTest::newRow("empty array") << "[]" << 0 << false;
        QTest::newRow("whitespace and BOM") << "\xEF\xBB\xBF \n [ {\"ph\":\"X\"} ] " << 1 << false;
    }
    void containers() {
        QFETCH(QString, text);
        QFETCH(int, events);
        QFETCH(bool, unterminated);
        for (size_t chunk : {size_t(1), size_t(3), size_t(7), size_t(1 << 20)}) {
            Result r = split(text.toStdString(), chunk);
            QCOMPARE(r.end, Status::End);
            QCOMPARE(int(r.events.size()), events);
            QCOMPARE(r.unterminated, unterminated);
            for (auto& e : r.events)
                QVERIFY(formats::forEachMember(e, [](auto, auto) {}));
        }
    }
    void stringsOfEveryLength() {
        // strings short and long (the scan changes pace past 32 bytes), escaped quotes and backslashes at
        // every position, brackets inside them: each event comes back exactly as written
        std::vector<std::string> want;
        std::string text = "[";
        for (int len = 0; len < 90; ++len)
            for (int esc = 0; esc <= len; esc += 7) {
                std::string s(size_t(len), 'a');
                s.insert(size_t(esc), esc % 2 ? "\\\"}" : "\\\\]");
                want.push_back("{\"name\":\"" + s + "\",\"ph\":\"X\",\"args\":{\"k\":[\"" + s + "\",1]}}");
                text += (want.size() > 1 ? ",\n" : "") + want.back();
            }
        text += "]";
        for (size_t chunk : {size_t(1), size_t(3), size_t(33), size_t(1 << 20)}) {
            Result r = split(text, chunk);
            QCOMPARE(r.end, Status::End);
            QCOMPARE(r.events, want);
        }
    }
    void resumesAfterDamage_data() {
        // one damaged event among good ones: the good events after it are all still found, and the damaged
        // one comes back (cut at the damage) so the importer can report it
        QTest::addColumn<QString>("text");
        QTest::addColumn<int>("good");
        const QString e = "{\"ph\":\"X\",\"name\":\"MatMul\",\"ts\":%1,\"dur\":2,\"args\":{\"k\":[1,2]}}";
        QString tail;
        for (int i = 0; i < 5; ++i)
            tail += "," + e.arg(10 + i);
        QTest::newRow("unbalanced quote, one line")
            << "[" + e.arg(1) + ",{\"ph\":\"X\",\"name\":\"Mat\"Mul\",\"ts\":2,\"dur\":2}" + tail + "]" << 6;
        QTest::newRow("unbalanced quote, Kineto layout")
            << "{\"traceEvents\": [\n  {\n    \"ph\": \"X\", \"name\": \"aten::mm\",\n    \"ts\": 1\n  },\n"
               "  {\n    \"ph\": \"X\", \"name\": \"aten::\"add\",\n    \"ts\": 2\n  },\n"
               "  {\n    \"ph\": \"X\", \"name\": \"aten::mul\",\n    \"ts\": 3\n  "
               "}\n],\n\"baseTimeNanoseconds\": 5}"
            << 2;
        QTest::newRow("stray bytes") << "[" + e.arg(1) + ",{\"ph\":\"X\",\x01\x02\"ts\":2}" + tail + "]" << 6;
        QTest::newRow("damage in the last event")
            << "[" + e.arg(1) + ",{\"ph\":\"X\",\"name\":\"a\"b\"}]" << 1;
    }
    void resumesAfterDamage() {
        QFETCH(QString, text);
        QFETCH(int, good);
        for (size_t chunk : {size_t(1), size_t(5), size_t(1 << 20)}) {
            StringSource src(text.toStdString(), chunk);
            formats::JsonEventSplitter sp(src);
            std::string_view ev;
            int64_t off;
            int parsed = 0, damaged = 0;
            Status st;
            while ((st = sp.next(ev, off)) == Status::Event)
                (formats::forEachMember(ev, [](auto, auto) {}) ? parsed : damaged)++;
            QCOMPARE(st, Status::End);
            QCOMPARE(parsed, good);
            QCOMPARE(damaged, 1);
            QCOMPARE(sp.resyncs(), int64_t(1));
        }
    }
    void metaAfterEvents() {
        Result r = split("{\"distributedInfo\":{\"rank\":3},\"traceEvents\":[{\"ph\":\"X\"}],"
                         "\"baseTimeNanoseconds\":1700000000000000000}",
                         5);
        QCOMPARE(r.meta.at("distributedInfo"), std::string("{\"rank\":3}"));
        QCOMPARE(r.meta.at("baseTimeNanoseconds"), std::string("1700000000000000000"));
    }
    void fatal_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("message");
        QTest::newRow("empty") << ""
                               << "empty";
        QTest::newRow("not json") << "hello world"
                                  << "not a JSON trace";
        QTest::newRow("truncated event") << "[{\"ph\":\"X\",\"name\":\"abc"
                                         << "truncated";
        // a Kineto object whose traceEvents is not the array of events holds no events: the file's error
        QTest::newRow("traceEvents an object")
            << "{\"schemaVersion\":1,\"traceEvents\":{\"ph\":\"X\"}}"
            << "\"traceEvents\" is an object, not an array of events at byte 33";
        QTest::newRow("traceEvents a string")
            << "{\"traceEvents\": \"x\"}"
            << "\"traceEvents\" is a string, not an array of events at byte 16";
    }
    void fatal() {
        QFETCH(QString, text);
        QFETCH(QString, message);
        Result r = split(text.toStdString(), 4);
        QCOMPARE(r.end, Status::Error);
        QVERIFY2(r.error.find(message.toStdString()) != std::string::npos, r.error.c_str());
        QVERIFY2(r.error.find("byte") != std::string::npos, r.error.c_str());
    }
    void memberValues() {
        std::string ev = "{\"ph\":\"X\",\"ts\":\"1736408883704643.212\",\"dur\":53.742,\"pid\":\"Spans\","
                         "\"tid\":7,\"args\":{\"a\":[1,{\"b\":2}]},\"name\":\"x\\ny\"}";
        std::map<std::string, formats::JsonValue> m;
        QVERIFY(formats::forEachMember(
            ev, [&](std::string_view k, const formats::JsonValue& v) { m[std::string(k)] = v; }));
        QCOMPARE(std::string(m["ts"].text), std::string("1736408883704643.212"));
        QCOMPARE(m["ts"].kind, formats::JsonKind::String);
        QCOMPARE(std::string(m["dur"].text), std::string("53.742"));
        QCOMPARE(m["pid"].kind, formats::JsonKind::String);
        QCOMPARE(std::string(m["args"].text), std::string("{\"a\":[1,{\"b\":2}]}"));
        QCOMPARE(m["name"].str(), std::string("x\ny"));
        QCOMPARE(formats::unescapeJson("\\u00e9\\ud83d\\ude00"), std::string("\xC3\xA9\xF0\x9F\x98\x80"));
    }
};

QTEST_APPLESS_MAIN(TstJsonEventSplitter)
#include "tst_jsoneventsplitter.moc"
