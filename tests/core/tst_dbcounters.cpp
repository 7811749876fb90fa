// The device counters of an Ascend .db export (core/import/dbcounters): the lanes must be those the text
// export's trace_view.json "C" events give for the same data — same processes, lane names and units (KB =
// bytes / 1024, MB/s = bytes/s / 1024², LLC hit rate in percent as its "(%)" says: the db's own figure, and
// the text export's fraction ×100 by its importer). Golden tests on tiny
// databases built here (expected values worked out by hand from the rows), and one on the torch_npu
// level1 sample whose figures were counted by a few lines of Python over both exports' files.
#include "tests/support/importharness.h"
#include "tests/support/testsupport.h"

#include <QtTest>
#include <map>

using namespace rs;
using import::FileKind;

namespace {

/// A rank-1 export on device 3 holding `sql` beside the tables every export has; returns its path.
std::string makeDb(const std::string& sql) {
    return test::makeSqliteFile(
        "db-counters", "rank1_ascend_pt/ASCEND_PROFILER_OUTPUT/ascend_pytorch_profiler_1.db",
        "CREATE TABLE STRING_IDS(id INTEGER PRIMARY KEY, value TEXT);"
        "INSERT INTO STRING_IDS VALUES(1,'read'),(2,'write'),(3,'app'),(4,'device');"
        "CREATE TABLE TASK(startNs INTEGER, endNs INTEGER, streamId INTEGER, taskType INTEGER);"
        "CREATE TABLE RANK_DEVICE_MAP(rankId INTEGER, deviceId INTEGER);"
        "INSERT INTO RANK_DEVICE_MAP VALUES(1,3);" +
            sql);
}

QStringList lines(const std::map<std::string, int>& points) {
    QStringList out;
    for (const auto& [lane, n] : points)
        out << QString::fromStdString(lane + "=" + std::to_string(n));
    return out;
}

/// "<process> | <lane>=<points>" for each counter track of an import, sorted.
QStringList pointsPerLane(const test::ImportedRows& r) {
    std::map<int64_t, std::string> lane;
    std::map<std::string, int> points;
    for (const auto& t : r.rows.tracks)
        if (t.kind == model::TrackKind::Counter)
            lane[t.trackId] = t.process + " | " + t.name, points[lane[t.trackId]];
    for (const auto& c : r.rows.counters)
        ++points[lane.at(c.trackId)];
    return lines(points);
}

/// "<lane> <points> <min> <max> <sum>" of each hit-rate lane of an import (4 significant digits), sorted.
QStringList hitRates(const test::ImportedRows& r) {
    std::map<int64_t, std::string> lane;
    for (const auto& t : r.rows.tracks)
        if (t.kind == model::TrackKind::Counter && t.name.find("Hit Rate") != std::string::npos)
            lane[t.trackId] = t.name;
    struct Range {
        int n = 0;
        double lo = 1e300, hi = -1e300, sum = 0;
    };
    std::map<std::string, Range> ranges;
    for (const auto& c : r.rows.counters)
        if (auto it = lane.find(c.trackId); it != lane.end()) {
            Range& g = ranges[it->second];
            ++g.n, g.lo = std::min(g.lo, c.value), g.hi = std::max(g.hi, c.value), g.sum += c.value;
        }
    QStringList out;
    for (const auto& [name, g] : ranges)
        out << QString("%1 %2 %3 %4 %5")
                   .arg(QString::fromStdString(name))
                   .arg(g.n)
                   .arg(g.lo, 0, 'g', 4)
                   .arg(g.hi, 0, 'g', 4)
                   .arg(g.sum, 0, 'g', 5);
    return out;
}

} // namespace

