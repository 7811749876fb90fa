// CANN raw PROF_ directories (formats.md §3): a device's timeline/msprof_*.json is read with its clock
// mapped to epoch by start_info (epoch_ns = ts_ns + collectionTimeBegin·1000 − clockMonotonicRaw), on the
// rank info.json names, its lanes from the M events; the task_time/hccl files msprof_*.json merges are
// listed as ignored, not read twice; without an anchor the times stay on their own clock, said once; a cut
// file loads up to the cut and names the byte. Expected times are worked out by hand (Python's Decimal)
// from the fixture; the sample's counts come from a few lines of Python over msprof_0_2_1.json.
#include "tests/support/testsupport.h"

#include "core/import/cannrawfiles.h"

#include <QtTest>
#include <filesystem>

using namespace rs;
namespace fs = std::filesystem;

namespace {

using Rows = std::vector<std::string>;

const char* kStartInfo =
    R"({"collectionDateBegin":"2023-08-18 14:27:04.324979","collectionTimeBegin":"1692340024324979",)"
    R"("clockMonotonicRaw":"56579931060630"})";
const char* kInfo = R"({"hostname":"A2007104679","DeviceInfo":[{"id":0}],"rank_id":3})";

// the msprof timeline of one iteration: a kernel, the step trace, the HCCL big op and a plane task (ts µs of
// CLOCK_MONOTONIC_RAW, as CANN 6.x writes them)
const char* kMsprof =
    R"([{"name":"process_name","pid":3,"tid":0,"args":{"name":"Ascend Hardware"},"ph":"M"},)"
    R"({"name":"thread_name","pid":3,"tid":2,"args":{"name":"Stream 2"},"ph":"M"},)"
    R"j({"name":"thread_name","pid":3,"tid":100,"args":{"name":"Step Trace(Model ID:1)"},"ph":"M"},)j"
    R"({"name":"process_name","pid":7,"tid":0,"args":{"name":"HCCL"},"ph":"M"},)"
    R"({"name":"thread_name","pid":7,"tid":0,"args":{"name":"Plane 0"},"ph":"M"},)"
    R"({"name":"thread_name","pid":7,"tid":70000,"args":{"name":"Communication Kernel"},"ph":"M"},)"
    R"({"name":"Default/net/MatMul-op1","pid":3,"tid":2,"ts":56635864664.91,"dur":23.1,)"
    R"("args":{"Task Type":"AI_CORE"},"ph":"X"},)"
    R"({"name":"Iteration 1","pid":3,"tid":100,"ts":56635864652.49,"dur":100.5,"cat":"Iteration Time",)"
    R"("ph":"X"},)"
    R"({"name":"Default/AllReduce-op534_0","pid":7,"tid":70000,"ts":56635864700,"dur":40,"ph":"X"},)"
    R"({"name":"Notify_Wait","pid":7,"tid":0,"ts":56635864701.25,"dur":30,"ph":"X"}])";

// the same kernel in task_time (msprof_*.json merges it): must not be read a second time
const char* kTaskTime =
    R"([{"name":"process_name","pid":3,"tid":0,"args":{"name":"Ascend Hardware"},"ph":"M"},)"
    R"({"name":"Default/net/MatMul-op1","pid":3,"tid":2,"ts":56635864664.91,"dur":23.1,"ph":"X"}])";

/// Writes a PROF_ directory of one device, named `profName`, in a fresh folder named after `tag`; returns
/// its device_0.
std::string writeProf(const std::string& tag, bool anchor, const std::string& msprof = kMsprof,
                      const std::string& profName = "PROF_000001_20230818142704322_ABC") {
    const std::string dev = test::tempDir(tag) + "/" + profName + "/device_0";
    test::writeFile(dev + "/info.json.0", kInfo);
    if (anchor) test::writeFile(dev + "/start_info.0", kStartInfo);
    test::writeFile(dev + "/timeline/msprof_0_1_1.json", msprof);
    test::writeFile(dev + "/timeline/task_time_0_1_1.json", kTaskTime);
    test::writeFile(dev + "/data/Framework.task_desc_info.0.slice_0", "raw bytes");
    return dev;
}

/// A PROF_ directory of one device (in a fresh folder named after `tag`), indexed; `dev` is its device_0.
test::Indexed indexProf(const std::string& tag, bool anchor, std::string& dev,
                        const std::string& msprof = kMsprof) {
    dev = writeProf(tag, anchor, msprof);
    return test::indexDir(fs::path(dev).parent_path().parent_path().string());
}

} // namespace

