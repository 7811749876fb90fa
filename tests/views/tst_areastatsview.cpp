// The Area statistics panel's area chooser names a rank's whole trace (the index's step 0 of a rank
// without step marks) as what it is, never "step 0" (walk 30).
#include "views/tables/areastatsview.h"

#include "core/query/queryservice.h"
#include "tests/support/bandedstep.h"
#include "tests/support/mixedstepsdemo.h"
#include "views/common/interactionstate.h"

#include <QComboBox>
#include <QLabel>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QtTest>

using namespace rs;

namespace {
constexpr int64_t kMs = 1000 * 1000;

/// Rank 0 marks steps 1-4 (50 ms each); rank 1 has no step marks: its whole trace is the index's step 0.
std::shared_ptr<query::ProfileSummary> mixed() {
    auto s = std::make_shared<query::ProfileSummary>();
    s->ranks = {0, 1};
    s->dataRank = {{0, 0}, {1, 1}};
    s->endNs = 200 * kMs;
    for (int64_t i = 0; i < 4; ++i)
        s->steps.push_back(
            test::bandedStep(0, i + 1, i * 50 * kMs, (i + 1) * 50 * kMs, model::WallSource::TraceMarkers));
    s->steps.push_back(test::bandedStep(1, 0, 0, 200 * kMs, model::WallSource::WholeTrace));
    return s;
}
/// The Area statistics caption of `step` over the index at `dbPath`, once its figures are shown ("" with a
/// failure said when they never are).
QString stepCaption(const std::string& dbPath, int64_t step) {
    query::QueryService service;
    QSignalSpy ready(&service, &query::QueryService::summaryReady);
    service.open(QString::fromStdString(dbPath));
    if (!ready.wait(20000)) return {};
    const auto s = ready.first().first().value<std::shared_ptr<const query::ProfileSummary>>();
    views::InteractionState state;
    state.setBounds(s->startNs, s->endNs);
    views::AreaStatsView view(&state, &service);
    view.setProfile(s);
    view.chooseStep(step);
    QSignalSpy shown(&view, &views::AreaStatsView::statsShown);
    view.show(); // the figures are asked for once the panel is shown
    if (!shown.wait(20000)) return {};
    return view.caption()->text();
}
} // namespace

class TstAreaStatsView : public QObject {
    Q_OBJECT
  private Q_SLOTS:
    void theChooserNamesAWholeTrace() {
        views::InteractionState state;
        state.setBounds(0, 200 * kMs);
        views::AreaStatsView view(&state, nullptr); // no service: the chooser alone
        view.setProfile(mixed());
        QStringList items;
        for (int i = 0; i < view.areaChooser()->count(); ++i)
            items << view.areaChooser()->itemText(i);
        QCOMPARE(items, (QStringList{"the timeline's window", "whole trace (no step marks)", "step 1",
                                     "step 2", "step 3", "step 4"}));
    }
    void aStepsFiguresNameTheRanksLeftOut_data() {
        QTest::addColumn<bool>("fromZero"); // rank 0 numbers its steps 0-3 (else 1-4)
        QTest::addColumn<int>("step");
        // rank 1 has no step 2: "1 rank has no such step" said neither which nor why
        QTest::newRow("a step the whole trace lacks") << false << 2;
        // rank 1's whole trace is the index's step 0 too, left out of rank 0's step 0: "on 1 rank" alone
        QTest::newRow("a whole trace beside the step") << true << 0;
    }
    void aStepsFiguresNameTheRanksLeftOut() {
        // r47f: rank 0 marks four steps, rank 1's step marks are taken out (its whole trace is its step 0)
        QFETCH(bool, fromZero);
        QFETCH(int, step);
        std::string e;
        const std::string dir = test::writeMixedStepsDemo("areastats-mixed", e, fromZero);
        QVERIFY2(!dir.empty(), e.c_str());
        auto ix = test::indexDir(dir);
        QVERIFY2(ix.db, ix.result.error.c_str());
        const QString caption = stepCaption(ix.result.dbPath, step);
        QVERIFY2(caption.startsWith(QString("step %1 (each rank's own extent) on 1 rank · ").arg(step)),
                 qPrintable(caption));
        QVERIFY2(caption.contains(" · rank 1 has no step marks (a whole trace is no step) · "),
                 qPrintable(caption));
        // walk 39: "p95 nearest rank · 12 ms" read as a p95 of 12 ms; it is the query's own time
        QVERIFY2(caption.contains(QRegularExpression("p95 nearest rank · computed in [0-9]+ ms$")),
                 qPrintable(caption));
    }
    void aStepKeptApartOnAnotherClockSaysSo() {
        // r48d: run_2's step 1 is known only from its step_trace_raw on another clock (kept apart: without
        // aicpu_intermediate_1.csv, its sync record, r53d); asked for it, the view fell back to the
        // timeline's window without a word, where `stats --step 1` said why
        const std::string dir = test::run2WithoutSync("areastats-apart");
        if (dir.empty()) QSKIP("../shared/samples is absent");
        qputenv("XDG_CACHE_HOME", QByteArray::fromStdString(test::tempDir("areastats-apart-cache")));
        auto ix = test::indexDir(dir);
        QVERIFY2(ix.db, ix.result.error.c_str());
        const QString caption = stepCaption(ix.result.dbPath, 1);
        QVERIFY2(
            caption.contains("rank 1 has no step 1: step 1 is known only from rank 1's step_trace_raw, on "
                             "another clock than the device ops (no sync record)"),
            qPrintable(caption));
    }
};

QTEST_MAIN(TstAreaStatsView)
#include "tst_areastatsview.moc"
