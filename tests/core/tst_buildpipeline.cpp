// The build pipeline's stages: where StopAfter stops (nothing written after parsing; an index with spans
// and steps but no analysis after Index, reused only by another Index build), the phases progress reports,
// in order, the stage times, and cancellation in every stage (no index, no temporary file).
#include "core/demo/demogenerator.h"
#include "core/index/cancelguard.h"
#include "core/index/sqlite.h"
#include "core/pipeline/buildpipeline.h"
#include "core/pipeline/parsestage.h"
#include "tests/support/testsupport.h"

#include <QtTest>
#include <filesystem>
#include <vector>

using namespace rs;
using pipeline::Phase;
using pipeline::StopAfter;
namespace fs = std::filesystem;

Q_DECLARE_METATYPE(pipeline::Phase)

namespace {
/// Files other than the inputs: an index, its temporary files, its lock.
std::vector<std::string> buildFiles(const std::string& dir) {
    std::vector<std::string> out;
    for (auto& e : fs::recursive_directory_iterator(dir))
        if (e.is_regular_file() && e.path().string().find("/.rankscope/") != std::string::npos)
            out.push_back(e.path().filename().string());
    return out;
}
} // namespace

class TstBuildPipeline : public QObject {
    Q_OBJECT
    std::string m_profile; ///< a 4-rank Ascend demo: collectives, waits and findings to analyse
    int64_t m_events = 0, m_spans = 0;

    std::string freshCopy(const std::string& tag) {
        const std::string dir = test::tempDir(tag);
        fs::copy(m_profile, dir, fs::copy_options::recursive);
        fs::remove_all(dir + "/.rankscope");
        return dir;
    }

  private Q_SLOTS:
    void initTestCase() {
        m_profile = test::tempDir("pipeline-demo");
        demo::DemoOptions o;
        o.ranks = 4;
        o.steps = 4;
        o.layers = 2;
        std::string err;
        QVERIFY2(demo::generateDemo(m_profile, o, err), err.c_str());
        // the reference: a whole build (its spans counted from its table)
        auto full = pipeline::BuildPipeline(m_profile, {}).run();
        QVERIFY2(full.ok, full.error.c_str());
        index::Db db(full.dbPath, true);
        m_spans = db.scalar("SELECT count(*) FROM span");
        m_events = full.events;
        QVERIFY(m_spans > 1000);
        QCOMPARE(full.spans, m_spans);
        QVERIFY(db.scalar("SELECT count(*) FROM collective") > 0);
        fs::remove_all(m_profile + "/.rankscope");
    }

    void spanIdsAreTheSameEveryBuild() {
        // walk 36: rebuilding the index of an unchanged profile gave other span ids (the parser threads
        // raced to one queue), so a saved view's selected span (.rsview keeps its span_id) named another
        // span. Built three times with four parser threads: each span id names the same span — the same
        // rank, lane, start, length and name — every time
        const std::string dir = test::tempDir("pipeline-spanids");
        demo::DemoOptions d;
        d.ranks = 8;
        d.steps = 4;
        d.layers = 2;
        std::string err;
        QVERIFY2(demo::generateDemo(dir, d, err), err.c_str());
        const std::string dbs = test::tempDir("pipeline-spanids-db"); // beside, not among the inputs
        auto spans = [&](int build) {
            pipeline::BuildOptions o;
            o.jobs = 4;
            o.force = true;
            o.stopAfter = StopAfter::Index;
            o.dbPath = dbs + "/build" + std::to_string(build) + ".sqlite";
            auto r = pipeline::BuildPipeline(dir, o).run();
            [&] { QVERIFY2(r.ok, r.error.c_str()); }();
            index::Db db(o.dbPath, true);
            auto st = db.prepare("SELECT s.span_id, t.rank, t.kind, coalesce(t.name, ''), s.ts_ns, s.dur_ns, "
                                 "coalesce(n.value, '') FROM span s JOIN track t USING (track_id) LEFT JOIN "
                                 "string n ON n.id = s.name_id ORDER BY s.span_id");
            std::vector<std::string> rows;
            while (st.step())
                rows.push_back(std::to_string(st.i64(0)) + " " + std::to_string(st.i64(1)) + " " +
                               st.text(2) + " " + st.text(3) + " " + std::to_string(st.i64(4)) + " " +
                               std::to_string(st.i64(5)) + " " + st.text(6));
            return rows;
        };
        const auto first = spans(0);
        QVERIFY(first.size() > 1000);
        for (int build = 1; build < 3; ++build) {
            const auto again = spans(build);
            QCOMPARE(again.size(), first.size());
            size_t differ = 0;
            for (size_t i = 0; i < first.size(); ++i)
                differ += again[i] != first[i];
            QVERIFY2(differ == 0, qPrintable(QString("%1 of %2 span ids name another span in build %3")
                                                 .arg(differ)
                                                 .arg(first.size())
                                                 .arg(build)));
        }
    }

