// Golden importer tests: a tiny input per format, written here, must give exactly these rows in the
// public views (string ts, baseTimeNanoseconds after the events, B/E nesting, tab-suffixed CSV numbers,
// CRLF, multi-line quoted fields, 10 ns ticks, hex addresses, .gz and .zst).
#include "core/index/flowchunk.h"
#include "tests/support/testsupport.h"

#include "core/index/sqlite.h"

#include <QtTest>
#include <filesystem>

using namespace rs;

namespace {
std::string join(const std::vector<std::string>& v) {
    std::string s;
    for (auto& x : v)
        s += x + "\n";
    return s;
}
#define COMPARE_ROWS(actual, expected)                                                                       \
    QCOMPARE(QString::fromStdString(join(actual)), QString::fromStdString(join(expected)))

const char* kTraceView =
    "[{\"name\":\"process_name\",\"pid\":900,\"tid\":0,\"args\":{\"name\":\"Ascend "
    "Hardware\"},\"ph\":\"M\"},\n"
    " {\"name\":\"thread_name\",\"pid\":900,\"tid\":2,\"args\":{\"name\":\"Stream 2\"},\"ph\":\"M\"},\n"
    " {\"ph\":\"X\",\"name\":\"trans_TransData_0\",\"pid\":900,\"tid\":2,\"ts\":\"1736408883704643.212\","
    "\"dur\":53.742},\n"
    " {\"ph\":\"X\",\"name\":\"Default/network/"
    "MatMulV2-op12\",\"pid\":900,\"tid\":2,\"ts\":\"1736408883704700.000\",\"dur\":10},\n"
    " {\"ph\":\"X\",\"name\":\"ProfilerStep#7\",\"pid\":1,\"tid\":5,\"ts\":\"1736408883704600.000\",\"dur\":"
    "200,\"cat\":\"cpu_op\"},\n"
    " {\"ph\":\"X\",\"name\":\"aten::mm\",\"pid\":1,\"tid\":5,\"ts\":\"1736408883704610.5\",\"dur\":20},\n"
    " {\"ph\":\"s\",\"name\":\"f\",\"id\":18446744073709551615,\"pid\":1,\"tid\":5,\"ts\":\"1736408883704611."
    "000\",\"cat\":\"async_npu\"},\n"
    " {\"name\":\"AI Core "
    "Freq\",\"ts\":\"1736408883573887.920\",\"pid\":901,\"tid\":0,\"args\":{\"MHz\":1800},\"ph\":\"C\"},\n"
    " {\"name\":\"process_name\",\"pid\":1,\"tid\":0,\"args\":{\"name\":\"MindSpore\"},\"ph\":\"M\"}\n"
    "]";

const char* kKernelDetails =
    "Step ID,Model ID,Task ID,Stream ID,Name,Type,OP State,Accelerator Core,Start Time(us),Duration(us),Wait "
    "Time(us),Input Shapes\r\n"
    "7,4294967295,1,2,trans_TransData_0,TransData,dynamic,AI_VECTOR_CORE,1736408883704643.212\t,53.742,0,"
    "\"\"\"32,3,224,224\"\"\"\r\n"
    "7,4294967295,2,2,Default/network/"
    "MatMulV2-op12,MatMulV2,dynamic,AI_CORE,1736408883704700.000\t,10,0,\"multi\r\nline\"\r\n";
} // namespace

