// Golden tests of the Chrome trace importer alone (core/import/chrometraceimporter): a tiny trace per
// container and variant, written here, is imported into memory (tests/support/importharness.h: no SQLite,
// no analysis) and its rows must be exactly the rows below, worked out by hand from the input: ts and dur
// are µs (a number or a string with ns decimals) plus Kineto's baseTimeNanoseconds, so 5.5 µs after a
// base of 1.7e18 ns is 1700000000000005500 ns. Op types follow deriveOpType (a trailing _<n> and a
// "-op<n>" are instance suffixes); lanes follow the track classifier.
#include "core/import/chrometraceimporter.h"
#include "tests/support/importharness.h"
#include "tests/support/testsupport.h"

#include <QtTest>
#include <algorithm>
#include <map>

using namespace rs;
using import::FileKind;

Q_DECLARE_METATYPE(FileKind)

namespace {

const char* kNegativeTs =
    "diag warning|events with a negative ts (before the clock's origin, decades before the "
    "rest of the rank) dropped";
const char* kDuplicate =
    "diag warning|event objects with a duplicated member (the last value is used, as JSON.parse does)";

QStringList sorted(const std::vector<std::string>& lines) {
    QStringList out;
    for (const auto& l : lines)
        out << QString::fromStdString(l);
    out.sort();
    return out;
}

QString at(const std::string& content, const std::string& needle) {
    const size_t i = content.find(needle);
    if (i == std::string::npos) qFatal("test input lacks %s", needle.c_str());
    return QString::number(qulonglong(i));
}

test::ImportedRows importText(const std::string& name, FileKind kind, const std::string& content) {
    const std::string path = test::tempDir("chrome-golden") + "/" + name;
    test::writeFile(path, content);
    return test::importOne(path, kind);
}

} // namespace

