// A step has one interval in every view (core/model/stepbounds.h): where step_trace_time.csv ships the
// wall, its interval is the step's start + Preparing for Stage + Bubble (formats.md §2.4), else the band.
// Expected values come from the files (Python over msinsight's level1): trace_view.json's ProfilerStep#50
// (rank 0 ts 1736408883686740.710 µs, dur 155985.8; rank 1 ts 1736408883688868.080, dur 153888.39) and
// step_trace_time.csv (rank 0 Preparing 17902.5 µs, Stage 136581.0, Bubble 0; rank 1 20433.25, 131912.5, 0).
#include "core/model/stepbounds.h"
#include "core/query/analysisqueries.h"
#include "core/query/stepwalls.h"

#include "tests/support/testsupport.h"

#include <QtTest>

using namespace rs;
using model::StepBoundsFrom;
using model::WallSource;

class TstStepBounds : public QObject {
    Q_OBJECT
  private Q_SLOTS:
    void theRule() {
        // shipped, placed Preparing after the band's start for the wall's length
        auto b = model::stepBounds(WallSource::StepTraceCsv, WallSource::TraceMarkers, 1000, 156'001'000,
                                   136'581'000, 17'902'500);
        QCOMPARE(b.from, StepBoundsFrom::ShippedTasks);
        QCOMPARE(b.startNs, int64_t(17'903'500));
        QCOMPARE(b.endNs, int64_t(17'903'500 + 136'581'000));
        QVERIFY(model::stepBoundsText(b).find("first to the last device task as step_trace_time.csv counts "
                                              "them") != std::string::npos);
        // not shipped: the band, whatever Preparing says
        b = model::stepBounds(WallSource::TraceMarkers, WallSource::TraceMarkers, 0, 100, 100, 10);
        QCOMPARE(b.from, StepBoundsFrom::Band);
        QCOMPARE(b.startNs, int64_t(0));
        QCOMPARE(b.endNs, int64_t(100));
        QCOMPARE(model::stepBoundsText(b), std::string("the step markers (ProfilerStep)"));
        // a shipped wall that is the band (the demo's Stage): the band, not moved by Preparing
        b = model::stepBounds(WallSource::StepTraceCsv, WallSource::TraceMarkers, 0, 13'586'027, 13'586'027,
                              155'563);
        QCOMPARE(b.from, StepBoundsFrom::Band);
        QCOMPARE(b.endNs, int64_t(13'586'027));
        // and the words say the wall the Steps table names is that band's length (walk 23b: they named
        // the markers alone, the table step_trace_time.csv)
        QCOMPARE(model::stepBoundsText(b),
                 std::string("the step markers (ProfilerStep), whose length is step_trace_time.csv's wall"));
        // a shipped wall not placed: the band, and the words say the shipped wall is not it
        QCOMPARE(
            model::stepBoundsText(model::stepBounds(WallSource::StepTraceCsv, WallSource::TraceMarkers, 0,
                                                    100'000'000, 90'000'000, std::nullopt)),
            std::string("the step markers (ProfilerStep) (step_trace_time.csv's wall could not be placed "
                        "on it)"));
        // no Preparing, or the files hold part of the step (295 ms shipped, 16.4 ms of events): the band
        QCOMPARE(model::stepBounds(WallSource::StepTraceCsv, WallSource::Kernels, 0, 100'000'000, 90'000'000,
                                   std::nullopt)
                     .from,
                 StepBoundsFrom::Band);
        QCOMPARE(model::stepBounds(WallSource::StepTraceCsv, WallSource::Kernels, 0, 16'420'200, 294'586'500,
                                   1'000)
                     .from,
                 StepBoundsFrom::Band);
        // Preparing past the band's end: not placed
        QCOMPARE(
            model::stepBounds(WallSource::AnalysisDb, WallSource::TraceMarkers, 0, 100'000, 50'000, 100'000)
                .from,
            StepBoundsFrom::Band);
    }
    void level1TextOnTheShippedInterval() {
        const std::string samples = test::samplesDir();
        if (samples.empty()) QSKIP("../shared/samples is absent");
        qputenv("XDG_CACHE_HOME", QByteArray::fromStdString(test::tempDir("stepbounds-cache")));
        auto ix = test::indexDir(samples + "/msinsight/test/data/pytorch/text/level1");
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        const struct {
            int rank;
            int64_t markerStart, markerNs, preparing, stage;
        } want[] = {{0, 1736408883686740710, 155'985'800, 17'902'500, 136'581'000},
                    {1, 1736408883688868080, 153'888'390, 20'433'250, 131'912'500}};
        const auto walls = query::loadStepWalls(*ix.db);
        const auto rows = query::loadStepRows(*ix.db);
        QCOMPARE(rows.size(), size_t(2));
        for (const auto& w : want) {
            const auto& b = walls.at({w.rank, 50}).bounds;
            QCOMPARE(b.from, StepBoundsFrom::ShippedTasks);
            QCOMPARE(b.startNs, w.markerStart + w.preparing);
            QCOMPARE(b.endNs, w.markerStart + w.preparing + w.stage);
            QCOMPARE(b.band, WallSource::TraceMarkers);
            for (const auto& r : rows)
                if (r.rank == w.rank) {
                    // the row keeps the band (the timeline draws it) and carries the bounds beside it
                    QCOMPARE(r.startNs, w.markerStart);
                    QCOMPARE(r.endNs - r.startNs, w.markerNs);
                    QCOMPARE(r.wall.bounds.startNs, b.startNs);
                    QCOMPARE(r.wall.bounds.endNs - r.wall.bounds.startNs, r.wallNs); // the wall the row shows
                }
        }
    }
    void theDemosShippedWallIsItsBand() {
        // the demo writes Stage = the whole step: its bounds stay the band, every view as before
        const std::string dir = test::tempDir("stepbounds-demo") + "/demo";
        auto ix = test::indexedDemo(dir, test::demoOptions(2, 3, 1));
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        int n = 0;
        for (const auto& r : query::loadStepRows(*ix.db)) {
            QCOMPARE(r.wall.source, WallSource::StepTraceCsv);
            QCOMPARE(r.wall.bounds.from, StepBoundsFrom::Band);
            QCOMPARE(r.wall.bounds.startNs, r.startNs);
            QCOMPARE(r.wall.bounds.endNs, r.endNs);
            ++n;
        }
        QCOMPARE(n, 6);
    }
};

QTEST_MAIN(TstStepBounds)
#include "tst_stepbounds.moc"
