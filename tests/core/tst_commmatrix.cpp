// The communication matrix end to end through the index (import → core/analysis/commlinks → comm_links →
// query::loadCommMatrix): the real samples against independent counts, the demo's built-in slow link, the
// group-local / global decision and the bad input that only the whole profile shows (a group hash nobody
// maps, a rank its group does not have). Sample tests skip when ../shared/samples is absent.
//
// How the samples' expected figures were counted (Python 3, outside the program):
//   communication_matrix.json: json.load(parse_float=Decimal); per link entry round(Decimal(MB) * 10^6)
//     bytes and round(Decimal(ms) * 10^6) ns, summed over the `<alg>-total@<group>` entries (newer layout)
//     or over the op entries, skipping "Total Op Info" (older layout); rows = distinct (step, group, src,
//     dst, transport); ops = number of op entries.
//   analysis.db: the same over CommAnalyzerMatrix WHERE hccl_op_name LIKE '%-total' (sqlite3 module).
//   Kineto (HTA nccl_data): the allreduce record_param_comms / kernels by External id (15), each
//     2(n−1)/n · In msg nelems · 4 (Float) bytes over n − 1 = 1 peer (n = 2); rows = the 3 ProfilerStep#
//     windows (4, 5, 6), holding 5 of them each.
#include "core/demo/demoplan.h"
#include "core/index/sqlite.h"
#include "core/model/commtext.h"
#include "core/pipeline/buildpipeline.h"
#include "core/query/commmatrix.h"
#include "core/query/report.h"
#include "tests/support/testsupport.h"

#include <QtTest>
#include <filesystem>

using namespace rs;

namespace {

struct Built {
    pipeline::BuildResult result;
    std::unique_ptr<index::Db> db;
};

/// Indexes `dir` into a temp file (never beside the shared samples).
Built build(const std::string& dir) {
    Built b;
    pipeline::BuildOptions o;
    o.force = true;
    o.jobs = 2;
    o.dbPath = test::tempDir("comm-ix") + "/index.sqlite";
    b.result = pipeline::BuildPipeline(dir, o).run();
    if (b.result.ok) b.db = std::make_unique<index::Db>(b.result.dbPath, true);
    return b;
}

QStringList rows(index::Db& db, const std::string& sql) {
    QStringList out;
    auto q = db.prepare(sql);
    while (q.step()) {
        QStringList cols;
        for (int i = 0; i < q.columns(); ++i)
            cols << (q.isNull(i) ? QString("NULL") : QString::fromStdString(q.text(i)));
        out << cols.join('|');
    }
    return out;
}

/// Per group: rows, Σ bytes, Σ time, Σ op_count, scope and data kind of comm_links.
const char* kPerGroup = "SELECT group_name, count(*), sum(bytes), sum(time_ns), sum(op_count), rank_scope, "
                        "data_kind FROM comm_links GROUP BY group_name ORDER BY group_name";

bool hasDiag(index::Db& db, const std::string& what) {
    auto q = db.prepare("SELECT count(*) FROM diagnostics WHERE what LIKE ?");
    q.bind(1, "%" + what + "%");
    return q.step() && q.i64(0) > 0;
}

} // namespace

class TstCommMatrix : public QObject {
    Q_OBJECT
    std::string m_samples;

    std::string sample(const std::string& rel) {
        if (m_samples.empty()) return {};
        return m_samples + "/" + rel;
    }

  private Q_SLOTS:
    void initTestCase() { m_samples = test::samplesDir(); }

