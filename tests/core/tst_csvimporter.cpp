// Golden tests of the CSV importers alone (core/import/csvimporter): each tiny file below is imported
// into memory (tests/support/importharness.h: no SQLite, no analysis) and must give exactly the rows
// listed, worked out by hand: µs × 1000 = ns (tab-suffixed and ns-decimal times included), MB × 2^20 =
// bytes, KB × 1024 = bytes, MindSpore 1.x step-trace ticks × 10 = ns, hccl_raw ms × 10^6 = ns. Columns
// are found by name, so every producer version's header is a row here (formats.md §2.3–2.6, §4).
#include "core/import/rankstate.h"
#include "tests/support/importharness.h"
#include "tests/support/testsupport.h"

#include <QtTest>

using namespace rs;
using import::FileKind;

Q_DECLARE_METATYPE(FileKind)

namespace {

QStringList sorted(const std::vector<std::string>& lines) {
    QStringList out;
    for (const auto& l : lines)
        out << QString::fromStdString(l);
    out.sort();
    return out;
}

/// A rank whose trace gave steps 1 [1, 2) ms and 2 [2, 3) ms (memory_usage.csv places tensors by step).
import::RankState rankWithTraceSteps(){import::RankState r;
r.traceSteps = {{1, {1000000, 2000000}}, {2, {2000000, 3000000}}};
r.haveTraceSteps = true;
return r;
} // namespace

} // namespace

