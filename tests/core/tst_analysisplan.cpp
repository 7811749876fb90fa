// The analysis plan: its order check, the rank-local passes on an index built without analysis
// (StopAfter::Index) from a tiny hand-written profile, and the property the cluster merge relies on — the
// cross-rank passes run on the summary tables alone (every per-event table dropped) give the same
// collectives, waits, steps, op statistics, findings and diagnostics as the single-machine build.
#include "core/analysis/analysisplan.h"
#include "core/analysis/rankcontext.h"
#include "core/analysis/summarytables.h"
#include "core/demo/demogenerator.h"
#include "core/index/schema.h"
#include "core/query/report.h"
#include "tests/support/testsupport.h"

#include <QtTest>
#include <filesystem>

using namespace rs;
using nlohmann::json;
namespace fs = std::filesystem;

namespace {

/// A cross-rank pass that claims to read spans: the plan must refuse it.
class ReadsSpans : public analysis::CrossRankPass {
  public:
    analysis::PassInfo info() const override {
        return {"reads_spans", analysis::PassScope::CrossRank, {"span"}, {"finding"}};
    }
    void run(analysis::CrossRankContext&) override {}
};
/// A cross-rank pass that reads what nobody wrote before it.
class ReadsTooEarly : public analysis::CrossRankPass {
  public:
    analysis::PassInfo info() const override {
        return {"reads_too_early", analysis::PassScope::CrossRank, {"step_stat"}, {"finding"}};
    }
    void run(analysis::CrossRankContext&) override {}
};

/// A rank-local pass that rewrites the rank's steps, and an off-thread one that reads them after it.
class WritesSteps : public analysis::RankPass {
  public:
    analysis::PassInfo info() const override {
        return {"writes_steps", analysis::PassScope::RankLocal, {"span"}, {"step", "rank_info.place"}};
    }
    void run(analysis::RankContext&) override {}
};
class ReadsStepsBeside : public analysis::RankPass {
  public:
    explicit ReadsStepsBeside(std::vector<std::string_view> reads) : m_reads(std::move(reads)) {}
    analysis::PassInfo info() const override {
        return {"reads_steps_beside", analysis::PassScope::RankLocal, m_reads, {"sum_step"}};
    }
    void run(analysis::RankContext&) override {}
    bool offThread() const override { return true; }

  private:
    std::vector<std::string_view> m_reads;
};

/// A rank-local pass with the given reads and writes: a leading one, a plain one, or split into a compute
/// group.
class ShapedPass : public analysis::RankPass {
  public:
    ShapedPass(std::string_view name, std::vector<std::string_view> reads,
               std::vector<std::string_view> writes, std::string_view group = {}, bool leading = false)
        : m_name(name), m_reads(std::move(reads)), m_writes(std::move(writes)), m_group(group),
          m_leading(leading) {}
    analysis::PassInfo info() const override {
        return {m_name, analysis::PassScope::RankLocal, m_reads, m_writes};
    }
    void run(analysis::RankContext&) override {}
    bool offThread() const override { return !m_group.empty(); }
    std::string_view computeGroup() const override { return m_group; }
    bool firstForEveryRank() const override { return m_leading; }

