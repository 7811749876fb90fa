// The level-of-detail table's layout (schema 55): lod is clustered on (track_id, level, start_ns, seq), so a
// frame's read of a track's buckets is a range of its key with no index built after the load and no sort;
// and its rows are the buckets the spans make, also for a track written out of ts order (re-nested after
// the load, its rows replaced).
#include "core/index/sqlite.h"
#include "core/query/timelinequery.h"
#include "tests/support/testsupport.h"

#include <QtTest>

using namespace rs;

namespace {

/// Thread 1 out of ts order (re-nested after the load), thread 2 a span with a nested child:
///   python3 -c "import json; e=json.load(open('rank-0.pt.trace.json'))['traceEvents'];
///     [print(t, len([v for v in e if v['tid']==t]), sorted({int(v['ts']*1000)//(256000*8**L)
///      for v in e if v['tid']==t and v['name']!='child'}) ) for t in (1,2) for L in (0,4)]"
///   -> tid 1: 4 spans; level 0 buckets [3, 11, 19, 3906] (4), level 4 [0] (1)
///      tid 2: 2 spans (depth 0 and 1); level 0 [7] (1 per depth), level 4 [0]
const char* kTrace = R"({"traceEvents":[
{"ph":"X","name":"a","pid":1,"tid":1,"ts":5000,"dur":10},
{"ph":"X","name":"b","pid":1,"tid":1,"ts":1000,"dur":10},
{"ph":"X","name":"c","pid":1,"tid":1,"ts":3000,"dur":10},
{"ph":"X","name":"d","pid":1,"tid":1,"ts":1000000,"dur":10},
{"ph":"X","name":"parent","pid":1,"tid":2,"ts":2000,"dur":100},
{"ph":"X","name":"child","pid":1,"tid":2,"ts":2010,"dur":10}
]})";

} // namespace

class TstLodLayout : public QObject {
    Q_OBJECT
    std::string m_dir;
    std::unique_ptr<index::Db> m_db;

    int64_t trackOf(const char* spanName) {
        auto q = m_db->prepare(
            "SELECT s.track_id FROM span s JOIN string n ON n.id = s.name_id WHERE n.value = ?");
        q.bind(1, spanName);
        return q.step() ? q.i64(0) : -1;
    }

  private Q_SLOTS:
    void initTestCase() {
        m_dir = test::tempDir("lodlayout");
        test::writeFile(m_dir + "/rank-0.pt.trace.json", kTrace);
        auto r = test::indexDir(m_dir);
        QVERIFY2(r.result.ok, r.result.error.c_str());
        m_db = std::move(r.db);
    }

    void framesReadTheClusteredKey() {
        auto q = m_db->prepare(std::string("EXPLAIN QUERY PLAN ") + query::kLodWindowSql);
        std::string plan;
        while (q.step())
            plan += q.text(3) + "\n";
        QVERIFY2(plan.find(
                     "SEARCH lod USING PRIMARY KEY (track_id=? AND level=? AND start_ns>? AND start_ns<?)") !=
                     std::string::npos,
                 plan.c_str());
        QVERIFY2(plan.find("TEMP B-TREE") == std::string::npos, plan.c_str()); // no sort for ORDER BY
        QCOMPARE(m_db->scalar("SELECT count(*) FROM sqlite_master WHERE type = 'index' AND tbl_name = 'lod'"),
                 int64_t(0));
    }

    void bucketsOfEachTrack_data() {
        QTest::addColumn<QString>("span");
        QTest::addColumn<int>("level");
        QTest::addColumn<int64_t>("rows");
        QTest::addColumn<int64_t>("spans");
        QTest::newRow("out of order, level 0") << "a" << 0 << int64_t(4) << int64_t(4);
        QTest::newRow("out of order, level 4") << "a" << 4 << int64_t(1) << int64_t(4);
        QTest::newRow("nested, level 0") << "parent" << 0 << int64_t(2) << int64_t(2);
        QTest::newRow("nested, level 4") << "parent" << 4 << int64_t(2) << int64_t(2);
    }

    /// Every span of a track lies in one bucket per level: the counts add up to the track's spans, and
    /// the re-nested track keeps no bucket of its first, out-of-order nesting.
    void bucketsOfEachTrack() {
        QFETCH(QString, span);
        QFETCH(int, level);
        QFETCH(int64_t, rows);
        QFETCH(int64_t, spans);
        const int64_t track = trackOf(span.toUtf8().constData());
        auto q = m_db->prepare("SELECT count(*), sum(count) FROM lod WHERE track_id = ? AND level = ?");
        q.bind(1, track).bind(2, level);
        QVERIFY(q.step());
        QCOMPARE(q.i64(0), rows);
        QCOMPARE(q.i64(1), spans);
    }
};

QTEST_GUILESS_MAIN(TstLodLayout)
#include "tst_lodlayout.moc"
