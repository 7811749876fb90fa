// The comm_links pass (core/analysis/commlinks) writes each link of a rank's communication matrix exactly
// once, in an index of the whole profile and in a cluster index merged from shards: a link lost or doubled
// (e.g. by a change to how comm_link stores its rows, schema 29) shows here per rank.
//
// The expected figures are counted from the demo's own files, not from the index: for every
// communication_matrix.json, each link entry ("src-dst": {...}) under a step's "collective"/"p2p" op key; the
// rank is the link's src (the demo's world group: local rank = global rank); an op key with "-total@" is a
// summed row, one with "-top1@", "-middle@" or "-bottom1@" a sample; bytes = round(Transit Size(MB) × 10^6).
#include "core/index/sqlite.h"
#include "core/pipeline/buildpipeline.h"
#include "core/pipeline/shardmerge.h"
#include "tests/support/testsupport.h"

#include <QtTest>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>

using namespace rs;
namespace fs = std::filesystem;

namespace {

struct Expected {
    int64_t summed = 0, samples = 0, summedBytes = 0;
};

/// Per data rank, from the profile's communication_matrix.json files.
std::map<int64_t, Expected> countFromFiles(const std::string& profile) {
    std::map<int64_t, Expected> out;
    for (const auto& e : fs::recursive_directory_iterator(profile)) {
        if (e.path().filename() != "communication_matrix.json") continue;
        std::ifstream in(e.path());
        const auto j = nlohmann::json::parse(in);
        for (const auto& [step, kinds] : j.items())
            for (const auto& [kind, ops] : kinds.items())
                for (const auto& [op, links] : ops.items())
                    for (const auto& [link, v] : links.items()) {
                        Expected& x = out[std::stoll(link.substr(0, link.find('-')))];
                        if (op.find("-total@") != std::string::npos) {
                            ++x.summed;
                            x.summedBytes += std::llround(v.at("Transit Size(MB)").get<double>() * 1e6);
                        } else {
                            ++x.samples;
                        }
                    }
    }
    return out;
}

std::map<int64_t, Expected> countFromIndex(index::Db& db) {
    std::map<int64_t, Expected> out;
    auto q = db.prepare("SELECT coalesce(i.data_rank, i.rank), sum(l.summed), sum(e.value = 'sample'), "
                        "sum(CASE WHEN l.summed = 1 THEN l.bytes END) FROM comm_link l JOIN rank_info i ON "
                        "i.rank = l.rank JOIN comm_text e ON e.id = l.entry_id GROUP BY 1");
    while (q.step())
        out[q.i64(0)] = {q.i64(1), q.i64(2), q.i64(3)};
    return out;
}

} // namespace

class TstCommLinks : public QObject {
    Q_OBJECT
    std::string m_profile, m_whole, m_cluster;

  private slots:
    void initTestCase() {
        m_profile = test::tempDir("commlinks-demo");
        QVERIFY2(test::writeDemo(m_profile, test::demoOptions(8, 3, 1)).empty(), "demo");
        m_whole = test::tempDir("commlinks-whole") + "/index.sqlite";
        pipeline::BuildOptions o;
        o.force = true;
        o.dbPath = m_whole;
        const auto r = pipeline::BuildPipeline(m_profile, o).run();
        QVERIFY2(r.ok, r.error.c_str());
        const std::string shards = test::tempDir("commlinks-shards");
        const std::string err = test::indexShards(m_profile, 3, shards);
        QVERIFY2(err.empty(), err.c_str());
        const auto m = pipeline::ShardMerge({shards, "", false, {}, {}}).run();
        QVERIFY2(m.ok, m.error.c_str());
        m_cluster = m.outPath;
    }

    void eachLinkOnce_data() {
        QTest::addColumn<QString>("db");
        QTest::newRow("whole index") << QString::fromStdString(m_whole);
        QTest::newRow("cluster index of 3 shards") << QString::fromStdString(m_cluster);
    }

    void eachLinkOnce() {
        QFETCH(QString, db);
        const auto expected = countFromFiles(m_profile);
        QCOMPARE(int(expected.size()), 8); // the demo's 8 ranks each wrote their matrix
        index::Db d(db.toStdString(), true);
        const auto got = countFromIndex(d);
        QCOMPARE(int(got.size()), int(expected.size()));
        for (const auto& [rank, x] : expected) {
            const QByteArray where = "rank " + QByteArray::number(qlonglong(rank));
            QVERIFY2(x.summed > 0 && x.samples > 0, where + " wrote no link"); // the count itself works
            QVERIFY2(got.count(rank), where);
            QVERIFY2(got.at(rank).summed == x.summed, where + " summed rows");
            QVERIFY2(got.at(rank).samples == x.samples, where + " sample rows");
            QVERIFY2(got.at(rank).summedBytes == x.summedBytes, where + " bytes");
        }
        // in rank order, then as stored: the order group_concat(DISTINCT op) lists a cell's ops in
        QCOMPARE(d.scalar("SELECT count(*) FROM comm_link a JOIN comm_link b ON b.rowid = a.rowid + 1 WHERE "
                          "b.rank < a.rank OR (b.rank = a.rank AND b.link_row < a.link_row)"),
                 int64_t(0));
        // each resolved row names its own stored row, and that row says the same link
        QCOMPARE(d.scalar("SELECT count(*) - count(DISTINCT link_row) FROM comm_link"), int64_t(0));
        QCOMPARE(
            d.scalar("SELECT count(*) FROM comm_link l LEFT JOIN comm_link_src s ON s.rowid = l.link_row "
                     "WHERE s.rank IS NOT l.rank OR s.step IS NOT l.step OR s.entry_id IS NOT l.entry_id OR "
                     "s.bytes IS NOT l.bytes OR s.group_id IS NOT l.group_id"),
            int64_t(0));
    }