    void samples_data() {
        QTest::addColumn<QString>("dir");
        QTest::addColumn<QStringList>("perGroup");
        QTest::addColumn<QString>("note"); // what comm_groups must say
        QTest::addColumn<QString>("says"); // what the default matrix says (its notes, or why it is empty)
        QTest::newRow("text/level1 (newer layout, 2 ranks)")
            << "msinsight/test/data/pytorch/text/level1"
            << QStringList{"17522688603477080586|16|977613504|55188283|NULL|group-local|link"}
            << "ranks are group-local: profiler_metadata.json has no parallel_group_info"
            << "ranks are group-local: profiler_metadata.json has no parallel_group_info";
        QTest::newRow("server test_rank_0/1 (older layout)")
            << "msinsight/server/src/test/test_data"
            // r53d: cluster_analysis_output/communication_group.json lists the job's groups (global ranks):
            // the groups whose link ranks no listed group could number otherwise are global
            // (serverGroupsTheListingCannotNumberLocallyAreGlobal)
            << QStringList{"10471851537367425459|2|458752000|5831604|2|group-local|link",
                           "13337953553061386822|18|83892764|1894572|34|global|link",
                           "368314942532213303|2|458752000|5839320|2|group-local|link",
                           "4067293946368353693|1|4178488320|5814628|2|global|link",
                           "7879368582424938016|1|4178488320|5831200|2|group-local|link",
                           "9350434047717501483|16|4070457400|159535102|181|global|link"}
            << "communication_group.json"
            << ""; // the default matrix's group is a global one: nothing to say of its ranks
        QTest::newRow("db/level1 (analysis.db)")
            << "msinsight/test/data/pytorch/db/level1"
            << QStringList{"17148521525495523210|8|488806752|28715074|NULL|group-local|link"}
            << "ranks are group-local: profiler_metadata.json has no parallel_group_info"
            << "ranks are group-local: profiler_metadata.json has no parallel_group_info";
        QTest::newRow("HTA nccl_data (Kineto)")
            << "hta/tests/data/nccl_parser_config" << QStringList{"0|3|306684384|NULL|15|global|logical"}
            << "logical bytes from the collectives' args, not link bandwidth"
            << "Kineto: logical bytes, not link bandwidth";
        QTest::newRow("HTA ns_resolution (a one-rank group)")
            << "hta/tests/data/ns_resolution_trace" << QStringList{} << ""
            << "Kineto: no collective here moves data between two ranks";
    }
    void samples() {
        QFETCH(QString, dir);
        QFETCH(QStringList, perGroup);
        QFETCH(QString, note);
        QFETCH(QString, says);
        if (m_samples.empty()) QSKIP("../shared/samples not present");
        auto b = build(sample(dir.toStdString()));
        QVERIFY2(b.result.ok, b.result.error.c_str());
        QCOMPARE(rows(*b.db, kPerGroup), perGroup);
        for (const auto& n : rows(*b.db, "SELECT note FROM comm_groups"))
            QVERIFY2(n.contains(note), qPrintable(n));
        const auto m = query::loadCommMatrix(*b.db, {});
        QString said = QString::fromStdString(m.empty);
        for (const auto& n : m.notes)
            said += "\n" + QString::fromStdString(n);
        QVERIFY2(said.contains(says), qPrintable(said));
    }

    void kinetoCallsLeftOutAreSaid() {
        // walk 52: nccl_parser_config's matrix holds its 15 allreduce calls; Python over the trace's args
        // ("Collective name" by External id): 27 calls, 15 allreduce, 6 broadcast (no root in the args), 6
        // wait records (Group size 1, no ranks: not a collective). The 12 left out are said, with the
        // importer's reasons, not dropped in silence
        if (m_samples.empty()) QSKIP("../shared/samples not present");
        auto b = build(sample("hta/tests/data/nccl_parser_config"));
        QVERIFY2(b.result.ok, b.result.error.c_str());
        const auto m = query::loadCommMatrix(*b.db, {});
        QString said;
        for (const auto& n : m.notes)
            said += QString::fromStdString(n) + "\n";
        QVERIFY2(said.contains(
                     "15 of 27 calls with communication args (`Collective name`: collectives, and c10d's "
                     "wait and barrier records) of the run are in the matrix; the other 12"),
                 qPrintable(said));
        QVERIFY2(said.contains("6 broadcast, reduce, gather or scatter (the args name no root)"),
                 qPrintable(said));
    }

