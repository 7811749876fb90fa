// A rank's whole trace (the index's step 0 of a rank without step marks) beside ranks that mark their steps:
// a step's area leaves it out rather than pool a whole trace's spans with a step's (walk 30).
#include "core/query/stepsapart.h"
#include "core/query/wholetracestep.h"
#include "tests/support/bandedstep.h"

#include <QtTest>

using namespace rs;

namespace {
constexpr int64_t kMs = 1000 * 1000;
using Ranks = std::vector<int>;

/// Rank 0 marks steps `first`..`first`+3 (50 ms each); rank 1 has no step marks (its whole trace, step 0).
query::ProfileSummary mixed(int64_t first) {
    query::ProfileSummary s;
    s.ranks = {0, 1};
    for (int64_t i = 0; i < 4; ++i)
        s.steps.push_back(test::bandedStep(0, first + i, i * 50 * kMs, (i + 1) * 50 * kMs,
                                           model::WallSource::TraceMarkers));
    s.steps.push_back(test::bandedStep(1, 0, 0, 200 * kMs, model::WallSource::WholeTrace));
    return s;
}
} // namespace

Q_DECLARE_METATYPE(Ranks)

class TstWholeTraceStep : public QObject {
    Q_OBJECT
  private Q_SLOTS:
    void aWholeTraceBesideAMarkedStepIsTakenOut_data() {
        QTest::addColumn<int64_t>("firstStep"); // rank 0's first step number
        QTest::addColumn<int64_t>("step");      // asked
        QTest::addColumn<Ranks>("kept");
        QTest::addColumn<Ranks>("taken");
        // a Kineto rank numbering from ProfilerStep#0: its step 0 and rank 1's whole trace share the number
        QTest::newRow("step 0 marked on rank 0") << int64_t(0) << int64_t(0) << Ranks{0} << Ranks{1};
        // numbered from 1: step 0 is rank 1's whole trace alone, which is what was asked
        QTest::newRow("step 0 only a whole trace") << int64_t(1) << int64_t(0) << Ranks{0, 1} << Ranks{};
        // rank 1 has no step 2 at all: nothing to take out
        QTest::newRow("step 2") << int64_t(0) << int64_t(2) << Ranks{0, 1} << Ranks{};
    }
    void aWholeTraceBesideAMarkedStepIsTakenOut() {
        QFETCH(int64_t, firstStep);
        QFETCH(int64_t, step);
        QFETCH(Ranks, kept);
        QFETCH(Ranks, taken);
        const auto s = mixed(firstStep);
        Ranks ranks{0, 1};
        QCOMPARE(query::takeWholeTracesBesideSteps(s, step, ranks), taken);
        QCOMPARE(ranks, kept);
    }
    void aStepIsChosenOverEveryShownRank_data() {
        QTest::addColumn<int64_t>("firstStep"); // rank 0's first step number
        QTest::addColumn<int64_t>("step");      // asked
        QTest::addColumn<Ranks>("shown");
        QTest::addColumn<int>("rank");        // whose bounds are chosen (-1: none)
        QTest::addColumn<int64_t>("startMs"); // their start
        QTest::addColumn<Ranks>("lacking");
        QTest::addColumn<QString>("text");
        const QString unmarked = "rank 1 has no step marks (a whole trace is no step)";
        // r47b: `export --step 0` looked at rank 0 alone, which numbers from 1; step 0 is rank 1's whole
        // trace
        QTest::newRow("step 0 only a whole trace")
            << int64_t(1) << int64_t(0) << Ranks{0, 1} << 1 << int64_t(0) << Ranks{0}
            << "rank 0 has no step 0 (its steps: 1-4)";
        // rank 0's step 2 is the third 50 ms step from 1: 50 ms; rank 1's whole trace is no step 2
        QTest::newRow("step 2 beside a whole trace")
            << int64_t(1) << int64_t(2) << Ranks{0, 1} << 0 << int64_t(50) << Ranks{1} << unmarked;
        // numbered from 0: rank 0 marks step 0, so rank 1's whole trace (also the index's step 0) is not it
        QTest::newRow("step 0 marked beside a whole trace")
            << int64_t(0) << int64_t(0) << Ranks{0, 1} << 0 << int64_t(0) << Ranks{1} << unmarked;
        QTest::newRow("step 2 on the whole trace alone")
            << int64_t(1) << int64_t(2) << Ranks{1} << -1 << int64_t(0) << Ranks{1} << unmarked;
        QTest::newRow("step 9 nowhere")
            << int64_t(1) << int64_t(9) << Ranks{0, 1} << -1 << int64_t(0) << Ranks{0, 1}
            << unmarked + "; rank 0 has no step 9 (its steps: 1-4)";
    }
    void aStepIsChosenOverEveryShownRank() {
        QFETCH(int64_t, firstStep);
        QFETCH(int64_t, step);
        QFETCH(Ranks, shown);
        QFETCH(int, rank);
        QFETCH(int64_t, startMs);
        QFETCH(Ranks, lacking);
        QFETCH(QString, text);
        const auto s = mixed(firstStep);
        const auto on = query::stepOnRanks(s, shown, step);
        QCOMPARE(on.step ? on.step->rank : -1, rank);
        if (on.step) QCOMPARE(on.step->startNs, startMs * kMs);
        QCOMPARE(on.lacking, lacking);
        QCOMPARE(QString::fromStdString(query::lackingStepText(s, on.lacking, step)), text);
    }
    void aWholeTraceSaysWhoseItIs_data() {
        QTest::addColumn<Ranks>("shown");
        QTest::addColumn<QString>("text");
        // r48d: `export --step 0` pictured rank 1's whole trace captioned "the whole trace" beside rank 0,
        // which marks steps 1-4
        QTest::newRow("beside a rank marking steps")
            << Ranks{0, 1} << "the whole trace of rank 1 (no step marks)";
        QTest::newRow("no whole trace among them") << Ranks{0} << "";
    }
    void aWholeTraceSaysWhoseItIs() {
        QFETCH(Ranks, shown);
        QFETCH(QString, text);
        QCOMPARE(QString::fromStdString(query::wholeTraceText(mixed(1), shown, 0)), text);
    }
    void twoWholeTracesAreNamedTogether() {
        auto s = mixed(1);
        s.ranks.push_back(2);
        s.dataRank = {{0, 0}, {1, 1}, {2, 2}};
        s.steps.push_back(test::bandedStep(2, 0, 0, 180 * kMs, model::WallSource::WholeTrace));
        QCOMPARE(QString::fromStdString(query::wholeTraceText(s, {0, 1, 2}, 0)),
                 QString("the whole traces of ranks 1-2 (no step marks)"));
    }
    void aStepKeptApartOnAnotherClockSaysSo() {
        // run_2's one rank: no step marks on the device clock (its whole trace), its step_trace_raw's steps
        // 1-2 kept apart on another clock; asked step 1 it said only "no step marks" in the app (r48d)
        auto s = mixed(1);
        s.stepsApart[1] = {"step_trace_raw", {1, 2}};
        const std::string apart =
            "rank 1 has no step 1: step 1 is known only from rank 1's step_trace_raw, "
            "on another clock than the device ops (no sync record): the timeline cannot "
            "place it";
        QCOMPARE(QString::fromStdString(query::lackingStepText(s, {1}, 1)), QString::fromStdString(apart));
        // a step the list kept apart does not number: the rank has no step marks, as before
        QCOMPARE(QString::fromStdString(query::lackingStepText(s, {1}, 3)),
                 QString("rank 1 has no step marks (a whole trace is no step)"));
        QVERIFY(query::stepOnOtherClockText(s, {0, 1}, 2)
                    .rfind("step 2 is known only from rank 1's step_trace_raw", 0) == 0);
    }
};

QTEST_GUILESS_MAIN(TstWholeTraceStep)
#include "tst_wholetracestep.moc"
