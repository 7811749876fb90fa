// Golden tests of the communication matrix importers alone (tests/support/importharness.h: one file into
// memory, no index, no analysis): communication_matrix.json in its newer layout (per algorithm samples and
// a `total`) and its older one (op instances and "Total Op Info"), analysis.db's CommAnalyzerMatrix, an
// Ascend .db's COMMUNICATION_TASK_INFO joined to TASK, and Kineto's collective args. Every expected row is
// worked out by hand from the tiny input above it: "Transit Size(MB)" × 10^6 = bytes, "Transit Time(ms)" ×
// 10^6 = ns (formats.md §2.7, §2.8); the rows' ranks are as the file writes them (group-local for Ascend).
// Bad input (a link key "0-x", a negative size or time, a `total` missing, a section that is no object)
// must be a diagnostic with the rest of the file still read.
#include "core/import/collectiveargs.h"
#include "core/index/sqlite.h"
#include "core/model/commkeys.h"
#include "tests/support/importharness.h"
#include "tests/support/testsupport.h"

#include <QtTest>
#include <filesystem>

using namespace rs;
using import::FileKind;

namespace {

QStringList qlines(const std::vector<std::string>& lines) {
    QStringList out;
    for (const auto& l : lines)
        out << QString::fromStdString(l);
    return out;
}

test::ImportedRows importMatrix(const std::string& json) {
    const std::string path =
        test::tempDir("comm-golden") + "/r_ascend_pt/ASCEND_PROFILER_OUTPUT/communication_matrix.json";
    test::writeFile(path, json);
    return test::importOne(path, FileKind::CommMatrix);
}

std::string makeDb(const std::string& name, const std::string& sql) {
    const std::string dir = test::tempDir("comm-db-golden") + "/rank_ascend_pt/ASCEND_PROFILER_OUTPUT";
    std::filesystem::create_directories(dir);
    const std::string path = dir + "/" + name;
    index::Db db(path);
    db.exec(sql);
    return path;
}

/// TASK and COMMUNICATION_TASK_INFO as a torch_npu .db export declares them.
const std::string kTaskTables =
    "CREATE TABLE TASK(startNs INTEGER, endNs INTEGER, deviceId INTEGER, connectionId INTEGER, globalTaskId "
    "INTEGER, globalPid INTEGER, taskType INTEGER, contextId INTEGER, streamId INTEGER, taskId INTEGER, "
    "modelId INTEGER, depth INTEGER);"
    "CREATE TABLE COMMUNICATION_TASK_INFO(name INTEGER, globalTaskId INTEGER, taskType INTEGER, planeId "
    "INTEGER, groupName INTEGER, notifyId INTEGER, rdmaType INTEGER, srcRank INTEGER, dstRank INTEGER, "
    "transportType INTEGER, size INTEGER, dataType INTEGER, linkType INTEGER, opId INTEGER);";

/// One link entry of 1 MB in 1 ms from group-local rank 0 to `dst`.
std::string link(int dst, const std::string& size = "1", const std::string& time = "1") {
    return "\"0-" + std::to_string(dst) + "\": {\"Transport Type\": \"HCCS\", \"Transit Size(MB)\": " + size +
           ", \"Transit Time(ms)\": " + time + "}";
}

} // namespace

