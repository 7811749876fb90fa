// The Steps ▸ ops ▸ tensors drill-down offscreen, on the indexed 8-rank Ascend demo through a real
// QueryService: an HCCL collective (hcom_allReduce__908_2_1) whose buffers the memory records name by the
// collective's algorithm ("AllReduce"), not by the op, lists those buffers of its step — the ones the bank
// anomaly finding is about — and the breadcrumbs say how they were tied; nothing is tied across steps.
#include "core/query/queryservice.h"
#include "tests/support/testsupport.h"
#include "views/common/interactionstate.h"
#include "views/common/timemapping.h"
#include "views/tables/drilldownview.h"
#include "views/tables/opsmodel.h"
#include "views/tables/stepsmodel.h"
#include "views/tables/tensorsmodel.h"

#include <QLineEdit>
#include <QRegularExpression>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QtTest>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>

using namespace rs;
namespace fs = std::filesystem;

namespace {
// The rank's AllReduce buffers allocated in `step`, read off the demo's memory_usage.csv (alloc_time is in
// steps: 2.0211 is early in step 2; the address-less operator_memory.csv copies are not listed beside them)
std::set<std::string> allReduceBuffers(const std::string& profile, int rank, int step) {
    std::set<std::string> ids;
    for (const auto& e : fs::recursive_directory_iterator(profile)) {
        if (e.path().filename() != "memory_usage.csv") continue;
        const fs::path rankDir = e.path().parent_path().parent_path();
        if (!fs::exists(rankDir / ("profiler_info_" + std::to_string(rank) + ".json"))) continue;
        std::ifstream in(e.path());
        std::string line;
        std::getline(in, line); // op_name,tensor_id,size_bytes,alloc_time,free_time,device_id,addr
        while (std::getline(in, line)) {
            const QStringList c = QString::fromStdString(line).split(',');
            if (c.size() > 3 && c[0] == "AllReduce" && int(std::floor(c[3].toDouble())) == step)
                ids.insert(c[1].toStdString());
        }
    }
    return ids;
}

// The drill-down over the index at `db` through a real QueryService, the whole profile shown.
struct DrillHarness {
    explicit DrillHarness(const std::string& db) {
        service.open(QString::fromStdString(db));
        state.setBounds(0, int64_t(1) << 62);
        view.setProfile();
    }
    query::QueryService service;
    views::InteractionState state;
    views::DrillDownView view{&state, &service};
};

// Makes the row of `level` for which `pick(source row)` holds current, then drills into it.
template <class Pick> bool drillInto(views::DrillDownView& v, int level, int rows, Pick pick) {
    auto* proxy = qobject_cast<QSortFilterProxyModel*>(v.table(level)->model());
    for (int r = 0; r < rows; ++r)
        if (pick(r)) {
            v.table(level)->setCurrentIndex(proxy->mapFromSource(proxy->sourceModel()->index(r, 0)));
            v.drillDown();
            return true;
        }
    return false;
}
} // namespace

class TstDrillDownView : public QObject {
    Q_OBJECT
    std::string m_profile, m_db;

  private Q_SLOTS:
    void initTestCase() {
        m_profile = test::tempDir("drilldown") + "/demo";
        auto ix = test::indexedDemo(m_profile, test::demoOptions(8, 3, 2));
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        m_db = ix.result.dbPath;
    }