    void aOneRankJobSaysItsCauseOnce() {
        // r55a: ns_resolution_trace (distributedInfo world_size 1) said its communication calls twice over,
        // as unrelated things: the report's "70 communication calls … not timed as a collective", and in the
        // notes "no rank pair: a one-rank group" for 35 records and "… (the args name no root)" for its 10
        // broadcasts, whose group is the same one rank. Python over the trace's record_param_comms args:
        // 25 allreduce + 10 broadcast with Process Group Ranks "[0]", 10 wait records (Group size 1, no
        // ranks). One cause, said once in the notes and named beside the report's line
        if (m_samples.empty()) QSKIP("../shared/samples not present");
        auto b = build(sample("hta/tests/data/ns_resolution_trace"));
        QVERIFY2(b.result.ok, b.result.error.c_str());
        QCOMPARE(rows(*b.db,
                      "SELECT substr(what, length('Kineto collectives whose logical bytes go to no rank "
                      "pair: ') + 1), sum(count) FROM diagnostics WHERE what LIKE 'Kineto collectives "
                      "whose logical bytes go to no rank pair: %' GROUP BY 1 ORDER BY 1"),
                 QStringList({"a collective that moves no data (barrier, wait)|10",
                              "a one-rank process group (the args' Process Group Ranks name one rank): no "
                              "other rank takes part|35"}));
        const std::string text = query::formatReport(query::buildReport(*b.db, 10), 10);
        // each call once: c10d's op and the nccl:* annotation inside it are one call (walk 55b: "70
        // communication calls" of 35; Python, outermost communication spans per thread: 25
        // c10d::allreduce_ and 10 c10d::broadcast_)
        QVERIFY2(text.find("(35 communication calls, c10d::allreduce_, c10d::broadcast_: ") !=
                     std::string::npos,
                 text.c_str());
        QVERIFY2(text.find("no collective kernel of theirs is recorded, so none is matched across ranks or "
                           "timed as a collective; 35 records of their args name a one-rank process group: "
                           "no other rank takes part, so no bytes go to a rank pair either)") !=
                     std::string::npos,
                 text.c_str());
    }
    void dbSampleKeepsTheTaskRowsAside() {
        // db/level1 has analysis.db and the .db's COMMUNICATION_TASK_INFO: one source per rank (the
        // producer's matrix), the task rows counted: 296 rows, 8 of them with dstRank 0xFFFFFFFF (sqlite3:
        // SELECT count(*), sum(dstRank = 4294967295) FROM COMMUNICATION_TASK_INFO)
        if (m_samples.empty()) QSKIP("../shared/samples not present");
        auto b = build(sample("msinsight/test/data/pytorch/db/level1"));
        QVERIFY2(b.result.ok, b.result.error.c_str());
        QCOMPARE(rows(*b.db, "SELECT source, rows, linked, used FROM comm_source ORDER BY source"),
                 QStringList({"COMMUNICATION_TASK_INFO|296|288|0", "analysis.db|48|48|1"}));
    }

    void textSampleMatrixSaysGroupLocal() {
        if (m_samples.empty()) QSKIP("../shared/samples not present");
        auto b = build(sample("msinsight/test/data/pytorch/text/level1"));
        QVERIFY2(b.result.ok, b.result.error.c_str());
        query::CommMatrixRequest r;
        r.step = 50;
        const auto m = query::loadCommMatrix(*b.db, r);
        QCOMPARE(m.scope, std::string("group-local"));
        QCOMPARE(m.ranks,
                 (std::vector<int64_t>{0, 1, 2, 3, 4, 5, 6, 7})); // both ranks link all 8 of the group
        QCOMPARE(int(m.cells.size()), 16);
        bool said = false;
        for (const auto& n : m.notes)
            said = said || n.find("profiler_metadata.json has no parallel_group_info") != std::string::npos;
        QVERIFY(said);
        // one cell against the file: rank 0's "0-1" total of step 50, 61.210623999999996 MB in
        // 3.88393759375 ms → 61210624 B, 3883938 ns
        const auto* c = m.at(0, 1);
        QVERIFY(c);
        QCOMPARE(c->bytes, int64_t(61210624));
        QCOMPARE(c->timeNs.value_or(-1), int64_t(3883938));
        QCOMPARE(c->transport(), std::string("HCCS"));
    }

