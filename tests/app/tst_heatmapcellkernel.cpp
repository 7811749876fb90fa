// A heatmap cell's click takes the timeline to the cell's longest kernel and selects it as the cell's
// kernel: the shared selection is that span (the timeline outlines it, Details names it) while the heatmap
// keeps its cell outlined (issue 19: the timeline moved to the kernel, the selection stayed the cell, and
// Details named no kernel). The histogram under it covers what the cell counts: of a per-step cell that
// step's kernels only, said so; of an op × rank cell the whole run, said so (it covered every step under a
// per-step cell). Model state; the expected kernels and counts from SQL over the index's span rows.
#include "app/gui/detailspanel.h"
#include "app/gui/searchcontroller.h"
#include "tests/support/heatgrid.h"
#include "tests/support/testsupport.h"
#include "views/details/histogramview.h"
#include "views/heatmap/heatmapcanvas.h"
#include "views/heatmap/heatmapview.h"
#include "views/timeline/timelineview.h"

#include <QSignalSpy>
#include <QtTest>
#include <numeric>

using namespace rs;
using Mode = query::HeatmapData::Mode;

namespace {
constexpr int kRank = 1;
const char* const kOp = "MatMulV2";

/// The app's panels on one query service, wired as the main window wires them (app/gui/mainwindow.cpp).
struct Panels {
    query::QueryService service;
    views::InteractionState state;
    views::TimelineView timeline{&state, &service};
    gui::SearchController search{&state, &service, &timeline};
    views::HeatmapView heatmap{&state, &service};
    gui::DetailsPanel details{&state, &service};
    std::shared_ptr<const query::ProfileSummary> summary;

    bool open(const std::string& db) {
        QSignalSpy ready(&service, &query::QueryService::summaryReady);
        service.open(QString::fromStdString(db));
        if (!ready.wait(20000)) return false;
        summary = ready.first().first().value<std::shared_ptr<const query::ProfileSummary>>();
        state.setBounds(summary->startNs, summary->endNs);
        timeline.resize(1000, 600);
        heatmap.resize(900, 600);
        details.resize(500, 700);
        timeline.setSummary(summary);
        search.setSummary(summary);
        details.setSummary(summary);
        heatmap.setSummary(summary);
        heatmap.setProfile(summary->ranks);
        QObject::connect(&heatmap, &views::HeatmapView::cellChosen, &search,
                         &gui::SearchController::highlightOpKernels);
        QObject::connect(&search, &gui::SearchController::opKernelsDrawn, &details,
                         &gui::DetailsPanel::timelineHighlightShown);
        details.show();
        return true;
    }
    /// Clicks the cell of kOp and column key `key` once the grid of `mode` is shown.
    bool click(Mode mode, int64_t key) {
        if (mode != Mode::OpByRank) heatmap.setMode(mode, kRank);
        heatmap.show();
        if (!QTest::qWaitForWindowExposed(&heatmap)) return false;
        views::HeatmapCanvas* canvas = heatmap.canvas();
        if (!QTest::qWaitFor([&] { return canvas->data() && canvas->data()->mode == mode; }, 20000))
            return false;
        const auto [row, col] = test::cellOf(*canvas->data(), kOp, key);
        if (row < 0) return false;
        QTest::mouseClick(canvas, Qt::LeftButton, {}, canvas->cellRect(row, col).center());
        return true;
    }
};
} // namespace

class TstHeatmapCellKernel : public QObject {
    Q_OBJECT
    test::Indexed m_ix;

  private:
    /// "WHERE …" of kOp's kernels on kRank's compute lanes starting in [from, to).
    static std::string kernelsIn(int64_t from, int64_t to) {
        return " FROM span s JOIN track t ON t.track_id = s.track_id WHERE t.rank = " +
               std::to_string(kRank) +
               " AND t.kind = 'compute' AND s.op_type_id = (SELECT id FROM string WHERE value = '" + kOp +
               "') AND s.ts_ns >= " + std::to_string(from) + " AND s.ts_ns < " + std::to_string(to);
    }
    /// A step of kRank, not its last (whose window's end has its own rule), with kernels of kOp, whose
    /// longest is not the run's: a click going to the run's longest lands outside it. Its window: from its
    /// start to the next step's.
    struct StepWindow {
        int64_t step = -1, from = 0, to = 0;
    };
    StepWindow middleStep() {
        const auto rows = m_ix.rows("SELECT step, start_ns FROM step WHERE rank = " + std::to_string(kRank) +
                                    " ORDER BY start_ns");
        const int64_t runLongest = m_ix.scalar("SELECT max(s.dur_ns)" + kernelsIn(INT64_MIN, INT64_MAX));
        for (size_t i = 0; i + 1 < rows.size(); ++i) {
            const auto a = QString::fromStdString(rows[i]).split('|'),
                       b = QString::fromStdString(rows[i + 1]).split('|');
            const StepWindow w{a[0].toLongLong(), a[1].toLongLong(), b[1].toLongLong()};
            const int64_t longest =
                m_ix.scalar("SELECT coalesce(max(s.dur_ns), 0)" + kernelsIn(w.from, w.to));
            if (longest > 0 && longest < runLongest) return w;
        }
        return {};
    }
    static qint64 histogramKernels(const query::Histogram& h) {
        return std::accumulate(h.counts.begin(), h.counts.end(), qint64(0)) + h.overflowCount;
    }

