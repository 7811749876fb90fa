// The track classifier (core/import/trackclassifier): from the format and what a trace says about a track
// (process and thread names and labels from its M events, what its spans are) to the lane's kind, shown
// process, name and sort key. Pure: every row here is a track as a producer writes it — the process names
// are those of trace_view.json (torch_npu, MindSpore), Kineto (the HTA samples) and MindSpore 1.x
// timelines (docs formats.md §2.2, §4, §5) — and the expected lane is what a reader of that trace expects.
#include "core/import/trackclassifier.h"

#include <QtTest>

using namespace rs;
using import::FileKind;

Q_DECLARE_METATYPE(FileKind)

namespace {
/// "" → no thread_name event (distinct from an empty name).
constexpr const char* kNoThread = "\x01";
} // namespace

class TstTrackClassifier : public QObject {
    Q_OBJECT
  private Q_SLOTS:
    void kinetoNegativeTidIsItsUnsignedId_data() {
        QTest::addColumn<bool>("kineto");
        QTest::addColumn<QString>("tid");
        QTest::addColumn<QString>("name");
        // HTA nccl_parser_config writes tid -549452224 (no thread_name): a 32-bit id written signed,
        // -549452224 + 2^32 = 3745515072; ns_resolution_trace -247463936 + 2^32 = 4047503360
        QTest::newRow("nccl_parser_config") << true << "-549452224"
                                            << "Thread 3745515072";
        QTest::newRow("ns_resolution_trace") << true << "-247463936"
                                             << "Thread 4047503360";
        QTest::newRow("INT32_MIN") << true << "-2147483648"
                                   << "Thread 2147483648";
        QTest::newRow("below int32: no overflow of one") << true << "-2147483649"
                                                         << "Thread -2147483649";
        QTest::newRow("another producer's negative tid") << false << "-5"
                                                         << "Thread -5";
        QTest::newRow("a positive tid") << true << "4037"
                                        << "Thread 4037";
        QTest::newRow("a string tid") << true << "Spans"
                                      << "Thread Spans";
    }
    void kinetoNegativeTidIsItsUnsignedId() {
        QFETCH(bool, kineto);
        QFETCH(QString, tid);
        QFETCH(QString, name);
        const std::string t = tid.toStdString();
        import::TrackFacts f;
        f.pid = "2910249";
        f.tid = t;
        f.kineto = kineto;
        f.spans = 3;
        QCOMPARE(QString::fromStdString(import::classifyTrack(f).name), name);
    }
    void classify_data() {
        QTest::addColumn<FileKind>("format");
        QTest::addColumn<QString>("pid");
        QTest::addColumn<QString>("tid");
        QTest::addColumn<QString>("process");
        QTest::addColumn<QString>("labels");
        QTest::addColumn<QString>("thread");
        QTest::addColumn<QString>("counter"); // series name; empty: a slice track
        QTest::addColumn<int>("spans");
        QTest::addColumn<int>("kernels");
        QTest::addColumn<int>("nccl");
        QTest::addColumn<int>("processSort");
        QTest::addColumn<int>("threadSort");
        QTest::addColumn<QString>("kind");
        QTest::addColumn<QString>("shownProcess");
        QTest::addColumn<QString>("name");
        QTest::addColumn<qlonglong>("sort");
        const auto tv = FileKind::TraceView, ct = FileKind::ChromeJson, lg = FileKind::LegacyTimeline;
        // torch_npu / MindSpore trace_view.json layers
        QTest::newRow("ascend hardware stream") << tv << "2172"
                                                << "2"
                                                << "Ascend Hardware"
                                                << "NPU"
                                                << "Stream 2"
                                                << "" << 5 << 0 << 0 << 7 << 2 << "compute"
                                                << "Ascend Hardware"
                                                << "Stream 2" << qlonglong(7000002);
        QTest::newRow("hccl group") << tv << "2173"
                                    << "1"
                                    << "HCCL"
                                    << "NPU"
                                    << "Group 0 Communication"
                                    << "" << 4 << 0 << 0 << 8 << 0 << "communication"
                                    << "HCCL"
                                    << "Group 0 Communication" << qlonglong(8000000);
        QTest::newRow("overlap analysis") << tv << "2174"
                                          << "0"
                                          << "Overlap Analysis"
                                          << "NPU"
                                          << "Computing"
                                          << "" << 3 << 0 << 0 << 0 << 0 << "overlap"
                                          << "Overlap Analysis"
                                          << "Computing" << qlonglong(0);
        QTest::newRow("torch_npu python thread") << tv << "1"
                                                 << "3"
                                                 << "Python"
                                                 << "CPU"
                                                 << "Thread 3"
                                                 << "" << 9 << 0 << 0 << 0 << 0 << "host"
                                                 << "Python"
                                                 << "Thread 3" << qlonglong(0);
        QTest::newRow("CANN, no thread name") << tv << "5"
                                              << "77"
                                              << "CANN"
                                              << "CPU" << kNoThread << "" << 1 << 0 << 0 << 0 << 0 << "host"
                                              << "CANN"
                                              << "Thread 77" << qlonglong(0);
        QTest::newRow("mindspore CPU OP") << tv << "2"
                                          << "1"
                                          << "CPU OP"
                                          << "" << kNoThread << "" << 1 << 0 << 0 << 0 << 0 << "host"
                                          << "CPU OP"
                                          << "Thread 1" << qlonglong(0);
        QTest::newRow("counter process")
            << tv << "901"
            << ""
            << "AI Core Freq"
            << "NPU" << kNoThread << "AI Core Freq/MHz" << 0 << 0 << 0 << 0 << 0 << "counter"
            << "AI Core Freq"
            << "AI Core Freq/MHz" << qlonglong(0);
        QTest::newRow("counter of an unnamed process")
            << tv << "7"
            << ""
            << ""
            << "" << kNoThread << "NPU MEM/KB" << 0 << 0 << 0 << 0 << 0 << "counter"
            << ""
            << "NPU MEM/KB" << qlonglong(0);
        // Kineto (HTA nccl_parser_config): CPU and GPU processes are both named python3.10; the label says
        QTest::newRow("kineto cpu thread")
            << ct << "2910249"
            << "2910249"
            << "python3.10"
            << "CPU"
            << "thread 2910249 (pt_main_thread)"
            << "" << 20 << 0 << 0 << 2910249 << 2910249 << "host"
            << "python3.10"
            << "thread 2910249 (pt_main_thread)" << qlonglong(2910249LL * 1000000 + 2910249);
        QTest::newRow("kineto gpu stream") << ct << "0"
                                           << "7"
                                           << "python3.10"
                                           << "GPU 0"
                                           << "stream 7 "
                                           << "" << 10 << 10 << 0 << 16777216 << 7 << "compute"
                                           << "python3.10"
                                           << "Stream 7" << qlonglong(16777216LL * 1000000 + 7);
        QTest::newRow("kineto nccl stream (most spans NCCL)")
            << ct << "0"
            << "20"
            << "python3.10"
            << "GPU 0"
            << "stream 20 "
            << "" << 10 << 10 << 6 << 0 << 20 << "communication"
            << "python3.10"
            << "Stream 20"
            << qlonglong(20); // one spelling, whatever the kind (its annotations: "Stream 20 …")
        QTest::newRow("kineto stream with half NCCL stays compute")
            << ct << "0"
            << "21"
            << "python3.10"
            << "GPU 0"
            << "stream 21 "
            << "" << 10 << 10 << 5 << 0 << 0 << "compute"
            << "python3.10"
            << "Stream 21" << qlonglong(0);
        QTest::newRow("kernels on a host-named process are device work")
            << ct << "3"
            << "9"
            << "Python"
            << "" << kNoThread << "" << 4 << 2 << 0 << 0 << 0 << "compute"
            << "Python"
            << "Thread 9" << qlonglong(0);
        QTest::newRow("rocm gpu process") << ct << "1"
                                          << "0"
                                          << "GPU 1"
                                          << ""
                                          << "stream 0 "
                                          << "" << 2 << 0 << 0 << 0 << 0 << "compute"
                                          << "GPU 1"
                                          << "Stream 0" << qlonglong(0);
        // plain Chrome traces without metadata
        QTest::newRow("unnamed thread") << ct << "1"
                                        << "2"
                                        << ""
                                        << "" << kNoThread << "" << 1 << 0 << 0 << 0 << 0 << "host"
                                        << ""
                                        << "Thread 2" << qlonglong(0);
        QTest::newRow("no tid: the pid names it") << ct << "Spans"
                                                  << ""
                                                  << ""
                                                  << "" << kNoThread << "" << 1 << 0 << 0 << 0 << 0 << "host"
                                                  << ""
                                                  << "Spans" << qlonglong(0);
        QTest::newRow("a thread named like a stream is device work")
            << ct << "1"
            << "3"
            << ""
            << ""
            << "Stream 3"
            << "" << 1 << 0 << 0 << 0 << 0 << "compute"
            << ""
            << "Stream 3" << qlonglong(0);
        // MindSpore 1.x timelines: tid = stream, pid 9000 = AI CPU, no M events
        QTest::newRow("legacy aicore stream") << lg << "1"
                                              << "519"
                                              << ""
                                              << "" << kNoThread << "" << 3 << 0 << 0 << 0 << 0 << "compute"
                                              << "Ascend Hardware"
                                              << "Stream 519" << qlonglong(0);
        QTest::newRow("legacy aicpu") << lg << "9000"
                                      << "4"
                                      << ""
                                      << "" << kNoThread << "" << 3 << 0 << 0 << 0 << 0 << "compute"
                                      << "AI CPU"
                                      << "AI CPU stream 4" << qlonglong(0);
        QTest::newRow("legacy with a thread name keeps it") << lg << "1"
                                                            << "6"
                                                            << ""
                                                            << ""
                                                            << "Host ops"
                                                            << "" << 3 << 0 << 0 << 0 << 0 << "host"
                                                            << ""
                                                            << "Host ops" << qlonglong(0);
    }
    void classify() {
        QFETCH(FileKind, format);
        QFETCH(QString, pid);
        QFETCH(QString, tid);
        QFETCH(QString, process);
        QFETCH(QString, labels);
        QFETCH(QString, thread);
        QFETCH(QString, counter);
        QFETCH(int, spans);
        QFETCH(int, kernels);
        QFETCH(int, nccl);
        QFETCH(int, processSort);
        QFETCH(int, threadSort);
        const std::string p = pid.toStdString(), t = tid.toStdString(), pr = process.toStdString(),
                          l = labels.toStdString(), th = thread.toStdString(), c = counter.toStdString();
        import::TrackFacts f;
        f.format = format;
        f.pid = p;
        f.tid = t;
        f.process = pr;
        f.labels = l;
        if (th != kNoThread) f.thread = th;
        f.counter = !c.empty();
        f.counterName = c;
        f.spans = spans;
        f.kernelSpans = kernels;
        f.ncclSpans = nccl;
        f.processSort = processSort;
        f.threadSort = threadSort;
        const import::TrackClass got = import::classifyTrack(f);
        QTEST(QString::fromLatin1(model::sqlText(got.kind).data()), "kind");
        QTEST(QString::fromStdString(got.process), "shownProcess");
        QTEST(QString::fromStdString(got.name), "name");
        QTEST(qlonglong(got.sortIndex), "sort");
    }
    void laneNamesAreUniquePerRank() {
        auto row = [](const char* name, const char* process, const char* pid) {
            model::TrackRow r{};
            r.name = name;
            r.process = process;
            r.pid = pid;
            return r;
        };
        std::vector<model::TrackRow> rows{row("Stream 2", "Ascend Hardware", "10"),
                                          row("Stream 2", "Ascend Hardware", "11"),
                                          row("Thread 5", "", "3"),
                                          row("Thread 5", "", "4"),
                                          row("Stream 9", "Ascend Hardware", "10"),
                                          row("Plane 0", "HCCL", "12"),
                                          row("Plane 0", "HCCL", "12")};
        import::makeLaneNamesUnique(rows);
        QStringList got;
        for (const auto& r : rows)
            got << QString::fromStdString(r.name);
        QCOMPARE(got, (QStringList{"Stream 2 (Ascend Hardware 10)", "Stream 2 (Ascend Hardware 11)",
                                   "Thread 5 (pid 3)", "Thread 5 (pid 4)", "Stream 9", "Plane 0 (HCCL 12)",
                                   "Plane 0 (HCCL 12) #2"}));
    }
};

QTEST_APPLESS_MAIN(TstTrackClassifier)
#include "tst_trackclassifier.moc"