    void stopAfterParseWritesNothing() {
        const std::string dir = freshCopy("pipeline-parse");
        pipeline::BuildOptions o;
        o.stopAfter = StopAfter::Parse;
        auto r = pipeline::BuildPipeline(dir, o).run();
        QVERIFY2(r.ok, r.error.c_str());
        QVERIFY(r.dbPath.empty());
        QCOMPARE(r.events, m_events);
        QCOMPARE(r.spans, int64_t(0));
        QVERIFY(r.parseSec > 0);
        QCOMPARE(r.finishSec, 0.0);
        const auto files = buildFiles(dir);
        QVERIFY2(files.empty(), files.empty() ? "" : files.front().c_str());
    }

    void stopAfterIndexIsNotAnalysed() {
        const std::string dir = freshCopy("pipeline-index");
        pipeline::BuildOptions o;
        o.stopAfter = StopAfter::Index;
        auto r = pipeline::BuildPipeline(dir, o).run();
        QVERIFY2(r.ok, r.error.c_str());
        QVERIFY(!r.reused);
        QCOMPARE(r.spans, m_spans);
        QCOMPARE(r.analysisSec, 0.0);
        {
            index::Db db(r.dbPath, true);
            QCOMPARE(db.scalar("SELECT count(*) FROM span"), m_spans);
            QVERIFY(db.scalar("SELECT count(*) FROM lod") > 0);
            QCOMPARE(
                db.scalar("SELECT count(*) FROM step WHERE source = 'trace' OR source = 'kernel_details'"),
                db.scalar("SELECT count(*) FROM step"));
            QVERIFY(db.scalar("SELECT count(*) FROM step") > 0);
            for (const char* t : {"collective", "wait", "step_stat", "op_stat", "finding", "run"})
                QVERIFY2(db.scalar(std::string("SELECT count(*) FROM ") + t) == 0, t);
            QCOMPARE(db.scalarText("SELECT value FROM meta WHERE key = 'complete'"), std::string("1"));
            QCOMPARE(db.scalarText("SELECT value FROM meta WHERE key = 'analysis'"),
                     pipeline::BuildPipeline::optionsKey(o));
        }
        // another Index build reuses it; an analysed open never does
        auto again = pipeline::BuildPipeline(dir, o).run();
        QVERIFY(again.ok && again.reused);
        auto analysed = pipeline::BuildPipeline(dir, {}).run();
        QVERIFY2(analysed.ok, analysed.error.c_str());
        QVERIFY(!analysed.reused);
        index::Db db(analysed.dbPath, true);
        QVERIFY(db.scalar("SELECT count(*) FROM collective") > 0);
        QVERIFY(pipeline::BuildPipeline::optionsKey({}) != pipeline::BuildPipeline::optionsKey(o));
    }

    void phasesInOrder_data() {
        QTest::addColumn<int>("stopAfter");
        QTest::addColumn<QString>("phases");
        QTest::newRow("everything") << int(StopAfter::Analysis)
                                    << "discovering parsing indexing analysing committing";
        QTest::newRow("index") << int(StopAfter::Index) << "discovering parsing indexing committing";
        QTest::newRow("parse") << int(StopAfter::Parse) << "discovering parsing";
    }
    void phasesInOrder() {
        QFETCH(int, stopAfter);
        QFETCH(QString, phases);
        const std::string dir = freshCopy("pipeline-phases");
        pipeline::BuildOptions o;
        o.stopAfter = StopAfter(stopAfter);
        QStringList seen;
        auto r = pipeline::BuildPipeline(dir, o).run([&](const pipeline::BuildProgress& p) {
            const QString name = pipeline::phaseName(p.phase);
            if (seen.isEmpty() || seen.back() != name) seen << name;
        });
        QVERIFY2(r.ok, r.error.c_str());
        QCOMPARE(seen.join(' '), phases);
    }