class TstCannRaw : public QObject {
    Q_OBJECT
  private Q_SLOTS:
    void deviceTimelineOnTheEpochClock() {
        std::string dev;
        auto ix = indexProf("cann-golden", true, dev);
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        QCOMPARE(ix.rows("SELECT rank, device_id, host, source FROM ranks"),
                 Rows{"3|0|A2007104679|ascend-cann"});
        QCOMPARE(ix.rows("SELECT kind, name FROM tracks ORDER BY kind, name"),
                 (Rows{"communication|Communication Kernel", "communication|Plane 0", "compute|Stream 2",
                       "other|Step Trace(Model ID:1)"}));
        // offset = 1692340024324979000 − 56579931060630 = 1692283444393918370 ns
        QCOMPARE(ix.rows("SELECT name, ts_ns, dur_ns FROM spans ORDER BY ts_ns"),
                 (Rows{"Iteration 1|1692340080258570860|100500",
                       "Default/net/MatMul-op1|1692340080258583280|23100",
                       "Default/AllReduce-op534_0|1692340080258618370|40000",
                       "Notify_Wait|1692340080258619620|30000"}));
        QCOMPARE(ix.rows("SELECT op_type FROM spans WHERE name = 'Default/net/MatMul-op1'"), Rows{"MatMul"});
        QCOMPARE(ix.rows("SELECT rank, step, start_ns, end_ns FROM steps"),
                 Rows{"3|1|1692340080258570860|1692340080258671360"});
        // the big op on "Communication Kernel" is the collective instance; its wait is the plane's task
        QCOMPARE(ix.rows("SELECT name, wait_events_ns FROM collective"),
                 Rows{"Default/AllReduce-op534_0|30000"});
        QCOMPARE(ix.rows("SELECT format FROM source_file ORDER BY format"),
                 (Rows{"cann-info", "cann-start-info", "cann-timeline"}));
        const auto ignored = ix.rows("SELECT key FROM meta WHERE key LIKE 'ignored:%'");
        QCOMPARE(ignored.size(), size_t(1));
        QVERIFY2(ignored[0].find(dev + "/timeline/task_time_0_1_1.json (CANN raw timeline: not read, "
                                       "msprof_*.json of the same device is read") != std::string::npos,
                 ignored[0].c_str());
        QCOMPARE(ix.rows("SELECT what FROM diagnostics WHERE severity IN ('warning', 'error', 'fatal')"),
                 Rows{});
    }
    // A PROF_ folder renamed by its user ("prof"), opened itself, through its device, or from above, is
    // still one device on the epoch clock: read by its name alone, its four timeline files became four
    // "ranks" of one collective, and the same card was blamed as late for its own wait (walk 30).
    void aRenamedProfFolderIsStillOneDevice_data() {
        QTest::addColumn<QString>("opened"); // relative to the folder holding "prof"
        QTest::newRow("the folder") << "prof";
        QTest::newRow("the folder/") << "prof/";
        QTest::newRow("its device") << "prof/device_0";
        QTest::newRow("from above") << "";
    }
    void aRenamedProfFolderIsStillOneDevice() {
        QFETCH(QString, opened);
        const std::string dev = writeProf("cann-renamed", true, kMsprof, "prof");
        const fs::path above = fs::path(dev).parent_path().parent_path();
        auto ix = test::indexDir((above / opened.toStdString()).string());
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        QCOMPARE(ix.rows("SELECT rank, source FROM ranks"), Rows{"3|ascend-cann"});
        // start_info applied (as in deviceTimelineOnTheEpochClock), the merged timeline read once
        QCOMPARE(ix.rows("SELECT ts_ns FROM spans WHERE name = 'Default/net/MatMul-op1'"),
                 Rows{"1692340080258583280"});
        QCOMPARE(ix.rows("SELECT kind FROM finding WHERE kind = 'late_rank'"), Rows{});
    }
    void withoutAnAnchorTheTimesStayOnTheirClock() {
        std::string dev;
        auto ix = indexProf("cann-noanchor", false, dev);
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        QCOMPARE(ix.rows("SELECT ts_ns FROM spans WHERE name = 'Default/net/MatMul-op1'"),
                 Rows{"56635864664910"});
        QCOMPARE(ix.scalar("SELECT count(*) FROM diagnostics WHERE severity = 'warning' AND file = '" + dev +
                           "/timeline/msprof_0_1_1.json' AND what LIKE '%no clock anchor%'"),
                 int64_t(1));
    }
    void aCutTimelineLoadsUpToTheCut() {
        const std::string full = kMsprof;
        const size_t cut = full.find("{\"name\":\"Default/AllReduce") + 30;
        std::string dev;
        auto ix = indexProf("cann-cut", true, dev, full.substr(0, cut));
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        QCOMPARE(ix.rows("SELECT name FROM spans ORDER BY ts_ns"),
                 (Rows{"Iteration 1", "Default/net/MatMul-op1"}));
        const auto cutAt =
            ix.rows("SELECT first_offset FROM diagnostics WHERE severity = 'error' AND file = '" + dev +
                    "/timeline/msprof_0_1_1.json'");
        QCOMPARE(cutAt.size(), size_t(1));
        QVERIFY2(std::stoll(cutAt[0]) > 0 && std::stoll(cutAt[0]) <= int64_t(cut), cutAt[0].c_str());
    }
    void mindstudioOutputStandsForTheDeviceTimelines() {
        std::vector<import::CannRawFile> files;
        for (const char* p : {"/p/PROF_000001_1_A/device_0/timeline/msprof_0_1_1.json",
                              "/p/PROF_000001_1_A/device_0/start_info.0",
                              "/p/PROF_000001_1_A/mindstudio_profiler_output/msprof_slice_0_20240101.json",
                              "/p/PROF_000001_1_A/mindstudio_profiler_output/msprof_slice_1_20240101.json"})
            files.push_back(*import::cannRawFile(p));
        QVERIFY(!import::cannRawFile("/p/PROF_000001_1_A/mindstudio_profiler_output/op_summary_1.csv"));
        QVERIFY(!import::cannRawFile("/p/PROF_000001_1_A/device_0/end_info.0"));
        QVERIFY(!import::cannRawFile("/p/PROF_000001_1_A/host/data/x.json"));
        const auto sel = import::selectCannFiles(files);
        QStringList read;
        for (const auto& f : sel.read)
            read << QString::fromStdString(f.path.string() + " > " + f.group);
        QCOMPARE(
            read,
            (QStringList{
                "/p/PROF_000001_1_A/mindstudio_profiler_output/msprof_slice_0_20240101.json > "
                "/p/PROF_000001_1_A/mindstudio_profiler_output",
                "/p/PROF_000001_1_A/mindstudio_profiler_output/msprof_slice_1_20240101.json > "
                "/p/PROF_000001_1_A/mindstudio_profiler_output",
                "/p/PROF_000001_1_A/device_0/start_info.0 > /p/PROF_000001_1_A/mindstudio_profiler_output"}));
        QCOMPARE(sel.ignored.size(), size_t(1));
        QVERIFY(sel.ignored[0].rfind("/p/PROF_000001_1_A/device_0/timeline/msprof_0_1_1.json (", 0) == 0);
    }
    void mindinsightSample() {
        const std::string samples = test::samplesDir();
        if (samples.empty()) QSKIP("../shared/samples is absent");
        qputenv("XDG_CACHE_HOME", QByteArray::fromStdString(test::tempDir("cann-cache")));
        const std::string prof =
            samples +
            "/mindinsight/tests/utils/resource/profiler/PROF_000001_20230818142704322_COJGGGCANRMICFBC";
        auto ix = test::indexDir(prof);
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        // Python over device_0/timeline/msprof_0_2_1.json: X events per (process_name, thread_name)
        QCOMPARE(
            ix.rows("SELECT t.process || '/' || t.name || '=' || count(*) FROM spans s JOIN track t USING "
                    "(track_id) GROUP BY t.track_id ORDER BY 1"),
            (Rows{"Ascend Hardware/Step Trace(Model ID:2)=4", "Ascend Hardware/Stream 10=82",
                  "Ascend Hardware/Stream 12=82", "Ascend Hardware/Stream 13=96",
                  "Ascend Hardware/Stream 2=144", "Ascend Hardware/Stream 3=82", "Ascend Hardware/Stream 4=4",
                  "CANN/Thread 16027=1", "HCCL/Communication Kernel=1", "HCCL/Plane 0=91", "HCCL/Plane 1=82",
                  "HCCL/Plane 2=82", "HCCL/Plane 3=82", "Overlap Analysis/Communication(Not Overlapped)=1",
                  "Overlap Analysis/Communication=1", "Overlap Analysis/Computing=107",
                  "Overlap Analysis/Free=107"}));
        // info.json.0: rank_id 0, device 0, host A2007104679; one step, "Iteration 1"
        QCOMPARE(ix.rows("SELECT rank, device_id, host FROM ranks"), Rows{"0|0|A2007104679"});
        QCOMPARE(ix.rows("SELECT step FROM steps"), Rows{"1"});
        // the first Stream 2 kernel: 56635864664.91 µs monotonic + 1692283444393918370 ns
        QCOMPARE(ix.rows("SELECT ts_ns FROM spans WHERE name = "
                         "'Default/network-WithLossCell/_backbone-AlexNet/Cast-op239'"),
                 Rows{"1692340080258583280"});
        // hccl, task_time and step_trace of device 0 are in msprof_0_2_1.json: listed, not read
        QCOMPARE(ix.scalar("SELECT count(*) FROM meta WHERE key LIKE 'ignored:%'"), int64_t(3));
        QCOMPARE(ix.scalar("SELECT count(*) FROM source_file WHERE format = 'cann-timeline'"), int64_t(1));
    }
};

QTEST_GUILESS_MAIN(TstCannRaw)
#include "tst_cannraw.moc"