class TstCsvImporter : public QObject {
    Q_OBJECT
  private Q_SLOTS:
    void golden_data() {
        QTest::addColumn<QString>("file");
        QTest::addColumn<FileKind>("kind");
        QTest::addColumn<bool>("traceView"); // the rank has a trace_view (kernel rows are then no spans)
        QTest::addColumn<QString>("content");
        QTest::addColumn<QStringList>("expected");
        // --- kernel_details.csv -----------------------------------------------------------------------
        QTest::newRow("kernel_details: torch_npu 2025 (Step Id, tab-suffixed times, Block Dim, N/A)")
            << "kernel_details.csv" << FileKind::KernelDetails << false
            << "Step Id,Model ID,Task ID,Stream ID,Name,Type,OP State,Accelerator Core,Start "
               "Time(us),Duration(us),"
               "Wait Time(us),Block Dim,Mix Block Dim,Input Shapes,Input Data Types\r\n"
               "50,4294967295,1,2,trans_TransData_0,TransData,dynamic,AI_VECTOR_CORE,1736408883704643.212\t,"
               "53.742,"
               "0,8,0,\"\"\"32,3,224,224\"\"\",FLOAT16\r\n"
               "50,4294967295,2,2,aclnnMm_MatMulCommon_MatMulV2,N/"
               "A,dynamic,AI_CORE,1736408883704700.000\t,10,0.5,"
               "24,0,\"\"\"4,512;512,1024\"\"\",\"FLOAT16;FLOAT16\"\r\n"
               "51,4294967295,3,7,hcom_allReduce__586_0_1,hcom_allReduce_,N/"
               "A,HCCL,1736408883705000.5\t,100.25,0,"
               "N/A,N/A,N/A,N/A\r\n"
            << QStringList{
                   "track compute|Ascend Hardware|Stream 2||2|2|2|0",
                   "track compute|Ascend Hardware|Stream 7||7|7|1|0",
                   "span Stream 2|1736408883704643212|53742|trans_TransData_0|TransData|AI_VECTOR_CORE|0",
                   "span Stream 2|1736408883704700000|10000|aclnnMm_MatMulCommon_MatMulV2|"
                   "aclnnMm_MatMulCommon_MatMulV2|AI_CORE|0",
                   "span Stream 7|1736408883705000500|100250|hcom_allReduce__586_0_1|hcom_allReduce_|HCCL|0",
                   "kernelstep 50|1736408883704643212|1736408883704710000",
                   "kernelstep 51|1736408883705000500|1736408883705100750",
                   "shape 0|1736408883704643212|53742|TransData|32,3,224,224|FLOAT16",
                   "shape 0|1736408883704700000|10000|aclnnMm_MatMulCommon_MatMulV2|4,512;512,1024|"
                   "FLOAT16;FLOAT16"};
        QTest::newRow("kernel_details: Device_id first, Step ID, CANN names, Block Num, an empty step")
            << "kernel_details.csv" << FileKind::KernelDetails << false
            << "Device_id,Step ID,Model ID,Task ID,Stream ID,Op Name,OP Type,Task Type,Task Start Time(us),"
               "Task Duration(us),Task Wait Time(us),Block Num,Mix Block Num\n"
               "3,1,1,5,10,Default/network/MatMul-op1,MatMul,AI_CORE,1695115378713661,20.5,0,32,0\n"
               "3,1,1,6,10,Default/network/Add-op2,,AI_CORE,1695115378713700,1,0,N/A,N/A\n"
               "3,,1,7,10,Cast_5,Cast,AI_VECTOR_CORE,1695115378713800,2,0,1,0\n"
            << QStringList{
                   "track compute|Ascend Hardware|Stream 10||10|10|3|0",
                   "span Stream 10|1695115378713661000|20500|Default/network/MatMul-op1|MatMul|AI_CORE|0",
                   "span Stream 10|1695115378713700000|1000|Default/network/Add-op2|Add|AI_CORE|0",
                   "span Stream 10|1695115378713800000|2000|Cast_5|Cast|AI_VECTOR_CORE|0",
                   "kernelstep 1|1695115378713661000|1695115378713701000"};
        QTest::newRow("kernel_details: no step column (MindSpore O2), beside a trace_view, a bad row")
            << "kernel_details.csv" << FileKind::KernelDetails << true
            << "Name,Type,Accelerator Core,Start Time(us),Duration(us),Input Shapes,Input Data Types\n"
               "Conv2D_1,Conv2D,AI_CORE,100.5,2,\"1,3,8,8\",FLOAT\n"
               "Relu_2,Relu,AI_VECTOR_CORE,abc,1,\"1,3,8,8\",FLOAT\n"
            << QStringList{"shape 0|100500|2000|Conv2D|1,3,8,8|FLOAT",
                           "diag warning|kernel row with a bad Start Time/Duration (offset = line)|1|3"};
        // --- step_trace_time.csv ----------------------------------------------------------------------
        QTest::newRow("step_trace_time: with Preparing (torch_npu level1)")
            << "step_trace_time.csv" << FileKind::StepTraceTime << true
            << "Step,Computing,Communication(Not Overlapped),Overlapped,Communication,Free,Stage,Bubble,"
               "Communication(Not Overlapped and Exclude Receive),Preparing\n"
               "50,8873.756000000001,101963.203,4028.675,105991.878,25744.05,136581.0,0,101963.203,17902.5\n"
            << QStringList{
                   "breakdown 0|50|8873756|101963203|4028675|105991878|25744050|136581000|0|17902500"};
        QTest::newRow("step_trace_time: without Preparing, an empty and a bad Step")
            << "step_trace_time.csv" << FileKind::StepTraceTime << true
            << "Step,Computing,Communication(Not Overlapped),Overlapped,Communication,Free,Stage,Bubble,"
               "Communication(Not Overlapped and Exclude Receive)\n"
               "2,100,50,10,60,5,0,0,50\n"
               ",1,1,1,1,1,1,1,1\n"
               "x,1,1,1,1,1,1,1,1\n"
            << QStringList{"breakdown 0|2|100000|50000|10000|60000|5000|0|0|-",
                           "diag warning|step row with a bad Step (offset = line)|1|4"};
        // --- memory -----------------------------------------------------------------------------------
        QTest::newRow("memory_record: torch_npu (Total Active, Stream Ptr, empty cells)")
            << "memory_record.csv" << FileKind::MemoryRecord << true
            << "Component,Timestamp(us),Total Allocated(MB),Total Reserved(MB),Total Active(MB),Stream Ptr,"
               "Device Type\r\n"
               "PTA,1736408883704643.212\t,1.5,4,2,94,NPU:0\r\n"
               "APP,1736408883704700.000\t,,8,,,NPU:0\r\n"
            << QStringList{"memory 0|1736408883704643212|PTA|1572864|4194304|2097152",
                           "memory 0|1736408883704700000|APP|-|8388608|-"};
        QTest::newRow("memory_record: older (no Total Active)")
            << "memory_record.csv" << FileKind::MemoryRecord << true
            << "Component,Timestamp(us),Total Allocated(MB),Total Reserved(MB),Device Type\n"
               "GE,1695115378713661,0.25,1,NPU:0\n"
            << QStringList{"memory 0|1695115378713661000|GE|262144|1048576|-"};
        // msinsight's test_rank_1 memory_record.csv went through a spreadsheet: "1.69512E+15" µs is exact to
        // ±5·10⁹ µs (83 min), drawn 77 min after the run; "1.736408883704643E+15" keeps µs and is read. The
        // rounded rows count in the peaks, untimed (r51d #2: dropped, the rank lost its peaks; 10750.375 MB =
        // 11272585216 bytes), and so does a row whose time cannot be read at all
        QTest::newRow("memory_record: timestamps rounded by a spreadsheet")
            << "memory_record.csv" << FileKind::MemoryRecord << true
            << "Component,Timestamp(us),Total Allocated(MB),Total Reserved(MB),Device Type\n"
               "APP,1.69512E+15,,10750.375,NPU:1\n"
               "APP,1.69512E+15,,10750.375,NPU:1\n"
               "GE,1.736408883704643E+15,0.25,1,NPU:0\n"
               "PTA,x,0.5,2,NPU:0\n"
            << QStringList{
                   "memory 0|-|APP|-|11272585216|-",
                   "memory 0|-|APP|-|11272585216|-",
                   "memory 0|1736408883704643000|GE|262144|1048576|-",
                   "memory 0|-|PTA|524288|2097152|-",
                   "diag warning|memory row whose Timestamp is rounded to a few digits (exponent notation, "
                   "e.g. saved by a spreadsheet): it cannot be placed in time, counted in the memory peaks, "
                   "not drawn (offset = line)|2|2",
                   "diag warning|memory row with a bad Timestamp: counted in the memory peaks, not drawn "
                   "(offset = line)|1|5"};
        QTest::newRow("npu_module_mem: per CANN module, N/A")
            << "npu_module_mem.csv" << FileKind::NpuModuleMem << true
            << "Component,Timestamp(us),Total Reserved(MB),Device\n"
               "SLOG,1736408883704643.212\t,2,NPU:0\n"
               "HCCL,1736408883704700,N/A,NPU:0\n"
            << QStringList{"memory 0|1736408883704643212|module:SLOG|-|2097152|-",
                           "memory 0|1736408883704700000|module:HCCL|-|-|-"};
        QTest::newRow("operator_memory: torch_npu (Active columns, tab suffixes, not released)")
            << "operator_memory.csv" << FileKind::OperatorMemory << true
            << "Name,Size(KB),Allocation Time(us),Release Time(us),Active Release "
               "Time(us),Duration(us),Active "
               "Duration(us),Allocation Total Allocated(MB),Allocation Total Reserved(MB),Allocation Total "
               "Active(MB),Release Total Allocated(MB),Release Total Reserved(MB),Release Total "
               "Active(MB),Stream "
               "Ptr,Device Type\r\n"
               "aten::empty,512,1736408883704643.212\t,1736408883704743.212\t,1736408883704743.212\t,100,100,"
               "1,2,1,"
               "0.5,2,0.5,94,NPU:0\r\n"
               "aten::add,0.5,1736408883704700.000\t,,,,,1,2,1,,,,94,NPU:0\r\n"
            << QStringList{"tensor 0|om2|aten::empty|524288|-|1736408883704643212|1736408883704743212|-|-|0|"
                           "operator_memory",
                           "tensor 0|om3|aten::add|512|-|1736408883704700000|-|-|-|0|operator_memory"};
        QTest::newRow("operator_memory: older column set")
            << "operator_memory.csv" << FileKind::OperatorMemory << true
            << "Name,Size(KB),Allocation Time(us),Release Time(us),Duration(us),Allocation Total "
               "Allocated(MB),"
               "Allocation Total Reserved(MB),Release Total Allocated(MB),Release Total Reserved(MB),Device "
               "Type\n"
               "cast,4,1695115378713661,1695115378713761,100,1,2,1,2,NPU:1\n"
            << QStringList{
                   "tensor 0|om2|cast|4096|-|1695115378713661000|1695115378713761000|-|-|1|operator_memory"};
        // --- MindSpore 1.x ----------------------------------------------------------------------------
        QTest::newRow("legacy step_trace_raw: 10 ns ticks, a comm op column pair, summary rows")
            << "step_trace_raw_0_detail_time.csv" << FileKind::LegacyStepTrace << true
            << "step_num,start_point,end_point,total,fp_point,bp_point,iteration_interval,fp_and_bp,tail,"
               "stream_36_0_AllReduce-op4542_start_point,stream_36_0_AllReduce-op4542_end_point\n"
               "1,100000000,100500000,500000,1,2,0,3,4,100100000,100200000\n"
               "2,100500000,101000000,500000,1,2,0,3,4,0,0\n"
               "0,0,0,0,0,0,0,0,0,0,0\n"
               "-,1,1,1,1,1,1,1,1,1,1\n"
            // the rows' fp_and_bp (3) and tail (4) are not read: said, never dropped silently (r50b)
            << QStringList{"diag info|step_trace_raw's fp_and_bp and tail (MindSpore's forward+backward span "
                           "and the step's "
                           "tail, on the step-trace clock) are not read: no phase inside a step is drawn or "
                           "reported from them|1|-1",
                           "track communication|HCCL|Stream 36|legacy|comm|0|1|0",
                           "span Stream 36|1001000000|1000000|AllReduce-op4542|AllReduce||0",
                           "step 0|1|1000000000|1005000000|legacy-step-trace",
                           "step 0|2|1005000000|1010000000|legacy-step-trace"};
        // two streams' ops overlap in time: each stream is a lane, both ops at depth 0 (on one lane the
        // later op nested under the other and was no collective)
        QTest::newRow("legacy step_trace_raw: a lane per stream")
            << "step_trace_raw_0_detail_time.csv" << FileKind::LegacyStepTrace << true
            << "step_num,start_point,end_point,total,fp_point,bp_point,iteration_interval,fp_and_bp,tail,"
               "stream_48_0_Receive-op663_start_point,stream_48_0_Receive-op663_end_point,"
               "stream_36_0_AllReduce-op4542_start_point,stream_36_0_AllReduce-op4542_end_point\n"
               "1,100000000,100500000,500000,1,2,0,3,4,99900000,100300000,100100000,100200000\n"
            << QStringList{"diag info|step_trace_raw's fp_and_bp and tail (MindSpore's forward+backward span "
                           "and the step's "
                           "tail, on the step-trace clock) are not read: no phase inside a step is drawn or "
                           "reported from them|1|-1",
                           "track communication|HCCL|Stream 36|legacy|comm|0|1|0",
                           "track communication|HCCL|Stream 48|legacy|comm|0|1|0",
                           "span Stream 36|1001000000|1000000|AllReduce-op4542|AllReduce||0",
                           "span Stream 48|999000000|4000000|Receive-op663|Receive||0",
                           "step 0|1|1000000000|1005000000|legacy-step-trace"};
        QTest::newRow("legacy hccl_raw: per-op cost and wait in ms")
            << "hccl_raw_0.csv" << FileKind::LegacyHccl << true
            << "step_num,communication_cost,wait_cost,link_info,communication_operator_cost\n"
               "1,5.5,1.25,\"{\"\"0-1\"\": {\"\"SDMA\"\": [1.0, 1024, "
               "1.0]}}\",\"{\"\"stream_41_0_AllReduce-op4582\"\": "
               "[1, 5.5, 1.25, {}]}\"\n"
               "-,1,1,{},{}\n"
            << QStringList{
                   "commop 0|1|AllReduce-op4582||0|5500000|4250000|1250000|0|0|0",
                   // link_info: size 1024 in hccl_raw's unit kept × 1000, cost 1.0 ms (hcclrawlinks.h)
                   "commlink 0|1|all|link_info|total||hccl_raw_0.csv|0-1|local|SDMA|1024000|1000000|-||"
                   "hccl_raw|hccl_raw units",
                   "commsource 0|hccl_raw|1|1|link_info: per step, the sum over its ops; size in "
                   "hccl_raw's own unit"};
    }
    void golden() {
        QFETCH(QString, file);
        QFETCH(FileKind, kind);
        QFETCH(bool, traceView);
        QFETCH(QString, content);
        QFETCH(QStringList, expected);
        const std::string path = test::tempDir("csv-golden") + "/" + file.toStdString();
        test::writeFile(path, content.toStdString());
        const auto r = test::importOne(path, kind, {}, traceView);
        QVERIFY2(r.ok, r.error.c_str());
        expected.sort();
        QCOMPARE(sorted(r.lines()), expected);
    }
    void legacyCollectivesAreTyped() {
        // MindSpore 1.x: the step trace's comm op columns become a collective lane; hccl_raw rows have no
        // start (matched by step and name) and say so by their source; a Receive is point-to-point
        const std::string dir = test::tempDir("csv-facts");
        test::writeFile(
            dir + "/step_trace_raw_0_detail_time.csv",
            "step_num,start_point,end_point,total,fp_point,bp_point,iteration_interval,fp_and_bp,"
            "tail,stream_36_0_AllReduce-op4542_start_point,stream_36_0_AllReduce-op4542_end_point\n"
            "1,100000000,100500000,500000,1,2,0,3,4,100100000,100200000\n");
        const auto trace =
            test::importOne(dir + "/step_trace_raw_0_detail_time.csv", FileKind::LegacyStepTrace);
        QVERIFY2(trace.ok, trace.error.c_str());
        QCOMPARE(trace.rows.tracks.size(), size_t(1));
        QVERIFY(trace.rows.tracks[0].role == model::TrackRole::CollectiveLane);
        test::writeFile(dir + "/hccl_raw_0.csv",
                        "step_num,communication_cost,wait_cost,link_info,communication_operator_cost\n"
                        "1,5.5,1.25,{},\"{\"\"stream_41_0_AllReduce-op4582\"\": [1, 5.5, 1.25, {}], "
                        "\"\"stream_42_0_Receive-op12\"\": [1, 1.0, 0.5, {}]}\"\n");
        const auto raw = test::importOne(dir + "/hccl_raw_0.csv", FileKind::LegacyHccl);
        QVERIFY2(raw.ok, raw.error.c_str());
        QStringList facts;
        for (const auto& op : raw.rows.commOps)
            facts << QString::fromStdString(op.name + "|" + std::string(model::sqlText(op.source)) + "|" +
                                            op.facts.collective + (op.facts.pointToPoint ? "|p2p" : ""));
        facts.sort();
        QCOMPARE(facts,
                 QStringList({"AllReduce-op4582|hccl_raw|AllReduce", "Receive-op12|hccl_raw|Receive|p2p"}));
    }
    void kernelDetailsTellTheRank() {
        // the device (Device_id) and each kernel's op type by name (for the trace_view spans read next)
        const std::string path = test::tempDir("csv-golden") + "/kernel_details.csv";
        test::writeFile(path, "Device_id,Name,Type,Start Time(us),Duration(us)\n"
                              "5,trans_TransData_0,TransData,1,1\n5,MatMul_1,N/A,2,1\n");
        const auto r = test::importOne(path, FileKind::KernelDetails);
        QCOMPARE(r.rank.deviceId, std::optional<int64_t>(5));
        QCOMPARE(r.rank.opTypeByName.size(), size_t(1)); // N/A is no type
        QCOMPARE(QString::fromStdString(r.rank.opTypeByName.at("trans_TransData_0")), QString("TransData"));
    }
    void memoryFilesNameTheDevice_data() {
        QTest::addColumn<int>("kind");
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("content");
        QTest::addColumn<QString>("framework");
        QTest::addColumn<qint64>("device"); // -1: not known
        // walk 26: text level1's memory_record.csv says "NPU:0" on rank 0 and "NPU:1" on rank 1 (the .db
        // export of the job: deviceId 0), but `info` said "device -". MindSpore 2.3 writes the rank there
        // (formats.md §2.6): only a torch_npu export's is the device
        const QString record =
            "Component,Timestamp(us),Total Allocated(MB),Total Reserved(MB),Total "
            "Active(MB),Stream Ptr,Device Type\nAPP,1736408883573957.920\t,,2109.6,,,NPU:3\n";
        const int rec = int(FileKind::MemoryRecord);
        QTest::newRow("torch_npu memory_record")
            << rec << "memory_record.csv" << record << "torch_npu" << 3LL;
        QTest::newRow("mindspore: the rank") << rec << "memory_record.csv" << record << "mindspore" << -1LL;
        QTest::newRow("producer not known") << rec << "memory_record.csv" << record << "" << -1LL;
        QTest::newRow("torch_npu npu_module_mem")
            << int(FileKind::NpuModuleMem) << "npu_module_mem.csv"
            << "Component,Timestamp(us),Total Reserved(MB),Device\nSLOG,1736408883657086.220\t,0.0,NPU:2\n"
            << "torch_npu" << 2LL;
        QTest::newRow("torch_npu operator_memory")
            << int(FileKind::OperatorMemory) << "operator_memory.csv"
            << "Name,Size(KB),Allocation Time(us),Release Time(us),Device Type\n"
               "cann::Graph_70,192,1695115378723902.5,1695115378723939.2,NPU:1\n"
            << "torch_npu" << 1LL;
    }
    void memoryFilesNameTheDevice() {
        QFETCH(int, kind);
        QFETCH(QString, file);
        QFETCH(QString, content);
        QFETCH(QString, framework);
        QFETCH(qint64, device);
        const std::string path = test::tempDir("csv-device") + "/" + file.toStdString();
        test::writeFile(path, content.toStdString());
        import::RankState rank;
        if (!framework.isEmpty()) rank.labels["framework"] = framework.toStdString();
        const auto r = test::importOne(path, FileKind(kind), rank);
        QVERIFY2(r.ok, r.error.c_str());
        QCOMPARE(r.rank.deviceId, device < 0 ? std::nullopt : std::optional<int64_t>(device));
    }
    void memoryUsageByStep() {
        // memory_usage.csv places tensors by fractional step positions on the trace's steps: 1.5 is half
        // way through step 1 [1, 2) ms, 2.25 a quarter into the last step [2, 3) ms
        const std::string path = test::tempDir("csv-golden") + "/memory_usage.csv";
        test::writeFile(path, "op_name,tensor_id,size_bytes,alloc_time,free_time,device_id,addr\n"
                              "AllReduce,t1,1024,1.5,2.25,0,0x100000400\n"
                              "Parameter,t2,2048,1.0,,0,0x100000000\n"
                              "Bad,t3,xx,1.0,,0,0x1\n"
                              "Weird,t4,8,1.0,,0,0xZZ\n");
        const auto r = test::importOne(path, FileKind::MemoryUsage, rankWithTraceSteps());
        QVERIFY2(r.ok, r.error.c_str());
        QCOMPARE(sorted(r.lines()),
                 sorted({"tensor 0|t1|AllReduce|1024|4294968320|1500000|2250000|1.5|2.25|0|memory_usage",
                         "tensor 0|t2|Parameter|2048|4294967296|1000000|-|1|-|0|memory_usage",
                         "tensor 0|t4|Weird|8|-|1000000|-|1|-|0|memory_usage",
                         "diag warning|tensor row with a bad size_bytes/alloc_time (offset = line)|1|4",
                         "diag warning|bad hex address (offset = line)|1|5"}));
        QCOMPARE(r.rank.deviceId, std::optional<int64_t>(0));
    }
    void legacyFrameworkGivesOpTypes() {
        const std::string path = test::tempDir("csv-golden") + "/framework_raw_0.csv";
        test::writeFile(path, "task_id,stream_id,block_dim,full_op_name,op_name,op_type,subgraph,op_info\n"
                              "1,519,32,Default/network/MatMul-op1,MatMul-op1,MatMul,Default,{}\n");
        const auto r = test::importOne(path, FileKind::LegacyFramework);
        QVERIFY2(r.ok, r.error.c_str());
        QVERIFY(r.lines().empty());
        QCOMPARE(r.rank.opTypeByName.size(), size_t(2));
        QCOMPARE(QString::fromStdString(r.rank.opTypeByName.at("Default/network/MatMul-op1")),
                 QString("MatMul"));
        QCOMPARE(QString::fromStdString(r.rank.opTypeByName.at("MatMul-op1")), QString("MatMul"));
    }
};

QTEST_GUILESS_MAIN(TstCsvImporter)
#include "tst_csvimporter.moc"