class TstCommImport : public QObject {
    Q_OBJECT
  private Q_SLOTS:
    void newerLayout() {
        // one algorithm: a top1 sample (one op, with its Op Name) and the total; 5.000001 MB is 5000001 B
        const auto r = importMatrix(R"j({"step7": {"p2p": {}, "collective": {
              "allreduce-top1@55": {"0-1": {"Transport Type": "HCCS", "Transit Size(MB)": 2.5,
                  "Transit Time(ms)": 0.1, "Bandwidth(GB/s)": 25.0, "Op Name": "hcom_allReduce__55_1_1"}},
              "allreduce-total@55": {
                  "0-0": {"Transport Type": "LOCAL", "Transit Size(MB)": 5, "Transit Time(ms)": 0.01,
                          "Bandwidth(GB/s)": 500.0},
                  "0-1": {"Transport Type": "HCCS", "Transit Size(MB)": 5.000001, "Transit Time(ms)": 0.2,
                          "Bandwidth(GB/s)": 25.0}}}}})j");
        QVERIFY2(r.ok, r.error.c_str());
        QCOMPARE(qlines(r.lines("commlink")),
                 QStringList({"0|7|collective|allreduce|sample|top1|55|0-1|local|HCCS|2500000|100000|-|"
                              "hcom_allReduce__55_1_1|communication_matrix.json|link",
                              "0|7|collective|allreduce|total||55|0-0|local|LOCAL|5000000|10000|-||"
                              "communication_matrix.json|link",
                              "0|7|collective|allreduce|total||55|0-1|local|HCCS|5000001|200000|-||"
                              "communication_matrix.json|link"}));
        QCOMPARE(qlines(r.lines("commsource")), QStringList({"0|communication_matrix.json|3|3|"}));
        QCOMPARE(qlines(r.lines("diag")), QStringList());
        QCOMPARE(r.rank.peers, (std::set<int>{0, 1}));
    }

    void olderLayout() {
        // two op instances of a send and the step's "Total Op Info" (their sum): op rows count one op each
        const auto r = importMatrix(R"j({"step2": {"collective": {}, "p2p": {
              "hcom_send__822_0@9": {"0-1": {"Transport Type": "RDMA", "Transit Size(MB)": 1.0,
                                             "Transit Time(ms)": 0.5, "Bandwidth(GB/s)": 2.0}},
              "hcom_send__822_1@9": {"0-1": {"Transport Type": "RDMA", "Transit Size(MB)": 3.0,
                                             "Transit Time(ms)": 1.5, "Bandwidth(GB/s)": 2.0}},
              "Total Op Info": {"0-1": {"Transport Type": "RDMA", "Transit Size(MB)": 4.0,
                                        "Transit Time(ms)": 2.0, "Bandwidth(GB/s)": 2.0}}}}})j");
        QVERIFY2(r.ok, r.error.c_str());
        // (rows come in the file's order)
        QCOMPARE(
            qlines(r.lines("commlink")),
            QStringList({"0|2|p2p|hcom_send__822_0|op||9|0-1|local|RDMA|1000000|500000|1|hcom_send__822_0|"
                         "communication_matrix.json|link",
                         "0|2|p2p|hcom_send__822_1|op||9|0-1|local|RDMA|3000000|1500000|1|hcom_send__822_1|"
                         "communication_matrix.json|link",
                         "0|2|p2p|Total Op Info|total_op_info|||0-1|local|RDMA|4000000|2000000|-||"
                         "communication_matrix.json|link"}));
        QCOMPARE(qlines(r.lines("diag")), QStringList()); // the total agrees with its ops
    }

    void badInput_data() {
        QTest::addColumn<QString>("json");
        QTest::addColumn<QStringList>("links"); // src-dst|bytes of the rows still read
        QTest::addColumn<QString>("diag");      // a diagnostic that must be there (its text)
        const std::string good = link(1);
        auto step = [](const std::string& ops) {
            return QString::fromStdString("{\"step1\": {" + ops + "}}");
        };
        QTest::newRow("malformed link key")
            << step("\"collective\": {\"allreduce-total@5\": {\"0-x\": {\"Transport Type\": \"HCCS\", "
                    "\"Transit "
                    "Size(MB)\": 1, \"Transit Time(ms)\": 1}, " +
                    good + "}}")
            << QStringList{"0-1|1000000"} << "link key is not 'src-dst' with two ranks: link not shown";
        QTest::newRow("negative size")
            << step("\"collective\": {\"allreduce-total@5\": {" + link(2, "-1") + ", " + good + "}}")
            << QStringList{"0-1|1000000"} << "negative Transit Size(MB): link not shown";
        QTest::newRow("negative time")
            << step("\"collective\": {\"allreduce-total@5\": {" + link(2, "1", "-0.5") + ", " + good + "}}")
            << QStringList{"0-1|1000000"} << "negative Transit Time(ms): link not shown";
        QTest::newRow("total missing")
            << step("\"collective\": {\"allreduce-top1@5\": {" + good + "}, \"broadcast-total@5\": {" + good +
                    "}}")
            << QStringList{"0-1|1000000", "0-1|1000000"}
            << "an op's top/middle/bottom samples without its `total` entry: its links are not summed (the "
               "samples are a few of its ops, not all)";
        QTest::newRow("sampled link not in the total")
            << step("\"collective\": {\"allreduce-top1@5\": {" + link(3) + "}, \"allreduce-total@5\": {" +
                    good + "}}")
            << QStringList{"0-3|1000000", "0-1|1000000"}
            << "a sampled link missing from its op's `total`: it is not summed";
        QTest::newRow("no group after the op")
            << step("\"collective\": {\"allreduce-total\": {" + good + "}}") << QStringList{"0-1|1000000"}
            << "op key without '@group': its ranks cannot be mapped to global ranks";
        QTest::newRow("a step that is no object")
            << QString::fromStdString(
                   "{\"step1\": [1, 2], \"step2\": {\"collective\": {\"allreduce-total@5\": {" + good +
                   "}}}}")
            << QStringList{"0-1|1000000"}
            << "top-level key is not a step ('step<N>' with an object): skipped";
        QTest::newRow("old total disagrees with its ops")
            << step("\"p2p\": {\"hcom_send__1_0@5\": {" + good + "}, \"Total Op Info\": {" + link(1, "7") +
                    "}}")
            << QStringList{"0-1|1000000", "0-1|7000000"}
            << "\"Total Op Info\" differs from the sum of its ops' entries (the ops' entries are used)";
        QTest::newRow("links of one group from two ranks")
            << step("\"collective\": {\"allreduce-total@5\": {" + good +
                    ", \"3-1\": {\"Transport Type\": \"HCCS\", \"Transit Size(MB)\": 2, \"Transit "
                    "Time(ms)\": 1}}}")
            << QStringList{"0-1|1000000", "3-1|2000000"}
            << "the links of one group start at different ranks (a rank's file holds its own links)";
    }
    void badInput() {
        QFETCH(QString, json);
        QFETCH(QStringList, links);
        QFETCH(QString, diag);
        const auto r = importMatrix(json.toStdString());
        QVERIFY2(r.ok, r.error.c_str());
        QStringList got;
        for (const auto& l : r.rows.commLinks)
            got << QString("%1-%2|%3").arg(l.src).arg(l.dst).arg(l.bytes);
        got.sort(); // the parser's key order is not the file's
        links.sort();
        QCOMPARE(got, links);
        bool found = false;
        for (const auto& d : r.rows.diagnostics)
            found = found || QString::fromStdString(d.what) == diag;
        QVERIFY2(found, test::joinLines(r.lines("diag")).c_str());
    }

    void notJson() {
        // not JSON at all: one clear message naming the file, no link claimed
        const auto r = importMatrix("{\"step1\": {\"collective\": ");
        QVERIFY(r.rows.commLinks.empty());
        const QString all = QString::fromStdString(r.error + test::joinLines(r.lines("diag")));
        QVERIFY2(all.contains("communication_matrix.json"), qPrintable(all));
    }

    void analysisDb() {
        // CommAnalyzerMatrix as msprof-analyze writes it (values REAL, ranks TEXT): a total, a sample,
        // and a row whose dst_rank is no number (reported, not shown)
        const std::string path =
            makeDb("analysis.db",
                   "CREATE TABLE CommAnalyzerMatrix (hccl_op_name TEXT, group_name TEXT, src_rank TEXT, "
                   "dst_rank TEXT, "
                   "transport_type TEXT, transit_size NUMERIC, transit_time NUMERIC, bandwidth NUMERIC, step "
                   "TEXT, type "
                   "TEXT, op_name TEXT);"
                   "INSERT INTO CommAnalyzerMatrix VALUES"
                   "('allreduce-total','77','0','1','HCCS',37.781504,2.5,15.1126,'step50','collective',NULL),"
                   "('allreduce-top1','77','0','1','HCCS',4.128776,0.25,16.5151,'step50','collective',"
                   "'hcom_allReduce__77_0_1'),"
                   "('allreduce-total','77','0','x','HCCS',1.0,1.0,1.0,'step50','collective',NULL);");
        const auto r = test::importOne(path, FileKind::AnalysisDb);
        QVERIFY2(r.ok, r.error.c_str());
        QCOMPARE(qlines(r.lines("commlink")),
                 QStringList({"0|50|collective|allreduce|total||77|0-1|local|HCCS|37781504|2500000|-||"
                              "analysis.db|link",
                              "0|50|collective|allreduce|sample|top1|77|0-1|local|HCCS|4128776|250000|-|"
                              "hcom_allReduce__77_0_1|analysis.db|link"}));
        QCOMPARE(
            qlines(r.lines("diag")),
            QStringList({"warning|CommAnalyzerMatrix row with a malformed rank or step: not shown|1|-1"}));
    }

    void taskInfo() {
        // an HCCL op of group "group_a" in step 3: two SDMA tasks over HCCS (1 MB in 100 ns + 2 MB in 300
        // ns), a notify (size 0: moves nothing), a local copy (500 B in 50 ns), and a row whose dstRank is
        // 0xFFFFFFFF (counted as a row, never a link); ENUM names as the export writes them
        const std::string path = makeDb(
            "ascend_pytorch_profiler_0.db",
            "CREATE TABLE STRING_IDS(id INTEGER PRIMARY KEY, value TEXT);"
            "INSERT INTO STRING_IDS VALUES(1,'hcom_allReduce__225_0_1'),(2,'group_a'),(3,'Memcpy');" +
                kTaskTables +
                "INSERT INTO TASK VALUES(1000,1100,0,1,10,0,1,0,2,1,0,0),(1200,1500,0,1,11,0,1,0,2,2,0,0),"
                "(1600,1700,0,1,12,0,1,0,2,3,0,0),(1800,1850,0,1,13,0,1,0,2,4,0,0),"
                "(1900,1950,0,1,14,0,1,0,2,5,0,0);"
                "INSERT INTO COMMUNICATION_TASK_INFO VALUES(3,10,1,0,2,0,0,0,1,0,1000000,0,1,7),"
                "(3,11,1,0,2,0,0,0,1,0,2000000,0,1,7),(3,12,1,0,2,0,0,0,1,0,0,0,1,7),"
                "(3,13,1,0,2,0,0,0,0,0,500,0,1,7),(3,14,1,0,2,0,0,0,4294967295,0,64,0,1,7);"
                "CREATE TABLE ENUM_HCCL_TRANSPORT_TYPE(id INTEGER PRIMARY KEY, name TEXT);"
                "INSERT INTO ENUM_HCCL_TRANSPORT_TYPE VALUES(0,'SDMA'),(1,'RDMA'),(2,'LOCAL');"
                "CREATE TABLE ENUM_HCCL_LINK_TYPE(id INTEGER PRIMARY KEY, name TEXT);"
                "INSERT INTO ENUM_HCCL_LINK_TYPE VALUES(0,'ON_CHIP'),(1,'HCCS'),(2,'PCIE');"
                "CREATE TABLE COMMUNICATION_OP(opName INTEGER, startNs INTEGER, endNs INTEGER, connectionId "
                "INTEGER, groupName INTEGER, opId INTEGER, relay INTEGER, retry INTEGER, dataType INTEGER, "
                "algType INTEGER, count INTEGER, opType INTEGER, waitNs INTEGER);"
                "INSERT INTO COMMUNICATION_OP VALUES(1,900,2000,1,2,7,0,0,0,0,1024,0,0);"
                "CREATE TABLE STEP_TIME(id INTEGER, startNs INTEGER, endNs INTEGER);"
                "INSERT INTO STEP_TIME VALUES(3,900,2100);");
        const auto r = test::importOne(path, FileKind::AscendDb);
        QVERIFY2(r.ok, r.error.c_str());
        // the group's name in the rows is hcclGroupHash("group_a"): a = a·29 + c, b = b·131 + c over its
        // bytes (32 bit), (a << 32) | b = 15277154233472997225 (a few lines of Python)
        QCOMPARE(
            qlines(r.lines("commlink")),
            QStringList({"0|3|collective|hcom_allReduce__225_0_1|op||15277154233472997225|0-0|local|LOCAL|"
                         "500|50|1|hcom_allReduce__225_0_1|COMMUNICATION_TASK_INFO|link",
                         "0|3|collective|hcom_allReduce__225_0_1|op||15277154233472997225|0-1|local|HCCS|"
                         "3000000|400|1|hcom_allReduce__225_0_1|COMMUNICATION_TASK_INFO|link"}));
        QCOMPARE(qlines(r.lines("commsource")), QStringList({"0|COMMUNICATION_TASK_INFO|5|4|"}));
    }

    void levelZeroTaskInfo() {
        // every row's srcRank is 0xFFFFFFFF (a Level0 export): no link, the source says why
        const std::string path = makeDb(
            "ascend_pytorch_profiler_0.db",
            "CREATE TABLE STRING_IDS(id INTEGER PRIMARY KEY, value TEXT);" + kTaskTables +
                "INSERT INTO TASK VALUES(1000,1100,0,1,10,0,1,0,2,1,0,0),(1200,1500,0,1,11,0,1,0,2,2,0,0);"
                "INSERT INTO COMMUNICATION_TASK_INFO "
                "VALUES(0,10,1,0,0,0,0,4294967295,4294967295,0,100,0,0,1),"
                "(0,11,1,0,0,0,0,4294967295,4294967295,0,100,0,0,1);");
        const auto r = test::importOne(path, FileKind::AscendDb);
        QVERIFY2(r.ok, r.error.c_str());
        QVERIFY(r.rows.commLinks.empty());
        QCOMPARE(
            qlines(r.lines("commsource")),
            QStringList({"0|COMMUNICATION_TASK_INFO|2|0|srcRank/dstRank 0xFFFFFFFF on every row: no link "
                         "data (a Level0 export)"}));
    }

    void groupHash() {
        // the real db/level1 sample: its STRING_IDS comm name and the group_name its own analysis.db
        // writes for it (sqlite3 over both files)
        QCOMPARE(model::hcclGroupHash("90.91.105.46%enp189s0f0_60000_0_1736410538306028"),
                 uint64_t(17148521525495523210ULL));
    }

    void kinetoPeerBytes_data() {
        QTest::addColumn<QString>("name");
        QTest::addColumn<qlonglong>("inElems");
        QTest::addColumn<QString>("dtype");
        QTest::addColumn<QString>("ranks");
        QTest::addColumn<qlonglong>("dst");    // -1: none
        QTest::addColumn<QString>("expected"); // peer:bytes …, or "why" (no pair: a reason instead)
        // all-reduce of B bytes over n ranks: 2(n−1)/n·B spread over the n−1 peers = 2B/n each
        QTest::newRow("allreduce of 4") << "allreduce" << 1000LL << "Float"
                                        << "[0, 1, 2, 3]" << -1LL << "1:2000 2:2000 3:2000";
        // all-gather: (n−1)/n of the full buffer = the rank's own chunk (In msg) to each peer
        QTest::newRow("allgather of 4") << "allgather" << 1000LL << "BFloat16"
                                        << "[0, 1, 2, 3]" << -1LL << "1:2000 2:2000 3:2000";
        QTest::newRow("send") << "send" << 10LL << "Long"
                              << "[0, 5]" << 5LL << "5:80";
        QTest::newRow("broadcast (no root in the args)") << "broadcast" << 10LL << "Float"
                                                         << "[0, 1]" << -1LL << "why";
        QTest::newRow("unknown dtype") << "allreduce" << 10LL << "Quux"
                                       << "[0, 1]" << -1LL << "why";
        QTest::newRow("one-rank group") << "allreduce" << 10LL << "Float"
                                        << "[0]" << -1LL << "why";
    }
    void kinetoPeerBytes() {
        QFETCH(QString, name);
        QFETCH(qlonglong, inElems);
        QFETCH(QString, dtype);
        QFETCH(QString, ranks);
        QFETCH(qlonglong, dst);
        QFETCH(QString, expected);
        import::CollectiveArgs::Call c;
        c.name = name.toStdString();
        c.inElems = inElems;
        c.dtype = dtype.toStdString();
        c.ranks = import::CollectiveArgs::intList(ranks.toStdString());
        c.groupSize = int64_t(c.ranks.size());
        c.outElems = name == "allgather" ? inElems * c.groupSize : inElems;
        if (dst >= 0) c.dstRank = dst;
        std::string why;
        const auto peers = import::CollectiveArgs::peerBytes(c, 0, why);
        QStringList got;
        for (const auto& [peer, bytes] : peers)
            got << QString("%1:%2").arg(peer).arg(bytes);
        if (expected == "why") {
            QVERIFY(got.isEmpty());
            QVERIFY(!why.empty());
        } else {
            QCOMPARE(got.join(' '), expected);
        }
    }
};

QTEST_GUILESS_MAIN(TstCommImport)
#include "tst_commimport.moc"