class TstChromeTraceImporter : public QObject {
    Q_OBJECT
  private Q_SLOTS:
    void golden_data() {
        QTest::addColumn<QString>("file");
        QTest::addColumn<FileKind>("kind");
        QTest::addColumn<QString>("content");
        QTest::addColumn<QStringList>("expected");
        const auto ct = FileKind::ChromeJson, tv = FileKind::TraceView, lg = FileKind::LegacyTimeline;
        const std::string events = "\"traceEvents\":[\n"
                                   "{\"ph\":\"X\",\"cat\":\"cpu_op\",\"name\":\"aten::mm\",\"pid\":10,"
                                   "\"tid\":11,\"ts\":5.5,\"dur\":2.25},\n"
                                   "{\"ph\":\"X\",\"cat\":\"kernel\",\"name\":\"ampere_sgemm_128x64_nn\","
                                   "\"pid\":0,\"tid\":7,\"ts\":6,"
                                   "\"dur\":1}\n]";
        const QStringList kineto{
            "track host||Thread 11|10|11|0|1|0", "track compute||Thread 7|0|7|0|1|0",
            "span Thread 11|1700000000000005500|2250|aten::mm|aten::mm|cpu_op|0",
            "span Thread 7|1700000000000006000|1000|ampere_sgemm_128x64_nn|ampere_sgemm_128x64_nn|kernel|0"};
        QTest::newRow("kineto: baseTimeNanoseconds before traceEvents")
            << "rank-3.pt.trace.json" << ct
            << QString::fromStdString("{\"schemaVersion\":1,\"baseTimeNanoseconds\":1700000000000000000," +
                                      events + "}")
            << kineto;
        // Kineto writes it last (and displayTimeUnit "ns" does not change the unit of ts)
        QTest::newRow("kineto: baseTimeNanoseconds after traceEvents, gzip")
            << "rank-3.pt.trace.json.gz" << ct
            << QString::fromStdString(
                   "{\"schemaVersion\":1," + events +
                   ",\"displayTimeUnit\":\"ns\",\"baseTimeNanoseconds\":1700000000000000000}")
            << kineto;
        QTest::newRow("bare array, relative µs")
            << "trace.json" << ct
            << "[{\"ph\":\"X\",\"name\":\"step\",\"pid\":1,\"tid\":1,\"ts\":100,\"dur\":50},\n"
               " {\"ph\":\"X\",\"name\":\"child_3\",\"pid\":1,\"tid\":1,\"ts\":110,\"dur\":10}]"
            << QStringList{"track host||Thread 1|1|1|0|2|1", "span Thread 1|100000|50000|step|step||0",
                           "span Thread 1|110000|10000|child_3|child||1"};
        {
            const std::string t = "[{\"ph\":\"X\",\"name\":\"a\",\"pid\":1,\"tid\":1,\"ts\":1,\"dur\":1},\n"
                                  "{\"ph\":\"X\",\"name\":\"b\",\"pid\":1,\"tid\":1,\"ts\":3,\"dur\":1},\n";
            QTest::newRow("unterminated array with a trailing comma")
                << "killed.json" << ct << QString::fromStdString(t)
                << QStringList{"track host||Thread 1|1|1|0|2|0", "span Thread 1|1000|1000|a|a||0",
                               "span Thread 1|3000|1000|b|b||0",
                               "diag info|event array not terminated (tolerated)|1|" +
                                   QString::number(t.size())};
        }
        QTest::newRow("trace_view: string ts with ns decimals, M names, a step")
            << "trace_view.json" << tv
            << "[{\"name\":\"process_name\",\"pid\":2172,\"tid\":0,\"ph\":\"M\",\"args\":{\"name\":\"Ascend "
               "Hardware\"}},\n"
               "{\"name\":\"thread_name\",\"pid\":2172,\"tid\":2,\"ph\":\"M\",\"args\":{\"name\":\"Stream "
               "2\"}},\n"
               "{\"name\":\"process_sort_index\",\"pid\":2172,\"tid\":0,\"ph\":\"M\",\"args\":{\"sort_"
               "index\":7}},\n"
               "{\"ph\":\"X\",\"name\":\"trans_TransData_0\",\"pid\":2172,\"tid\":2,\"ts\":"
               "\"1736408883704643.212\","
               "\"dur\":53.742},\n"
               "{\"ph\":\"X\",\"name\":\"ProfilerStep#50\",\"pid\":1,\"tid\":5,\"ts\":\"1736408883704600."
               "000\","
               "\"dur\":200.5,\"cat\":\"cpu_op\"},\n"
               "{\"name\":\"process_name\",\"pid\":1,\"tid\":0,\"ph\":\"M\",\"args\":{\"name\":\"Python\"}}]"
            << QStringList{
                   "track compute|Ascend Hardware|Stream 2|2172|2|7000000|1|0",
                   "track host|Python|Thread 5|1|5|0|1|0",
                   "span Stream 2|1736408883704643212|53742|trans_TransData_0|trans_TransData||0",
                   "span Thread 5|1736408883704600000|200500|ProfilerStep#50|ProfilerStep#50|cpu_op|0",
                   "step 0|50|1736408883704600000|1736408883704800500|trace"};
        {
            const std::string t =
                "[{\"ph\":\"B\",\"name\":\"outer\",\"pid\":\"p\",\"tid\":\"t\",\"ts\":10},\n"
                "{\"ph\":\"B\",\"name\":\"inner\",\"pid\":\"p\",\"tid\":\"t\",\"ts\":12},\n"
                "{\"ph\":\"E\",\"pid\":\"p\",\"tid\":\"t\",\"ts\":15},\n"
                "{\"ph\":\"E\",\"pid\":\"p\",\"tid\":\"t\",\"ts\":20},\n"
                "{\"ph\":\"E\",\"pid\":\"p\",\"tid\":\"t\",\"ts\":21},\n"
                "{\"ph\":\"B\",\"name\":\"open\",\"pid\":\"p\",\"tid\":\"t\",\"ts\":30}]";
            // E closes the innermost B: inner [12, 15), then outer [10, 20) — end-ordered, so re-nested
            QTest::newRow("B/E nesting with unbalanced ends")
                << "be.json" << ct << QString::fromStdString(t)
                << QStringList{"track host||Thread t|p|t|0|2|-1", "span Thread t|12000|3000|inner|inner||*",
                               "span Thread t|10000|10000|outer|outer||*",
                               "diag warning|E without a matching B|1|" +
                                   at(t, "{\"ph\":\"E\",\"pid\":\"p\",\"tid\":\"t\",\"ts\":21"),
                               "diag warning|B without a matching E|1|" +
                                   at(t, "{\"ph\":\"B\",\"name\":\"open\"")};
        }
        QTest::newRow("s/f flows: bp e, ids above 2^53 and 2^64-1, string ids")
            << "trace_view.json" << tv
            << "[{\"ph\":\"X\",\"name\":\"aclnnMm\",\"pid\":1,\"tid\":5,\"ts\":\"100.000\",\"dur\":10},\n"
               "{\"ph\":\"s\",\"name\":\"torch_to_npu\",\"id\":1736408883840600069,\"pid\":1,\"tid\":5,"
               "\"ts\":"
               "\"101.000\",\"cat\":\"async_npu\",\"bp\":\"e\"},\n"
               "{\"ph\":\"f\",\"name\":\"torch_to_npu\",\"id\":1736408883840600069,\"pid\":2,\"tid\":3,"
               "\"ts\":"
               "\"150.500\",\"cat\":\"async_npu\",\"bp\":\"e\"},\n"
               "{\"ph\":\"s\",\"name\":\"HostToDevice3\",\"id\":\"3\",\"pid\":1,\"tid\":5,\"ts\":\"102.000\","
               "\"cat\":\"HostToDevice\",\"bp\":\"e\"},\n"
               "{\"ph\":\"f\",\"name\":\"HostToDevice3\",\"id\":\"3\",\"pid\":2,\"tid\":3,\"ts\":\"160.000\","
               "\"cat\":\"HostToDevice\",\"bp\":\"e\"},\n"
               "{\"ph\":\"s\",\"name\":\"x\",\"id\":18446744073709551615,\"pid\":1,\"tid\":5,\"ts\":\"103\","
               "\"cat\":\"async_npu\"}]"
            << QStringList{"track host||Thread 5|1|5|0|1|0",
                           "track host||Thread 3|2|3|0|0|0",
                           "span Thread 5|100000|10000|aclnnMm|aclnnMm||0",
                           "flow 0|1736408883840600069|async_npu|torch_to_npu|s|e|101000|Thread 5",
                           "flow 0|1736408883840600069|async_npu|torch_to_npu|f|e|150500|Thread 3",
                           "flow 0|3|HostToDevice|HostToDevice3|s|e|102000|Thread 5",
                           "flow 0|3|HostToDevice|HostToDevice3|f|e|160000|Thread 3",
                           "flow 0|18446744073709551615|async_npu|x|s||103000|Thread 5"};
        QTest::newRow("counters: one series per numeric arg")
            << "trace_view.json" << tv
            << "[{\"name\":\"process_name\",\"pid\":901,\"tid\":0,\"ph\":\"M\",\"args\":{\"name\":\"AI Core "
               "Freq\"}},\n"
               "{\"name\":\"AI Core Freq\",\"ts\":\"1000.000\",\"pid\":901,\"tid\":0,\"args\":{\"MHz\":1800},"
               "\"ph\":\"C\"},\n"
               "{\"name\":\"AI Core "
               "Freq\",\"ts\":\"2000.000\",\"pid\":901,\"tid\":0,\"args\":{\"MHz\":1650.5},"
               "\"ph\":\"C\"},\n"
               "{\"name\":\"NPU "
               "MEM\",\"ts\":\"1500\",\"pid\":902,\"tid\":0,\"ph\":\"C\",\"args\":{\"APP\":1024,"
               "\"DDR\":\"n/a\"}}]"
            << QStringList{"track counter|AI Core Freq|AI Core Freq/MHz|901||0|0|0",
                           "track counter||NPU MEM/APP|902||0|0|0", "counter AI Core Freq/MHz|1000000|1800",
                           "counter AI Core Freq/MHz|2000000|1650.5", "counter NPU MEM/APP|1500000|1024"};
        // walk 24: torch_npu writes LLC hit rates as fractions under "Hit Rate(%)". A percent lane whose
        // every sample is in [0, 1] is written ×100 (said once, naming it); one with a sample outside keeps
        // every sample as written, those before that sample too; other lanes are never scaled
        QTest::newRow("counters: a percent lane of fractions becomes percent")
            << "trace_view.json" << tv
            << "[{\"name\":\"LLC 0\",\"ts\":\"1\",\"pid\":9,\"tid\":0,\"ph\":\"C\",\"args\":{\"Hit "
               "Rate(%)\":0.875}},\n"
               "{\"name\":\"LLC 0\",\"ts\":\"2\",\"pid\":9,\"tid\":0,\"ph\":\"C\",\"args\":{\"Hit "
               "Rate(%)\":0}},\n"
               "{\"name\":\"Util\",\"ts\":\"1\",\"pid\":9,\"tid\":0,\"ph\":\"C\",\"args\":{\"Busy(%)\":0.5,"
               "\"Ratio\":0.5}},\n"
               "{\"name\":\"Util\",\"ts\":\"2\",\"pid\":9,\"tid\":0,\"ph\":\"C\",\"args\":{\"Busy(%)\":40,"
               "\"Ratio\":0.25}}]"
            << QStringList{
                   "track counter||LLC 0/Hit Rate(%)|9||0|0|0",
                   "track counter||Util/Busy(%)|9||0|0|0",
                   "track counter||Util/Ratio|9||0|0|0",
                   "counter LLC 0/Hit Rate(%)|1000|87.5",
                   "counter LLC 0/Hit Rate(%)|2000|0",
                   "counter Util/Busy(%)|1000|0.5",
                   "counter Util/Busy(%)|2000|40",
                   "counter Util/Ratio|1000|0.5",
                   "counter Util/Ratio|2000|0.25",
                   "diag info|counter lanes named in percent whose samples are all fractions (0 to 1): "
                   "shown ×100, as percent|1|-1"};
        {
            const std::string mem = [] {
                auto m = [](const char* ts, const char* type, const char* addr, const char* bytes,
                            const char* alloc) {
                    return std::string(
                               "{\"ph\":\"i\",\"s\":\"t\",\"name\":\"[memory]\",\"pid\":11,\"tid\":11,"
                               "\"ts\":") +
                           ts + ",\"args\":{\"Device Type\":" + type + ",\"Device Id\":0,\"Addr\":" + addr +
                           ",\"Bytes\":" + bytes + ",\"Total Allocated\":" + alloc +
                           ",\"Total Reserved\":8192}},\n";
                };
                return "{\"schemaVersion\":1,\"traceEvents\":[\n"
                       "{\"ph\":\"X\",\"cat\":\"cpu_op\",\"name\":\"aten::empty\",\"pid\":11,\"tid\":11,"
                       "\"ts\":0.5,"
                       "\"dur\":2},\n" +
                       m("1", "1", "140000000000", "4096", "4096") + m("1.5", "0", "5000", "64", "64") +
                       m("9", "1", "140000000000", "-4096", "0") + m("10", "1", "150000000000", "-512", "0") +
                       m("11", "1", "160000000000", "1024", "1024") +
                       "{\"ph\":\"i\",\"s\":\"g\",\"name\":\"Iteration Start: PyTorch "
                       "Profiler\",\"pid\":\"Traces\",\"tid\":\"\",\"ts\":0}\n"
                       "],\"baseTimeNanoseconds\":1000000000}";
            }();
            // the CPU allocation (Device Type 0) is not device memory; the first tensor was allocated inside
            // aten::empty [0.5, 2.5) µs, the last after it ended and never freed
            QTest::newRow("[memory] instants: samples and tensors")
                << "rank-0.pt.trace.json" << ct << QString::fromStdString(mem)
                << QStringList{
                       "track host||Thread 11|11|11|0|1|0",
                       "span Thread 11|1000000500|2000|aten::empty|aten::empty|cpu_op|0",
                       "memory 0|1000001000|PyTorch|4096|8192|-",
                       "memory 0|1000009000|PyTorch|0|8192|-",
                       "memory 0|1000010000|PyTorch|0|8192|-",
                       "memory 0|1000011000|PyTorch|1024|8192|-",
                       "tensor 0|140000000000@1000001000|aten::empty|4096|140000000000|1000001000|"
                       "1000009000|-|-|0|kineto-memory",
                       "tensor 0|160000000000@1000011000||1024|160000000000|1000011000|-|-|-|0|kineto-memory",
                       "diag info|free of an address allocated before the trace|1|" +
                           at(mem, "{\"ph\":\"i\",\"s\":\"t\",\"name\":\"[memory]\",\"pid\":11,\"tid\":11,"
                                   "\"ts\":10")};
        }
        // pids and tids as strings and numbers alike (7 and "7" are one process); sort_index as a string
        QTest::newRow("M metadata with string pids and tids")
            << "trace.json" << ct
            << "[{\"name\":\"process_name\",\"ph\":\"M\",\"pid\":\"Spans\",\"tid\":\"\",\"args\":{\"name\":"
               "\"Spans\"}},"
               "\n{\"name\":\"process_labels\",\"ph\":\"M\",\"pid\":\"7\",\"tid\":\"\",\"args\":{\"labels\":"
               "\"GPU "
               "7\"}},\n"
               "{\"name\":\"thread_name\",\"ph\":\"M\",\"pid\":\"7\",\"tid\":\"stream "
               "3\",\"args\":{\"name\":\"stream "
               "3 \"}},\n"
               "{\"name\":\"thread_sort_index\",\"ph\":\"M\",\"pid\":\"7\",\"tid\":\"stream "
               "3\",\"args\":{\"sort_index\":3}},\n"
               "{\"name\":\"process_sort_index\",\"ph\":\"M\",\"pid\":\"7\",\"tid\":\"\",\"args\":{\"sort_"
               "index\":"
               "\"2\"}},\n"
               "{\"ph\":\"X\",\"name\":\"k\",\"cat\":\"kernel\",\"pid\":7,\"tid\":\"stream "
               "3\",\"ts\":5,\"dur\":1},\n"
               "{\"ph\":\"X\",\"name\":\"ProfilerStep#1\",\"cat\":\"user_annotation\",\"pid\":\"Spans\","
               "\"tid\":\"\","
               "\"ts\":4,\"dur\":3}]"
            << QStringList{"track compute||Stream 3|7|stream 3|2000003|1|0",
                           "track host|Spans|Spans|Spans||0|1|0", "span Stream 3|5000|1000|k|k|kernel|0",
                           "span Spans|4000|3000|ProfilerStep#1|ProfilerStep#1|user_annotation|0",
                           "step 0|1|4000|7000|trace"};
        QTest::newRow("MindSpore 1.x timeline: tid is the stream, pid 9000 the AI CPU")
            << "ascend_timeline_display_0.json" << lg
            << "[{\"name\":\"Default/network/"
               "MatMul-op1\",\"ph\":\"X\",\"tid\":\"519\",\"ts\":1000000.5,\"dur\":2,"
               "\"pid\":1,\"args\":{\"type\":\"MatMul\"}},\n"
               " {\"name\":\"AssignAdd-op2\",\"ph\":\"X\",\"tid\":4,\"ts\":1000003,\"dur\":1,\"pid\":9000}]"
            << QStringList{"track compute|Ascend Hardware|Stream 519|1|519|0|1|0",
                           "track compute|AI CPU|AI CPU stream 4|9000|4|0|1|0",
                           "span Stream 519|1000000500|2000|Default/network/MatMul-op1|MatMul||0",
                           "span AI CPU stream 4|1000003000|1000|AssignAdd-op2|AssignAdd||0"};
        // item 7: an event before the clock's origin is dropped and counted, the rest keeps its clock; a
        // B dropped so stays paired with its E (outer is still [10, 20) µs after the epoch origin)
        {
            const std::string t =
                "[{\"ph\":\"X\",\"name\":\"a\",\"pid\":1,\"tid\":1,\"ts\":1700000000000000,\"dur\":5},\n"
                "{\"ph\":\"X\",\"name\":\"neg\",\"pid\":1,\"tid\":1,\"ts\":-5,\"dur\":2},\n"
                "{\"ph\":\"C\",\"name\":\"c\",\"pid\":1,\"ts\":-1,\"args\":{\"v\":1}},\n"
                "{\"ph\":\"B\",\"name\":\"outer\",\"pid\":1,\"tid\":2,\"ts\":1700000000000010},\n"
                "{\"ph\":\"B\",\"name\":\"early\",\"pid\":1,\"tid\":2,\"ts\":-3},\n"
                "{\"ph\":\"E\",\"pid\":1,\"tid\":2,\"ts\":1700000000000012},\n"
                "{\"ph\":\"E\",\"pid\":1,\"tid\":2,\"ts\":1700000000000020}]";
            QTest::newRow("negative ts: dropped and counted, the rest on its clock")
                << "neg.json" << ct << QString::fromStdString(t)
                << QStringList{"track host||Thread 1|1|1|0|1|0", "track host||Thread 2|1|2|0|1|0",
                               "span Thread 1|1700000000000000000|5000|a|a||0",
                               "span Thread 2|1700000000000010000|10000|outer|outer||0",
                               QString(kNegativeTs) + "|3|" + at(t, "{\"ph\":\"X\",\"name\":\"neg\"")};
        }
        QTest::newRow("negative relative ts after a base is on the clock")
            << "rank-0.pt.trace.json" << ct
            << "{\"traceEvents\":[{\"ph\":\"X\",\"name\":\"pre\",\"pid\":1,\"tid\":1,\"ts\":-2.5,\"dur\":1}],"
               "\"baseTimeNanoseconds\":1000000000}"
            << QStringList{"track host||Thread 1|1|1|0|1|0", "span Thread 1|999997500|1000|pre|pre||0"};
        // item 7: a member written twice is counted per event; the last value is the one used
        QTest::newRow("duplicated members: the last value, counted")
            << "dup.json" << ct
            << "[{\"ph\":\"X\",\"name\":\"first\",\"name\":\"second\",\"pid\":1,\"tid\":1,\"ts\":1,\"dur\":1}"
               ",\n"
               " {\"ph\":\"X\",\"name\":\"ok\",\"pid\":1,\"tid\":1,\"ts\":5,\"dur\":1,\"ts\":3},\n"
               " {\"ph\":\"X\",\"name\":\"plain\",\"pid\":1,\"tid\":1,\"ts\":7,\"dur\":1}]"
            << QStringList{"track host||Thread 1|1|1|0|3|0", "span Thread 1|1000|1000|second|second||0",
                           "span Thread 1|3000|1000|ok|ok||0", "span Thread 1|7000|1000|plain|plain||0",
                           QString(kDuplicate) + "|2|1"};
        QTest::newRow("an object without traceEvents holds no events")
            << "rank-0.pt.trace.json" << ct << "{\"schemaVersion\":1,\"deviceProperties\":[]}"
            << QStringList{
                   "diag warning|a JSON object without a traceEvents array: the file holds no events|1|0"};
    }
    void golden() {
        QFETCH(QString, file);
        QFETCH(FileKind, kind);
        QFETCH(QString, content);
        QFETCH(QStringList, expected);
        const auto r = importText(file.toStdString(), kind, content.toStdString());
        QVERIFY2(r.ok, r.error.c_str());
        expected.sort();
        QCOMPARE(sorted(r.lines()), expected);
    }
    void memoryIsPairedInTimeOrderNotFileOrder() {
        // Kineto writes thread by thread: thread 11 allocates one address twice (5 µs, 20 µs) and thread 12
        // frees it (10 µs, 30 µs), written after. In time order that is two tensors, 5→10 and 20→30; in the
        // file's order the second allocation replaced the first and the 10 µs free paired with it (HTA
        // df_index_resolver: 1264 allocations lost, 316 tensors shown never freed; Python over the file
        // pairs all 13385 in time order)
        auto m = [](int tid, const char* ts, const char* bytes) {
            return "{\"ph\":\"i\",\"s\":\"t\",\"name\":\"[memory]\",\"pid\":11,\"tid\":" +
                   std::to_string(tid) + ",\"ts\":" + ts +
                   ",\"args\":{\"Device Type\":1,\"Device Id\":0,\"Addr\":7000,\"Bytes\":" + bytes + "}}";
        };
        const std::string text = "{\"schemaVersion\":1,\"traceEvents\":[" + m(11, "5", "256") + "," +
                                 m(11, "20", "512") + "," + m(12, "10", "-256") + "," + m(12, "30", "-512") +
                                 "]}";
        const auto r = importText("rank-0.pt.trace.json", FileKind::ChromeJson, text);
        QVERIFY2(r.ok, r.error.c_str());
        QCOMPARE(sorted(r.lines("tensor")),
                 (QStringList{"0|7000@20000||512|7000|20000|30000|-|-|0|kineto-memory",
                              "0|7000@5000||256|7000|5000|10000|-|-|0|kineto-memory"}));
        QCOMPARE(sorted(r.lines("diag")), QStringList());
    }
    void memoryOpIsTheInnermostHostOp_data() {
        QTest::addColumn<QString>("events");
        QTest::addColumn<QString>("op");
        // one allocation at 15 µs on pid 11 / tid 11 in each variant; the op expected was worked out by hand
        auto x = [](const char* cat, const char* name, const char* pid, int ts, int dur) {
            return QString("{\"ph\":\"X\",\"cat\":\"%1\",\"name\":\"%2\",\"pid\":%3,\"tid\":%3,\"ts\":%4,"
                           "\"dur\":%5},")
                .arg(cat, name, pid)
                .arg(ts)
                .arg(dur);
        };
        const QString mm = x("cpu_op", "aten::sum", "11", 0, 100),
                      mul = x("cpu_op", "aten::mul", "11", 10, 10),
                      later = x("cpu_op", "aten::add", "11", 30, 10);
        // HTA df_index_resolver: a thread's ops all come before its [memory] events, and a later op (add)
        // has closed the one around the allocation (mul) before the allocation is read
        QTest::newRow("ops listed before, closed by a later op") << mm + mul + later + "%M"
                                                                 << "aten::mul";
        QTest::newRow("the allocation before its op in the file")
            << "%M," + mm + later + mul.chopped(1) << "aten::mul";
        QTest::newRow("string pid and tid on the op") << x("cpu_op", "aten::mm", "\"11\"", 14, 2) + "%M"
                                                      << "aten::mm";
        QTest::newRow("old Kineto category Operator") << x("Operator", "aten::empty", "11", 12, 5) + "%M"
                                                      << "aten::empty";
        QTest::newRow("a runtime call inside the op is not the op")
            << mm + x("cuda_runtime", "cudaMalloc", "11", 14, 3) + "%M"
            << "aten::sum";
        QTest::newRow("the step around every op is not an op")
            << x("user_annotation", "ProfilerStep#3", "11", 0, 100) + "%M"
            << "";
        QTest::newRow("B/E op") << "{\"ph\":\"B\",\"cat\":\"cpu_op\",\"name\":\"aten::cat\",\"pid\":11,"
                                   "\"tid\":11,\"ts\":12},%M,{\"ph\":\"E\",\"pid\":11,\"tid\":11,\"ts\":18}"
                                << "aten::cat";
        QTest::newRow("an op on another thread") << x("cpu_op", "aten::mm", "12", 0, 100) + "%M"
                                                 << "";
        QTest::newRow("an op ended at the allocation") << x("cpu_op", "aten::mm", "11", 5, 10) + "%M"
                                                       << "";
    }
    void memoryOpIsTheInnermostHostOp() {
        QFETCH(QString, events);
        QFETCH(QString, op);
        const QString m = "{\"ph\":\"i\",\"s\":\"t\",\"name\":\"[memory]\",\"pid\":11,\"tid\":11,\"ts\":15,"
                          "\"args\":{\"Device Type\":1,\"Device Id\":0,\"Addr\":7000,\"Bytes\":256}}";
        const QString text =
            "{\"schemaVersion\":1,\"traceEvents\":[" + QString(events).replace("%M", m) + "]}";
        const auto r = importText("rank-0.pt.trace.json", FileKind::ChromeJson, text.toStdString());
        QVERIFY2(r.ok, r.error.c_str());
        QCOMPARE(sorted(r.lines("tensor")),
                 QStringList{"0|7000@15000|" + op + "|256|7000|15000|-|-|-|0|kineto-memory"});
    }
    void htaMemoryEventsGetTheirOps() {
        // HTA df_index_resolver lists each thread's ops long before its [memory] events: all 13385 tensors
        // had no op. Python over the file (the innermost X span, not a device activity, runtime call or
        // ProfilerStep, around each device allocation on its pid/tid) finds one for every allocation:
        // aten::empty 2905, aten::mm 1470, aten::mul 2295
        const std::string samples = test::samplesDir();
        if (samples.empty()) QSKIP("../shared/samples is absent");
        const auto r = test::importOne(
            samples + "/hta/tests/data/df_index_resolver/df_index_resolver.json.gz", FileKind::ChromeJson);
        QVERIFY2(r.ok, r.error.c_str());
        std::map<std::string, int64_t> byOp;
        for (const auto& t : r.rows.tensors)
            ++byOp[t.opName];
        QCOMPARE(r.rows.tensors.size(), size_t(13385));
        QCOMPARE(byOp.count(""), size_t(0));
        QCOMPARE(byOp["aten::empty"], int64_t(2905));
        QCOMPARE(byOp["aten::mm"], int64_t(1470));
        QCOMPARE(byOp["aten::mul"], int64_t(2295));
    }
    void collectiveKernelTakesItsLaunchersCollective_data() {
        QTest::addColumn<QString>("events");
        QTest::addColumn<QStringList>("expected");
        // %K: an NCCL SendRecv kernel at 20 µs on stream 7 (correlation 42); %L: its cudaLaunchKernel at
        // 15 µs on thread 11 (correlation 42). The host ops around the launch decide; expected by hand:
        // the innermost op on the launch's thread whose name (or record_param_comms' "Collective name")
        // names a collective, spelled as the kernels spell theirs
        auto op = [](const char* cat, const char* name, int tid, int ts, int dur, const char* args = "") {
            return QString("{\"ph\":\"X\",\"cat\":\"%1\",\"name\":\"%2\",\"pid\":11,\"tid\":%3,\"ts\":%4,"
                           "\"dur\":%5%6},")
                .arg(cat, name)
                .arg(tid)
                .arg(ts)
                .arg(dur)
                .arg(args);
        };
        const QString rpc = ",\"args\":{\"Collective name\":\"allreduce\",\"dtype\":\"Float\"}";
        const QString lane = "Thread 7|20000|";
        QTest::newRow("nccl:all_to_all runs as SendRecv")
            << op("user_annotation", "nccl:all_to_all", 11, 10, 10) + "%L,%K"
            << QStringList{lane + "nccl:AllToAll|0|nccl:all_to_all"};
        QTest::newRow("a real send stays point-to-point")
            << op("user_annotation", "nccl:send", 11, 10, 10) + "%L,%K"
            << QStringList{lane + "nccl:Send|1|nccl:send"};
        QTest::newRow("a real recv stays point-to-point") << op("cpu_op", "c10d::recv_", 11, 10, 10) + "%L,%K"
                                                          << QStringList{lane + "nccl:Recv|1|c10d::recv_"};
        QTest::newRow("record_param_comms names it in its args")
            << op("cpu_op", "record_param_comms", 11, 10, 10, rpc.toUtf8().constData()) + "%L,%K"
            << QStringList{lane + "nccl:AllReduce|0|record_param_comms"};
        QTest::newRow("the innermost of two ops naming one")
            << op("cpu_op", "record_param_comms", 11, 5, 20, rpc.toUtf8().constData()) +
                   op("user_annotation", "nccl:_all_gather_base", 11, 12, 5) + "%L,%K"
            << QStringList{lane + "nccl:AllGather|0|nccl:_all_gather_base"};
        QTest::newRow("kernel, launch and op in any order in the file")
            << "%K,%L," + op("user_annotation", "nccl:all_to_all", 11, 10, 10).chopped(1)
            << QStringList{lane + "nccl:AllToAll|0|nccl:all_to_all"};
        QTest::newRow("an op naming no collective: the kernel's name decides")
            << op("user_annotation", "nccl:barrier", 11, 10, 10) + "%L,%K" << QStringList{};
        QTest::newRow("the launch outside the op")
            << op("user_annotation", "nccl:all_to_all", 11, 0, 10) + "%L,%K" << QStringList{};
        QTest::newRow("the op on another thread")
            << op("user_annotation", "nccl:all_to_all", 12, 10, 10) + "%L,%K" << QStringList{};
        QTest::newRow("a kernel without correlation")
            << op("user_annotation", "nccl:all_to_all", 11, 10, 10) + "%L," +
                   QString("{\"ph\":\"X\",\"cat\":\"kernel\",\"name\":\"ncclKernel_SendRecv_RING_SIMPLE_Sum_"
                           "int8_t(ncclDevComm*, unsigned long, ncclWork*)\",\"pid\":0,\"tid\":7,\"ts\":20,"
                           "\"dur\":5,\"args\":{\"stream\":7}}")
            << QStringList{};
        QTest::newRow("a correlation two launches share links neither")
            << op("user_annotation", "nccl:all_to_all", 11, 10, 10) + "%L,%L,%K" << QStringList{};
    }
    void collectiveKernelTakesItsLaunchersCollective() {
        QFETCH(QString, events);
        QFETCH(QStringList, expected);
        const QString kernel =
            "{\"ph\":\"X\",\"cat\":\"kernel\",\"name\":\"ncclKernel_SendRecv_RING_SIMPLE_Sum_int8_t("
            "ncclDevComm*, "
            "unsigned long, ncclWork*)\",\"pid\":0,\"tid\":7,\"ts\":20,\"dur\":5,\"args\":{\"stream\":7,"
            "\"correlation\":42}}";
        const QString launch =
            "{\"ph\":\"X\",\"cat\":\"cuda_runtime\",\"name\":\"cudaLaunchKernel\",\"pid\":11,"
            "\"tid\":11,\"ts\":15,\"dur\":2,\"args\":{\"cbid\":211,\"correlation\":42}}";
        const QString text = "{\"schemaVersion\":1,\"traceEvents\":[" +
                             QString(events).replace("%K", kernel).replace("%L", launch) + "]}";
        const auto r = importText("rank-0.pt.trace.json", FileKind::ChromeJson, text.toStdString());
        QVERIFY2(r.ok, r.error.c_str());
        QCOMPARE(sorted(r.lines("launch")), expected);
    }
    void kinetoRankAndClock() {
        // distributedInfo names the rank and the world; the base puts ts on the epoch
        const auto r = importText(
            "rank-3.pt.trace.json", FileKind::ChromeJson,
            "{\"distributedInfo\":{\"backend\":\"nccl\",\"rank\":3,\"world_size\":8},\"traceEvents\":[{"
            "\"ph\":"
            "\"X\",\"name\":\"k\",\"pid\":0,\"tid\":7,\"ts\":1,\"dur\":1}],\"baseTimeNanoseconds\":5000}");
        QVERIFY2(r.ok, r.error.c_str());
        QCOMPARE(r.rank.rank, 3);
        QVERIFY(r.rank.rankFromData);
        QCOMPARE(r.rank.worldSize, std::optional<int64_t>(8));
        QCOMPARE(QString::fromStdString(r.rank.source), QString("kineto"));
        QCOMPARE(sorted(r.lines("span")), QStringList{"Thread 7|6000|1000|k|k||0"});
        QCOMPARE(sorted(r.lines("track")), QStringList{"host||Thread 7|0|7|0|1|0"});
    }
    void kinetoByWhatKinetoWrites_data() {
        QTest::addColumn<QString>("content");
        QTest::addColumn<QString>("source");
        const std::string ev = "{\"ph\":\"X\",\"name\":\"k\",\"pid\":0,\"tid\":7,\"ts\":1,\"dur\":1";
        // HTA's amd_trace: schemaVersion and deviceProperties, no distributedInfo
        QTest::newRow("schemaVersion, deviceProperties")
            << QString::fromStdString("{\"schemaVersion\":1,\"deviceProperties\":[{\"id\":0}],"
                                      "\"traceEvents\":[" +
                                      ev + "}]}")
            << "kineto";
        // no top-level member of Kineto's, but its runtime and device categories
        QTest::newRow("cuda_runtime event")
            << QString::fromStdString("{\"traceEvents\":[" + ev + ",\"cat\":\"cuda_runtime\"}]}") << "kineto";
        QTest::newRow("gpu_memcpy event")
            << QString::fromStdString("{\"traceEvents\":[" + ev + ",\"cat\":\"gpu_memcpy\"}]}") << "kineto";
        // any other Chrome trace stays what it is
        QTest::newRow("plain chrome trace")
            << QString::fromStdString("{\"traceEvents\":[" + ev + ",\"cat\":\"function\"}]}") << "chrome";
    }
    void kinetoByWhatKinetoWrites() {
        QFETCH(QString, content);
        QFETCH(QString, source);
        const auto r = importText("trace.json", FileKind::ChromeJson, content.toStdString());
        QVERIFY2(r.ok, r.error.c_str());
        QCOMPARE(QString::fromStdString(r.rank.source), source);
    }
    void baseAfterManyEvents_data() {
        QTest::addColumn<QString>("file");
        QTest::newRow("plain") << "rank-0.pt.trace.json";
        QTest::newRow("gzip") << "rank-0.pt.trace.json.gz";
        QTest::newRow("zstd") << "rank-0.pt.trace.json.zst";
    }
    void baseAfterManyEvents() {
        // 6 MB of events before Kineto's baseTimeNanoseconds: a plain file's last 4 MiB alone are read again
        // for it (the whole file was, before); a compressed one is inflated twice but split once
        QFETCH(QString, file);
        const int n = 60000;
        std::string c = "{\"schemaVersion\":1,\"traceEvents\":[\n";
        for (int i = 0; i < n; ++i)
            c += std::string(i ? ",\n" : "") +
                 "{\"ph\":\"X\",\"name\":\"k\",\"pid\":0,\"tid\":7,\"ts\":" + std::to_string(2 * i) +
                 ",\"dur\":1,\"args\":{\"pad\":\"" + std::string(64, 'x') + "\"}}";
        c += "\n],\"traceName\":\"t\",\"baseTimeNanoseconds\":5000}";
        QVERIFY(c.size() > 6000000);
        const auto r = importText(file.toStdString(), FileKind::ChromeJson, c);
        QVERIFY2(r.ok, r.error.c_str());
        const auto spans = r.lines("span");
        QCOMPARE(int(spans.size()), n);
        QCOMPARE(QString::fromStdString(spans.front()), QString("Thread 7|5000|1000|k|k||0"));
        QCOMPARE(QString::fromStdString(spans.back()),
                 QString("Thread 7|%1|1000|k|k||0").arg(qlonglong(2) * (n - 1) * 1000 + 5000));
        QCOMPARE(r.lines("diag"), std::vector<std::string>{});
        if (file.endsWith(".json"))
            QCOMPARE(r.preScanBytes, int64_t(4) << 20);
        else
            QCOMPARE(r.preScanBytes, int64_t(c.size()));
    }
    void memberOverTheTailHidesTheBase() {
        // a member larger than the tail after the events looks like the event array from the end: the base
        // before it is missed; the whole read finds it, and the file says so as an error
        std::string big = "[0";
        while (big.size() < size_t(5) << 20)
            big += ",1234567";
        big += "]";
        const std::string c = "{\"traceEvents\":[{\"ph\":\"X\",\"name\":\"k\",\"pid\":0,\"tid\":7,\"ts\":1,"
                              "\"dur\":1}],\"baseTimeNanoseconds\":5000,\"big\":" +
                              big + "}";
        const auto r = importText("rank-0.pt.trace.json", FileKind::ChromeJson, c);
        QVERIFY2(r.ok, r.error.c_str());
        QCOMPARE(sorted(r.lines("span")), QStringList{"Thread 7|1000|1000|k|k||0"});
        QCOMPARE(sorted(r.lines("diag")),
                 QStringList{"error|the members after the events read from the file's end differ from those "
                             "of the whole file: its times may be off|1|-1"});
    }
    void traceEventsThatIsNotAnArrayIsAnError_data() {
        QTest::addColumn<QString>("content");
        QTest::addColumn<QString>("type");
        QTest::newRow("object") << "{\"schemaVersion\":1,\"traceEvents\":{\"ph\":\"X\",\"ts\":1}}"
                                << "an object";
        QTest::newRow("string") << "{\"traceEvents\":\"[{\\\"ph\\\":\\\"X\\\"}]\",\"schemaVersion\":1}"
                                << "a string";
        QTest::newRow("null") << "{\"distributedInfo\":{\"rank\":0},\"traceEvents\": null}"
                              << "null";
    }
    void traceEventsThatIsNotAnArrayIsAnError() {
        // item 7: it used to load nothing with only an info note; it is the file's error, with the offset
        QFETCH(QString, content);
        QFETCH(QString, type);
        const std::string c = content.toStdString();
        const std::string path = test::tempDir("chrome-golden") + "/rank-0.pt.trace.json";
        test::writeFile(path, c);
        const auto r = test::importOne(path, FileKind::ChromeJson);
        QVERIFY(!r.ok);
        const size_t key = c.find("\"traceEvents\":");
        const size_t value = c.find_first_not_of(' ', key + 14);
        QCOMPARE(QString::fromStdString(r.error),
                 QString::fromStdString(path + ": \"traceEvents\" is " + type.toStdString() +
                                        ", not an array of events at byte " + std::to_string(value)));
    }
};

QTEST_GUILESS_MAIN(TstChromeTraceImporter)
#include "tst_chrometraceimporter.moc"