class TstImporters : public QObject {
    Q_OBJECT
  private Q_SLOTS:
    void ascendTraceView() {
        std::string dir = test::tempDir("ascend");
        std::string rank = dir + "/host_1_2025_ascend_ms";
        test::writeFile(rank + "/profiler_info_3.json", "{\"rank_id\": 3, \"device_id\": 5}");
        test::writeFile(rank + "/ASCEND_PROFILER_OUTPUT/trace_view.json", kTraceView);
        test::writeFile(rank + "/ASCEND_PROFILER_OUTPUT/kernel_details.csv", kKernelDetails);
        auto ix = test::indexDir(dir);
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        COMPARE_ROWS(ix.rows("SELECT rank, device_id, source FROM ranks"), {"3|5|ascend"});
        COMPARE_ROWS(ix.rows("SELECT rank, kind, name FROM tracks ORDER BY kind, name"),
                     (std::vector<std::string>{"3|compute|Stream 2", "3|counter|AI Core Freq/MHz",
                                               "3|host|Thread 5"}));
        COMPARE_ROWS(ix.rows("SELECT name, op_type, ts_ns, dur_ns, depth, step FROM spans ORDER BY ts_ns"),
                     (std::vector<std::string>{
                         "ProfilerStep#7|ProfilerStep#7|1736408883704600000|200000|0|7",
                         "aten::mm|aten::mm|1736408883704610500|20000|1|7",
                         "trans_TransData_0|TransData|1736408883704643212|53742|0|7",
                         "Default/network/MatMulV2-op12|MatMulV2|1736408883704700000|10000|0|7"}));
        COMPARE_ROWS(ix.rows("SELECT rank, step, start_ns, end_ns FROM steps"),
                     {"3|7|1736408883704600000|1736408883704800000"});
        // an id beyond int64 is kept exactly (as text) in the flow events, which only an index built
        // without the analysis still holds
        auto raw = test::indexOnly(dir, test::tempDir("ascend-raw") + "/raw.sqlite");
        QVERIFY2(raw.result.ok, raw.result.error.c_str());
        std::vector<std::string> events;
        index::forEachFlowEvent(*raw.db, 1, INT64_MAX, [&](const index::FlowEvent& e) {
            events.push_back((e.idIsInt ? std::to_string(e.idNum) : std::string(e.idText)) + "|" + e.phase);
        });
        COMPARE_ROWS(events, {"18446744073709551615|s"});
        QCOMPARE(
            ix.scalar("SELECT count(*) FROM sqlite_master WHERE name IN ('flow', 'flows', 'flow_chunk')"),
            int64_t(0));
        QCOMPARE(ix.scalar("SELECT count(*) FROM diagnostics WHERE severity IN ('warning','error','fatal')"),
                 int64_t(0));
    }
    void profileLabels_data() {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("content");
        QTest::addColumn<QString>("expected"); // labels, "key=value" sorted, joined by ';'
        const QString trace = "\"traceEvents\":[{\"ph\":\"X\",\"cat\":\"kernel\",\"name\":\"k\",\"pid\":0,"
                              "\"tid\":7,\"ts\":1,\"dur\":2}]}";
        QTest::newRow("kineto: devices, backend, nccl, versions")
            << "rank-0.pt.trace.json"
            << "{\"schemaVersion\":1,\"deviceProperties\":[{\"id\":0,\"name\":\"NVIDIA H100\"},{\"id\":1,"
               "\"name\":\"NVIDIA H100\"},{\"id\":2,\"name\":\"NVIDIA "
               "A100\"}],\"distributedInfo\":{\"backend\":"
               "\"nccl\",\"rank\":0,\"nccl_version\":\"2.18.1\"},\"cupti_version\":18," +
                   trace
            << "backend=nccl;cupti_version=18;framework=pytorch;hardware=NVIDIA H100 + NVIDIA "
               "A100;nccl_version=2.18.1";
        QTest::newRow("kineto: no devices (cpu only)")
            << "rank-0.pt.trace.json"
            << "{\"schemaVersion\":\"1\",\"deviceProperties\":[],\"distributedInfo\":{\"backend\":\"gloo\","
               "\"rank\":0}," +
                   trace
            << "backend=gloo;framework=pytorch";
        QTest::newRow("plain chrome trace: nothing said") << "trace.json"
                                                          << "{" + trace << "";
        QTest::newRow("torch_npu profiler_info")
            << "r_ascend_pt/profiler_info_0.json"
            << "{\"config\":{\"common_config\":{\"activities\":[\"ProfilerActivity.NPU\"]},"
               "\"experimental_config\":{\"_profiler_level\":\"Level2\",\"_export_type\":\"text\"}},"
               "\"torch_npu_version\":\"2.1.0.post6\",\"rank_id\":0}"
            << "export_type=text;framework=torch_npu;profiler_level=Level2;torch_npu_version=2.1.0.post6";
        QTest::newRow("old MindSpore profiler_info")
            << "r_ascend_ms/profiler_info_0.json"
            << "{\"context_mode\":\"graph\",\"rank_id\":\"0\",\"rank_size\":2,\"parallel_mode\":"
               "\"auto_parallel\",\"stage_num\":1,\"graph_ids\":[0]}"
            << "context_mode=graph;framework=mindspore;parallel_mode=auto_parallel;stage_num=1";
        QTest::newRow("profiler_metadata: user keys, no environment")
            << "r_ascend_pt/profiler_metadata.json"
            << "{\"ENV_VARIABLES\":{\"HCCL_RDMA_TC\":\"4\"},\"model\":\"llama-7b\",\"batch\":8,"
               "\"parallel\":{\"tp\":2}}"
            << "meta.batch=8;meta.model=llama-7b;meta.parallel={\"tp\":2};model=llama-7b";
    }
    void profileLabels() {
        QFETCH(QString, file);
        QFETCH(QString, content);
        QFETCH(QString, expected);
        std::string dir = test::tempDir("labels");
        test::writeFile(dir + "/" + file.toStdString(), content.toStdString());
        if (file.startsWith("r_ascend")) // an Ascend rank needs data beside its metadata to be a rank
            test::writeFile(dir + "/" + file.section('/', 0, 0).toStdString() +
                                "/ASCEND_PROFILER_OUTPUT/kernel_details.csv",
                            kKernelDetails);
        auto ix = test::indexDir(dir);
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        QStringList got;
        for (const auto& r : ix.rows("SELECT key || '=' || value FROM labels ORDER BY key"))
            got << QString::fromStdString(r);
        QCOMPARE(got.join(';'), expected);
    }
    void labelsAreBounded() {
        // a hostile profiler_metadata.json: thousands of keys and a 1 MB value stay 64 labels of <= 256 bytes
        std::string dir = test::tempDir("labelcap");
        std::string meta = "{\"model\":\"" + std::string(1 << 20, 'x') + "\"";
        for (int i = 0; i < 5000; ++i)
            meta += ",\"k" + std::to_string(i) + "\":" + std::to_string(i);
        test::writeFile(dir + "/r_ascend_pt/profiler_metadata.json", meta + "}");
        test::writeFile(dir + "/r_ascend_pt/ASCEND_PROFILER_OUTPUT/kernel_details.csv", kKernelDetails);
        auto ix = test::indexDir(dir);
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        QCOMPARE(ix.scalar("SELECT count(*) FROM labels"), int64_t(64));
        QCOMPARE(ix.scalar("SELECT max(length(CAST(value AS BLOB))) FROM labels"), int64_t(256));
        QCOMPARE(ix.scalar("SELECT length(value) FROM labels WHERE key = 'model'"), int64_t(256));
        // damaged metadata: the rank loads, the file is named with its byte offset
        std::string bad = test::tempDir("labelbad");
        const std::string cut = "{\"model\": \"llama"; // 16 bytes: the error is at its end
        test::writeFile(bad + "/r_ascend_pt/profiler_metadata.json", cut);
        test::writeFile(bad + "/r_ascend_pt/ASCEND_PROFILER_OUTPUT/kernel_details.csv", kKernelDetails);
        auto ib = test::indexDir(bad);
        QVERIFY2(ib.result.ok, ib.result.error.c_str());
        COMPARE_ROWS(
            ib.rows(
                "SELECT severity, first_offset FROM diagnostics WHERE file LIKE '%profiler_metadata.json'"),
            {"warning|" + std::to_string(cut.size())});
        QCOMPARE(ib.scalar("SELECT count(*) FROM labels"), int64_t(0));
    }
    void kernelDetailsAlone() {
        // Without trace_view, kernel_details rows become spans on Stream tracks and give the steps.
        std::string dir = test::tempDir("kd");
        test::writeFile(dir + "/r_ascend_pt/profiler_info_0.json", "{\"rank_id\": 0}");
        test::writeFile(dir + "/r_ascend_pt/ASCEND_PROFILER_OUTPUT/kernel_details.csv", kKernelDetails);
        auto ix = test::indexDir(dir);
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        COMPARE_ROWS(
            ix.rows("SELECT name, op_type, ts_ns, dur_ns FROM spans ORDER BY ts_ns"),
            (std::vector<std::string>{"trans_TransData_0|TransData|1736408883704643212|53742",
                                      "Default/network/MatMulV2-op12|MatMulV2|1736408883704700000|10000"}));
        COMPARE_ROWS(ix.rows("SELECT step, start_ns, end_ns FROM steps"),
                     {"7|1736408883704643212|1736408883704710000"});
    }
    void kinetoGzip() {
        std::string dir = test::tempDir("kineto");
        std::string trace =
            "{\"schemaVersion\":1,\"distributedInfo\":{\"backend\":\"nccl\",\"rank\":2,\"world_size\":4},"
            "\"traceEvents\":[\n"
            "{\"ph\":\"X\",\"cat\":\"kernel\",\"name\":\"void "
            "at::native::foo_kernel<float>(float*)\",\"pid\":0,\"tid\":7,\"ts\":1.5,\"dur\":2},\n"
            "{\"ph\":\"X\",\"cat\":\"kernel\",\"name\":\"ncclKernel_AllReduce_RING_LL_Sum_float(ncclDevComm*)"
            "\",\"pid\":0,\"tid\":20,\"ts\":5,\"dur\":3},\n"
            "{\"ph\":\"i\",\"s\":\"t\",\"name\":\"[memory]\",\"pid\":11,\"tid\":11,\"ts\":1,\"args\":{"
            "\"Device Type\":1,\"Device Id\":0,\"Addr\":140000000000,\"Bytes\":4096,\"Total "
            "Allocated\":4096,\"Total Reserved\":8192}},\n"
            "{\"ph\":\"i\",\"s\":\"t\",\"name\":\"[memory]\",\"pid\":11,\"tid\":11,\"ts\":9,\"args\":{"
            "\"Device Type\":1,\"Device Id\":0,\"Addr\":140000000000,\"Bytes\":-4096,\"Total "
            "Allocated\":0,\"Total Reserved\":8192}},\n"
            "{\"name\":\"process_labels\",\"ph\":\"M\",\"pid\":0,\"tid\":0,\"args\":{\"labels\":\"GPU "
            "0\"}},\n"
            "{\"name\":\"thread_name\",\"ph\":\"M\",\"pid\":0,\"tid\":7,\"args\":{\"name\":\"stream 7 \"}}\n"
            "],\"displayTimeUnit\":\"ns\",\"baseTimeNanoseconds\":1700000000000000000}";
        test::writeFile(dir + "/rank-2.Jan_01.1.pt.trace.json.gz", trace);
        auto ix = test::indexDir(dir);
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        COMPARE_ROWS(ix.rows("SELECT rank, source FROM ranks"), {"2|kineto"});
        COMPARE_ROWS(
            ix.rows("SELECT s.name, s.op_type, s.ts_ns, s.dur_ns, t.kind, t.name FROM spans s JOIN tracks t "
                    "USING(track_id) ORDER BY ts_ns"),
            (std::vector<std::string>{
                "void "
                "at::native::foo_kernel<float>(float*)|foo_kernel|1700000000000001500|2000|compute|Stream 7",
                "ncclKernel_AllReduce_RING_LL_Sum_float(ncclDevComm*)|ncclKernel_AllReduce_RING_LL_Sum_float|"
                "1700000000000005000|3000|communication|Thread 20"}));
        COMPARE_ROWS(ix.rows("SELECT size_bytes, addr, alloc_ns, free_ns FROM tensors"),
                     {"4096|140000000000|1700000000000001000|1700000000000009000"});
        COMPARE_ROWS(
            ix.rows("SELECT ts_ns, allocated_bytes, reserved_bytes FROM memory_samples ORDER BY ts_ns"),
            (std::vector<std::string>{"1700000000000001000|4096|8192", "1700000000000009000|0|8192"}));
        // The whole trace is one step when it has no ProfilerStep.
        COMPARE_ROWS(ix.rows("SELECT step, start_ns, end_ns FROM steps"),
                     {"0|1700000000000001500|1700000000000008000"});
    }
    void chromeBeginEndAndTolerance() {
        std::string dir = test::tempDir("chrome");
        // B/E nesting, an unmatched E, an unknown ph, a bad ts, an unterminated array with a trailing comma.
        std::string t =
            "[{\"ph\":\"B\",\"name\":\"outer\",\"pid\":\"p\",\"tid\":\"t\",\"ts\":10},\n"
            "{\"ph\":\"B\",\"name\":\"inner\",\"pid\":\"p\",\"tid\":\"t\",\"ts\":12},\n"
            "{\"ph\":\"E\",\"pid\":\"p\",\"tid\":\"t\",\"ts\":15},\n"
            "{\"ph\":\"E\",\"pid\":\"p\",\"tid\":\"t\",\"ts\":20},\n"
            "{\"ph\":\"E\",\"pid\":\"p\",\"tid\":\"t\",\"ts\":21},\n"
            "{\"ph\":\"Q\",\"pid\":\"p\",\"tid\":\"t\",\"ts\":21},\n"
            "{\"ph\":\"X\",\"name\":\"bad\",\"pid\":\"p\",\"tid\":\"t\",\"ts\":\"12x\",\"dur\":1},\n"
            "{\"ph\":\"X\",\"name\":\"last\",\"pid\":\"p\",\"tid\":\"t\",\"ts\":30,\"dur\":1},\n";
        test::writeFile(dir + "/trace.json.zst", t);
        auto ix = test::indexDir(dir);
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        COMPARE_ROWS(
            ix.rows("SELECT name, ts_ns, dur_ns, depth FROM spans ORDER BY ts_ns"),
            (std::vector<std::string>{"outer|10000|10000|0", "inner|12000|3000|1", "last|30000|1000|0"}));
        COMPARE_ROWS(ix.rows("SELECT what, count FROM diagnostics WHERE severity != 'info' ORDER BY what"),
                     (std::vector<std::string>{"E without a matching B|1",
                                               "X event with a missing or bad ts|1", "unknown ph|1"}));
        QCOMPARE(ix.scalar("SELECT count(*) FROM diagnostics WHERE what LIKE '%not terminated%'"),
                 int64_t(1));
        QVERIFY(ix.scalar("SELECT first_offset FROM diagnostics WHERE what = 'unknown ph'") > 0);
    }
    void memoryCsvs() {
        std::string dir = test::tempDir("mem");
        std::string out = dir + "/n_1_2_ascend_ms/ASCEND_PROFILER_OUTPUT/";
        test::writeFile(dir + "/n_1_2_ascend_ms/profiler_info_1.json",
                        "{\"rank_id\": \"1\"}"); // old MindSpore: a string
        test::writeFile(out + "trace_view.json", "[{\"ph\":\"X\",\"name\":\"ProfilerStep#1\",\"pid\":1,"
                                                 "\"tid\":1,\"ts\":\"1000.000\",\"dur\":1000},"
                                                 "{\"ph\":\"X\",\"name\":\"ProfilerStep#2\",\"pid\":1,"
                                                 "\"tid\":1,\"ts\":\"2000.000\",\"dur\":1000}]");
        test::writeFile(out + "memory_usage.csv",
                        "op_name,tensor_id,size_bytes,alloc_time,free_time,device_id,addr\n"
                        "AllReduce,t1,1024,1.5,2.25,0,0x100000400\n"
                        "Parameter,t2,2048,1.0,,0,0x100000000\n"
                        "Bad,t3,xx,1.0,,0,0x1\n");
        test::writeFile(out + "memory_record.csv",
                        "Component,Timestamp(us),Total Allocated(MB),Total Reserved(MB),Total "
                        "Active(MB),Stream Ptr,Device Type\r\n"
                        "PTA,1500.000\t,1.5,4,,,NPU:0\r\nAPP,1600.000\t,,8,,,NPU:0\r\n");
        test::writeFile(out + "operator_memory.csv",
                        "Name,Size(KB),Allocation Time(us),Release Time(us),Device Type\r\n"
                        "aten::empty,0.5,1700.000\t,,NPU:0\r\n");
        auto ix = test::indexDir(dir);
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        COMPARE_ROWS(ix.rows("SELECT rank, tensor_id, op_name, size_bytes, addr, alloc_ns, free_ns, "
                             "alloc_step, free_step, bank "
                             "FROM tensors ORDER BY tensor_id"),
                     (std::vector<std::string>{"1|om2|aten::empty|512|NULL|1700000|NULL|1|NULL|NULL",
                                               "1|t1|AllReduce|1024|4294968320|1500000|2250000|1|2|0",
                                               "1|t2|Parameter|2048|4294967296|1000000|NULL|1|NULL|0"}));
        COMPARE_ROWS(ix.rows("SELECT component, ts_ns, allocated_bytes, reserved_bytes FROM memory_samples "
                             "ORDER BY ts_ns"),
                     (std::vector<std::string>{"PTA|1500000|1572864|4194304", "APP|1600000|NULL|8388608"}));
        QCOMPARE(ix.scalar("SELECT count FROM diagnostics WHERE what LIKE 'tensor row with a bad size%'"),
                 int64_t(1));
    }
    void legacyStepTrace() {
        std::string dir = test::tempDir("legacy");
        test::writeFile(
            dir + "/profiler/step_trace_raw_0_detail_time.csv",
            "step_num,start_point,end_point,total,fp_point,bp_point,iteration_interval,fp_and_bp,tail\n"
            "1,100000000,100500000,500000,1,2,0,3,4\n2,100500000,101000000,500000,1,2,0,3,4\n0,0,0,0,0,0,0,0,"
            "0\n");
        test::writeFile(
            dir + "/profiler/ascend_timeline_display_0.json",
            "[{\"name\":\"MatMul-op1\",\"ph\":\"X\",\"tid\":\"519\",\"ts\":1000000.5,\"dur\":2,\"pid\":1}]");
        auto ix = test::indexDir(dir);
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        COMPARE_ROWS(ix.rows("SELECT rank, step, start_ns, end_ns FROM steps ORDER BY step"),
                     (std::vector<std::string>{"0|1|1000000000|1005000000", "0|2|1005000000|1010000000"}));
        COMPARE_ROWS(ix.rows("SELECT name, op_type, ts_ns FROM spans"), {"MatMul-op1|MatMul|1000000500"});
    }
    void ascendDbWithoutOptionalColumns() {
        // A torch_npu level0-like export: COMMUNICATION_OP without waitNs and groupName, COMPUTE_TASK_INFO
        // without opType, no PYTORCH_API / STEP_TIME / memory tables, one TASK row with a NULL end.
        std::string dir = test::tempDir("db-variant") + "/rank0_ascend_pt/ASCEND_PROFILER_OUTPUT";
        std::filesystem::create_directories(dir);
        {
            index::Db db(dir + "/ascend_pytorch_profiler_0.db");
            db.exec(
                "CREATE TABLE STRING_IDS(id INTEGER, value TEXT);"
                "INSERT INTO STRING_IDS VALUES(1,'MatMulV2'),(2,'hcom_allReduce__1_0_1'),(3,'KERNEL_AICORE');"
                "CREATE TABLE TASK(startNs INTEGER, endNs INTEGER, streamId INTEGER, globalTaskId INTEGER,"
                " taskType INTEGER);"
                "INSERT INTO TASK VALUES(1000,1500,2,10,3),(2000,2600,2,11,3),(3000,NULL,2,12,3);"
                "CREATE TABLE COMPUTE_TASK_INFO(name INTEGER, globalTaskId INTEGER);"
                "INSERT INTO COMPUTE_TASK_INFO VALUES(1,10),(1,11);"
                "CREATE TABLE COMMUNICATION_OP(opName INTEGER, startNs INTEGER, endNs INTEGER);"
                "INSERT INTO COMMUNICATION_OP VALUES(2,5000,9000);"
                "CREATE TABLE RANK_DEVICE_MAP(rankId INTEGER, deviceId INTEGER);"
                "INSERT INTO RANK_DEVICE_MAP VALUES(0,0);"
                // the host's cards (this rank's is id 0) and add_metadata keys beside the schema version
                "CREATE TABLE NPU_INFO(id INTEGER, name TEXT);"
                "INSERT INTO NPU_INFO VALUES(0,'Ascend910B'),(1,'Ascend910A');"
                "CREATE TABLE META_DATA(name TEXT, value TEXT);"
                "INSERT INTO META_DATA VALUES('SCHEMA_VERSION','1.0.0'),('ENV_VARIABLES','{\"A\": \"1\"}'),"
                "('model_name','qwen-72b'),('lr','0.001');");
        }
        auto ix = test::indexDir(std::filesystem::path(dir).parent_path().parent_path().string());
        COMPARE_ROWS(ix.rows("SELECT key, value FROM labels ORDER BY key"),
                     (std::vector<std::string>{"framework|torch_npu", "hardware|Ascend910B", "meta.lr|0.001",
                                               "meta.model_name|qwen-72b", "model|qwen-72b"}));
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        COMPARE_ROWS(ix.rows("SELECT name, op_type, ts_ns, dur_ns FROM spans ORDER BY ts_ns"),
                     // kernel_details' Type for a collective is "hcom_allReduce_" (formats.md §2.3)
                     (std::vector<std::string>{"MatMulV2|MatMulV2|1000|500", "MatMulV2|MatMulV2|2000|600",
                                               "hcom_allReduce__1_0_1|hcom_allReduce_|5000|4000"}));
        QCOMPARE(ix.scalar("SELECT count(*) FROM collectives"), int64_t(1));
        // each degradation is said, never silent
        QCOMPARE(ix.scalar("SELECT count FROM diagnostics WHERE what LIKE 'TASK row with a NULL%'"),
                 int64_t(1));
        QCOMPARE(ix.scalar("SELECT count(*) FROM diagnostics WHERE what LIKE 'COMPUTE_TASK_INFO has no "
                           "column(s) opType%'"),
                 int64_t(1));
        QCOMPARE(ix.scalar("SELECT count(*) FROM diagnostics WHERE what LIKE 'COMMUNICATION_OP has no "
                           "column(s) groupName%'"),
                 int64_t(1));
    }
    void ascendDbTasksWithoutAPlane() {
        // COMMUNICATION_TASK_INFO rows whose planeId is 0xFFFFFFFF belong to no plane: one lane "Plane
        // (none)", drawn after the real planes, never "Plane 4294967295"
        std::string dir = test::tempDir("db-noplane") + "/rank0_ascend_pt/ASCEND_PROFILER_OUTPUT";
        std::filesystem::create_directories(dir);
        {
            index::Db db(dir + "/ascend_pytorch_profiler_0.db");
            db.exec(
                "CREATE TABLE STRING_IDS(id INTEGER, value TEXT);"
                "INSERT INTO STRING_IDS VALUES(1,'Memcpy'),(2,'Notify_Wait');"
                "CREATE TABLE TASK(startNs INTEGER, endNs INTEGER, streamId INTEGER, globalTaskId INTEGER,"
                " taskType INTEGER);"
                "INSERT INTO TASK VALUES(1000,1500,2,10,3),(2000,2600,2,11,3),(3000,3100,2,12,3);"
                "CREATE TABLE COMMUNICATION_TASK_INFO(name INTEGER, globalTaskId INTEGER, planeId INTEGER);"
                "INSERT INTO COMMUNICATION_TASK_INFO VALUES(1,10,0),(2,11,4294967295),(2,12,4294967295);"
                "CREATE TABLE RANK_DEVICE_MAP(rankId INTEGER, deviceId INTEGER);"
                "INSERT INTO RANK_DEVICE_MAP VALUES(0,0);");
        }
        auto ix = test::indexDir(std::filesystem::path(dir).parent_path().parent_path().string());
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        COMPARE_ROWS(ix.rows("SELECT t.name, count(*) FROM spans s JOIN tracks t ON t.track_id = s.track_id "
                             "WHERE t.kind = 'communication' GROUP BY t.name ORDER BY t.name"),
                     (std::vector<std::string>{"Plane (none)|2", "Plane 0|1"}));
    }
    void truncatedCommunicationJsonIsADiagnostic() {
        // a killed job leaves communication.json cut short: the trace still loads (its waits then come
        // from the Notify_Wait events), and the file is named with the byte offset where it broke
        std::string dir = test::tempDir("comm-truncated") + "/rank0_ascend_pt";
        test::writeFile(dir + "/ASCEND_PROFILER_OUTPUT/trace_view.json", kTraceView);
        test::writeFile(dir + "/ASCEND_PROFILER_OUTPUT/communication.json",
                        "{\"step7\": {\"collective\": {\"hcom_allReduce__1_0_1@123\": {\"Communication Time "
                        "Info\": {\"Start");
        auto ix = test::indexDir(dir);
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        QVERIFY(ix.scalar("SELECT count(*) FROM spans") >= 2);
        auto rows = ix.rows(
            "SELECT first_offset > 50 FROM diagnostics WHERE file LIKE '%communication.json' AND what LIKE "
            "'%not valid JSON%'");
        QCOMPARE(rows, std::vector<std::string>{"1"});
    }
    void truncatedLastCsvRowIsDropped() {
        // a job killed while writing: the last kernel row stops inside its start time ("17364088" would
        // read as 1970); every producer ends rows with a line break, so an unended last row is cut short
        std::string dir = test::tempDir("csv-truncated") + "/rank0_ascend_pt";
        std::string kd = kKernelDetails;
        kd += "7,4294967295,3,2,Add_1,Add,dynamic,AI_CORE,17364088";
        test::writeFile(dir + "/ASCEND_PROFILER_OUTPUT/kernel_details.csv", kd);
        auto ix = test::indexDir(dir);
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        QCOMPARE(ix.scalar("SELECT count(*) FROM spans"), int64_t(2));
        QCOMPARE(ix.scalar("SELECT count(*) FROM spans WHERE ts_ns < 1000000000000000000"), int64_t(0));
        QCOMPARE(
            ix.rows("SELECT first_offset FROM diagnostics WHERE what LIKE 'last row has no line end%'"),
            std::vector<std::string>{"5"}); // lines 1–4: the header and two rows, one quoted over two lines
    }
    void csvWithoutItsColumnsIsSkippedNotFatal() {
        // another producer version: kernel_details.csv without Duration(us), a whitespace-only
        // step_trace_time.csv; the trace view still loads and each skipped file is a diagnostic
        std::string dir = test::tempDir("csv-variant") + "/rank0_ascend_pt";
        test::writeFile(dir + "/ASCEND_PROFILER_OUTPUT/trace_view.json", kTraceView);
        test::writeFile(dir + "/ASCEND_PROFILER_OUTPUT/kernel_details.csv",
                        "Name,Type,Start Time(us)\nMatMulV2,MatMulV2,1\n");
        test::writeFile(dir + "/ASCEND_PROFILER_OUTPUT/step_trace_time.csv", "\n \n");
        auto ix = test::indexDir(dir);
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        QVERIFY(ix.scalar("SELECT count(*) FROM spans") >= 2);
        QCOMPARE(
            ix.scalar("SELECT count(*) FROM diagnostics WHERE file LIKE '%kernel_details.csv' AND what LIKE "
                      "'%without Name/Start Time(us)/Duration(us)%'"),
            int64_t(1));
        QCOMPARE(ix.scalar("SELECT count(*) FROM diagnostics WHERE file LIKE '%step_trace_time.csv'"),
                 int64_t(1));
    }
    void ascendDbMissingRequiredColumnSkipsTheTable() {
        std::string dir = test::tempDir("db-variant2") + "/rank0_ascend_pt/ASCEND_PROFILER_OUTPUT";
        std::filesystem::create_directories(dir);
        {
            index::Db db(dir + "/ascend_pytorch_profiler_0.db");
            db.exec(
                "CREATE TABLE STRING_IDS(id INTEGER, value TEXT); INSERT INTO STRING_IDS VALUES(1,'Add_1');"
                "CREATE TABLE TASK(startNs INTEGER, endNs INTEGER, streamId INTEGER, globalTaskId INTEGER);"
                "INSERT INTO TASK VALUES(10,20,1,1);"
                "CREATE TABLE COMPUTE_TASK_INFO(name INTEGER, globalTaskId INTEGER); INSERT INTO "
                "COMPUTE_TASK_INFO VALUES(1,1);"
                "CREATE TABLE STEP_TIME(id INTEGER, startNs INTEGER);"); // no endNs
        }
        auto ix = test::indexDir(std::filesystem::path(dir).parent_path().parent_path().string());
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        QCOMPARE(ix.scalar("SELECT count(*) FROM spans"), int64_t(1));
        QCOMPARE(
            ix.scalar("SELECT count(*) FROM diagnostics WHERE what LIKE 'STEP_TIME lacks column(s) endNs%'"),
            int64_t(1));
    }
};

QTEST_GUILESS_MAIN(TstImporters)
#include "tst_importers.moc"
