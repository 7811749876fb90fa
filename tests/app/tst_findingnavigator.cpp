// Where each finding kind points, decided in one place: the window (the finding's own time, else its
// step's on its rank), the ranks (the named one first, then those that waited), the selection (a stall's
// or late rank's culprit collective; a slow card's with its op types and each of their heatmap cells; a
// straggler's or bank anomaly's op type and their panel; an outlier step), and going there moves the
// interaction state and raises the panel.
#include "app/gui/findingnavigator.h"
#include "core/demo/demogenerator.h"
#include "tests/support/heatgrid.h"
#include "tests/support/testsupport.h"
#include "views/heatmap/heatmapcanvas.h"
#include "views/heatmap/heatmapview.h"
#include "views/memory/memorymapcanvas.h"
#include "views/memory/memorymapview.h"

#include <QDockWidget>
#include <QMainWindow>
#include <QSignalSpy>
#include <QtTest>

using namespace rs;
using gui::Finding;
using gui::FindingNavigator;
using gui::FindingTarget;
using views::Selection;

namespace {
query::ProfileSummary summary() {
    query::ProfileSummary s;
    s.ranks = {0, 1, 2, 3};
    for (int r = 0; r < 4; ++r)
        for (int64_t st = 1; st <= 3; ++st)
            s.steps.push_back(
                {r, st, st * 1000000 + r * 10, st * 1000000 + 900000 + r * 10, false, "", {}, 0, {}});
    s.startNs = 0;
    s.endNs = 4000000;
    return s;
}

Finding make(const char* kind, std::optional<int> rank, std::optional<int64_t> step) {
    Finding f;
    f.kindName = kind;
    f.kind = model::findingKindFromSql(kind);
    f.rank = rank;
    f.step = step;
    f.subject = "subject";
    return f;
}

/// A finding that names a collective span on `rank` in `step`, at [start, end), with the ranks that waited.
Finding atSpan(const char* kind, int rank, int64_t step, int64_t start, int64_t end, int64_t span,
               std::vector<int> waiting) {
    Finding f = make(kind, rank, step);
    f.startNs = start;
    f.endNs = end;
    f.spanId = span;
    f.waitingRanks = std::move(waiting);
    return f;
}
} // namespace