  private Q_SLOTS:
    void initTestCase() {
        std::string err;
        const std::string dir = test::writeDemo("heatmapcellkernel", 2, 4, 1, err);
        QVERIFY2(!dir.empty(), err.c_str());
        m_ix = test::indexDir(dir);
        QVERIFY(m_ix.db);
    }
    void aCellsClickSelectsTheKernelGoneTo_data() {
        QTest::addColumn<int>("mode");
        QTest::newRow("op x rank") << int(Mode::OpByRank);
        QTest::newRow("op x step") << int(Mode::OpByStep);
    }
    void aCellsClickSelectsTheKernelGoneTo() {
        QFETCH(int, mode);
        const StepWindow step = middleStep();
        QVERIFY(step.step >= 0);
        const bool perStep = Mode(mode) == Mode::OpByStep;
        const int64_t from = perStep ? step.from : INT64_MIN, to = perStep ? step.to : INT64_MAX;
        Panels p;
        QVERIFY(p.open(m_ix.result.dbPath));
        const int64_t key = perStep ? step.step : kRank;
        QVERIFY(p.click(Mode(mode), key));
        QTRY_VERIFY_WITH_TIMEOUT(p.search.current() >= 0, 20000);
        // the selection is the kernel the timeline went to: the cell's longest, by SQL
        const int64_t longest = m_ix.scalar("SELECT max(s.dur_ns)" + kernelsIn(from, to));
        const views::Selection& s = p.state.selection();
        QCOMPARE(s.kind, views::Selection::Kind::Span);
        QCOMPARE(s.spanId, qint64(p.search.hits()[size_t(p.search.current())].spanId));
        QCOMPARE(m_ix.scalar("SELECT dur_ns FROM span WHERE span_id = " + std::to_string(s.spanId)), longest);
        QVERIFY(p.state.windowStart() <= s.startNs && p.state.windowEnd() >= s.endNs);
        // the heatmap keeps the cell outlined
        using Cell = views::HeatmapCanvas::Cell;
        QCOMPARE(p.heatmap.canvas()->highlights(), (std::vector<Cell>{{kOp, key}}));
        // Details names the kernel (its name, as the index has it) and says which cell it is of
        const std::string name =
            m_ix.rows("SELECT n.value FROM span s JOIN string n ON n.id = s.name_id WHERE s.span_id = " +
                      std::to_string(s.spanId))
                .at(0);
        QTRY_VERIFY_WITH_TIMEOUT(p.details.plainText().contains(QString::fromStdString(name)), 20000);
        QVERIFY2(p.details.plainText().contains("A kernel of the heatmap cell"),
                 qPrintable(p.details.plainText()));
    }
    void aStepCellsHistogramCoversThatStepOnly_data() {
        QTest::addColumn<int>("mode");
        QTest::newRow("op x rank") << int(Mode::OpByRank);
        QTest::newRow("op x step") << int(Mode::OpByStep);
    }
    void aStepCellsHistogramCoversThatStepOnly() {
        QFETCH(int, mode);
        const StepWindow step = middleStep();
        QVERIFY(step.step >= 0);
        const bool perStep = Mode(mode) == Mode::OpByStep;
        const int64_t inStep = m_ix.scalar("SELECT count(*)" + kernelsIn(step.from, step.to));
        const int64_t inRun = m_ix.scalar("SELECT count(*)" + kernelsIn(INT64_MIN, INT64_MAX));
        QVERIFY(inStep > 0 && inStep < inRun); // the two can be told apart
        Panels p;
        QVERIFY(p.open(m_ix.result.dbPath));
        QVERIFY(p.click(Mode(mode), perStep ? step.step : kRank));
        QTRY_VERIFY_WITH_TIMEOUT(p.state.selection().kind == views::Selection::Kind::Span, 20000);
        const views::HistogramView* hist = p.details.histogram();
        QTRY_VERIFY_WITH_TIMEOUT(hist->histogram() && hist->isVisible(), 20000);
        QCOMPARE(histogramKernels(*hist->histogram()), perStep ? inStep : inRun);
        QCOMPARE(hist->histogram()->step, perStep ? step.step : -1);
        // and says what it covers
        const QString text = p.details.plainText();
        QVERIFY2(perStep ? text.contains(QString("Step %1 only").arg(step.step))
                         : text.contains("The whole run"),
                 qPrintable(text));
    }
};

QTEST_MAIN(TstHeatmapCellKernel)
#include "tst_heatmapcellkernel.moc"
