// A click on a per-step heatmap cell (op × step on one rank) takes the timeline to that step's kernels of
// the op on that rank, not the whole run's (issue 19: the cell (MatMulV2, step 2) on rank 3 of the demo went
// to the run's longest MatMulV2, in step 7). The heatmap's click reaches the search controller as the main
// window wires it; the step's bounds come from the summary (the query API), the expected longest from SQL.
#include "app/gui/searchcontroller.h"
#include "tests/support/heatgrid.h"
#include "tests/support/testsupport.h"
#include "views/heatmap/heatmapcanvas.h"
#include "views/heatmap/heatmapview.h"
#include "views/timeline/timelineview.h"

#include <QSignalSpy>
#include <QtTest>

using namespace rs;

class TstHeatmapStepCell : public QObject {
    Q_OBJECT
    test::Indexed m_ix;

  private:
    /// The longest MatMulV2 kernel's duration on compute lanes of rank key `rank` starting in [from, to).
    int64_t longestIn(int rank, int64_t from, int64_t to) {
        return m_ix.scalar("SELECT max(s.dur_ns) FROM span s JOIN track t ON t.track_id = s.track_id WHERE "
                           "t.rank = " +
                           std::to_string(rank) +
                           " AND t.kind = 'compute' AND s.op_type_id = (SELECT id FROM string WHERE value = "
                           "'MatMulV2') AND s.ts_ns >= " +
                           std::to_string(from) + " AND s.ts_ns < " + std::to_string(to));
    }

  private Q_SLOTS:
    void initTestCase() {
        std::string err;
        const std::string dir = test::writeDemo("heatmapstepcell", 2, 4, 1, err);
        QVERIFY2(!dir.empty(), err.c_str());
        m_ix = test::indexDir(dir);
        QVERIFY(m_ix.db);
    }
    void aStepCellGoesToThatStepsLongestKernel() {
        query::QueryService service;
        views::InteractionState state;
        views::TimelineView timeline{&state, &service};
        gui::SearchController search{&state, &service, &timeline};
        views::HeatmapView heatmap{&state, &service};
        timeline.resize(1000, 600);
        heatmap.resize(900, 600);
        QSignalSpy ready(&service, &query::QueryService::summaryReady);
        service.open(QString::fromStdString(m_ix.result.dbPath));
        QVERIFY(ready.wait(20000));
        const auto summary = ready.first().first().value<std::shared_ptr<const query::ProfileSummary>>();
        state.setBounds(summary->startNs, summary->endNs);
        timeline.setSummary(summary);
        search.setSummary(summary);
        heatmap.setSummary(summary);
        heatmap.setProfile(summary->ranks);
        // as the main window wires it (app/gui/mainwindow.cpp)
        connect(&heatmap, &views::HeatmapView::cellChosen, &search,
                &gui::SearchController::highlightOpKernels);
        const int rank = 1;
        // the step whose window does not hold the run's longest MatMulV2 on the rank: a click going to the
        // run's longest lands outside it
        const int64_t runLongest = longestIn(rank, summary->startNs, summary->endNs + 1);
        const query::StepDesc* chosen = nullptr;
        for (const auto& s : summary->steps)
            if (s.rank == rank && longestIn(rank, s.startNs, s.endNs) > 0 &&
                longestIn(rank, s.startNs, s.endNs) < runLongest)
                chosen = &s;
        QVERIFY(chosen);
        heatmap.setMode(query::HeatmapData::Mode::OpByStep, rank);
        heatmap.show();
        QVERIFY(QTest::qWaitForWindowExposed(&heatmap));
        views::HeatmapCanvas* canvas = heatmap.canvas();
        QTRY_VERIFY_WITH_TIMEOUT(canvas->data() && canvas->data()->mode == query::HeatmapData::Mode::OpByStep,
                                 20000);
        const auto& d = *canvas->data();
        const auto [row, col] = test::cellOf(d, "MatMulV2", chosen->step);
        QVERIFY(row >= 0);
        canvas->ensurePolished();
        QTest::mouseClick(canvas, Qt::LeftButton, {}, canvas->cellRect(row, col).center());
        QCOMPARE(state.selection().step, chosen->step);
        QTRY_VERIFY_WITH_TIMEOUT(search.current() >= 0, 20000);
        // the kernel shown starts inside the step, and is the step's longest; every kernel highlighted is
        // the step's
        const auto& at = search.hits()[size_t(search.current())];
        QVERIFY2(at.startNs >= chosen->startNs && at.startNs < chosen->endNs,
                 qPrintable(QString("%1 outside step %2 [%3, %4)")
                                .arg(at.startNs)
                                .arg(chosen->step)
                                .arg(chosen->startNs)
                                .arg(chosen->endNs)));
        QCOMPARE(at.endNs - at.startNs, longestIn(rank, chosen->startNs, chosen->endNs));
        for (const auto& h : search.hits())
            QVERIFY(h.startNs >= chosen->startNs && h.startNs < chosen->endNs);
        // the window is on the step
        QVERIFY(state.windowStart() < chosen->endNs && state.windowEnd() > chosen->startNs);
    }
};

QTEST_MAIN(TstHeatmapStepCell)
#include "tst_heatmapstepcell.moc"
