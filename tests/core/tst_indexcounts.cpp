// The counts a build keeps for `info` (core/index/indexcounts.h): on a tiny trace they are the numbers a
// count of its events gives; on a demo they equal a recount of the tables; info shows the kept ones (it does
// not recount); an index without them is counted; an index of the previous schema, which had none, is
// rebuilt.
#include "core/index/indexcounts.h"
#include "core/index/schema.h"
#include "core/index/sqlite.h"
#include "core/pipeline/buildpipeline.h"
#include "tests/support/testsupport.h"

#include <filesystem>
#include <fstream>

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

using namespace rs;

namespace {

/// Three spans on two threads (one nested) and two counter events, the first with two numeric series:
///   python3 -c "import json; e=json.load(open('rank-0.pt.trace.json'))['traceEvents'];
///     x=[v for v in e if v['ph']=='X']; c=[v for v in e if v['ph']=='C'];
///     print(len(x), min(v['ts'] for v in x)*1000, max((v['ts']+v['dur'])*1000 for v in x),
///           sum(len(v['args']) for v in c), len({(v['pid'],v['tid']) for v in x}),
///           len({(v['name'],k) for v in c for k in v['args']}))"
///   -> 3 1000000 2010500.0 3 2 2: 3 spans from 1 000 000 to 2 010 500 ns, 3 counter samples, 2 thread
///   tracks and 2 counter series (a track each).
const char* kTinyTrace = R"({"traceEvents":[
{"ph":"X","name":"a","pid":1,"tid":1,"ts":1000,"dur":5},
{"ph":"X","name":"b","pid":1,"tid":1,"ts":1002,"dur":1},
{"ph":"X","name":"c","pid":1,"tid":2,"ts":2000.5,"dur":10},
{"ph":"C","name":"Freq","pid":1,"tid":0,"ts":1500,"args":{"MHz":1800,"V":0.9}},
{"ph":"C","name":"Freq","pid":1,"tid":0,"ts":1600,"args":{"MHz":1700}}
]})";

/// The tables counted here, apart from IndexCounts::recount's statements.
index::IndexCounts countedByTest(index::Db& db) {
    index::IndexCounts c;
    c.tracks = db.scalar("SELECT count(*) FROM track");
    c.steps = db.scalar("SELECT count(*) FROM (SELECT step FROM step GROUP BY step)");
    c.collectives = db.scalar("SELECT count(*) FROM collective");
    // a rank with device addresses lists its allocations again without them (operator_memory.csv)
    c.tensors =
        db.scalar("SELECT coalesce(sum(CASE WHEN with_addr > 0 THEN with_addr ELSE all_rows END), 0) "
                  "FROM (SELECT count(addr) AS with_addr, count(*) AS all_rows FROM tensor GROUP BY rank)");
    c.memorySamples = db.scalar("SELECT count(*) FROM memory_sample");
    c.counters = db.scalar("SELECT count(*) FROM counter");
    c.spanStartNs = db.scalar("SELECT min(ts_ns) FROM span");
    c.spanEndNs = db.scalar("SELECT max(ts_ns + dur_ns) FROM span");
    return c;
}

std::string describe(const index::IndexCounts& c) {
    std::string s;
    for (const auto& [k, v] : c.metaRows())
        s += k + "=" + v + " ";
    return s;
}

void setMeta(const std::string& dbPath, const std::string& key, const std::string& value) {
    index::Db db(dbPath);
    db.prepare("UPDATE meta SET value = ? WHERE key = ?").bind(1, value).bind(2, key).exec();
}

QJsonObject infoJson(const std::string& dir) {
    QString out, err;
    if (test::runRankscope({"info", QString::fromStdString(dir), "--json"}, &out, &err) != 0) {
        qWarning("%s", qPrintable(err));
        return {};
    }
    return QJsonDocument::fromJson(out.toUtf8()).object();
}

} // namespace

class TstIndexCounts : public QObject {
    Q_OBJECT
    std::string m_demo, m_demoDb; ///< a 2-rank Ascend demo (collectives, tensors, memory) and its index

  private Q_SLOTS:
    void initTestCase() {
        m_demo = test::tempDir("indexcounts-demo");
        auto r = test::indexedDemo(m_demo, test::demoOptions(2, 3, 2));
        QVERIFY2(r.result.ok, r.result.error.c_str());
        m_demoDb = r.result.dbPath;
    }

    void tinyTraceGolden() {
        const std::string dir = test::tempDir("indexcounts-tiny");
        test::writeFile(dir + "/rank-0.pt.trace.json", kTinyTrace);
        auto r = test::indexDir(dir);
        QVERIFY2(r.result.ok, r.result.error.c_str());
        const auto kept = index::IndexCounts::kept(*r.db);
        QVERIFY(kept);
        QCOMPARE(r.db->scalarText("SELECT value FROM meta WHERE key = 'span_count'"), std::string("3"));
        QCOMPARE(kept->spanStartNs, int64_t(1000000));
        QCOMPARE(kept->spanEndNs, int64_t(2010500));
        QCOMPARE(kept->counters, int64_t(3));
        QCOMPARE(kept->tracks, int64_t(4));
        QCOMPARE(kept->collectives, int64_t(0));
        QCOMPARE(kept->tensors, int64_t(0));
        QCOMPARE(kept->memorySamples, int64_t(0));
        QCOMPARE(kept->steps, countedByTest(*r.db).steps);
    }