class TstDbCounters : public QObject {
    Q_OBJECT
  private Q_SLOTS:
    void everyCounterTableBecomesTheTextExportsLanes() {
        // one row of device 5 (not the rank's device 3) in AICORE_FREQ: counted, not drawn
        const std::string path =
            makeDb("CREATE TABLE AICORE_FREQ(deviceId INTEGER, timestampNs NUMERIC, freq INTEGER);"
                   "INSERT INTO AICORE_FREQ VALUES(3,2000,1800),(3,1000,1650),(5,1500,900);"
                   "CREATE TABLE NPU_MEM(type INTEGER, ddr NUMERIC, hbm NUMERIC, timestampNs INTEGER, "
                   "deviceId INTEGER);"
                   "INSERT INTO NPU_MEM VALUES(3,0,2048,1000,3),(4,1024,4096,1000,3);"
                   "CREATE TABLE HBM(deviceId INTEGER, timestampNs INTEGER, bandwidth NUMERIC, hbmId INTEGER,"
                   " type INTEGER);"
                   "INSERT INTO HBM VALUES(3,1000,1048576,0,1),(3,1000,3145728,0,2),(3,2000,524288,1,1);"
                   "CREATE TABLE LLC(deviceId INTEGER, llcId INTEGER, timestampNs INTEGER, hitRate REAL,"
                   " throughput INTEGER, mode INTEGER);"
                   "INSERT INTO LLC VALUES(3,0,1000,85.5,2097152,1);"
                   "CREATE TABLE ACC_PMU(accId INTEGER, readBwLevel INTEGER, writeBwLevel INTEGER,"
                   " readOstLevel INTEGER, writeOstLevel INTEGER, timestampNs NUMERIC, deviceId INTEGER);"
                   "INSERT INTO ACC_PMU VALUES(0,1,2,3,4,1000,3),(1,5,6,7,8,1000,3);"
                   "CREATE TABLE SOC_BANDWIDTH_LEVEL(l2BufferBwLevel INTEGER, mataBwLevel INTEGER,"
                   " timestampNs NUMERIC, deviceId INTEGER);"
                   "INSERT INTO SOC_BANDWIDTH_LEVEL VALUES(0,1,1000,3);"
                   "CREATE TABLE NPU_MODULE_MEM(moduleId INTEGER, timestampNs INTEGER, totalReserved NUMERIC,"
                   " deviceId INTEGER);"
                   "INSERT INTO NPU_MODULE_MEM VALUES(33,1000,1048576,3),(99,1000,0,3);"
                   "CREATE TABLE ENUM_MODULE(id INTEGER, name TEXT);"
                   "INSERT INTO ENUM_MODULE VALUES(33,'APP');");
        const auto r = test::importOne(path, FileKind::AscendDb);
        QVERIFY2(r.ok, r.error.c_str());
        // processes and their sort order as trace_view.json's process_sort_index (14, 17..21) × 10⁶
        const char* const freq = "track counter|AI Core Freq|";
        const char* const mem = "track counter|NPU MEM|";
        const char* const acc = "track counter|Acc PMU|";
        QStringList tracks;
        for (const char* t : {"AI Core Freq/MHz|db||14000000|0|0"})
            tracks << QString(freq) + t;
        for (const char* t : {"APP/DDR/KB", "APP/HBM/KB", "APP/Memory/KB", "Device/DDR/KB", "Device/HBM/KB",
                              "Device/Memory/KB"})
            tracks << QString(mem) + t + "|db||19000000|0|0";
        for (const char* t : {"read_bandwidth", "write_band_width", "read_ost", "write_ost"})
            tracks << QString(acc) + t + "/value|db||21000000|0|0"
                   << QString(acc) + t + "/acc_id|db||21000000|0|0";
        tracks << "track counter|HBM|HBM 0/Read/Read(MB/s)|db||17000000|0|0"
               << "track counter|HBM|HBM 0/Write/Write(MB/s)|db||17000000|0|0"
               << "track counter|HBM|HBM 1/Read/Read(MB/s)|db||17000000|0|0"
               << "track counter|LLC|LLC 0 Read/Hit Rate/Hit Rate(%)|db||18000000|0|0"
               << "track counter|LLC|LLC 0 Read/Throughput/Throughput(MB/s)|db||18000000|0|0"
               << "track counter|Stars Soc Info|L2 Buffer Bw Level/L2 Buffer Bw Level|db||20000000|0|0"
               << "track counter|Stars Soc Info|Mata Bw Level/Mata Bw Level|db||20000000|0|0";
        tracks.sort();
        QCOMPARE(test::sortedLines(r.lines("track")), QStringList(tracks).replaceInStrings("track ", ""));
        QCOMPARE(
            test::sortedLines(r.lines("counter")),
            test::sortedLines(
                {"AI Core Freq/MHz|1000|1650", "AI Core Freq/MHz|2000|1800",
                 // KB = bytes / 1024; Memory = DDR + HBM
                 "APP/DDR/KB|1000|0", "APP/HBM/KB|1000|2", "APP/Memory/KB|1000|2", "Device/DDR/KB|1000|1",
                 "Device/HBM/KB|1000|4", "Device/Memory/KB|1000|5",
                 // MB/s = bytes/s / 1024²
                 "HBM 0/Read/Read(MB/s)|1000|1", "HBM 0/Write/Write(MB/s)|1000|3",
                 "HBM 1/Read/Read(MB/s)|2000|0.5",
                 // percent in the db, kept: the lane says % (walk 24: it was divided to 0.855)
                 "LLC 0 Read/Hit Rate/Hit Rate(%)|1000|85.5", "LLC 0 Read/Throughput/Throughput(MB/s)|1000|2",
                 // one lane of the levels and one of the accelerator ids per metric
                 "read_bandwidth/value|1000|1", "read_bandwidth/value|1000|5", "read_bandwidth/acc_id|1000|0",
                 "read_bandwidth/acc_id|1000|1", "write_band_width/value|1000|2",
                 "write_band_width/value|1000|6", "write_band_width/acc_id|1000|0",
                 "write_band_width/acc_id|1000|1", "read_ost/value|1000|3", "read_ost/value|1000|7",
                 "read_ost/acc_id|1000|0", "read_ost/acc_id|1000|1", "write_ost/value|1000|4",
                 "write_ost/value|1000|8", "write_ost/acc_id|1000|0", "write_ost/acc_id|1000|1",
                 "L2 Buffer Bw Level/L2 Buffer Bw Level|1000|0", "Mata Bw Level/Mata Bw Level|1000|1"}));
        // npu_module_mem.csv's memory rows: bytes reserved per CANN module (an unknown id by its number);
        // NPU_MEM's rows as components APP and Device reserving DDR + HBM bytes, as the text export's
        // memory_record.csv has APP (r51d #1: the .db's peaks said nothing of them)
        QCOMPARE(test::sortedLines(r.lines("memory")),
                 test::sortedLines({"1|1000|module:APP|-|1048576|-", "1|1000|module:99|-|0|-",
                                    "1|1000|APP|-|2048|-", "1|1000|Device|-|5120|-"}));
        QCOMPARE(
            test::sortedLines(r.lines("diag")),
            test::sortedLines({"info|AICORE_FREQ rows of another device than the rank's 3 (not read)|1|-1"}));
    }
    void oddValuesAndMissingColumnsAreCountedNotFatal() {
        // HBM: a text bandwidth, a NULL one, a text and a NULL time; LLC without its throughput column;
        // NPU_MEM without its type (the lanes' key): not read; AICORE_FREQ without freq: not read
        const std::string path =
            makeDb("CREATE TABLE HBM(deviceId INTEGER, timestampNs INTEGER, bandwidth NUMERIC, hbmId INTEGER,"
                   " type INTEGER);"
                   "INSERT INTO HBM VALUES(3,1000,'fast',0,1),(3,2000,NULL,0,1),(3,'soon',1048576,0,1),"
                   "(3,NULL,1048576,0,1),(3,3000,2097152,0,1),(3,4000,1048576,0,7);"
                   "CREATE TABLE LLC(deviceId INTEGER, llcId INTEGER, timestampNs INTEGER, hitRate REAL, "
                   "mode INTEGER);"
                   "INSERT INTO LLC VALUES(3,1,1000,50,2);"
                   "CREATE TABLE NPU_MEM(ddr NUMERIC, hbm NUMERIC, timestampNs INTEGER, deviceId INTEGER);"
                   "INSERT INTO NPU_MEM VALUES(0,1024,1000,3);"
                   "CREATE TABLE AICORE_FREQ(deviceId INTEGER, timestampNs NUMERIC);"
                   "INSERT INTO AICORE_FREQ VALUES(3,1000);");
        const auto r = test::importOne(path, FileKind::AscendDb);
        QVERIFY2(r.ok, r.error.c_str());
        // a type id STRING_IDS lacks (7) names the lane by its number
        QCOMPARE(test::sortedLines(r.lines("counter")),
                 test::sortedLines({"HBM 0/Read/Read(MB/s)|3000|2", "HBM 0/7/7(MB/s)|4000|1",
                                    "LLC 1 Write/Hit Rate/Hit Rate(%)|1000|50"}));
        QCOMPARE(
            test::sortedLines(r.lines("diag")),
            test::sortedLines(
                {"warning|HBM value that is NULL or not a number (point skipped)|2|-1",
                 "warning|HBM row with a NULL, non-integer or out-of-range timestampNs (skipped)|2|-1",
                 "info|LLC has no value column (another export version): its lanes missing|1|-1",
                 "warning|NPU_MEM lacks a column its counter lanes need (another export version): table "
                 "not read|1|-1",
                 "info|AICORE_FREQ has no value column (another export version): its lanes missing|1|-1"}));
    }
    void level1DbAndTextExportsGiveTheSameLanes() {
        // the db and text exports of torch_npu level1 (rank 0; the db export has no rank 1). The points per
        // lane were counted with Python over trace_view.json's "C" events (per name and arg key) and over
        // the db's tables (per hbmId/type, llcId/mode, NPU_MEM type; ACC_PMU and SOC rows).
        const std::string samples = test::samplesDir();
        if (samples.empty()) QSKIP("no ../shared/samples");
        const std::string base = samples + "/msinsight/test/data/pytorch/";
        const auto db = test::importOne(
            base + "db/level1/rank0_ascend_pt/ASCEND_PROFILER_OUTPUT/ascend_pytorch_profiler_0.db",
            FileKind::AscendDb);
        const auto text = test::importOne(
            base + "text/level1/rank0_ascend_pt/ASCEND_PROFILER_OUTPUT/trace_view.json", FileKind::TraceView);
        QVERIFY2(db.ok, db.error.c_str());
        QVERIFY2(text.ok, text.error.c_str());
        std::map<std::string, int> expected; // the figures both exports share
        for (int hbm = 0; hbm < 4; ++hbm)
            for (const char* dir : {"Read", "Write"})
                expected["HBM | HBM " + std::to_string(hbm) + "/" + dir + "/" + dir + "(MB/s)"] = 13;
        for (int llc = 0; llc < 2; ++llc) {
            expected["LLC | LLC " + std::to_string(llc) + " Read/Hit Rate/Hit Rate(%)"] = 13;
            expected["LLC | LLC " + std::to_string(llc) + " Read/Throughput/Throughput(MB/s)"] = 13;
        }
        for (const char* owner : {"APP", "Device"})
            for (const char* mem : {"DDR", "HBM", "Memory"})
                expected[std::string("NPU MEM | ") + owner + "/" + mem + "/KB"] = 14;
        for (const char* m : {"read_bandwidth", "write_band_width", "read_ost", "write_ost"}) {
            expected[std::string("Acc PMU | ") + m + "/value"] = 688;
            expected[std::string("Acc PMU | ") + m + "/acc_id"] = 688;
        }
        expected["Stars Soc Info | L2 Buffer Bw Level/L2 Buffer Bw Level"] = 16;
        expected["Stars Soc Info | Mata Bw Level/Mata Bw Level"] = 16;
        // where they differ: AICORE_FREQ has 3 rows (one at the session start), trace_view.json 2 points;
        // QoS has no table in the db
        auto fromDb = expected, fromText = expected;
        fromDb["AI Core Freq | AI Core Freq/MHz"] = 3;
        fromText["AI Core Freq | AI Core Freq/MHz"] = 2;
        fromText["QoS | QoS OTHERS/value"] = 1405;
        QCOMPARE(pointsPerLane(db), lines(fromDb));
        QCOMPARE(pointsPerLane(text), lines(fromText));
        // both exports' hit rates in percent (walk 24: a "(%)" lane held 0.775…0.927). Python: the text
        // export's LLC 0 / LLC 1 "Hit Rate(%)" args are 13 fractions each, 0.775…0.927 summing to 11.127
        // and 0…0.664 summing to 1.251; the db's LLC hitRate 71.7…88.5 (sum 1069.7) and 0…61.3 (227.6)
        QCOMPARE(hitRates(text), (QStringList{"LLC 0 Read/Hit Rate/Hit Rate(%) 13 77.5 92.7 1112.7",
                                              "LLC 1 Read/Hit Rate/Hit Rate(%) 13 0 66.4 125.1"}));
        QCOMPARE(hitRates(db), (QStringList{"LLC 0 Read/Hit Rate/Hit Rate(%) 13 71.7 88.5 1069.7",
                                            "LLC 1 Read/Hit Rate/Hit Rate(%) 13 0 61.3 227.6"}));
        QStringList percentDiags;
        for (const auto& d : text.lines("diag"))
            if (d.find("percent") != std::string::npos) percentDiags << QString::fromStdString(d);
        QCOMPARE(percentDiags,
                 QStringList{"info|counter lanes named in percent whose samples are all fractions (0 to 1): "
                             "shown ×100, as percent|1|-1"});
        // the module memory: npu_module_mem.csv and NPU_MODULE_MEM both hold 1078 rows of 77 modules (14
        // each)
        const auto nm = import::FileKind::NpuModuleMem;
        const auto csv = test::importOne(
            base + "text/level1/rank0_ascend_pt/ASCEND_PROFILER_OUTPUT/npu_module_mem.csv", nm);
        for (const auto* r : {&db, &csv}) {
            std::map<std::string, int> perModule;
            for (const auto& m : r->rows.memory)
                if (m.component.rfind("module:", 0) == 0) ++perModule[m.component];
            QCOMPARE(int(perModule.size()), 77);
            for (const auto& [module, n] : perModule)
                QVERIFY2(n == 14, module.c_str());
        }
    }
};

QTEST_GUILESS_MAIN(TstDbCounters)
#include "tst_dbcounters.moc"