class TstFindingNavigator : public QObject {
    Q_OBJECT
  private Q_SLOTS:
    void targets() {
        const auto s = summary();
        Finding stall = atSpan("stall", 2, 2, 2100000, 2200000, 77, {0, 3, 2});
        FindingTarget t = FindingNavigator::targetOf(stall, &s);
        QCOMPARE(t.extent, (std::optional<std::pair<int64_t, int64_t>>({2100000, 2200000})));
        QCOMPARE(t.ranks, (std::vector<int>{2, 0, 3}));
        QCOMPARE(t.selection.kind, Selection::Kind::Span);
        QCOMPARE(t.selection.spanId, qint64(77));
        QCOMPARE(t.selection.rank, 2);
        QVERIFY(t.cellOps.isEmpty());
        QCOMPARE(t.panel, FindingTarget::Panel::None);

        Finding slow = stall;
        slow.kindName = "slow_rank";
        slow.kind = model::FindingKind::SlowRank;
        slow.opTypes = {"MatMulV2", "Add"};
        t = FindingNavigator::targetOf(slow, &s);
        QCOMPARE(t.selection.kind, Selection::Kind::Span);
        QCOMPARE(t.selection.opType, QString("MatMulV2"));
        // both op types it names, each a cell on its rank
        QCOMPARE(t.selection.moreOpTypes, (std::vector<QString>{"Add"}));
        QCOMPARE(t.cellOps, (QStringList{"MatMulV2", "Add"}));
        QCOMPARE(t.cellRank, 2);
        // without a culprit collective: its op types are the selection
        slow.spanId.reset();
        t = FindingNavigator::targetOf(slow, &s);
        QCOMPARE(t.selection.kind, Selection::Kind::OpType);
        QCOMPARE(t.selection.opType, QString("MatMulV2"));
        QCOMPARE(t.selection.moreOpTypes, (std::vector<QString>{"Add"}));

        Finding straggler = make("straggler", 1, std::nullopt);
        straggler.subject = "Conv2D";
        t = FindingNavigator::targetOf(straggler, &s);
        QVERIFY(!t.extent);
        QCOMPARE(t.selection.kind, Selection::Kind::OpType);
        QCOMPARE(t.selection.opType, QString("Conv2D"));
        QCOMPARE(t.selection.rank, 1);
        QCOMPARE(t.cellOps, QStringList{"Conv2D"});
        QVERIFY(t.selection.moreOpTypes.empty());
        QCOMPARE(t.panel, FindingTarget::Panel::Heatmap);

        Finding bank = make("bank_anomaly", 3, std::nullopt);
        t = FindingNavigator::targetOf(bank, &s);
        QCOMPARE(t.panel, FindingTarget::Panel::Memory);
        QCOMPARE(t.selection.kind, Selection::Kind::OpType);
        QVERIFY(t.cellOps.isEmpty());

        // an outlier step: its step on its rank, not the same step on rank 0
        Finding outlier = make("outlier_step", 3, 2);
        t = FindingNavigator::targetOf(outlier, &s);
        QCOMPARE(t.extent, (std::optional<std::pair<int64_t, int64_t>>({2000030, 2900030})));
        QCOMPARE(t.selection.kind, Selection::Kind::Step);
        QCOMPARE(t.selection.rank, 3);
        QCOMPARE(t.selection.step, qint64(2));
        // without the steps (no summary), it cannot be placed
        t = FindingNavigator::targetOf(outlier, nullptr);
        QVERIFY(!t.extent);
        QCOMPARE(t.selection.kind, Selection::Kind::None);
    }
    void pipelineWaitAndSlowLinkTargets() {
        const auto s = summary();
        // a pipeline wait: its longest receive on the rank that waited most, with the other waiting ranks
        const Finding wait = atSpan("pipeline_wait", 0, 2, 2000100, 2400100, 41, {0, 1});
        FindingTarget t = FindingNavigator::targetOf(wait, &s);
        QCOMPARE(t.extent, (std::optional<std::pair<int64_t, int64_t>>({2000100, 2400100})));
        QCOMPARE(t.ranks, (std::vector<int>{0, 1}));
        QCOMPARE(t.selection.kind, Selection::Kind::Span);
        QCOMPARE(t.selection.spanId, qint64(41));
        QCOMPARE(t.panel, FindingTarget::Panel::None);
        // a slow link: its matrix cell (all steps), in the Communication panel; no time of its own
        Finding link = make("slow_link", 1, std::nullopt);
        link.link = Finding::Link{1, 5, "g"};
        t = FindingNavigator::targetOf(link, &s);
        QVERIFY(!t.extent);
        QCOMPARE(t.panel, FindingTarget::Panel::Communication);
        QCOMPARE(t.selection.kind, Selection::Kind::CommLink);
        QCOMPARE(t.selection.rank, 1);
        QCOMPARE(t.selection.linkSrc, qint64(1));
        QCOMPARE(t.selection.linkDst, qint64(5));
        QCOMPARE(t.selection.group, QString("g"));
        QCOMPARE(t.selection.step, qint64(-1));
        // the report's JSON carries the cell
        const std::string report =
            R"({"findings": [{"kind": "slow_link", "rank": 1, "run": 0, "lost_ns": 0, "extra_ns": 5,
                "affected": {"src": 1, "dst": 5, "group": "g", "transport": "HCCS"}}]})";
        const auto read = gui::findingsFromReport(report, 0);
        QCOMPARE(int(read.size()), 1);
        QVERIFY(read[0].link);
        QCOMPARE(read[0].link->src, int64_t(1));
        QCOMPARE(read[0].link->dst, int64_t(5));
        QCOMPARE(read[0].link->group, QString("g"));
    }
    void goesThere() {
        QMainWindow w;
        views::InteractionState state;
        state.setBounds(0, 4000000);
        auto* heat = new views::HeatmapView(&state, nullptr);
        auto* memoryDock = new QDockWidget("Memory", &w);
        memoryDock->setObjectName("memory");
        memoryDock->setWidget(new QWidget);
        auto* heatDock = new QDockWidget("Heatmap", &w);
        heatDock->setObjectName("heatmap");
        heatDock->setWidget(heat);
        w.addDockWidget(Qt::BottomDockWidgetArea, memoryDock);
        w.addDockWidget(Qt::BottomDockWidgetArea, heatDock);
        w.tabifyDockWidget(memoryDock, heatDock);
        w.show();
        FindingNavigator nav(&w, &state, heat, nullptr);
        nav.setSummary(std::make_shared<query::ProfileSummary>(summary()));
        Finding outlier = make("outlier_step", 1, 3);
        nav.go(outlier);
        QVERIFY(state.windowStart() <= 3000010 && state.windowEnd() >= 3900010);
        QVERIFY(state.windowEnd() - state.windowStart() < 1200000);
        QCOMPARE(state.selection().kind, Selection::Kind::Step);
        QCOMPARE(state.selection().step, qint64(3));
        // a finding at the run's very start: the window stays inside the run
        Finding early = make("stall", 0, 1);
        early.startNs = 1000;
        early.endNs = 3000;
        nav.go(early);
        QCOMPARE(state.windowStart(), qint64(0));
        QVERIFY(state.windowEnd() >= 3000);
        // a finding as long as the run: its padded window is the run's, not past its end (r48c #3)
        Finding whole = make("stall", 0, 1);
        whole.startNs = 0;
        whole.endNs = 4000000;
        nav.go(whole);
        QCOMPARE(state.windowStart(), qint64(0));
        QCOMPARE(state.windowEnd(), qint64(4000000));
        // a slow card naming two op types: both of its cells outlined, none of the others (walk 6: only
        // the first was)
        heat->setData(test::heatGrid({"MatMulV2", "Cast", "Add"}, 4));
        Finding slow = make("slow_rank", 1, 2);
        slow.opTypes = {"MatMulV2", "Cast"};
        slow.spanId = 5; // its culprit collective
        slow.startNs = 2100000;
        slow.endNs = 2200000;
        nav.go(slow);
        using Cell = views::HeatmapCanvas::Cell;
        QCOMPARE(heat->canvas()->highlights(), (std::vector<Cell>{{"MatMulV2", 1}, {"Cast", 1}}));
        heatDock->raise();
        QTRY_VERIFY(heat->canvas()->isVisible());
        const QImage img = heat->canvas()->grab().toImage();
        // (row, column in the data's order)
        auto framed = [&](int row, int col) { return test::cellFramed(img, *heat->canvas(), row, col); };
        QVERIFY(framed(0, 1));  // MatMulV2 on rank 1
        QVERIFY(framed(1, 1));  // Cast on rank 1
        QVERIFY(!framed(2, 1)); // Add on rank 1
        QVERIFY(!framed(1, 3)); // Cast on rank 3
        nav.go(make("bank_anomaly", 2, std::nullopt));
        QTRY_VERIFY(!memoryDock->visibleRegion().isEmpty());
        // a slow link raises the Communication panel
        auto* commDock = new QDockWidget("Communication", &w);
        commDock->setObjectName("comm");
        commDock->setWidget(new QWidget);
        w.addDockWidget(Qt::BottomDockWidgetArea, commDock);
        w.tabifyDockWidget(heatDock, commDock);
        heatDock->raise();
        Finding link = make("slow_link", 1, std::nullopt);
        link.link = Finding::Link{1, 5, "g"};
        nav.go(link);
        QTRY_VERIFY(!commDock->visibleRegion().isEmpty());
        QCOMPARE(state.selection().kind, Selection::Kind::CommLink);
        QCOMPARE(state.selection().linkDst, qint64(5));
        QVERIFY(FindingNavigator::describe(outlier).contains("outlier_step"));
    }
    void aBankAnomalyGoesWhereItsTensorsLive() {
        // r47c #6: a bank anomaly names no time, and the window stayed where it was (the buffers' outline
        // showed only after F); it goes where the op's tensors on its rank are alive, as other findings go
        const std::string dir = test::tempDir("navigator-bank") + "/demo";
        const demo::DemoOptions o = test::demoOptions(4, 6, 1);
        const demo::DemoTruth truth = demo::demoTruth(o);
        auto ix = test::indexedDemo(dir, o);
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        // when they live, read from the index's tensor rows (the map draws those with an address)
        const std::string where =
            " FROM tensor WHERE rank = " + std::to_string(truth.bankRank) + " AND op_name = 'AllReduce'";
        const int64_t lo = ix.scalar("SELECT min(alloc_ns)" + where + " AND addr IS NOT NULL");
        const int64_t hi = ix.scalar("SELECT max(free_ns)" + where + " AND addr IS NOT NULL");
        QVERIFY(ix.scalar("SELECT count(*)" + where + " AND addr IS NOT NULL AND free_ns IS NULL") == 0);
        query::QueryService service;
        QSignalSpy ready(&service, &query::QueryService::summaryReady);
        service.open(QString::fromStdString(ix.result.dbPath));
        QVERIFY(ready.wait(20000));
        const auto s = ready.first().first().value<std::shared_ptr<const query::ProfileSummary>>();
        QVERIFY(s && lo > s->startNs + 1000000); // a window before them shows none of them
        QMainWindow w;
        views::InteractionState state;
        state.setBounds(s->startNs, s->endNs);
        state.setWindow(s->startNs, s->startNs + 1000000);
        views::HeatmapView heat(&state, nullptr);
        views::MemoryMapView memory(&state, &service); // on rank 0 (setProfile), as the window opens
        memory.setProfile(s->ranks);
        QSignalSpy shown(&memory, &views::MemoryMapView::dataShown);
        QVERIFY(shown.wait(20000));
        QVERIFY(truth.bankRank != 0); // the finding's rank is not the one shown: the view loads it
        QSignalSpy answers(&service, &query::QueryService::resultReady);
        FindingNavigator nav(&w, &state, &heat, nullptr, nullptr, &memory);
        nav.setSummary(s);
        Finding bank = make("bank_anomaly", truth.bankRank, std::nullopt);
        bank.subject = "AllReduce";
        nav.go(bank);
        QTRY_VERIFY2(state.windowStart() <= lo && state.windowEnd() >= hi,
                     qPrintable(QString("%1 … %2 for %3 … %4")
                                    .arg(state.windowStart() - s->startNs)
                                    .arg(state.windowEnd() - s->startNs)
                                    .arg(lo - s->startNs)
                                    .arg(hi - s->startNs)));
        // a margin of a twentieth of their lifetime either side at most (inside the run)
        QVERIFY(state.windowEnd() - state.windowStart() <=
                (hi - lo) + 2 * std::max<int64_t>((hi - lo) / 20, 20000));
        QVERIFY(state.windowStart() >= s->startNs && state.windowEnd() <= s->endNs); // inside the run
        QCOMPARE(state.selection().kind, Selection::Kind::OpType);
        QVERIFY(state.canGoBack()); // Back returns to the window before
        // walk 48: the rank's memory map was read twice, for the view and for the navigator; once now
        int maps = 0;
        for (const auto& a : answers)
            maps += a.at(1).value<std::shared_ptr<const query::MemoryMapData>>() != nullptr;
        QCOMPARE(maps, 1);
        QCOMPARE(memory.rank(), truth.bankRank);
    }
    void aBankAnomalyOfTheRankShownIsAnsweredByItsMap() {
        // the memory view already shows the finding's rank: its map answers at once, nothing is read
        auto d = std::make_shared<query::MemoryMapData>();
        d->rank = 6;
        d->startNs = 1000;
        d->endNs = 1000000000;
        for (int i = 0; i < 3; ++i) {
            query::TensorItem t;
            t.tensorId = "t" + std::to_string(i);
            t.opName = i == 1 ? "MatMulV2" : "AllReduce";
            t.allocNs = 100000000 + i * 100000000; // AllReduce's: 100 … 350 ms and 300 … 550 ms
            t.freeNs = *t.allocNs + 250000000;
            d->tensors.push_back(t);
        }
        QMainWindow w;
        views::InteractionState state;
        state.setBounds(d->startNs, d->endNs);
        views::HeatmapView heat(&state, nullptr);
        views::MemoryMapView memory(&state, nullptr);
        memory.setData(d);
        FindingNavigator nav(&w, &state, &heat, nullptr, nullptr, &memory);
        Finding bank = make("bank_anomaly", 6, std::nullopt);
        bank.subject = "AllReduce";
        nav.go(bank);
        // 100 … 550 ms and a twentieth of it either side
        QCOMPARE(state.windowStart(), 100000000 - 22500000);
        QCOMPARE(state.windowEnd(), 550000000 + 22500000);
    }
    void aLateMapDoesNotMoveTheNextFindingsWindow() {
        // review of stop 47: the bank finding waits for its rank's memory map; the user goes on (Down) to a
        // finding with a time before the map came, and the map then moved the window to the tensors
        const std::string dir = test::tempDir("navigator-bank-late") + "/demo";
        const demo::DemoOptions o = test::demoOptions(4, 6, 1);
        const demo::DemoTruth truth = demo::demoTruth(o);
        auto ix = test::indexedDemo(dir, o);
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        const int64_t lo =
            ix.scalar("SELECT min(alloc_ns) FROM tensor WHERE rank = " + std::to_string(truth.bankRank) +
                      " AND op_name = 'AllReduce' AND addr IS NOT NULL");
        query::QueryService service;
        QSignalSpy ready(&service, &query::QueryService::summaryReady);
        service.open(QString::fromStdString(ix.result.dbPath));
        QVERIFY(ready.wait(20000));
        const auto s = ready.first().first().value<std::shared_ptr<const query::ProfileSummary>>();
        QVERIFY(s);
        QMainWindow w;
        views::InteractionState state;
        state.setBounds(s->startNs, s->endNs);
        views::HeatmapView heat(&state, nullptr);
        views::MemoryMapView memory(&state, &service);
        memory.setProfile(s->ranks); // rank 0's map first, as the window opens
        QSignalSpy shown(&memory, &views::MemoryMapView::dataShown);
        QVERIFY(shown.wait(20000));
        QVERIFY(truth.bankRank != 0); // the finding's rank is not the one shown: its map is still to come
        FindingNavigator nav(&w, &state, &heat, nullptr, nullptr, &memory);
        nav.setSummary(s);
        Finding bank = make("bank_anomaly", truth.bankRank, std::nullopt);
        bank.subject = "AllReduce";
        nav.go(bank);
        Finding stall = make("stall", 0, std::nullopt); // at the run's start, far from the tensors
        stall.startNs = s->startNs + 1000;
        stall.endNs = s->startNs + 200000;
        nav.go(stall);
        const int64_t t0 = state.windowStart(), t1 = state.windowEnd();
        QVERIFY(t1 < lo);
        shown.clear();
        QTRY_VERIFY_WITH_TIMEOUT(memory.canvas()->data() && memory.canvas()->data()->rank == truth.bankRank,
                                 20000); // the bank rank's map has come
        QCoreApplication::processEvents();
        QCOMPARE(state.windowStart(), t0);
        QCOMPARE(state.windowEnd(), t1);
    }
};

QTEST_MAIN(TstFindingNavigator)
#include "tst_findingnavigator.moc"