  private:
    std::string_view m_name;
    std::vector<std::string_view> m_reads, m_writes;
    std::string_view m_group;
    bool m_leading;
};

std::string planRefusal(std::vector<std::unique_ptr<analysis::RankPass>> rank) {
    try {
        analysis::AnalysisPlan(std::move(rank), {});
    } catch (const std::logic_error& e) {
        return e.what();
    }
    return {};
}

std::string offThreadRefusal(std::vector<std::string_view> reads) {
    std::vector<std::unique_ptr<analysis::RankPass>> rank;
    rank.push_back(std::make_unique<WritesSteps>());
    rank.push_back(std::make_unique<ReadsStepsBeside>(std::move(reads)));
    try {
        analysis::AnalysisPlan(std::move(rank), {});
    } catch (const std::logic_error& e) {
        return e.what();
    }
    return {};
}

std::string refusal(std::unique_ptr<analysis::CrossRankPass> p) {
    std::vector<std::unique_ptr<analysis::CrossRankPass>> cross;
    cross.push_back(std::move(p));
    try {
        analysis::AnalysisPlan({}, std::move(cross));
    } catch (const std::logic_error& e) {
        return e.what();
    }
    return {};
}

/// Builds `dir` into `db` with one parser thread (span ids then follow the files' order, so two builds
/// agree), without analysis unless `full`.
bool build(const std::string& dir, const std::string& db, bool full = false, int analysisJobs = 0) {
    pipeline::BuildOptions o;
    o.dbPath = db;
    o.force = true;
    o.jobs = 1;
    o.analysisJobs = analysisJobs;
    o.stopAfter = full ? pipeline::StopAfter::Analysis : pipeline::StopAfter::Index;
    auto r = pipeline::BuildPipeline(dir, o).run();
    if (!r.ok) qWarning("index failed: %s", r.error.c_str());
    return r.ok;
}

std::vector<std::string> rows(index::Db& db, const std::string& sql) {
    return test::rowsOf(db, sql);
}

/// What the cross-rank passes decide, in an order that does not depend on row ids.
const std::vector<std::pair<std::string, std::string>> kCrossRankOutputs{
    {"collective",
     "SELECT rank, step, name, seq, start_ns, dur_ns, wait_ns, wait_events_ns, transit_ns, bytes, "
     "group_name, span_id, match_key, last_rank, source, op_type FROM collective ORDER BY rank, "
     "start_ns, name, seq"},
    {"wait",
     "SELECT rank, step, collective, start_ns, dur_ns, kind, blamed_rank FROM wait ORDER BY rank, start_ns, "
     "kind"},
    {"step_stat", "SELECT * FROM step_stat ORDER BY rank, step"},
    {"op_stat", "SELECT * FROM op_stat ORDER BY op_type, rank"},
    {"bank_anomaly", "SELECT * FROM bank_anomaly ORDER BY rank, op_name"},
    {"finding",
     "SELECT kind, rank, step, subject, lost_ns, waited_ns, extra_ns, idle_ns, instances, start_ns, "
     "end_ns, span_id, affected, run_id FROM finding ORDER BY finding_id"},
    {"run", "SELECT * FROM run ORDER BY run_id"},
    {"rank_info",
     "SELECT rank, run_id, clock_offset_ns, start_ns, end_ns, clock_note FROM rank_info ORDER BY rank"},
    {"diagnostic", "SELECT file, severity, what, count, excerpt FROM diagnostic ORDER BY file, what"},
};

} // namespace

class TstAnalysisPlan : public QObject {
    Q_OBJECT
  private Q_SLOTS:
    void standardPlanIsInOrder() {
        auto plan = analysis::AnalysisPlan::standard();
        QVERIFY(plan.rankPasses().front()->info().name == "rank_clock");
        QVERIFY(plan.crossRankPasses().front()->info().name == "runs");
        for (const auto& p : plan.crossRankPasses())
            for (auto r : p->info().reads)
                for (auto t : analysis::perEventTables())
                    QVERIFY2(r.substr(0, r.find('.')) != t, std::string(p->info().name).c_str());
    }

    void planRefusesCrossRankPassesReadingEvents() {
        QCOMPARE(QString::fromStdString(refusal(std::make_unique<ReadsSpans>())),
                 QString("reads_spans is cross-rank but reads the per-event table span"));
        QCOMPARE(QString::fromStdString(refusal(std::make_unique<ReadsTooEarly>())),
                 QString("reads_too_early reads step_stat, which no summary table or earlier cross-rank pass "
                         "provides"));
    }

    void planRefusesOffThreadPassesReadingEarlierWrites() {
        QCOMPARE(
            QString::fromStdString(offThreadRefusal({"span", "step"})),
            QString("reads_steps_beside runs off-thread but reads step, which writes_steps writes before "
                    "it"));
        QCOMPARE(QString::fromStdString(offThreadRefusal({"rank_info"})),
                 QString("reads_steps_beside runs off-thread but reads rank_info, which writes_steps writes "
                         "before it"));
        // another column of a table written before it, or a table nobody writes: allowed
        QCOMPARE(QString::fromStdString(offThreadRefusal({"span", "rank_info.grp"})), QString());
    }

