// Golden tests of the Ascend SQLite export importer alone (core/import/ascenddbimporter): each database is
// built here with the tables of one export version and imported into memory (tests/support/importharness.h:
// no index, no analysis); its rows must be exactly those below, worked out by hand from the tables: times
// are integer ns already, names are ids into STRING_IDS, PYTORCH_API's globalTid is pid << 32 | tid
// (formats.md §2.8, §8).
#include "tests/support/importharness.h"
#include "tests/support/testsupport.h"

#include <QtTest>

using namespace rs;
using import::FileKind;

namespace {

/// A database `name` holding `sql`, in a fresh rank directory; returns its path.
std::string makeDb(const std::string& name, const std::string& sql) {
    return test::makeSqliteFile("db-golden", "rank_ascend_pt/ASCEND_PROFILER_OUTPUT/" + name, sql);
}

} // namespace

class TstAscendDbImporter : public QObject {
    Q_OBJECT
  private Q_SLOTS:
    void level1Export() {
        // every table a torch_npu level1 export has, COMMUNICATION_OP with its waitNs (not used: the waits
        // come from the Notify_Wait tasks)
        const std::string path = makeDb(
            "ascend_pytorch_profiler_2.db",
            "CREATE TABLE STRING_IDS(id INTEGER PRIMARY KEY, value TEXT);"
            "INSERT INTO STRING_IDS VALUES(1,'MatMulV2'),(2,'MatMul'),(3,'hcom_allReduce__1_0_1'),"
            "(4,'Notify_Wait'),(5,'aten::mm'),(6,'ProfilerStep#3'),(7,'\"4,512;512,1024\"'),"
            "(8,'FLOAT16;FLOAT16'),(9,'group_a'),(10,'PTA'),(11,'aten::empty'),(12,'AI_CORE'),"
            "(13,'aclnnMatmul');"
            "CREATE TABLE TASK(startNs INTEGER, endNs INTEGER, deviceId INTEGER, connectionId INTEGER,"
            " globalTaskId INTEGER, globalPid INTEGER, taskType INTEGER, contextId INTEGER, streamId INTEGER,"
            " taskId INTEGER, modelId INTEGER, depth INTEGER);"
            "INSERT INTO TASK VALUES(1000,1500,0,1,10,0,12,0,2,1,0,0),(2000,2600,0,2,11,0,12,0,2,2,0,0),"
            "(5100,5200,0,3,20,0,12,0,5,3,0,0),(5300,5400,0,4,21,0,12,0,5,4,0,0),"
            "(7000,7100,0,5,30,0,12,0,3,5,0,0);"
            "CREATE TABLE COMPUTE_TASK_INFO(name INTEGER, globalTaskId INTEGER, blockDim INTEGER,"
            " mixBlockDim INTEGER, taskType INTEGER, opType INTEGER, inputFormats INTEGER,"
            " inputDataTypes INTEGER, inputShapes INTEGER, outputFormats INTEGER, outputDataTypes INTEGER,"
            " outputShapes INTEGER, attrInfo INTEGER, waitNs INTEGER);"
            "INSERT INTO COMPUTE_TASK_INFO VALUES(1,10,24,0,12,2,NULL,8,7,NULL,NULL,NULL,NULL,0),"
            "(1,11,24,0,12,2,NULL,NULL,NULL,NULL,NULL,NULL,NULL,0);"
            "CREATE TABLE COMMUNICATION_TASK_INFO(name INTEGER, globalTaskId INTEGER, taskType INTEGER,"
            " planeId INTEGER, groupName INTEGER, notifyId INTEGER, rdmaType INTEGER, srcRank INTEGER,"
            " dstRank INTEGER, transportType INTEGER, size INTEGER, dataType INTEGER, linkType INTEGER,"
            " opId INTEGER);"
            "INSERT INTO COMMUNICATION_TASK_INFO VALUES(4,20,4,0,9,1,0,0,1,0,0,0,0,1),"
            "(4,21,4,1,9,2,0,0,1,0,0,0,0,1);"
            "CREATE TABLE COMMUNICATION_OP(opName INTEGER, startNs INTEGER, endNs INTEGER, connectionId "
            "INTEGER,"
            " groupName INTEGER, opId INTEGER, relay INTEGER, retry INTEGER, dataType INTEGER, algType "
            "INTEGER,"
            " count INTEGER, opType INTEGER, waitNs INTEGER);"
            "INSERT INTO COMMUNICATION_OP VALUES(3,5000,9000,6,9,1,0,0,0,0,1024,3,123);"
            "CREATE TABLE PYTORCH_API(startNs TEXT, endNs TEXT, globalTid INTEGER, connectionId INTEGER,"
            " name INTEGER, sequenceNumber INTEGER, fwdThreadId INTEGER, inputDtypes INTEGER,"
            " inputShapes INTEGER, callchainId INTEGER, type INTEGER, depth INTEGER);"
            "INSERT INTO PYTORCH_API VALUES('900','9500',429496729607,NULL,6,NULL,NULL,NULL,NULL,NULL,0,0),"
            "('1000','1600',429496729607,1,5,NULL,NULL,NULL,NULL,NULL,0,1);"
            "CREATE TABLE STEP_TIME(id INTEGER, startNs INTEGER, endNs INTEGER);"
            "INSERT INTO STEP_TIME VALUES(3,900,9500);"
            "CREATE TABLE MEMORY_RECORD(component INTEGER, timestamp INTEGER, totalAllocated INTEGER,"
            " totalReserved INTEGER, totalActive INTEGER, streamPtr INTEGER, deviceId INTEGER);"
            "INSERT INTO MEMORY_RECORD VALUES(10,1200,1048576,2097152,NULL,94,0);"
            "CREATE TABLE OP_MEMORY(name INTEGER, size INTEGER, allocationTime INTEGER, releaseTime INTEGER,"
            " activeReleaseTime INTEGER, duration INTEGER, activeDuration INTEGER, allocationTotalAllocated"
            " INTEGER, allocationTotalReserved INTEGER, allocationTotalActive INTEGER, releaseTotalAllocated"
            " INTEGER, releaseTotalReserved INTEGER, releaseTotalActive INTEGER, streamPtr INTEGER,"
            " deviceId INTEGER);"
            "INSERT INTO OP_MEMORY VALUES(11,4096,1100,8000,8000,6900,6900,0,0,0,0,0,0,94,0);"
            "CREATE TABLE RANK_DEVICE_MAP(rankId INTEGER, deviceId INTEGER);"
            "INSERT INTO RANK_DEVICE_MAP VALUES(2,0);"
            // CANN API calls (the text export draws them as "CANN" / "Thread <tid>"); a table of PMU
            // samples that is not read is named with its rows, an ENUM_ lookup table is not
            "CREATE TABLE CANN_API(startNs INTEGER, endNs INTEGER, type INTEGER, globalTid INTEGER,"
            " connectionId INTEGER PRIMARY KEY, name INTEGER, depth INTEGER);"
            "INSERT INTO CANN_API VALUES(950,1700,20000,429496729608,1,13,0);"
            "CREATE TABLE TASK_PMU_INFO(globalTaskId INTEGER, name INTEGER, value REAL);"
            "INSERT INTO TASK_PMU_INFO VALUES(10,1,0.5),(11,1,0.25);"
            "CREATE TABLE ENUM_API_TYPE(id INTEGER, name TEXT);"
            "INSERT INTO ENUM_API_TYPE VALUES(20000,'acl');");
        const auto r = test::importOne(path, FileKind::AscendDb);
        QVERIFY2(r.ok, r.error.c_str());
        QCOMPARE(r.rank.rank, 2);
        QCOMPARE(r.rank.deviceId, std::optional<int64_t>(0));
        QCOMPARE(QString::fromStdString(r.rank.labels.at("framework")), QString("torch_npu"));
        QCOMPARE(
            test::sortedLines(r.lines()),
            test::sortedLines(
                {"track compute|Ascend Hardware|Stream 2|db|stream:2|2|2|0",
                 "track compute|Ascend Hardware|Stream 3|db|stream:3|3|1|0",
                 "track communication|HCCL|Plane 0|db|plane:0|1|1|0",
                 "track communication|HCCL|Plane 1|db|plane:1|2|1|0",
                 "track communication|HCCL|Group 0 Communication|db|group:9|0|1|0",
                 "track host|Python|Thread 7 (Python 100)|db|host:429496729607|7|2|1",
                 "track host|CANN|Thread 8 (CANN 100)|db|cann:429496729608|8|1|0",
                 "span Thread 8 (CANN 100)|950|750|aclnnMatmul|aclnnMatmul||0",
                 "diag info|tables not read (rows): TASK_PMU_INFO (2)|1|-1",
                 "span Stream 2|1000|500|MatMulV2|MatMul||0", "span Stream 2|2000|600|MatMulV2|MatMul||0",
                 "span Stream 3|7000|100|AI_CORE|AI_CORE||0", // a task without kernel info: its type
                 "span Plane 0|5100|100|Notify_Wait|Notify_Wait||0",
                 "span Plane 1|5300|100|Notify_Wait|Notify_Wait||0",
                 "span Group 0 Communication|5000|4000|hcom_allReduce__1_0_1|hcom_allReduce_||0",
                 "span Thread 7 (Python 100)|900|8600|ProfilerStep#3|ProfilerStep#3||0",
                 "span Thread 7 (Python 100)|1000|600|aten::mm|aten::mm||1", "step 2|3|900|9500|trace",
                 "step 2|3|900|9500|step_time", "shape 2|1000|500|MatMul|4,512;512,1024|FLOAT16;FLOAT16",
                 "memory 2|1200|PTA|1048576|2097152|-",
                 "tensor 2|db1|aten::empty|4096|-|1100|8000|-|-|0|op_memory_db",
                 // the two Notify_Wait tasks name a link (0 → 1) but move no data (size 0): counted,
                 // no link row
                 "commsource 2|COMMUNICATION_TASK_INFO|2|2|",
                 // the CANN call launched the first kernel (connectionId 1): its arrow; the other kernel,
                 // the AI_CORE task and the collective carry ids no CANN call has (no CONNECTION_IDS)
                 "flow 2|1|HostToDevice|HostToDevice1|s||950|Thread 8 (CANN 100)",
                 "flow 2|1|HostToDevice|HostToDevice1|f|e|1000|Stream 2",
                 "diag info|device tasks whose connectionId is no CANN_API call's: drawn without a launch "
                 "arrow|3|-1"}));
        // what each lane is to the collectives, typed at import: the planes with their numbers, the
        // group lane (one collective instance per top-level span), nothing else
        QStringList roles;
        for (const auto& t : r.rows.tracks)
            roles << QString::fromStdString(t.name + "|" + std::string(model::sqlText(t.role)) + "|" +
                                            (t.plane ? std::to_string(*t.plane) : "-"));
        roles.sort();
        QCOMPARE(roles, QStringList({"Group 0 Communication|collective_lane|-", "Plane 0|comm_plane|0",
                                     "Plane 1|comm_plane|1", "Stream 2||-", "Stream 3||-",
                                     "Thread 7 (Python 100)||-", "Thread 8 (CANN 100)||-"}));
    }
    void level0ExportWithoutOptionalColumnsAndTables() {
        // torch_npu level0: COMMUNICATION_OP without waitNs and groupName, COMPUTE_TASK_INFO without opType,
        // TASK without taskType, no PYTORCH_API / STEP_TIME / memory tables / RANK_DEVICE_MAP; a TASK row
        // with a NULL end. Each degradation is a diagnostic; the rank stays the one it was given.
        const std::string path =
            makeDb("ascend_pytorch_profiler_0.db",
                   "CREATE TABLE STRING_IDS(id INTEGER, value TEXT);"
                   "INSERT INTO STRING_IDS VALUES(1,'MatMulV2_3'),(2,'hcom_allReduce__1_0_1');"
                   "CREATE TABLE TASK(startNs INTEGER, endNs INTEGER, streamId INTEGER,"
                   " globalTaskId INTEGER);"
                   "INSERT INTO TASK VALUES(1000,1500,2,10),(2000,2600,2,11),(3000,NULL,2,12);"
                   "CREATE TABLE COMPUTE_TASK_INFO(name INTEGER, globalTaskId INTEGER);"
                   "INSERT INTO COMPUTE_TASK_INFO VALUES(1,10),(1,11);"
                   "CREATE TABLE COMMUNICATION_OP(opName INTEGER, startNs INTEGER, endNs INTEGER);"
                   "INSERT INTO COMMUNICATION_OP VALUES(2,5000,9000);");
        import::RankState given;
        given.rank = 4;
        const auto r = test::importOne(path, FileKind::AscendDb, given);
        QVERIFY2(r.ok, r.error.c_str());
        QCOMPARE(r.rank.rank, 4);
        QVERIFY(!r.rank.rankFromData);
        QCOMPARE(
            test::sortedLines(r.lines()),
            test::sortedLines(
                {"track compute|Ascend Hardware|Stream 2|db|stream:2|2|2|0",
                 "track communication|HCCL|Group 0 Communication|db|group:0|0|1|0",
                 "span Stream 2|1000|500|MatMulV2_3|MatMulV2||0",
                 "span Stream 2|2000|600|MatMulV2_3|MatMulV2||0",
                 "span Group 0 Communication|5000|4000|hcom_allReduce__1_0_1|hcom_allReduce_||0",
                 "diag info|COMPUTE_TASK_INFO has no column(s) opType: op types derived from the kernel "
                 "names|1|-1",
                 "diag info|TASK has no column(s) taskType: tasks without them go to stream 0 / unnamed|1|-1",
                 "diag info|COMMUNICATION_OP has no column(s) groupName: all collectives on one group "
                 "track|1|-1",
                 "diag warning|TASK row with a NULL, non-integer or out-of-range start/end (skipped)|1|-1"}));
    }
    void aCollectivesOwnTaskIsNoAiCoreKernel() {
        // the level1 sample: the device task holding an allreduce's HCCL tasks (same stream, task id and
        // connectionId; depth 0) is typed AI_CORE, with no COMPUTE_TASK_INFO row; it showed as an 88 ms
        // "AI_CORE" kernel on Stream 4. It is the collective, on its Group lane once. A task without
        // kernel info that belongs to no collective keeps its type (EVENT_RECORD).
        const std::string path = makeDb(
            "ascend_pytorch_profiler_0.db",
            "CREATE TABLE STRING_IDS(id INTEGER PRIMARY KEY, value TEXT);"
            "INSERT INTO STRING_IDS VALUES(1,'AI_CORE'),(2,'hcom_allReduce__210_0_1'),(3,'hcom_allReduce_'),"
            "(4,'Notify Wait'),(5,'EVENT_RECORD'),(6,'g');"
            "CREATE TABLE TASK(startNs INTEGER, endNs INTEGER, deviceId INTEGER, connectionId INTEGER,"
            " globalTaskId INTEGER, globalPid INTEGER, taskType INTEGER, contextId INTEGER, streamId INTEGER,"
            " taskId INTEGER, modelId INTEGER, depth INTEGER);"
            "INSERT INTO TASK VALUES(1000,9000,0,1175,110,0,1,-1,4,807,-1,0),"
            "(1200,1300,0,1175,112,0,4,0,4,807,-1,1),(9500,9600,0,1300,113,0,5,-1,4,808,-1,0);"
            "CREATE TABLE COMPUTE_TASK_INFO(name INTEGER, globalTaskId INTEGER, opType INTEGER);"
            "CREATE TABLE COMMUNICATION_TASK_INFO(name INTEGER, globalTaskId INTEGER, taskType INTEGER,"
            " planeId INTEGER);"
            "INSERT INTO COMMUNICATION_TASK_INFO VALUES(4,112,4,0);"
            "CREATE TABLE COMMUNICATION_OP(opName INTEGER, startNs INTEGER, endNs INTEGER, connectionId "
            "INTEGER, groupName INTEGER, opId INTEGER, opType INTEGER);"
            "INSERT INTO COMMUNICATION_OP VALUES(2,1001,8999,1175,6,1,3);");
        const auto r = test::importOne(path, FileKind::AscendDb);
        QVERIFY2(r.ok, r.error.c_str());
        QCOMPARE(test::sortedLines(r.lines("span")),
                 test::sortedLines(
                     {"Plane 0|1200|100|Notify Wait|Notify Wait||0",
                      "Stream 4|9500|100|EVENT_RECORD|EVENT_RECORD||0",
                      "Group 0 Communication|1001|7998|hcom_allReduce__210_0_1|hcom_allReduce_||0"}));
        // said once (the table's missing link columns are said too, by the link reader)
        QVERIFY2(
            test::sortedLines(r.lines("diag"))
                .contains("info|TASK rows without a kernel of their own that belong to a collective (their "
                          "connectionId is a COMMUNICATION_OP's; the exporter types them AI_CORE): shown "
                          "once, as the collective on its Group lane, not as AI_CORE kernels|1|-1"),
            test::joinLines(r.lines("diag")).c_str());
    }
    void connectionIdsAreTheFlowArrows() {
        // the level1 sample's links (formats.md §2.8, §9): CONNECTION_IDS lists each PYTORCH_API call's
        // connection ids; one that is a CANN_API call's is the op's launch (async_npu, to every drawn task
        // of that id); a CANN call's id on TASK rows is HostToDevice; an id two host calls of one API type
        // share is Enqueue → Dequeue (queue) or forward → backward (op). The collective's holder task is
        // not drawn (its Group lane is), an HCCL plane task is no launch target.
        const std::string path = makeDb(
            "ascend_pytorch_profiler_0.db",
            "CREATE TABLE STRING_IDS(id INTEGER PRIMARY KEY, value TEXT);"
            "INSERT INTO STRING_IDS VALUES(1,'Enqueue'),(2,'Dequeue@MatMul'),(3,'aten::mm'),"
            "(4,'MmBackward0'),(5,'aclnnMatmul'),(6,'MatMulV2'),(7,'AI_CORE'),(8,'hcom_allReduce__1'),"
            "(9,'Notify Wait'),(10,'g'),(11,'aten::add'),(12,'aclrtRecordEvent'),(13,'EVENT_RECORD');"
            "CREATE TABLE ENUM_API_TYPE(id INTEGER, name TEXT);"
            "INSERT INTO ENUM_API_TYPE VALUES(10000,'node'),(20000,'acl'),(50001,'op'),(50002,'queue');"
            "CREATE TABLE PYTORCH_API(startNs TEXT, endNs TEXT, globalTid INTEGER, connectionId INTEGER,"
            " name INTEGER, sequenceNumber INTEGER, fwdThreadId INTEGER, inputDtypes INTEGER,"
            " inputShapes INTEGER, callchainId INTEGER, type INTEGER, depth INTEGER);"
            "INSERT INTO PYTORCH_API VALUES('100','150',429496729607,0,1,NULL,NULL,NULL,NULL,NULL,50002,0),"
            "('200','900',429496729608,1,2,NULL,NULL,NULL,NULL,NULL,50002,0),"
            "('210','800',429496729608,2,3,NULL,NULL,NULL,NULL,NULL,50001,1),"
            "('2000','2500',429496729607,3,4,NULL,NULL,NULL,NULL,NULL,50001,0),"
            "('3000','3100',429496729607,4,11,NULL,NULL,NULL,NULL,NULL,50001,0);"
            "CREATE TABLE CONNECTION_IDS(id INTEGER, connectionId INTEGER);"
            "INSERT INTO CONNECTION_IDS VALUES(0,500),(1,500),(2,101),(2,102),(2,501),(3,501),(4,999),"
            "(7,502);"
            "CREATE TABLE CANN_API(startNs INTEGER, endNs INTEGER, type INTEGER, globalTid INTEGER,"
            " connectionId INTEGER PRIMARY KEY, name INTEGER, depth INTEGER);"
            "INSERT INTO CANN_API VALUES(220,300,10000,429496729609,101,5,0),"
            "(310,400,10000,429496729609,102,8,0),(3010,3050,20000,429496729609,103,12,0),"
            "(3060,3070,20000,429496729609,104,12,0);"
            "CREATE TABLE TASK(startNs INTEGER, endNs INTEGER, deviceId INTEGER, connectionId INTEGER,"
            " globalTaskId INTEGER, globalPid INTEGER, taskType INTEGER, contextId INTEGER, streamId INTEGER,"
            " taskId INTEGER, modelId INTEGER, depth INTEGER);"
            "INSERT INTO TASK VALUES(1000,1100,0,101,10,0,7,0,2,1,0,0),(1050,1090,0,101,11,0,7,0,2,1,0,1),"
            "(1200,5000,0,102,20,0,7,-1,4,2,0,0),(1300,1400,0,102,21,0,9,0,4,2,0,1),"
            "(3200,3300,0,103,30,0,13,-1,2,3,0,0),(6000,6100,0,777,40,0,13,-1,2,4,0,0);"
            "CREATE TABLE COMPUTE_TASK_INFO(name INTEGER, globalTaskId INTEGER, opType INTEGER);"
            "INSERT INTO COMPUTE_TASK_INFO VALUES(6,10,NULL),(6,11,NULL);"
            "CREATE TABLE COMMUNICATION_TASK_INFO(name INTEGER, globalTaskId INTEGER, taskType INTEGER,"
            " planeId INTEGER);"
            "INSERT INTO COMMUNICATION_TASK_INFO VALUES(9,21,9,0);"
            "CREATE TABLE COMMUNICATION_OP(opName INTEGER, startNs INTEGER, endNs INTEGER, connectionId "
            "INTEGER, groupName INTEGER, opId INTEGER, opType INTEGER);"
            "INSERT INTO COMMUNICATION_OP VALUES(8,1201,4999,102,10,1,3);"
            "CREATE TABLE RANK_DEVICE_MAP(rankId INTEGER, deviceId INTEGER);"
            "INSERT INTO RANK_DEVICE_MAP VALUES(0,0);");
        const auto r = test::importOne(path, FileKind::AscendDb);
        QVERIFY2(r.ok, r.error.c_str());
        const std::string py7 = "Thread 7 (Python 100)", py8 = "Thread 8 (Python 100)",
                          cann = "Thread 9 (CANN 100)";
        QCOMPARE(test::sortedLines(r.lines("flow")),
                 test::sortedLines({
                     // CANN call → its tasks (two drawn tasks of 101; the collective on its lane for 102)
                     "0|101|HostToDevice|HostToDevice101|s||220|" + cann,
                     "0|101|HostToDevice|HostToDevice101|f|e|1000|Stream 2",
                     "0|101|HostToDevice|HostToDevice101|f|e|1050|Stream 2",
                     "0|102|HostToDevice|HostToDevice102|s||310|" + cann,
                     "0|102|HostToDevice|HostToDevice102|f|e|1201|Group 0 Communication",
                     "0|103|HostToDevice|HostToDevice103|s||3010|" + cann,
                     "0|103|HostToDevice|HostToDevice103|f|e|3200|Stream 2",
                     // the op → the tasks of the CANN calls it launched
                     "0|101|async_npu|torch_to_npu|s||210|" + py8,
                     "0|101|async_npu|torch_to_npu|f|e|1000|Stream 2",
                     "0|101|async_npu|torch_to_npu|f|e|1050|Stream 2",
                     "0|102|async_npu|torch_to_npu|s||210|" + py8,
                     "0|102|async_npu|torch_to_npu|f|e|1201|Group 0 Communication",
                     // Enqueue → Dequeue, forward → backward
                     "0|500|async_task_queue|enqueue_to_dequeue|s||100|" + py7,
                     "0|500|async_task_queue|enqueue_to_dequeue|f|e|200|" + py8,
                     "0|501|fwdbwd|fwdbwd|s||210|" + py8,
                     "0|501|fwdbwd|fwdbwd|f|e|2000|" + py7,
                 }));
        // what the data leaves unpaired is counted, never guessed
        const QStringList diags = test::sortedLines(r.lines("diag"));
        for (const char* d :
             {"info|device tasks whose connectionId is no CANN_API call's: drawn without a launch arrow|1|-1",
              "info|CONNECTION_IDS rows whose id is no PYTORCH_API row's connectionId: no arrow|1|-1",
              "info|connection ids of CONNECTION_IDS that are neither one op's CANN call nor shared by two "
              "host calls of one kind (Enqueue/Dequeue, forward/backward): no arrow|1|-1"})
            QVERIFY2(diags.contains(d), test::joinLines(r.lines("diag")).c_str());
        // the excerpt says what its number is (walk 55b: "(x2) 1646" read as a count beside the count)
        int named = 0;
        for (const auto& d : r.rows.diagnostics) {
            if (d.what.starts_with("device tasks whose connectionId")) {
                QVERIFY2(d.excerpt.starts_with("connectionId "), d.excerpt.c_str());
                ++named;
            } else if (d.what.starts_with("CONNECTION_IDS rows whose id")) {
                QVERIFY2(d.excerpt.starts_with("CONNECTION_IDS id "), d.excerpt.c_str());
                ++named;
            }
        }
        QCOMPARE(named, 2);
    }
    void npuOpMemGivesOpMemoryRowsTheirAddresses() {
        // walk 26: the .db's NPU_OP_MEM holds an allocate and a release row per GE op allocation, each with
        // its device address; OP_MEMORY lists the same allocations (same op, size and allocation ns: all 57
        // pairs of msinsight db level1) without one. Here: trans_TransData_0 allocated at 1100 and released
        // at 2000 at 0x1b58 (7000) is OP_MEMORY row 1, which takes that address; aten::empty (row 2, PTA)
        // has none anywhere; Conv2D1 (allocated at 1500, at 9000, never released) is in no OP_MEMORY row: a
        // tensor of its own, keyed by its allocate row (rowid 3); a release at 5 with no allocation before
        // it is counted
        const std::string path = makeDb(
            "ascend_pytorch_profiler_0.db",
            "CREATE TABLE STRING_IDS(id INTEGER, value TEXT);"
            "INSERT INTO STRING_IDS VALUES(1,'trans_TransData_0'),(2,'aten::empty'),(3,'allocate'),"
            "(4,'release'),(5,'GE'),(6,'Conv2D1');"
            "CREATE TABLE TASK(startNs INTEGER, endNs INTEGER, streamId INTEGER, globalTaskId INTEGER);"
            "CREATE TABLE OP_MEMORY(name INTEGER, size INTEGER, allocationTime INTEGER, releaseTime INTEGER,"
            " deviceId INTEGER);"
            "INSERT INTO OP_MEMORY VALUES(1,4096,1100,2000,0),(2,512,1200,NULL,0);"
            "CREATE TABLE NPU_OP_MEM(operatorName INTEGER, addr INTEGER, type INTEGER, size INTEGER,"
            " timestampNs INTEGER, globalTid INTEGER, totalAllocate NUMERIC, totalReserve NUMERIC,"
            " component INTEGER, deviceId INTEGER);"
            "INSERT INTO NPU_OP_MEM VALUES(1,7000,3,4096,1100,9,4096,8192,5,0),"
            "(1,7000,4,4096,2000,9,0,8192,5,0),(6,9000,3,1024,1500,9,1024,8192,5,0),"
            "(6,5,4,64,900,9,0,8192,5,0);");
        const auto r = test::importOne(path, FileKind::AscendDb);
        QVERIFY2(r.ok, r.error.c_str());
        QCOMPARE(test::sortedLines(r.lines("tensor")),
                 test::sortedLines({"0|db1|trans_TransData_0|4096|7000|1100|2000|-|-|0|op_memory_db",
                                    "0|db2|aten::empty|512|-|1200|-|-|-|0|op_memory_db",
                                    "0|npu3|Conv2D1|1024|9000|1500|-|-|-|0|npu_op_mem_db"}));
        const auto diags = test::sortedLines(r.lines("diag"));
        QVERIFY2(diags.contains("info|NPU_OP_MEM releases of an address allocated before the profile (no "
                                "tensor)|1|-1"),
                 test::joinLines(r.lines("diag")).c_str());
        for (const auto& d : diags) // read now: never listed among the tables not read
            QVERIFY2(!d.contains("NPU_OP_MEM ("), d.toUtf8().constData());
    }
    void memoryRowsWithoutATimeCountUntimed() {
        // MEMORY_RECORD and NPU_MODULE_MEM rows whose timestamp is NULL (or not an integer) were skipped, so
        // a peak held only by them was lost, while memory_record.csv / npu_module_mem.csv keep such rows
        // untimed (ts NULL): counted in the peaks, never drawn (r51d). The .db keeps them the same way. Here
        // the PTA component's highest row (3 MiB allocated) has no timestamp, the other has 1200; a module
        // row has a text timestamp.
        const std::string path = makeDb(
            "ascend_pytorch_profiler_0.db",
            "CREATE TABLE STRING_IDS(id INTEGER, value TEXT);"
            "INSERT INTO STRING_IDS VALUES(10,'PTA');"
            "CREATE TABLE TASK(startNs INTEGER, endNs INTEGER, streamId INTEGER, globalTaskId INTEGER);"
            "CREATE TABLE MEMORY_RECORD(component INTEGER, timestamp INTEGER, totalAllocated INTEGER,"
            " totalReserved INTEGER, totalActive INTEGER, streamPtr INTEGER, deviceId INTEGER);"
            "INSERT INTO MEMORY_RECORD VALUES(10,1200,1048576,2097152,NULL,94,0),"
            "(10,NULL,3145728,4194304,NULL,94,0);"
            "CREATE TABLE ENUM_MODULE(id INTEGER, name TEXT);"
            "INSERT INTO ENUM_MODULE VALUES(7,'HCCL');"
            "CREATE TABLE NPU_MODULE_MEM(moduleId INTEGER, timestampNs INTEGER, totalReserved INTEGER,"
            " deviceId INTEGER);"
            "INSERT INTO NPU_MODULE_MEM VALUES(7,1300,65536,0),(7,'late',131072,0);");
        const auto r = test::importOne(path, FileKind::AscendDb);
        QVERIFY2(r.ok, r.error.c_str());
        QCOMPARE(test::sortedLines(r.lines("memory")),
                 test::sortedLines({"0|1200|PTA|1048576|2097152|-", "0|-|PTA|3145728|4194304|-",
                                    "0|1300|module:HCCL|-|65536|-", "0|-|module:HCCL|-|131072|-"}));
        const auto diags = test::sortedLines(r.lines("diag"));
        QVERIFY2(
            diags.contains("warning|MEMORY_RECORD row with a NULL, non-integer or out-of-range timestamp: "
                           "counted in the memory peaks, not drawn|1|-1"),
            test::joinLines(r.lines("diag")).c_str());
        QVERIFY2(diags.contains("warning|NPU_MODULE_MEM row with a NULL, non-integer or out-of-range "
                                "timestampNs: counted in the memory peaks, not drawn|1|-1"),
                 test::joinLines(r.lines("diag")).c_str());
    }
    void aRequiredColumnMissingSkipsItsTable() {
        const std::string path =
            makeDb("ascend_mindspore_profiler_1.db",
                   "CREATE TABLE STRING_IDS(id INTEGER, value TEXT);"
                   "INSERT INTO STRING_IDS VALUES(1,'Add_1');"
                   "CREATE TABLE TASK(startNs INTEGER, endNs INTEGER, streamId INTEGER,"
                   " globalTaskId INTEGER, taskType INTEGER);"
                   "INSERT INTO TASK VALUES(10,20,1,1,1);"
                   "CREATE TABLE COMPUTE_TASK_INFO(name INTEGER, globalTaskId INTEGER, opType INTEGER);"
                   "INSERT INTO COMPUTE_TASK_INFO VALUES(1,1,NULL);"
                   "CREATE TABLE STEP_TIME(id INTEGER, startNs INTEGER);"); // no endNs
        const auto r = test::importOne(path, FileKind::AscendDb);
        QVERIFY2(r.ok, r.error.c_str());
        QCOMPARE(QString::fromStdString(r.rank.labels.at("framework")), QString("mindspore"));
        QCOMPARE(test::sortedLines(r.lines()),
                 test::sortedLines({"track compute|Ascend Hardware|Stream 1|db|stream:1|1|1|0",
                                    "span Stream 1|10|10|Add_1|Add||0",
                                    "diag warning|STEP_TIME lacks column(s) endNs (another export "
                                    "version): steps not read|1|-1"}));
    }
    void notAnAscendDatabaseIsTheFilesError() {
        const std::string path = makeDb("ascend_pytorch_profiler_0.db", "CREATE TABLE other(x INTEGER);");
        const auto r = test::importOne(path, FileKind::AscendDb);
        QVERIFY(!r.ok);
        QCOMPARE(
            QString::fromStdString(r.error),
            QString::fromStdString(path + ": not an Ascend profiler database (no TASK/STRING_IDS tables)"));
    }
};

QTEST_GUILESS_MAIN(TstAscendDbImporter)
#include "tst_ascenddbimporter.moc"