    void reportsAfterTheParseCarryEveryEvent() {
        // the stages after the parse printed "indexing 100% … 0 events" on a one-file profile when the last
        // tick came before the last file's events were counted: every later report has the whole count
        const std::string dir = freshCopy("pipeline-events");
        int64_t lastParse = -1;
        std::vector<int64_t> after;
        auto r =
            pipeline::BuildPipeline(dir, pipeline::BuildOptions{}).run([&](const pipeline::BuildProgress& p) {
                if (p.phase == pipeline::Phase::Parse)
                    lastParse = p.events;
                else if (lastParse >= 0)
                    after.push_back(p.events);
            });
        QVERIFY2(r.ok, r.error.c_str());
        QCOMPARE(r.events, m_events);
        QVERIFY(!after.empty());
        for (int64_t e : after)
            QCOMPARE(e, m_events);
    }

    void parsedBytesCountEveryFile() {
        // the progress's bytes: every file the parse reads counts, the small ones read whole too (profiler
        // info and metadata, communication.json, communication_matrix.json: a 512-rank profile sat at
        // "0.1 MB of 325 MB" while its matrices were parsed). Summed here from the files on disk
        const std::string dir = freshCopy("pipeline-bytes");
        const import::Discovery d = import::discover(dir);
        int64_t onDisk = 0, wholeRead = 0;
        for (const auto& g : d.groups)
            for (const auto& f : g.files) {
                onDisk += int64_t(fs::file_size(f.path));
                if (f.kind == import::FileKind::CommMatrix) wholeRead += f.sizeBytes;
            }
        QVERIFY(wholeRead > 0);
        pipeline::ParseStage stage(d, 1, std::nullopt);
        stage.run({}, {}, nullptr);
        QCOMPARE(stage.bytesDone(), onDisk);
    }
    void stageTimes() {
        const std::string dir = freshCopy("pipeline-times");
        auto r = pipeline::BuildPipeline(dir, {}).run();
        QVERIFY2(r.ok, r.error.c_str());
        for (double s : {r.discoverSec, r.parseSec, r.writeSec, r.finishSec, r.analysisSec, r.commitSec})
            QVERIFY(s > 0);
        // the stages run one after another (the writer alongside the parsers): together within the total
        QVERIFY(r.discoverSec + r.parseSec + r.finishSec + r.analysisSec + r.commitSec <= r.seconds);
        QVERIFY(r.writeSec <= r.parseSec);
    }

    void cancelledInEachStage_data() {
        QTest::addColumn<Phase>("phase");
        QTest::newRow("discover") << Phase::Discover;
        QTest::newRow("parse") << Phase::Parse;
        QTest::newRow("finish") << Phase::Finish;
        QTest::newRow("analyse") << Phase::Analyse;
        QTest::newRow("commit") << Phase::Commit;
    }
    void cancelledInEachStage() {
        QFETCH(Phase, phase);
        const std::string dir = freshCopy("pipeline-cancel");
        std::atomic<bool> cancel{false};
        auto r = pipeline::BuildPipeline(dir, {}).run(
            [&](const pipeline::BuildProgress& p) {
                if (p.phase == phase) cancel = true;
            },
            &cancel);
        QVERIFY(!r.ok);
        QVERIFY(r.cancelled);
        QVERIFY2(r.error.find("cancelled") != std::string::npos, r.error.c_str());
        for (const auto& f : buildFiles(dir))
            QVERIFY2(f.find(".tmp-") == std::string::npos, f.c_str());
        QVERIFY(!fs::exists(dir + "/.rankscope/index.sqlite"));
    }

    void cancelGuardInterruptsAStatement() {
        // a statement of ~10^7 steps: run to its end unless the flag is set, stopped soon after when it is
        // (how the finish and analyse stages honour a cancel while one long statement runs)
        index::Db db(":memory:");
        const std::string sql =
            "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 3000000) "
            "SELECT count(*) FROM n";
        std::atomic<bool> cancel{false};
        {
            index::CancelGuard guard(db, &cancel);
            QCOMPARE(db.scalar(sql), int64_t(3000000));
            cancel = true;
            bool interrupted = false;
            try {
                db.scalar(sql);
            } catch (const index::SqlError&) {
                interrupted = true;
            }
            QVERIFY(interrupted);
        }
        // the guard's end removes the handler: the flag no longer stops anything
        QCOMPARE(db.scalar(sql), int64_t(3000000));
    }
};

QTEST_GUILESS_MAIN(TstBuildPipeline)
#include "tst_buildpipeline.moc"