    /// The link tables hold no string: a matrix repeats a few (group hash, op, transport, entry, source) on
    /// every row, and as TEXT they made a 512-rank matrix's index 1.67× its input (issue 23). Each string is
    /// stored once, in comm_text; the record bytes per link row of comm_link + comm_link_src (dbstat's
    /// payload, no page rounding) were 208 on this demo with the strings inline (77 without).
    void linkTablesHoldNoRepeatedText_data() { eachLinkOnce_data(); }
    void linkTablesHoldNoRepeatedText() {
        QFETCH(QString, db);
        index::Db d(db.toStdString(), true);
        for (const char* table : {"comm_link", "comm_link_src"}) {
            auto cols = d.prepare("SELECT name FROM pragma_table_info(?)");
            cols.bind(1, std::string(table));
            while (cols.step()) {
                const std::string c = cols.text(0);
                QVERIFY2(d.scalar("SELECT count(*) FROM " + std::string(table) + " WHERE typeof(" + c +
                                  ") = 'text'") == 0,
                         (std::string(table) + "." + c + " holds text").c_str());
            }
        }
        // the view reads as before: its columns and their declared types (the SQL console lists them)
        QCOMPARE(d.scalarText(
                     "SELECT group_concat(name || ':' || type, ' ') FROM pragma_table_info('comm_links')"),
                 std::string("run_id:INTEGER step:INTEGER group_name:TEXT src_rank:INTEGER dst_rank:INTEGER "
                             "transport:TEXT bytes: time_ns: op_count: rank_scope:TEXT data_kind:TEXT"));
        const int64_t rows = d.scalar("SELECT count(*) FROM comm_link_src");
        QVERIFY2(rows > 500, std::to_string(rows).c_str());
        QCOMPARE(d.scalar("SELECT count(*) - count(DISTINCT value) FROM comm_text"), int64_t(0));
        QVERIFY(d.scalar("SELECT count(*) FROM comm_text") < 64); // a handful of strings, not one per row
        const int64_t payload =
            d.scalar("SELECT sum(payload) FROM dbstat WHERE name IN ('comm_link', 'comm_link_src')");
        QVERIFY2(payload <= 100 * rows,
                 (std::to_string(double(payload) / double(rows)) + " bytes per link row "
                                                                   "(at most 100)")
                     .c_str());
    }

    /// The resolver's three counted problems, each exactly as often as the file has it: one rank (global
    /// 1) of a 4-rank job (rank_size), group "commA" (its hash, as in tst_commmatrix) = [1, 3, 7] in
    /// parallel_group_info. Links "0-1" (1 → 3) shown; "1-0" (3 → 1) shown, its source not the file's rank;
    /// "0-2" (1 → 7) beyond the world: dropped; "2-2" (7 → 7) both; "0-5" no local rank 5: dropped.
    void problemsAreCountedPerLink() {
        const std::string dir = test::tempDir("commlinks-problems") + "/r1_ascend_pt";
        test::writeFile(dir + "/profiler_info_1.json", R"({"rank_id": 1, "rank_size": 4, "config": {}})");
        test::writeFile(dir + "/profiler_metadata.json",
                        R"({"parallel_group_info": {"commA": {"group_name": "dp", "group_rank": 0,
                            "global_ranks": [1, 3, 7]}}})");
        const std::string link =
            R"j({"Transport Type": "HCCS", "Transit Size(MB)": 2, "Transit Time(ms)": 1})j";
        std::string links;
        for (const char* key : {"0-1", "1-0", "0-2", "2-2", "0-5"})
            links += std::string(links.empty() ? "" : ", ") + "\"" + key + "\": " + link;
        test::writeFile(dir + "/ASCEND_PROFILER_OUTPUT/communication_matrix.json",
                        R"({"step1": {"p2p": {}, "collective": {"allreduce-total@312771947472218725": {)" +
                            links + "}}}}");
        pipeline::BuildOptions o;
        o.dbPath = test::tempDir("commlinks-problems-db") + "/index.sqlite";
        const auto r = pipeline::BuildPipeline(dir, o).run();
        QVERIFY2(r.ok, r.error.c_str());
        index::Db d(r.dbPath, true);
        QCOMPARE(d.scalarText("SELECT group_concat(src_rank || '>' || dst_rank || ' ' || rank_scope, ', ') "
                              "FROM (SELECT * FROM comm_links ORDER BY src_rank)"),
                 std::string("1>3 global, 3>1 global"));
        auto count = [&](const char* what) {
            auto q = d.prepare("SELECT coalesce(sum(count), 0) FROM diagnostic WHERE what = ?");
            q.bind(1, std::string(what));
            return q.step() ? q.i64(0) : int64_t(-1);
        };
        QCOMPARE(count("a link names a group-local rank its group does not have (parallel_group_info lists "
                       "fewer members): not shown"),
                 int64_t(1));
        QCOMPARE(count("a link's source is not the rank whose file holds it (after mapping): shown"),
                 int64_t(2));
        QCOMPARE(count("a link names a rank beyond the job's world size: not shown"), int64_t(2));
    }
};

QTEST_GUILESS_MAIN(TstCommLinks)
#include "tst_commlinks.moc"