    void planChecksLeadingPassesAndComputeGroups() {
        using P = std::unique_ptr<analysis::RankPass>;
        auto plan = [](auto... passes) {
            std::vector<P> v;
            (v.push_back(std::move(passes)), ...);
            return planRefusal(std::move(v));
        };
        auto pass = [](auto&&... a) { return std::make_unique<ShapedPass>(a...); };
        // a split pass reads what a leading pass writes (committed before it computes), or what an earlier
        // pass of its own group found (handed over in the group's context)
        QCOMPARE(
            QString::fromStdString(plan(pass("clock", std::vector<std::string_view>{"span"},
                                             std::vector<std::string_view>{"step"}, "", true),
                                        pass("tensors", std::vector<std::string_view>{"step"},
                                             std::vector<std::string_view>{"tensor"}, "memory"),
                                        pass("peaks", std::vector<std::string_view>{"tensor"},
                                             std::vector<std::string_view>{"memory_summary"}, "memory"))),
            QString());
        // ... but not what a split pass of another group writes
        QCOMPARE(QString::fromStdString(plan(pass("tensors", std::vector<std::string_view>{"step"},
                                                  std::vector<std::string_view>{"tensor"}, "memory"),
                                             pass("peaks", std::vector<std::string_view>{"tensor"},
                                                  std::vector<std::string_view>{"memory_summary"}, "other"))),
                 QString("peaks runs off-thread but reads tensor, which tensors writes before it"));
        // a group's passes are consecutive: one context per rank
        QCOMPARE(QString::fromStdString(plan(pass("a", std::vector<std::string_view>{"span"},
                                                  std::vector<std::string_view>{"sum_op"}, "g"),
                                             pass("b", std::vector<std::string_view>{"span"},
                                                  std::vector<std::string_view>{"sum_bank"}, "h"),
                                             pass("c", std::vector<std::string_view>{"span"},
                                                  std::vector<std::string_view>{"sum_step"}, "g"))),
                 QString("c: the passes of compute group g are not consecutive"));
        // a pass that runs first for every rank leads the plan
        QCOMPARE(QString::fromStdString(plan(pass("a", std::vector<std::string_view>{"span"},
                                                  std::vector<std::string_view>{"sum_op"}),
                                             pass("clock", std::vector<std::string_view>{"span"},
                                                  std::vector<std::string_view>{"step"}, "", true))),
                 QString("clock runs first for every rank but does not lead the plan"));
    }