    void demoSlowLinkIsOutlined() {
        // the Ascend demo maps its group (parallel_group_info), so ranks are global; its one slow HCCS link
        // is the plan's truth and the only slow cell
        auto o = test::demoOptions(8, 4, 1);
        const std::string dir = test::tempDir("comm-demo");
        QVERIFY2(test::writeDemo(dir, o).empty(), "demo not written");
        auto b = build(dir);
        QVERIFY2(b.result.ok, b.result.error.c_str());
        const auto truth = demo::DemoPlan(o).truth();
        const auto m = query::loadCommMatrix(*b.db, {});
        QCOMPARE(m.scope, std::string("global"));
        QCOMPARE(int(m.cells.size()), 64);
        QStringList slow;
        for (const auto& c : m.cells)
            if (c.slow) slow << QString("%1-%2").arg(c.src).arg(c.dst);
        QCOMPARE(slow, QStringList{QString("%1-%2").arg(truth.slowLinkSrc).arg(truth.slowLinkDst)});
        QCOMPARE(query::latencyBoundLinks(m), 0); // 33 554 432 B per step and link: real volume
        // every link moves 2B/n of the 67108864-element FP16 buffer per step: 2 · 134217728 / 8 per step
        query::CommMatrixRequest one;
        one.step = 2;
        const auto s = query::loadCommMatrix(*b.db, one);
        for (const auto& c : s.cells)
            QCOMPARE(c.bytes, int64_t(33554432));
        QCOMPARE(m.at(1, 2)->bytes, int64_t(4 * 33554432));
    }

    void healthyDemoHasNoSlowLink() {
        auto o = test::demoOptions(4, 2, 1);
        o.healthy = true;
        const std::string dir = test::tempDir("comm-demo-healthy");
        QVERIFY2(test::writeDemo(dir, o).empty(), "demo not written");
        auto b = build(dir);
        QVERIFY2(b.result.ok, b.result.error.c_str());
        const auto m = query::loadCommMatrix(*b.db, {});
        QCOMPARE(int(m.cells.size()), 16);
        for (const auto& c : m.cells)
            QVERIFY2(!c.slow, qPrintable(QString("%1-%2").arg(c.src).arg(c.dst)));
    }

