// The demo generator: one directory per rank with every documented file; each file parses (JSON by a
// DOM parser, CSV by the reader) and has the documented header; output is deterministic for a seed and
// grows linearly with ranks × steps × layers.
#include "core/demo/demogenerator.h"
#include "core/io/bytesource.h"
#include "core/io/csvreader.h"
#include "tests/support/testsupport.h"

#include <QCryptographicHash>
#include <QtTest>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <set>

using namespace rs;
namespace fs = std::filesystem;

namespace {
int64_t dirBytes(const std::string& dir) {
    int64_t n = 0;
    for (auto& e : fs::recursive_directory_iterator(dir))
        if (e.is_regular_file()) n += int64_t(e.file_size());
    return n;
}
QByteArray dirHash(const std::string& dir) {
    std::vector<std::string> files;
    for (auto& e : fs::recursive_directory_iterator(dir))
        if (e.is_regular_file()) files.push_back(e.path().string());
    std::sort(files.begin(), files.end());
    QCryptographicHash h(QCryptographicHash::Sha1);
    for (auto& f : files) {
        h.addData(QByteArray::fromStdString(f.substr(dir.size())));
        h.addData(QByteArray::fromStdString(test::readDecompressed(f)));
    }
    return h.result();
}
demo::DemoOptions opts(int ranks, int steps, int layers, const char* format = "ascend") {
    demo::DemoOptions o;
    o.ranks = ranks;
    o.steps = steps;
    o.layers = layers;
    o.format = format;
    return o;
}
} // namespace

class TstDemo : public QObject {
    Q_OBJECT
  private Q_SLOTS:
    void ascendFilesAndHeaders() {
        std::string dir = test::tempDir("demo");
        std::string err;
        QVERIFY2(demo::generateDemo(dir, opts(3, 4, 2), err), err.c_str());
        std::vector<fs::path> ranks;
        for (auto& e : fs::directory_iterator(dir))
            ranks.push_back(e.path());
        QCOMPARE(ranks.size(), size_t(3));
        const std::map<std::string, std::string> headers = {
            {"kernel_details.csv", "Step ID,Model ID,Task ID,Stream ID,Name,Type,OP State,Accelerator "
                                   "Core,Start Time(us),Duration(us)"},
            {"step_trace_time.csv",
             "Step,Computing,Communication(Not Overlapped),Overlapped,Communication,Free,Stage,Bubble"},
            {"operator_memory.csv", "Name,Size(KB),Allocation Time(us),Release Time(us)"},
            {"memory_record.csv",
             "Component,Timestamp(us),Total Allocated(MB),Total Reserved(MB),Total Active(MB)"},
            {"memory_usage.csv", "op_name,tensor_id,size_bytes,alloc_time,free_time,device_id,addr"}};
        for (auto& r : ranks) {
            QVERIFY(r.filename().string().size() > 10 && r.filename().string().ends_with("_ascend_ms"));
            int rank = -1;
            for (auto& e : fs::directory_iterator(r))
                if (e.path().filename().string().rfind("profiler_info_", 0) == 0)
                    rank = nlohmann::json::parse(test::readDecompressed(e.path().string()))["rank_id"]
                               .get<int>();
            QVERIFY(rank >= 0);
            fs::path out = r / "ASCEND_PROFILER_OUTPUT";
            auto tv = nlohmann::json::parse(test::readDecompressed((out / "trace_view.json").string()));
            QVERIFY(tv.is_array());
            std::set<std::string> processes, phs;
            bool stringTs = true;
            for (auto& e : tv) {
                phs.insert(e["ph"].get<std::string>());
                if (e["ph"] == "M" && e["name"] == "process_name")
                    processes.insert(e["args"]["name"].get<std::string>());
                if (e["ph"] == "X") stringTs = stringTs && e["ts"].is_string();
            }
            QVERIFY(stringTs);
            for (const char* p : {"MindSpore", "Ascend Hardware", "HCCL", "Overlap Analysis"})
                QVERIFY2(processes.count(p), p);
            for (const char* p : {"X", "M", "s", "f"})
                QVERIFY(phs.count(p));
            auto comm = nlohmann::json::parse(test::readDecompressed((out / "communication.json").string()));
            QCOMPARE(comm.size(), size_t(4));
            for (auto& [file, header] : headers) {
                std::string err2;
                auto src = io::openByteSource((out / file).string(), err2);
                QVERIFY2(src, err2.c_str());
                io::CsvReader csv(*src);
                QVERIFY(csv.next());
                std::string got;
                for (auto& f : csv.fields())
                    got += (got.empty() ? "" : ",") + f;
                QVERIFY2(got.rfind(header, 0) == 0, (file + ": " + got).c_str());
                size_t cols = csv.fields().size(), rows = 0;
                while (csv.next()) {
                    QCOMPARE(csv.fields().size(), cols);
                    ++rows;
                }
                QVERIFY2(rows > 0, file.c_str());
            }
        }
    }
    void kinetoFiles() {
        std::string dir = test::tempDir("demo-k");
        std::string err;
        QVERIFY2(demo::generateDemo(dir, opts(2, 3, 1, "kineto"), err), err.c_str());
        int n = 0;
        for (auto& e : fs::directory_iterator(dir)) {
            std::string name = e.path().filename().string();
            QVERIFY2(name.rfind("rank-", 0) == 0 && name.ends_with(".pt.trace.json.gz"), name.c_str());
            auto j = nlohmann::json::parse(test::readDecompressed(e.path().string()));
            QVERIFY(j.contains("distributedInfo") && j.contains("baseTimeNanoseconds") &&
                    j["traceEvents"].is_array());
            bool nccl = false, memory = false, step = false;
            for (auto& ev : j["traceEvents"]) {
                std::string nm = ev.value("name", "");
                nccl = nccl || nm.rfind("ncclKernel_AllReduce", 0) == 0;
                memory = memory ||
                         (nm == "[memory]" && ev["args"].contains("Addr") && ev["args"].contains("Bytes"));
                step = step || nm.rfind("ProfilerStep#", 0) == 0;
            }
            QVERIFY(nccl && memory && step);
            ++n;
        }
        QCOMPARE(n, 2);
    }
    void deterministicAndSeeded() {
        std::string a = test::tempDir("det-a"), b = test::tempDir("det-b"), c = test::tempDir("det-c");
        std::string err;
        auto o = opts(2, 3, 1);
        QVERIFY(demo::generateDemo(a, o, err) && demo::generateDemo(b, o, err));
        o.seed = 7;
        QVERIFY(demo::generateDemo(c, o, err));
        QCOMPARE(dirHash(a), dirHash(b));
        QVERIFY(dirHash(a) != dirHash(c));
    }
    void sizeScalesLinearly() {
        std::string err;
        std::string small = test::tempDir("lin-s"), big = test::tempDir("lin-b");
        QVERIFY(demo::generateDemo(small, opts(2, 4, 2), err));
        QVERIFY(demo::generateDemo(big, opts(4, 8, 4), err)); // 8× ranks × steps × layers
        double ratio = double(dirBytes(big)) / double(dirBytes(small));
        QVERIFY2(ratio > 6.5 && ratio < 9.0, QByteArray::number(ratio).constData());
    }
    void rejectsUnknownFormat() {
        std::string err;
        QVERIFY(!demo::generateDemo(test::tempDir("bad"), opts(1, 1, 1, "csv"), err));
        QVERIFY(err.find("csv") != std::string::npos);
    }
};

QTEST_GUILESS_MAIN(TstDemo)
#include "tst_demo.moc"