    void offThreadPassesWriteTheSameRows_data() {
        QTest::addColumn<QString>("profile"); ///< a demo format, or a folder under the shared samples
        QTest::addColumn<bool>("flows");      ///< it has flow events (the pass that runs beside has work)
        QTest::newRow("ascend demo") << "ascend" << true;
        QTest::newRow("kineto demo") << "kineto" << true;
        QTest::newRow("hta nccl") << "hta/tests/data/nccl_parser_config" << true;
        QTest::newRow("msinsight level1") << "msinsight/test/data/pytorch/text/level1" << true;
        QTest::newRow("mindinsight") << "mindinsight/tests/utils/resource" << false;
    }
    void offThreadPassesWriteTheSameRows() {
        // one parser thread (the same span ids), the analysis on one thread and then on two: every table
        // holds the same rows in the same rowid order
        QFETCH(QString, profile);
        QFETCH(bool, flows);
        std::string dir;
        if (profile == "ascend" || profile == "kineto") {
            dir = test::tempDir("plan-beside-" + profile.toStdString());
            demo::DemoOptions o;
            o.ranks = 4;
            o.steps = 6;
            o.layers = 2;
            o.format = profile.toStdString();
            std::string err;
            QVERIFY2(demo::generateDemo(dir, o, err), err.c_str());
        } else {
            if (test::samplesDir().empty()) QSKIP("no ../shared/samples");
            dir = test::samplesDir() + "/" + profile.toStdString();
        }
        const std::string one = test::tempDir("plan-beside-one") + "/one.sqlite";
        const std::string two = test::tempDir("plan-beside-two") + "/two.sqlite";
        QVERIFY(build(dir, one, true, 1));
        QVERIFY(build(dir, two, true, 2));
        // the WAL of the analysis is gone: the file is in the journal mode readers expect, alone
        QVERIFY(!fs::exists(two + "-wal"));
        QVERIFY(!fs::exists(two + "-shm"));
        index::Db a(one, true), b(two, true);
        QCOMPARE(b.scalarText("PRAGMA journal_mode"), std::string("delete"));
        const auto tables = rows(a, "SELECT name FROM sqlite_master WHERE type = 'table' AND name != 'meta' "
                                    "ORDER BY name");
        QCOMPARE(
            rows(b, "SELECT name FROM sqlite_master WHERE type = 'table' AND name != 'meta' ORDER BY name"),
            tables);
        QVERIFY(tables.size() > 20);
        for (const auto& t : tables) {
            // a WITHOUT ROWID table (lod, schema 55) has no rowid: its scan is in its key's order
            const bool clustered = a.scalar("SELECT count(*) FROM sqlite_master WHERE name = '" + t +
                                            "' AND sql LIKE '%WITHOUT ROWID%'") > 0;
            const std::string sql = "SELECT * FROM \"" + t + "\"" + (clustered ? "" : " ORDER BY rowid");
            QVERIFY2(rows(a, sql) == rows(b, sql), t.c_str());
        }
        // the pass that runs beside had work to do
        if (flows) QVERIFY(b.scalar("SELECT count(*) FROM flow_link") > 0);
    }

    void stopAfterIndexLeavesTheAnalysisToTheCaller() {
        const std::string dir = test::tempDir("plan-stop");
        test::writeStallProfile(dir);
        const std::string db = dir + "/index-only.sqlite";
        QVERIFY(build(dir, db));
        {
            index::Db d(db, true);
            QCOMPARE(d.scalar("SELECT count(*) FROM span"), int64_t(24));
            QCOMPARE(d.scalar("SELECT count(*) FROM step"), int64_t(8));
            QCOMPARE(d.scalar("SELECT count(*) FROM sum_arrival") +
                         d.scalar("SELECT count(*) FROM collective") +
                         d.scalar("SELECT count(*) FROM finding") + d.scalar("SELECT count(*) FROM run"),
                     int64_t(0));
        }
        // a full build never takes it for a current index
        pipeline::BuildOptions o;
        o.dbPath = db;
        auto full = pipeline::BuildPipeline(dir, o).run();
        QVERIFY(full.ok);
        QVERIFY(!full.reused);
    }

    void rankLocalPassesOnAHandWrittenProfile() {
        const std::string dir = test::tempDir("plan-ranklocal");
        test::writeStallProfile(dir);
        const std::string path = dir + "/index-only.sqlite";
        QVERIFY(build(dir, path));
        index::Db db(path);
        auto plan = analysis::AnalysisPlan::standard();
        const analysis::AnalysisOptions opts;
        const auto names = analysis::NameIndex::load(db);
        plan.runRank(db, opts, 1, names); // rank 1 alone: nothing of rank 0 is needed or written
        QCOMPARE(db.scalar("SELECT count(*) FROM sum_arrival WHERE rank != 1") +
                     db.scalar("SELECT count(*) FROM sum_step WHERE rank != 1"),
                 int64_t(0));
        const int64_t t0 = 1700000000000000LL * 1000;
        // its four AllReduces, one per step (identity: the NCCL op type, numbered within the step); before
        // step 2's the device was idle from the step-1 AllReduce's end (t0 + 19 ms) to its kernel (t0 + 70
        // ms)
        QCOMPARE(rows(db, "SELECT step, identity, seq, start_ns - " + std::to_string(t0) +
                              ", dur_ns, gap_start_ns - " + std::to_string(t0) +
                              ", gap_ns FROM sum_arrival ORDER BY start_ns"),
                 (std::vector<std::string>{"0|nccl:AllReduce|0|8000000|1000000|0|0",
                                           "1|nccl:AllReduce|0|18000000|1000000|9000000|1000000",
                                           "2|nccl:AllReduce|0|78000000|1000000|19000000|51000000",
                                           "3|nccl:AllReduce|0|88000000|1000000|79000000|1000000"}));
        // step 2 of rank 1 starts at t0 + 70 ms and ends at t0 + 79 ms: 8 ms of compute, 1 ms AllReduce
        QCOMPARE(
            rows(db, "SELECT step, wall_ns, compute_ns, comm_ns, idle_ns, preparing_ns, source FROM sum_step "
                     "WHERE step = 2"),
            std::vector<std::string>{"2|9000000|8000000|1000000|0|0|events"});
        QCOMPARE(rows(db, "SELECT op_type, count, median_ns FROM sum_op"),
                 std::vector<std::string>{"gemm|4|8000000"});
    }