    void mappingAndItsBadInput() {
        // one rank (global 0) of a 4-rank job: group "commA" = [0, 3] in parallel_group_info (its hash,
        // Python as in tst_commimport: 312771947472218725), a link to local rank 1 (global 3), one to local
        // rank 5 (the group has 2: dropped, said), and a group "999" nobody's comm name hashes to (kept
        // group-local, said)
        const std::string dir = test::tempDir("comm-map") + "/r0_ascend_pt";
        test::writeFile(dir + "/profiler_info_0.json", R"({"rank_id": 0, "config": {}})");
        test::writeFile(dir + "/profiler_metadata.json",
                        R"({"parallel_group_info": {"commA": {"group_name": "dp", "group_rank": 0,
                            "global_ranks": [0, 3]}}})");
        const std::string link =
            R"j({"Transport Type": "HCCS", "Transit Size(MB)": 2, "Transit Time(ms)": 1})j";
        test::writeFile(
            dir + "/ASCEND_PROFILER_OUTPUT/communication_matrix.json",
            R"j({"step1": {"p2p": {}, "collective": {"allreduce-total@312771947472218725": {"0-1": )j" +
                link + R"j(, "0-5": )j" + link + R"j(}, "broadcast-total@999": {"0-1": )j" + link + "}}}}");
        auto b = build(dir);
        QVERIFY2(b.result.ok, b.result.error.c_str());
        QCOMPARE(rows(*b.db,
                      "SELECT group_name, src_rank, dst_rank, bytes, rank_scope FROM comm_links ORDER BY "
                      "group_name"),
                 QStringList({"312771947472218725|0|3|2000000|global", "999|0|1|2000000|group-local"}));
        QCOMPARE(rows(*b.db, "SELECT group_name, label, members FROM comm_groups ORDER BY group_name"),
                 QStringList({"312771947472218725|dp|[0,3]", "999||"}));
        QVERIFY(hasDiag(*b.db, "a link names a group-local rank its group does not have"));
        QVERIFY(hasDiag(*b.db, "no parallel_group_info entry hashes to this group"));
        // every group at once would mix global and group-local axes: refused with a note
        query::CommMatrixRequest all;
        all.group = "";
        const auto m = query::loadCommMatrix(*b.db, all);
        QVERIFY(m.cells.empty());
        QVERIFY(!m.empty.empty() || !m.notes.empty());
    }

    void levelZeroSaysNoLinkData() {
        // a .db export whose COMMUNICATION_TASK_INFO names no rank (srcRank/dstRank 0xFFFFFFFF, Level0)
        const std::string dir = test::tempDir("comm-level0") + "/r0_ascend_pt/ASCEND_PROFILER_OUTPUT";
        std::filesystem::create_directories(dir);
        {
            index::Db db(dir + "/ascend_pytorch_profiler_0.db");
            db.exec(
                "CREATE TABLE STRING_IDS(id INTEGER PRIMARY KEY, value TEXT);"
                "INSERT INTO STRING_IDS VALUES(1,'hcom_allReduce__1_0_1');"
                "CREATE TABLE TASK(startNs INTEGER, endNs INTEGER, deviceId INTEGER, connectionId INTEGER,"
                " globalTaskId INTEGER, globalPid INTEGER, taskType INTEGER, contextId INTEGER, streamId "
                "INTEGER, taskId INTEGER, modelId INTEGER, depth INTEGER);"
                "INSERT INTO TASK VALUES(1000,1100,0,1,10,0,1,0,2,1,0,0),(1200,1500,0,1,11,0,1,0,2,2,0,0);"
                "CREATE TABLE COMMUNICATION_TASK_INFO(name INTEGER, globalTaskId INTEGER, taskType INTEGER,"
                " planeId INTEGER, groupName INTEGER, notifyId INTEGER, rdmaType INTEGER, srcRank INTEGER,"
                " dstRank INTEGER, transportType INTEGER, size INTEGER, dataType INTEGER, linkType INTEGER,"
                " opId INTEGER);"
                "INSERT INTO COMMUNICATION_TASK_INFO "
                "VALUES(1,10,1,0,0,0,0,4294967295,4294967295,0,100,0,0,1),"
                "(1,11,1,0,0,0,0,4294967295,4294967295,0,100,0,0,1);"
                "CREATE TABLE COMMUNICATION_OP(opName INTEGER, startNs INTEGER, endNs INTEGER, connectionId "
                "INTEGER, groupName INTEGER, opId INTEGER, relay INTEGER, retry INTEGER, dataType INTEGER,"
                " algType INTEGER, count INTEGER, opType INTEGER, waitNs INTEGER);"
                "INSERT INTO COMMUNICATION_OP VALUES(1,900,2000,1,0,1,0,0,0,0,1024,0,0);");
        }
        auto b = build(std::filesystem::path(dir).parent_path().parent_path().string());
        QVERIFY2(b.result.ok, b.result.error.c_str());
        const auto m = query::loadCommMatrix(*b.db, {});
        QVERIFY(m.cells.empty());
        QVERIFY2(m.empty.find("no link data (Level0 export)") != std::string::npos, m.empty.c_str());
    }

    void serverGroupsTheListingCannotNumberLocallyAreGlobal() {
        // walk 53a (33c): group …822's matrix said "ranks are group-local: profiler_metadata.json has no
        // parallel_group_info" over links 0-8 (rank 0's file) and 1-9 (rank 1's). Python over both
        // communication_matrix.json: the group's op links name ranks 0-9, held by ranks 0 and 1; over
        // communication_group.json: the only listed group holding ranks 0 and 1 with more than 9 members is
        // [0 … 15] (member i is rank i), so the ranks as written are global. Group …459 (rank 0's file, links
        // 0-0 and 0-1) could be [0, 8] numbered locally: it stays group-local, and says why
        if (m_samples.empty()) QSKIP("../shared/samples not present");
        auto b = build(sample("msinsight/server/src/test/test_data"));
        QVERIFY2(b.result.ok, b.result.error.c_str());
        query::CommMatrixRequest r;
        r.group = "13337953553061386822";
        const auto m = query::loadCommMatrix(*b.db, r);
        QCOMPARE(QString::fromStdString(m.scope), QString("global"));
        for (const auto& n : m.notes)
            QVERIFY2(n.find("group-local") == std::string::npos, n.c_str());
        QVERIFY(m.at(0, 8) && m.at(1, 9));
        QCOMPARE(QString::fromStdString(query::loadCommMatrix(*b.db, {}).scope), QString("global"));
        const auto notes =
            rows(*b.db, "SELECT group_name || ': ' || note FROM comm_groups WHERE group_name IN "
                        "('13337953553061386822', '10471851537367425459') ORDER BY 1");
        QCOMPARE(
            notes,
            QStringList({"10471851537367425459: ranks are group-local: profiler_metadata.json has no "
                         "parallel_group_info, and communication_group.json's group [0, 8] would number "
                         "rank 1 as 8",
                         "13337953553061386822: global ranks as written: the links of the files of ranks "
                         "0, 1 name ranks [0, 1, 2, 3, 4, 5, 6, 7, … 9], which every group "
                         "communication_group.json lists that could number them numbers as the job does"}));
    }

    void serverSmallMessagesAreLatencyBound() {
        // group …822 of the server sample: every HCCS link moves ~100-byte messages (Python over both
        // communication_matrix.json, op entries summed per (src, dst, transport): 0-1…0-7 one 100 B
        // allGather each; 1-0 three 4 B allReduce + one 100 B allGather = 112 B in 4.52 µs; 1-2…1-7 one
        // 100 B allGather each: 14 HCCS links, mean message ≤ 100 B). The LOCAL copies and RDMA links carry
        // a 20 971 520 B send (mean ≥ 4.19 MB). The rule leaves the 14 unjudged: none slow.
        if (m_samples.empty()) QSKIP("../shared/samples not present");
        auto b = build(sample("msinsight/server/src/test/test_data"));
        QVERIFY2(b.result.ok, b.result.error.c_str());
        query::CommMatrixRequest r;
        r.group = "13337953553061386822";
        const auto m = query::loadCommMatrix(*b.db, r);
        QStringList small, slow;
        for (const auto& c : m.cells) {
            if (c.latencyBound) small << QString("%1-%2").arg(c.src).arg(c.dst);
            if (c.slow) slow << QString("%1-%2").arg(c.src).arg(c.dst);
        }
        QCOMPARE(slow, QStringList{});
        QCOMPARE(small, QStringList({"0-1", "0-2", "0-3", "0-4", "0-5", "0-6", "0-7", "1-0", "1-2", "1-3",
                                     "1-4", "1-5", "1-6", "1-7"}));
        QCOMPARE(query::latencyBoundLinks(m), 14);
        const auto* c = m.at(1, 0);
        QVERIFY(c);
        QCOMPARE(c->bytes, int64_t(112));
        QCOMPARE(c->meanMessageBytes(), 28.0);
        for (const auto& t : m.thresholds)
            if (t.transport == "HCCS") {
                QCOMPARE(t.latencyBound, 14);
                QCOMPARE(t.links, 0);
                QVERIFY(!t.judged);
            }
    }

    void linkMedianIsALinksBandwidth_data() {
        QTest::addColumn<QList<double>>("gbps");
        QTest::addColumn<double>("median");
        QTest::addColumn<double>("slowBelow");
        // the median shown is the lower of the middle two, a link's bandwidth, and the one centre of the slow
        // rule: threshold = min(80 % of it, median − 3.5 · 1.4826 · MAD about it); 3.5 · 1.4826 = 5.1891
        // 10 20 30 40: median 20; deviations 10 0 10 20 → MAD 10 → min(16, 20 − 51.891)
        QTest::newRow("{10, 20, 30, 40}") << QList<double>{40, 10, 30, 20} << 20.0 << 20 - 5.1891 * 10;
        // 20 ×3, 24 ×3: median 20; deviations 0 ×3, 4 ×3 → MAD 2 → min(16, 20 − 10.3782) = 9.6218 (the
        // midway centre 22 made it 11.6218, which median_gbps − z · MAD did not give)
        QTest::newRow("{20 ×3, 24 ×3}") << QList<double>{24, 24, 24, 20, 20, 20} << 20.0 << 20 - 5.1891 * 2;
        // five at 20, five at 21: median 20; MAD 0.5 → min(0.8 · 20, 17.405) = 16
        QTest::newRow("{20 ×5, 21 ×5}")
            << QList<double>{20, 21, 20, 21, 20, 21, 20, 21, 20, 21} << 20.0 << 16.0;
    }
    void linkMedianIsALinksBandwidth() {
        QFETCH(QList<double>, gbps);
        QFETCH(double, median);
        QFETCH(double, slowBelow);
        query::CommMatrix m;
        for (int i = 0; i < gbps.size(); ++i) {
            query::CommCell c;
            c.src = 0;
            c.dst = i + 1;
            c.transports = {"HCCS"};
            c.timeNs = 10000000;                            // 10 ms
            c.bytes = int64_t(std::llround(gbps[i] * 1e7)); // bytes per ns = GB/s; 100+ MB, not latency-bound
            c.opCount = 1;
            m.cells.push_back(c);
        }
        query::judgeSlowLinks(m);
        QCOMPARE(int(m.thresholds.size()), 1);
        QVERIFY(m.thresholds[0].judged);
        QCOMPARE(m.thresholds[0].medianGBps, median);
        QVERIFY2(std::abs(m.thresholds[0].thresholdGBps - slowBelow) < 1e-9,
                 qPrintable(QString::number(m.thresholds[0].thresholdGBps)));
        // the figures shown give the threshold back
        const auto& t = m.thresholds[0];
        const double fromShown =
            std::min(query::kSlowRatio * t.medianGBps, t.medianGBps - query::kSlowZ * 1.4826 * t.madGBps);
        QVERIFY(std::abs(t.thresholdGBps - fromShown) < 1e-9);
    }

    void latencyBoundRule() {
        // nine HCCS links moving 20 MB per op at ~20 GB/s, and three at 0.03–0.08 GB/s moving 100-byte
        // messages (one of them 4 ops of 28 B): the small ones are latency-bound — neither slow nor part of
        // the median — while a 10 GB/s link of real volume is still slow; a link of unknown op count is
        // judged by its whole volume (2 MB: judged)
        query::CommMatrix m;
        auto cell = [&](int64_t dst, int64_t bytes, int64_t ns, std::optional<int64_t> ops) {
            query::CommCell c;
            c.src = 0;
            c.dst = dst;
            c.transports = {"HCCS"};
            c.bytes = bytes;
            c.timeNs = ns;
            c.opCount = ops;
            m.cells.push_back(c);
        };
        for (int i = 1; i <= 8; ++i)
            cell(i, 20000000 + i * 100000, 1000000, 1); // 20.1 … 20.8 GB/s
        cell(9, 10000000, 1000000, 1);                  // 10 GB/s, 10 MB per op: slow
        cell(10, 100, 1300, 1);                         // 0.077 GB/s
        cell(11, 112, 4520, 4);                         // 0.0248 GB/s, 28 B per op
        cell(12, 100, 3000, std::nullopt);              // 0.033 GB/s, op count unknown: 100 B in all
        cell(13, 2000000, 100000, std::nullopt);        // 20 GB/s, 2 MB in all: judged
        query::judgeSlowLinks(m);
        QStringList slow, small;
        for (const auto& c : m.cells) {
            if (c.slow) slow << QString::number(c.dst);
            if (c.latencyBound) small << QString::number(c.dst);
        }
        QCOMPARE(slow, QStringList{"9"});
        QCOMPARE(small, QStringList({"10", "11", "12"}));
        QCOMPARE(int(m.thresholds.size()), 1);
        QCOMPARE(m.thresholds[0].links, 10);
        QCOMPARE(m.thresholds[0].latencyBound, 3);
        // the median of the ten judged links (20.1 … 20.8, 10, 20): sorted 10, 20, 20.1 … 20.8 → the lower
        // of the middle two (20.3, 20.4), a link's bandwidth
        QVERIFY(std::abs(m.thresholds[0].medianGBps - 20.3) < 1e-9);
    }

    void bandwidthTextIsOneFigure() {
        // the cell's number and the tooltip's text come from one function: 3 significant digits, GB/s
        QCOMPARE(model::formatBandwidth(112.0 / 4520.0), std::string("0.0248 GB/s"));
        QCOMPARE(model::formatBandwidthNumber(112.0 / 4520.0), std::string("0.0248"));
        QCOMPARE(model::formatBandwidth(15.06), std::string("15.1 GB/s"));
        QCOMPARE(model::formatBandwidth(761.1383), std::string("761 GB/s"));
        QCOMPARE(model::formatBandwidth(0.0052), std::string("0.00520 GB/s"));
        QCOMPARE(model::formatBandwidth(2.0), std::string("2.00 GB/s"));
    }

    void slowRule() {
        // eight HCCS links at 20 GB/s ± a little and one at 10: only that one is slow; two RDMA links are
        // too few to judge (kMinJudged = 3)
        query::CommMatrix m;
        auto cell = [&](int64_t dst, const char* t, int64_t bytes, int64_t ns) {
            query::CommCell c;
            c.src = 0;
            c.dst = dst;
            c.transports = {t};
            c.bytes = bytes;
            c.timeNs = ns;
            m.cells.push_back(c);
        };
        for (int i = 1; i <= 8; ++i)
            cell(i, "HCCS", 20000000 + i * 100000, 1000000); // 20.1 … 20.8 GB/s
        cell(9, "HCCS", 10000000, 1000000);                  // 10 GB/s
        cell(10, "RDMA", 1000000, 1000000);
        cell(11, "RDMA", 9000000, 1000000);
        query::judgeSlowLinks(m);
        QStringList slow;
        for (const auto& c : m.cells)
            if (c.slow) slow << QString::number(c.dst);
        QCOMPARE(slow, QStringList{"9"});
        bool rdmaJudged = true;
        for (const auto& t : m.thresholds)
            if (t.transport == "RDMA") rdmaJudged = t.judged;
        QVERIFY(!rdmaJudged);
    }
};

QTEST_GUILESS_MAIN(TstCommMatrix)
#include "tst_commmatrix.moc"