    void collectiveListsItsAlgorithmsBuffersOfTheStep() {
        const std::set<std::string> expected = allReduceBuffers(m_profile, 5, 2);
        QCOMPARE(expected.size(), size_t(2)); // the two gradient buckets of step 2
        query::QueryService service;
        service.open(QString::fromStdString(m_db));
        views::InteractionState state;
        state.setBounds(0, int64_t(1) << 62);
        views::DrillDownView v(&state, &service);
        v.resize(900, 500);
        v.setProfile();
        v.show();
        QVERIFY(QTest::qWaitForWindowExposed(&v));
        QTRY_VERIFY_WITH_TIMEOUT(v.stepsModel()->rowCount() > 0, 20000);
        QVERIFY(drillInto(v, 0, v.stepsModel()->rowCount(), [&](int r) {
            return v.stepsModel()->row(r)->rank == 5 && v.stepsModel()->row(r)->step == 2;
        }));
        QTRY_VERIFY_WITH_TIMEOUT(v.opsModel()->rowCount() > 0, 20000);
        std::string op;
        QVERIFY(drillInto(v, 1, v.opsModel()->rowCount(), [&](int r) {
            op = v.opsModel()->row(r)->name;
            return op.rfind("hcom_allReduce_", 0) == 0;
        }));
        QTRY_VERIFY_WITH_TIMEOUT(v.tensorsModel()->rowCount() > 0, 20000);
        std::set<std::string> shown;
        for (int r = 0; r < v.tensorsModel()->rowCount(); ++r)
            shown.insert(v.tensorsModel()->row(r)->tensorId);
        QCOMPARE(shown, expected);
        const QString crumbs = v.breadcrumbs();
        QVERIFY2(crumbs.contains("AllReduce tensors of step 2") &&
                     crumbs.contains(QString::fromStdString(op)),
                 qPrintable(crumbs));
        QVERIFY2(!crumbs.contains("no memory record"), qPrintable(crumbs));
    }
    void theHeaderNamesTheWallTheTableNames() {
        // walk 23b: on the demo (an Ascend profile with step_trace_time.csv) the header said the step's wall
        // came "from the step markers (ProfilerStep)" while the row's "wall from" said step_trace_time.csv
        bool shipped = false;
        for (const auto& e : std::filesystem::recursive_directory_iterator(m_profile))
            shipped = shipped || e.path().filename() == "step_trace_time.csv";
        QVERIFY(shipped);
        DrillHarness h(m_db);
        views::DrillDownView& v = h.view;
        QTRY_VERIFY_WITH_TIMEOUT(v.stepsModel()->rowCount() > 0, 20000);
        QString from;
        QVERIFY(drillInto(v, 0, v.stepsModel()->rowCount(), [&](int r) {
            from = v.stepsModel()->index(r, views::StepsModel::WallFrom).data().toString();
            return v.stepsModel()->row(r)->rank == 2 && v.stepsModel()->row(r)->step == 1;
        }));
        QCOMPARE(from, QString("step_trace_time.csv"));
        QTRY_VERIFY_WITH_TIMEOUT(v.opsModel()->rowCount() > 0, 20000);
        const QString crumbs = v.breadcrumbs();
        QVERIFY2(crumbs.contains("step_trace_time.csv") && !crumbs.contains("as the step's wall"),
                 qPrintable(crumbs));
    }
    void aWholeTraceRowIsNoStepInTheCrumbs() {
        // walk 30: run_2/normal_run's one rank has no step mark the timeline can use (its step trace lies
        // on another clock without aicpu_intermediate_1.csv, its sync record: r53d), so its one row is its
        // whole trace; drilled into, the crumbs read "step 0"
        const std::string dir = test::run2WithoutSync("drilldown-whole");
        if (dir.empty()) QSKIP("../shared/samples is absent");
        qputenv("XDG_CACHE_HOME", QByteArray::fromStdString(test::tempDir("drilldown-whole-cache")));
        auto ix = test::indexDir(dir);
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        DrillHarness h(ix.result.dbPath);
        views::DrillDownView& v = h.view;
        QTRY_VERIFY_WITH_TIMEOUT(v.stepsModel()->rowCount() > 0, 20000);
        QCOMPARE(v.stepsModel()->rowCount(), 1);
        QVERIFY(drillInto(v, 0, 1, [](int) { return true; }));
        QTRY_VERIFY_WITH_TIMEOUT(v.opsModel()->rowCount() > 0, 20000);
        const QString crumbs = v.breadcrumbs();
        QVERIFY2(crumbs.contains("rank 1 · whole trace") && !crumbs.contains("step 0"), qPrintable(crumbs));
    }
    void aStepKeptApartOnAnotherClockSaysWhyItHasNoRow() {
        // r48d: run_2's step_trace_raw numbers steps on another clock than the device ops (kept apart,
        // without aicpu_intermediate_1.csv, its sync record: r53d), so "step 1" in the Steps filter left the
        // table empty without a word while `rankscope export --step 1` said why; the drill-down asks the same
        // function (query::lackingStepText)
        const std::string dir = test::run2WithoutSync("drilldown-apart");
        if (dir.empty()) QSKIP("../shared/samples is absent");
        qputenv("XDG_CACHE_HOME", QByteArray::fromStdString(test::tempDir("drilldown-apart-cache")));
        auto ix = test::indexDir(dir);
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        query::QueryService service;
        QSignalSpy ready(&service, &query::QueryService::summaryReady);
        service.open(QString::fromStdString(ix.result.dbPath));
        QVERIFY(ready.wait(20000));
        views::InteractionState state;
        views::DrillDownView v(&state, &service);
        v.setProfile();
        v.setSummary(ready.first().first().value<std::shared_ptr<const query::ProfileSummary>>());
        QTRY_VERIFY_WITH_TIMEOUT(v.stepsModel()->rowCount() > 0, 20000);
        auto* filter = v.findChild<QLineEdit*>();
        QVERIFY(filter);
        filter->setText("step 1");
        QCOMPARE(v.table(0)->model()->rowCount(), 0);
        const QString why =
            "no row: rank 1 has no step 1: step 1 is known only from rank 1's step_trace_raw, "
            "on another clock than the device ops (no sync record): the timeline cannot place it";
        QVERIFY2(v.breadcrumbs().contains(why), qPrintable(v.breadcrumbs()));
        filter->setText("rank 1"); // rows again: nothing to explain
        QVERIFY2(!v.breadcrumbs().contains("no row"), qPrintable(v.breadcrumbs()));
    }
    void anOpsTensorListSaysWhatItLeavesOut() {
        // walk 10: rank 3's MatMulV2 list showed the addressed half of its rows without a word. An op whose
        // list mixes memory_usage.csv's addressed rows and operator_memory.csv's copies shows the addressed
        // ones and the breadcrumbs count the others (tst_memorymapdata holds the counts against the files).
        DrillHarness h(m_db);
        views::DrillDownView& v = h.view;
        QTRY_VERIFY_WITH_TIMEOUT(v.stepsModel()->rowCount() > 0, 20000);
        QVERIFY(drillInto(v, 0, v.stepsModel()->rowCount(), [&](int r) {
            return v.stepsModel()->row(r)->rank == 3 && v.stepsModel()->row(r)->step == 2;
        }));
        QTRY_VERIFY_WITH_TIMEOUT(v.opsModel()->rowCount() > 0, 20000);
        const int ops = v.opsModel()->rowCount();
        int mixed = 0;
        for (int r = 0; r < ops; ++r) {
            if (v.opsModel()->row(r)->opType != "MatMulV2") continue;
            QVERIFY(drillInto(v, 1, ops, [&](int k) { return k == r; }));
            QTRY_VERIFY_WITH_TIMEOUT(v.tensorsModel()->rowCount() > 0, 20000);
            const QString crumbs = v.breadcrumbs();
            if (crumbs.contains("without a device address left out")) {
                ++mixed;
                QVERIFY2(!crumbs.contains("(s)"), qPrintable(crumbs)); // counted, not Qt's untranslated %n
                for (int t = 0; t < v.tensorsModel()->rowCount(); ++t)
                    QVERIFY(v.tensorsModel()->row(t)->addr.has_value());
            }
            v.goUp();
        }
        QVERIFY(mixed > 0);
    }
    void aFilterIsTheProfilesOwn() {
        // walk 12: "stream_10" typed on one profile hid every op of the next one without a word, and coming
        // back to a level showed "aten::fn" as the proxy's escaped "aten\\:\\:fn"
        DrillHarness h(m_db);
        views::DrillDownView& v = h.view;
        QTRY_VERIFY_WITH_TIMEOUT(v.stepsModel()->rowCount() > 0, 20000);
        auto* filter = v.findChild<QLineEdit*>();
        QVERIFY(filter);
        auto* proxy = qobject_cast<QSortFilterProxyModel*>(v.table(0)->model());
        const int all = proxy->rowCount();
        filter->setText("."); // in every wall ("12.3 ms"); the proxy holds it escaped, "\\."
        QVERIFY(proxy->rowCount() > 0);
        v.table(0)->setCurrentIndex(proxy->index(0, 0));
        v.drillDown();
        QCOMPARE(v.level(), 1);
        QCOMPARE(filter->text(), QString()); // the ops level has its own filter
        v.goUp();
        QCOMPARE(filter->text(), QString(".")); // as typed, not escaped
        filter->setText("aten::fn");            // matches no step row
        QCOMPARE(proxy->rowCount(), 0);
        v.setProfile(); // another profile
        QCOMPARE(filter->text(), QString());
        QTRY_COMPARE_WITH_TIMEOUT(proxy->rowCount(), all, 20000);
    }
    void theStepsFilterReadsRanksAndStepsAsTheTrackFilterDoes_data() {
        // the rows each filter keeps: ranks [lo, hi] and steps [lo, hi] (-1: any), as the filter reads
        QTest::addColumn<QString>("filter");
        QTest::addColumn<QList<int>>("ranks");
        QTest::addColumn<QList<int>>("steps");
        QTest::newRow("one rank") << "rank 5" << QList<int>{5} << QList<int>{};
        QTest::newRow("a range") << "rank 3-5" << QList<int>{3, 4, 5} << QList<int>{};
        QTest::newRow("alternatives") << "rank 4, rank 5" << QList<int>{4, 5} << QList<int>{};
        QTest::newRow("one step") << "step 2" << QList<int>{} << QList<int>{2};
        QTest::newRow("a rank's step") << "RANK 5 step 1" << QList<int>{5} << QList<int>{1};
    }
    void theStepsFilterReadsRanksAndStepsAsTheTrackFilterDoes() {
        // walk 23: "rank 5" was a substring and listed the other ranks' step 11 (their cause names rank 5)
        QFETCH(QString, filter);
        QFETCH(QList<int>, ranks);
        QFETCH(QList<int>, steps);
        DrillHarness h(m_db);
        views::DrillDownView& v = h.view;
        QTRY_VERIFY_WITH_TIMEOUT(v.stepsModel()->rowCount() > 0, 20000);
        const auto* m = v.stepsModel();
        auto kept = [&](const query::StepRow& r) {
            return (ranks.isEmpty() || ranks.contains(int(r.rank))) &&
                   (steps.isEmpty() || steps.contains(int(r.step)));
        };
        int expected = 0;
        for (int r = 0; r < m->rowCount(); ++r)
            expected += kept(*m->row(r));
        QVERIFY(expected > 0 && expected < m->rowCount());
        v.findChild<QLineEdit*>()->setText(filter);
        auto* proxy = qobject_cast<QSortFilterProxyModel*>(v.table(0)->model());
        QCOMPARE(proxy->rowCount(), expected);
        for (int r = 0; r < proxy->rowCount(); ++r)
            QVERIFY(kept(*m->row(proxy->mapToSource(proxy->index(r, 0)).row())));
    }
    void plainWordsInTheStepsFilterStillMatchText() {
        // the demo's stall causes: "waited … for rank 5 (arrived last)" on the others, "device idle …" on
        // rank 5; "arrived last" is in both, "waited" only in the others', "rank 5 arrived last" in rank 5's
        DrillHarness h(m_db);
        views::DrillDownView& v = h.view;
        QTRY_VERIFY_WITH_TIMEOUT(v.stepsModel()->rowCount() > 0, 20000);
        const auto* m = v.stepsModel();
        auto count = [&](const QString& word, int rank) {
            int n = 0;
            for (int r = 0; r < m->rowCount(); ++r)
                n += m->row(r)->outlier && QString::fromStdString(m->row(r)->cause).contains(word) &&
                     (rank < 0 || m->row(r)->rank == rank);
            return n;
        };
        auto* proxy = qobject_cast<QSortFilterProxyModel*>(v.table(0)->model());
        auto* filter = v.findChild<QLineEdit*>();
        filter->setText("WAITED");
        QCOMPARE(proxy->rowCount(), count("waited", -1));
        QVERIFY(proxy->rowCount() > 0);
        filter->setText("rank 5 arrived last");
        QCOMPARE(proxy->rowCount(), count("arrived last", 5));
        QVERIFY(proxy->rowCount() > 0);
    }
    void aLongKernelNameKeepsTheStartColumnInSight() {
        // walk 13: on a Kineto profile a kernel's name (hundreds of characters) sized its column wider than
        // the view; a click on it scrolled the table sideways and "start in step" went out of sight
        const std::string dir = test::tempDir("drilldown-kineto") + "/demo";
        auto ix = test::indexedDemo(dir, test::demoOptions(2, 2, 1, "kineto"));
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        DrillHarness h(ix.result.dbPath);
        views::DrillDownView& v = h.view;
        v.resize(700, 400);
        v.show();
        QVERIFY(QTest::qWaitForWindowExposed(&v));
        QTRY_VERIFY_WITH_TIMEOUT(v.stepsModel()->rowCount() > 0, 20000);
        QVERIFY(drillInto(v, 0, v.stepsModel()->rowCount(), [](int) { return true; }));
        QTRY_VERIFY_WITH_TIMEOUT(v.opsModel()->rowCount() > 0, 20000);
        QTableView* t = v.table(1);
        auto* proxy = qobject_cast<QSortFilterProxyModel*>(t->model());
        int longest = 0;
        for (int r = 1; r < proxy->rowCount(); ++r)
            if (proxy->index(r, 1).data().toString().size() >
                proxy->index(longest, 1).data().toString().size())
                longest = r;
        const QString name = proxy->index(longest, 1).data().toString();
        QVERIFY2(name.size() > 150, qPrintable(name)); // the demo's CUDA kernels carry their template names
        const QModelIndex cell = proxy->index(longest, 1);
        t->scrollTo(cell);
        QTest::mouseClick(t->viewport(), Qt::LeftButton, {}, t->visualRect(cell).center());
        QCOMPARE(t->currentIndex(), cell);
        QVERIFY2(t->columnViewportPosition(0) >= 0,
                 qPrintable(QString("start column at x=%1").arg(t->columnViewportPosition(0))));
        // capped at two fifths of the view as it was when the rows came (a scroll bar may since have taken
        // a few pixels): well under half of it
        QVERIFY2(t->columnWidth(1) <= t->viewport()->width() / 2,
                 qPrintable(QString("name column %1 px in a %2 px view")
                                .arg(t->columnWidth(1))
                                .arg(t->viewport()->width())));
        QCOMPARE(cell.data(Qt::ToolTipRole).toString(), name); // the whole name stays a hover away
    }
    void theFirstStepRowNavigatesWhenClicked() {
        // walk15a #8: on a freshly opened profile the first row is current already (parked, unselected), so
        // a click on it changed no current row and nothing followed; any row click must navigate
        query::QueryService service;
        service.open(QString::fromStdString(m_db));
        views::InteractionState state;
        state.setBounds(0, int64_t(1) << 62);
        views::DrillDownView v(&state, &service);
        v.resize(900, 500);
        v.setProfile();
        v.show();
        QVERIFY(QTest::qWaitForWindowExposed(&v));
        QTRY_VERIFY_WITH_TIMEOUT(v.stepsModel()->rowCount() > 0, 20000);
        QTableView* t = v.table(0);
        QCOMPARE(t->currentIndex().row(), 0); // parked on the first row
        QCOMPARE(state.selection().kind, views::Selection::Kind::None);
        auto* proxy = qobject_cast<QSortFilterProxyModel*>(t->model());
        const auto* first = v.stepsModel()->row(proxy->mapToSource(proxy->index(0, 0)).row());
        QVERIFY(first);
        const QRect cell = t->visualRect(proxy->index(0, 1));
        QTest::mouseClick(t->viewport(), Qt::LeftButton, {}, cell.center());
        QCOMPARE(state.selection().kind, views::Selection::Kind::Step);
        QCOMPARE(state.selection().rank, first->rank);
        QCOMPARE(state.selection().step, first->step);
        QVERIFY(state.windowStart() <= first->startNs && first->endNs <= state.windowEnd());
        QVERIFY(state.windowEnd() - state.windowStart() < (first->endNs - first->startNs) * 2);
    }
    void anotherSelectionLeavesNoStaleStepRow() {
        // walk17b #9: rank 3 step 1 chosen, then a finding selected a span on rank 0 step 2: the Steps table
        // kept rank 3 step 1 highlighted. A span of a known step marks its row (without acting on it); a
        // selection of no step marks none
        DrillHarness h(m_db);
        QTRY_VERIFY_WITH_TIMEOUT(h.view.stepsModel()->rowCount() > 2, 20000);
        QTableView* t = h.view.table(0);
        auto* proxy = qobject_cast<QSortFilterProxyModel*>(t->model());
        const auto* a = h.view.stepsModel()->row(0);
        const auto* b = h.view.stepsModel()->row(h.view.stepsModel()->rowCount() - 1);
        QVERIFY(a->rank != b->rank || a->step != b->step);
        t->selectRow(proxy->mapFromSource(h.view.stepsModel()->index(0, 0)).row());
        QCOMPARE(h.state.selection().kind, views::Selection::Kind::Step);
        auto markedRows = [&] {
            std::vector<std::pair<int, int64_t>> rows;
            for (const QModelIndex& i : t->selectionModel()->selectedRows()) {
                const auto* r = h.view.stepsModel()->row(proxy->mapToSource(i).row());
                rows.push_back({r->rank, r->step});
            }
            return rows;
        };
        QCOMPARE(markedRows().size(), size_t(1));
        views::Selection span;
        span.kind = views::Selection::Kind::Span;
        span.spanId = 42;
        span.rank = b->rank;
        span.step = b->step;
        h.state.setSelection(span);
        QCOMPARE(markedRows(), (std::vector<std::pair<int, int64_t>>{{b->rank, b->step}}));
        QCOMPARE(h.state.selection().kind, views::Selection::Kind::Span); // marking did not select the step
        views::Selection op;
        op.kind = views::Selection::Kind::OpType;
        op.opType = "MatMulV2";
        h.state.setSelection(op);
        QVERIFY(markedRows().empty());
    }
    void aStepRowStaysOnTheShownRunsClock() {
        // walk 7: mindinsight's resource with run 3 shown listed "rank 10000 step 0" (run 0's rank); its
        // row opened a 1 ns window at -3.09 s. Every row must be the shown run's and keep its clock. The run
        // shown is cluster_propose's, the one of 4 ranks (run 2 since profiler/'s legacy ranks 0 and 10 are
        // one run).
        const std::string samples = test::samplesDir();
        if (samples.empty()) QSKIP("../shared/samples is absent");
        qputenv("XDG_CACHE_HOME", QByteArray::fromStdString(test::tempDir("drilldown-cache")));
        auto ix = test::indexDir(samples + "/mindinsight/tests/utils/resource");
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        std::vector<int> keys;
        std::map<int, int> dataRank;
        auto q = ix.db->prepare("SELECT rank, coalesce(data_rank, rank) FROM rank_info WHERE run_id = "
                                "(SELECT run_id FROM run WHERE "
                                "rank_count = 4)");
        while (q.step()) {
            keys.push_back(int(q.i64(0)));
            dataRank[keys.back()] = int(q.i64(1));
        }
        // the run's steps lie in [first step start, last step end] of its ranks 0-3
        auto span = ix.db->prepare("SELECT min(start_ns), max(end_ns) FROM step WHERE rank BETWEEN 0 AND 3");
        QVERIFY(span.step());
        const int64_t t0 = span.i64(0), t1 = span.i64(1);
        query::QueryService service;
        service.open(QString::fromStdString(ix.result.dbPath));
        views::InteractionState state;
        state.setBounds(0, int64_t(1) << 62);
        views::DrillDownView v(&state, &service);
        v.setProfile(keys, dataRank);
        QTRY_VERIFY_WITH_TIMEOUT(v.stepsModel()->rowCount() > 0, 20000);
        QCOMPARE(v.stepsModel()->rowCount(), 20); // 4 ranks x 5 steps (sqlite3 over the index)
        auto* proxy = qobject_cast<QSortFilterProxyModel*>(v.table(0)->model());
        proxy->setFilterFixedString("10000");
        QCOMPARE(proxy->rowCount(), 0); // no key shows through
        proxy->setFilterFixedString("");
        for (int r = 0; r < proxy->rowCount(); ++r) {
            v.table(0)->setCurrentIndex(proxy->index(r, 0));
            QVERIFY(state.windowEnd() - state.windowStart() > 1000);
            QVERIFY2(
                state.windowStart() < t1 && state.windowEnd() > t0,
                qPrintable(
                    QString("row %1: window %2..%3").arg(r).arg(state.windowStart()).arg(state.windowEnd())));
            QVERIFY(proxy->index(r, 0).data().toInt() <= 3);
        }
    }
    void anOperatorMemoryRowSaysWhereItIsAndWhatItLacks() {
        // issue 19: text/level1's tensor level listed "om34" with a blank address and bank.
        // operator_memory.csv names no tensor and has no address column: the row says which line of the file
        // it is, and the address and bank cells say why they are empty. Each row is checked against that line
        // of the file.
        const std::string samples = test::samplesDir();
        if (samples.empty()) QSKIP("../shared/samples is absent");
        const std::string root = samples + "/msinsight/test/data/pytorch/text/level1";
        qputenv("XDG_CACHE_HOME", QByteArray::fromStdString(test::tempDir("drilldown-om-cache")));
        auto ix = test::indexDir(root, false);
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        std::vector<std::string> lines;
        std::ifstream in(root + "/rank0_ascend_pt/ASCEND_PROFILER_OUTPUT/operator_memory.csv");
        for (std::string l; std::getline(in, l);)
            lines.push_back(l);
        QVERIFY(lines.size() > 34);
        const int rank = int(ix.scalar("SELECT rank FROM rank_info WHERE coalesce(data_rank, rank) = 0"));
        auto rows =
            std::make_shared<query::TensorRows>(query::loadTensorRows(*ix.db, rank, std::nullopt, {}));
        QCOMPARE(rows->rows.size(), lines.size() - 1); // every row of the file, none with an address
        views::TensorsModel m;
        m.setRows(std::shared_ptr<const std::vector<query::TensorItem>>(rows, &rows->rows));
        using M = views::TensorsModel;
        const QRegularExpression where("^operator_memory\\.csv line (\\d+)$");
        for (int r = 0; r < m.rowCount(); ++r) {
            const QString name = m.index(r, M::Id).data().toString();
            const auto match = where.match(name);
            QVERIFY2(match.hasMatch(), qPrintable(name));
            const QStringList fields =
                QString::fromStdString(lines.at(match.captured(1).toULongLong() - 1)).split(',');
            QCOMPARE(m.index(r, M::Op).data().toString(), fields[0]); // Name
            QCOMPARE(qint64(m.row(r)->sizeBytes),
                     qint64(std::llround(fields[1].toDouble() * 1024))); // Size(KB)
            QCOMPARE(m.index(r, M::Address).data().toString(),
                     QString("none recorded (operator_memory.csv has no address column)"));
            QCOMPARE(m.index(r, M::Bank).data().toString(), QString("none: no address"));
        }
    }
    void anOpNoRecordNamesSaysWhatTheRecordsName() {
        // walk 23 #4: an op of text/level1 no record names reached no tensor and the level said only "records
        // may name the op otherwise". operator_memory.csv names the framework ops that allocated (aten::…)
        // and some kernels (cann::Conv2D1, walk 53b), not aclnnInplaceRelu_Relu_Relu nor its type Relu: the
        // level says so, with the file's most frequent names. Expected from the file (Python):
        // rank 0's 184 rows, 58 names, aten::_foreach_add ×17, aten::convolution_backward ×14, aten::sum ×10
        // (tied with cann::ReduceSum7 ×10, after it by name); all allocated inside ProfilerStep#50
        const std::string samples = test::samplesDir();
        if (samples.empty()) QSKIP("../shared/samples is absent");
        qputenv("XDG_CACHE_HOME", QByteArray::fromStdString(test::tempDir("drilldown-names-cache")));
        auto ix = test::indexDir(samples + "/msinsight/test/data/pytorch/text/level1");
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        DrillHarness h(ix.result.dbPath);
        views::DrillDownView& v = h.view;
        v.resize(900, 500);
        v.show();
        QTRY_COMPARE_WITH_TIMEOUT(v.stepsModel()->rowCount(), 2, 20000);
        QVERIFY(drillInto(v, 0, 2, [&](int r) { return v.stepsModel()->row(r)->rank == 0; }));
        QTRY_VERIFY_WITH_TIMEOUT(v.opsModel()->rowCount() > 0, 20000);
        QVERIFY(drillInto(v, 1, v.opsModel()->rowCount(),
                          [&](int r) { return v.opsModel()->row(r)->name == "aclnnInplaceRelu_Relu_Relu"; }));
        QTRY_VERIFY_WITH_TIMEOUT(v.breadcrumbs().contains("framework ops"), 20000);
        QCOMPARE(v.tensorsModel()->rowCount(), 0);
        const QString crumbs = v.breadcrumbs();
        for (const char* part :
             {"no memory record of rank 0 in step 50 names this op",
              "its 184 records there (operator_memory.csv) name framework ops: aten::_foreach_add ×17, "
              "aten::convolution_backward ×14, aten::sum ×10 and 55 other names",
              "not the kernels they ran, and operator_memory.csv ties none of them to a kernel"})
            QVERIFY2(crumbs.contains(QString::fromUtf8(part)), qPrintable(crumbs));
    }
    void aKernelsOwnRecordIsListed() {
        // walk 53b: Conv2D1's level read "(none is recorded for Conv2D1 itself) — no memory record of rank 0
        // in step 50 names this op" while operator_memory.csv line 131 is "cann::Conv2D1,24256.0,…",
        // allocated at the kernel's launch, before the device ran it. Expected from the file (Python): one
        // row named cann::Conv2D1 on each rank, 24256.0 KB
        const std::string samples = test::samplesDir();
        if (samples.empty()) QSKIP("../shared/samples is absent");
        qputenv("XDG_CACHE_HOME", QByteArray::fromStdString(test::tempDir("drilldown-conv-cache")));
        auto ix = test::indexDir(samples + "/msinsight/test/data/pytorch/text/level1", false);
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        DrillHarness h(ix.result.dbPath);
        views::DrillDownView& v = h.view;
        v.resize(900, 500);
        v.show();
        QTRY_COMPARE_WITH_TIMEOUT(v.stepsModel()->rowCount(), 2, 20000);
        QVERIFY(drillInto(v, 0, 2, [&](int r) { return v.stepsModel()->row(r)->rank == 0; }));
        QTRY_VERIFY_WITH_TIMEOUT(v.opsModel()->rowCount() > 0, 20000);
        QVERIFY(drillInto(v, 1, v.opsModel()->rowCount(),
                          [&](int r) { return v.opsModel()->row(r)->name == "Conv2D1"; }));
        QTRY_COMPARE_WITH_TIMEOUT(v.tensorsModel()->rowCount(), 1, 20000);
        QCOMPARE(v.tensorsModel()->row(0)->opName, std::string("cann::Conv2D1"));
        QCOMPARE(v.tensorsModel()->row(0)->sizeBytes, int64_t(24256 * 1024));
        const QString crumbs = v.breadcrumbs();
        QVERIFY2(
            crumbs.contains("tensors allocated for Conv2D1 (records naming it, a \"cann::\" prefix aside, "
                            "allocated in its step at the kernel's launch") &&
                !crumbs.contains("no memory record"),
            qPrintable(crumbs));
    }
    void level1StepHasOneIntervalEverywhere() {
        // walk 14: level1's op list began at "+153.859 ms" (sorted descending, from ProfilerStep#50's start)
        // under a 137 ms wall; rank 1's step set a 169 ms window (its 154 ms marker) beside Details' 132 ms;
        // a click on the first op (the row made current unselected) moved nothing. Expected figures from
        // the files (Python): rank 1's ProfilerStep#50 at 1736408883688868.080 µs, step_trace_time.csv
        // Preparing 20433.25 µs, Stage 131912.5 µs; trace_view.json's Conv2D1 on rank 1 at
        // 1736408883709590.536 µs, 289.206 µs after the step's first device task.
        const std::string samples = test::samplesDir();
        if (samples.empty()) QSKIP("../shared/samples is absent");
        qputenv("XDG_CACHE_HOME", QByteArray::fromStdString(test::tempDir("drilldown-level1-cache")));
        auto ix = test::indexDir(samples + "/msinsight/test/data/pytorch/text/level1");
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        const qint64 start = 1736408883688868080 + 20'433'250, wall = 131'912'500;
        DrillHarness h(ix.result.dbPath);
        views::DrillDownView& v = h.view;
        v.resize(900, 500);
        v.show();
        QVERIFY(QTest::qWaitForWindowExposed(&v));
        QTRY_COMPARE_WITH_TIMEOUT(v.stepsModel()->rowCount(), 2, 20000);
        auto* steps = qobject_cast<QSortFilterProxyModel*>(v.table(0)->model());
        int row1 = -1;
        for (int r = 0; r < steps->rowCount(); ++r)
            if (steps->index(r, views::StepsModel::Rank).data().toInt() == 1) row1 = r;
        QVERIFY(row1 >= 0);
        QCOMPARE(steps->index(row1, views::StepsModel::Wall).data().toString(), QString("132 ms"));
        QVERIFY2(steps->index(row1, views::StepsModel::Wall)
                     .data(Qt::ToolTipRole)
                     .toString()
                     .contains("the first to the last device task"),
                 qPrintable(steps->index(row1, views::StepsModel::Wall).data(Qt::ToolTipRole).toString()));
        // the window a step sets: its 132 ms and a twentieth either side, not the marker's 154 ms
        v.table(0)->setCurrentIndex(steps->index(row1, 0));
        QCOMPARE(h.state.selection().startNs, start);
        QCOMPARE(h.state.selection().endNs, start + wall);
        QCOMPARE(h.state.windowStart(), start - wall / 20);
        QCOMPARE(h.state.windowEnd(), start + wall + wall / 20);
        v.drillDown();
        QTRY_VERIFY_WITH_TIMEOUT(v.opsModel()->rowCount() > 0, 20000);
        QVERIFY2(v.breadcrumbs().contains("first to the last device task"), qPrintable(v.breadcrumbs()));
        QTableView* t = v.table(1);
        auto* ops = qobject_cast<QSortFilterProxyModel*>(t->model());
        // in time order, the earliest op first
        for (int r = 1; r < ops->rowCount(); ++r)
            QVERIFY(ops->index(r - 1, 0).data(Qt::UserRole).toLongLong() <=
                    ops->index(r, 0).data(Qt::UserRole).toLongLong());
        bool conv = false;
        for (int r = 0; r < ops->rowCount(); ++r)
            if (ops->index(r, views::OpsModel::Name).data().toString() == "Conv2D1") {
                QCOMPARE(ops->index(r, views::OpsModel::Start).data().toString(),
                         views::formatOffset(289'206, 1000));
                conv = true;
            }
        QVERIFY(conv);
        // walk17b #13: two MEMCPY_ASYNC tasks on Stream 2 ran in the step's band before the first task
        // step_trace_time.csv counts (python over trace_view.json: 5.276 ms and 3.436 ms before the band's
        // start + Preparing): said "before step", not a bare negative "start in step"; no task starts after
        // the step's end
        QStringList outside;
        for (int r = 0; r < ops->rowCount(); ++r) {
            const QString start = ops->index(r, views::OpsModel::Start).data().toString();
            if (start.startsWith("before step") || start.startsWith("after step"))
                outside << ops->index(r, views::OpsModel::Name).data().toString() + " " + start;
            else
                QVERIFY2(!start.startsWith("-") && !start.startsWith(QChar(0x2212)), qPrintable(start));
        }
        QCOMPARE(outside.join(" / "),
                 (QStringList{"MEMCPY_ASYNC before step " + views::formatOffset(-5'276'000, 1000),
                              "MEMCPY_ASYNC before step " + views::formatOffset(-3'436'250, 1000)})
                     .join(" / "));
        QCOMPARE(v.opsModel()->outsideCount(), 2);
        QVERIFY2(v.breadcrumbs().contains("before step"), qPrintable(v.breadcrumbs()));
        QVERIFY(ops->headerData(views::OpsModel::Start, Qt::Horizontal, Qt::ToolTipRole)
                    .toString()
                    .contains("first to the last device task"));
        // a click on the first row (current already, unselected) selects its span and moves the window
        QVERIFY(!t->selectionModel()->hasSelection());
        const QModelIndex first = ops->index(0, views::OpsModel::Name);
        QCOMPARE(t->currentIndex().row(), 0);
        QTest::mouseClick(t->viewport(), Qt::LeftButton, {}, t->visualRect(first).center());
        const auto* op = v.opsModel()->row(ops->mapToSource(first).row());
        QCOMPARE(h.state.selection().kind, views::Selection::Kind::Span);
        QCOMPARE(h.state.selection().spanId, qint64(op->spanId));
        QVERIFY(h.state.windowStart() <= op->startNs && h.state.windowEnd() >= op->startNs + op->durNs);
        QVERIFY(h.state.windowEnd() - h.state.windowStart() < wall / 10); // the op, not the step
    }
};

QTEST_MAIN(TstDrillDownView)
#include "tst_drilldownview.moc"