    void keptEqualsARecountOnADemo() {
        index::Db db(m_demoDb, true);
        const auto kept = index::IndexCounts::kept(db);
        QVERIFY(kept);
        const auto counted = countedByTest(db);
        QVERIFY2(*kept == counted, (describe(*kept) + "\nvs " + describe(counted)).c_str());
        // the demo has a row of every kind, so no count passes for being 0
        for (int64_t n : {counted.tracks, counted.steps, counted.collectives, counted.tensors,
                          counted.memorySamples, counted.spanStartNs, counted.spanEndNs})
            QVERIFY(n > 0);
        QCOMPARE(index::IndexCounts::recount(db), counted);
        // each rank's memory_usage.csv lists every allocation once; operator_memory.csv lists them again
        // without an address: the count is the first (walk17a L1: 2 × 3832 on the 8-rank demo)
        int64_t csvRows = 0;
        for (const auto& e : std::filesystem::recursive_directory_iterator(m_demo))
            if (e.path().filename() == "memory_usage.csv") {
                std::ifstream in(e.path());
                std::string line;
                for (bool header = true; std::getline(in, line); header = false)
                    if (!header && !line.empty()) ++csvRows;
            }
        QVERIFY(csvRows > 0);
        QCOMPARE(kept->tensors, csvRows);
    }

    void infoShowsTheKeptCounts() {
        // a kept value that is not the table's shows that info reads it instead of counting
        const QJsonObject before = infoJson(m_demo);
        const int64_t tensors = before["counts"].toObject()["tensors"].toInteger();
        const int64_t end = before["time_range_ns"].toArray()[1].toInteger();
        QVERIFY(tensors > 0);
        setMeta(m_demoDb, "tensor_count", std::to_string(tensors + 5));
        setMeta(m_demoDb, "span_end_ns", std::to_string(end + 1));
        const QJsonObject doctored = infoJson(m_demo);
        setMeta(m_demoDb, "tensor_count", std::to_string(tensors));
        setMeta(m_demoDb, "span_end_ns", std::to_string(end));
        QCOMPARE(doctored["counts"].toObject()["tensors"].toInteger(), tensors + 5);
        QCOMPARE(doctored["time_range_ns"].toArray()[1].toInteger(), end + 1);
        QCOMPARE(infoJson(m_demo), before);
    }

    void withoutKeptCountsInfoCounts() {
        // what a cluster index is (merge keeps none): info counts the tables and shows the same
        const QJsonObject before = infoJson(m_demo);
        {
            index::Db db(m_demoDb);
            db.exec("DELETE FROM meta WHERE key = 'memory_sample_count'");
            QVERIFY(!index::IndexCounts::kept(db));
            QCOMPARE(index::IndexCounts::of(db), countedByTest(db));
        }
        QCOMPARE(infoJson(m_demo), before);
    }

    void olderSchemaIsRebuilt() {
        // an index of schema 42 kept no counts: it is not reused, and the rebuilt one keeps them
        const std::string dir = test::tempDir("indexcounts-stale");
        test::writeFile(dir + "/rank-0.pt.trace.json", kTinyTrace);
        auto first = pipeline::BuildPipeline(dir, {}).run();
        QVERIFY2(first.ok, first.error.c_str());
        {
            index::Db db(first.dbPath);
            db.exec(
                "DELETE FROM meta WHERE key IN ('track_count', 'step_count', 'collective_count', "
                "'tensor_count', 'memory_sample_count', 'counter_count', 'span_start_ns', 'span_end_ns')");
            db.prepare("UPDATE meta SET value = ? WHERE key = 'schema_version'")
                .bind(1, std::to_string(index::kSchemaVersion - 1))
                .exec();
        }
        auto again = pipeline::BuildPipeline(dir, {}).run();
        QVERIFY2(again.ok, again.error.c_str());
        QVERIFY(!again.reused);
        index::Db db(again.dbPath, true);
        QCOMPARE(db.scalarText("SELECT value FROM meta WHERE key = 'schema_version'"),
                 std::to_string(index::kSchemaVersion));
        const auto kept = index::IndexCounts::kept(db);
        QVERIFY(kept);
        QCOMPARE(*kept, countedByTest(db));
        // and a current one is reused as it is
        auto third = pipeline::BuildPipeline(dir, {}).run();
        QVERIFY(third.ok && third.reused);
    }
};

QTEST_GUILESS_MAIN(TstIndexCounts)
#include "tst_indexcounts.moc"