    void crossRankOnSummariesAlone_data() {
        QTest::addColumn<QString>("profile");
        QTest::newRow("ascend demo") << "ascend";
        QTest::newRow("kineto demo") << "kineto";
        QTest::newRow("two runs") << "two-runs";
        QTest::newRow("stall before a step") << "stall";
    }
    void crossRankOnSummariesAlone() {
        QFETCH(QString, profile);
        const std::string dir = test::tempDir("plan-summaries-" + profile.toStdString());
        std::string err;
        if (profile == "two-runs") {
            QVERIFY2(test::writeTwoRunDemo(dir, err), err.c_str());
        } else if (profile == "stall") {
            test::writeStallProfile(dir);
        } else {
            demo::DemoOptions o;
            o.ranks = 4;
            o.steps = 8;
            o.layers = 2;
            o.format = profile.toStdString();
            QVERIFY2(demo::generateDemo(dir, o, err), err.c_str());
        }
        const std::string fullPath = test::tempDir("plan-full") + "/full.sqlite";
        QVERIFY(build(dir, fullPath, true));
        index::Db full(fullPath, true);
        // a shard: the index without analysis, then the rank-local passes, rank by rank
        const std::string shard = test::tempDir("plan-shard") + "/shard.sqlite";
        QVERIFY(build(dir, shard));
        {
            index::Db db(shard);
            db.exec("BEGIN");
            analysis::AnalysisPlan::standard().runRankLocal(db, analysis::AnalysisOptions());
            db.exec("COMMIT");
        }
        // the merge: the summary tables alone, every per-event table dropped, then the cross-rank passes
        const std::string merged = test::tempDir("plan-merged") + "/merged.sqlite";
        {
            index::Db db(merged);
            index::createTables(db);
            analysis::copySummaryTables(db, shard);
            for (auto t : analysis::perEventTables())
                db.exec("DROP TABLE IF EXISTS " + std::string(t)); // flow: build scratch, never created here
            db.exec("BEGIN");
            analysis::AnalysisPlan::standard().runCrossRank(db, analysis::AnalysisOptions());
            db.exec("COMMIT");
        }
        index::Db m(merged, true);
        for (const auto& [table, sql] : kCrossRankOutputs) {
            auto want = rows(full, sql);
            QVERIFY2(rows(m, sql) == want, table.c_str());
        }
        const json got = query::findingsJson(m), want = query::findingsJson(full);
        QVERIFY2(got == want, (got.dump(1) + "\nwanted\n" + want.dump(1)).c_str());
        QVERIFY(full.scalar("SELECT count(*) FROM collective WHERE last_rank IS NOT NULL") > 0);
        QCOMPARE(m.scalar("SELECT count(*) FROM sqlite_master WHERE name = 'span'"), int64_t(0));
        if (profile == "ascend" || profile == "stall") QVERIFY(!query::findingsJson(m).empty());
    }
};

QTEST_GUILESS_MAIN(TstAnalysisPlan)
#include "tst_analysisplan.moc"
