// The load's runs of rows per rank group (core/index/loadranges.h): how batches extend or start runs, and on
// a real build (two runs whose rank numbers collide, so rank keys are reordered after the load) that each
// rank's spans and flow events lie in its group's runs, found by joins over track and rank_info that do not
// use the runs, and that the runs split the tables without overlap.
#include "core/index/flowchunk.h"
#include "core/index/loadranges.h"
#include "tests/support/testsupport.h"

#include <QtTest>

using namespace rs;

class TstLoadRanges : public QObject {
    Q_OBJECT

    /// Flow events read through each run whose track (by track → rank_info, not the runs) belongs to
    /// another group, or whose data rank is not its track's rank's.
    static int64_t flowEventsOutsideTheirGroupsRuns(index::Db& db) {
        auto runs =
            db.prepare("SELECT grp, flow_first, flow_last FROM load_range WHERE flow_last >= flow_first");
        auto owner = db.prepare("SELECT r.grp, r.data_rank FROM track t JOIN rank_info r ON r.rank = t.rank "
                                "WHERE t.track_id = ?");
        int64_t wrong = 0, seen = 0;
        while (runs.step()) {
            const int64_t grp = runs.i64(0);
            index::forEachFlowEvent(db, runs.i64(1), runs.i64(2), [&](const index::FlowEvent& e) {
                ++seen;
                owner.bind(1, e.trackId);
                if (!owner.step() || owner.i64(0) != grp || owner.i64(1) != e.dataRank) ++wrong;
                owner.reset();
            });
        }
        return seen > 0 ? wrong : -1; // none read is not a pass
    }

  private Q_SLOTS:
    void batchesExtendTheirGroupsRun() {
        index::LoadRanges r;
        r.add(0, 1, 10, 1, 4);  // spans 1..10, flows 1..4
        r.add(0, 11, 5, 5, 0);  // same group next: spans 1..15
        r.add(1, 16, 3, 5, 2);  // another group: spans 16..18, flows 5..6
        r.add(1, 19, 0, 7, 0);  // nothing written: no run
        r.add(0, 19, 0, 7, 3);  // group 0 again, flows only: a new run without spans
        r.add(0, 19, 2, 10, 0); // its spans start where it has none yet: 19..20
        const auto& v = r.ranges();
        QCOMPARE(v.size(), size_t(3));
        QCOMPARE(v[0].group, 0);
        QCOMPARE(v[0].spanFirst, int64_t(1));
        QCOMPARE(v[0].spanLast, int64_t(15));
        QCOMPARE(v[0].flowFirst, int64_t(1));
        QCOMPARE(v[0].flowLast, int64_t(4));
        QCOMPARE(v[1].group, 1);
        QCOMPARE(v[1].spanFirst, int64_t(16));
        QCOMPARE(v[1].spanLast, int64_t(18));
        QCOMPARE(v[1].flowFirst, int64_t(5));
        QCOMPARE(v[1].flowLast, int64_t(6));
        QCOMPARE(v[2].group, 0);
        QCOMPARE(v[2].spanFirst, int64_t(19));
        QCOMPARE(v[2].spanLast, int64_t(20));
        QCOMPARE(v[2].flowFirst, int64_t(7));
        QCOMPARE(v[2].flowLast, int64_t(9));
    }

    void eachRanksRowsLieInItsGroupsRuns() {
        const std::string dir = test::tempDir("loadranges") + "/profile";
        std::string err;
        QVERIFY2(test::writeTwoRunDemo(dir, err), err.c_str());
        auto ix = test::indexOnly(dir, test::tempDir("loadranges-db") + "/raw.sqlite");
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        // not vacuous: several groups, flows, and ranks whose keys moved (a rank number claimed twice)
        QVERIFY(ix.scalar("SELECT count(DISTINCT grp) FROM load_range") >= 2);
        QVERIFY(ix.scalar("SELECT sum(count) FROM flow_chunk") > 0);
        QVERIFY(ix.scalar("SELECT count(*) FROM rank_info WHERE rank >= 10000") > 0);
        QCOMPARE(
            ix.scalar("SELECT count(*) FROM span s JOIN track t ON t.track_id = s.track_id JOIN rank_info r "
                      "ON r.rank = t.rank WHERE NOT EXISTS (SELECT 1 FROM load_range l WHERE l.grp = r.grp "
                      "AND s.span_id BETWEEN l.span_first AND l.span_last)"),
            int64_t(0));
        QCOMPARE(flowEventsOutsideTheirGroupsRuns(*ix.db), int64_t(0));
        // every span and flow is in exactly one run: the run lengths add up to the tables' sizes
        QCOMPARE(ix.scalar("SELECT sum(max(0, span_last - span_first + 1)) FROM load_range"),
                 ix.scalar("SELECT count(*) FROM span"));
        QCOMPARE(ix.scalar("SELECT sum(max(0, flow_last - flow_first + 1)) FROM load_range"),
                 ix.scalar("SELECT sum(count) FROM flow_chunk"));
        QCOMPARE(ix.scalar("SELECT count(*) FROM load_range a JOIN load_range b ON a.rowid < b.rowid WHERE "
                           "a.span_first <= b.span_last AND b.span_first <= a.span_last AND a.span_first <= "
                           "a.span_last AND b.span_first <= b.span_last"),
                 int64_t(0));
    }
};

QTEST_MAIN(TstLoadRanges)
#include "tst_loadranges.moc"
