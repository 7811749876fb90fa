// The search controller on the demo: a search finds the spans SQL finds (name or op type contains the
// text), in time order; F3 visits them in that order, selecting each span on its rank and moving the window
// onto it, and wraps from the last to the first; Shift+F3 goes back and wraps the other way. A heatmap
// cell's kernels put the window at the longest, and go once another selection replaces the cell's; clear()
// drops the hits (and the text on request).
#include "app/gui/searchcontroller.h"
#include "tests/support/testsupport.h"
#include "views/memory/memorymapcanvas.h"
#include "views/memory/memorymapview.h"
#include "views/timeline/timelineview.h"

#include <QLineEdit>
#include <QSignalSpy>
#include <QtTest>

using namespace rs;

namespace {
// The search over the index at a path through a real QueryService, its timeline 1000×600, the summary set.
struct Opened {
    query::QueryService service;
    views::InteractionState state;
    views::TimelineView timeline{&state, &service};
    gui::SearchController search{&state, &service, &timeline};
    bool open(const std::string& db) {
        timeline.resize(1000, 600);
        QSignalSpy ready(&service, &query::QueryService::summaryReady);
        service.open(QString::fromStdString(db));
        if (!ready.wait(20000)) return false;
        auto summary = ready.first().first().value<std::shared_ptr<const query::ProfileSummary>>();
        state.setBounds(summary->startNs, summary->endNs);
        timeline.setSummary(summary);
        search.setSummary(summary);
        return true;
    }
};
} // namespace

class TstSearchController : public QObject {
    Q_OBJECT
    test::Indexed m_ix;

  private Q_SLOTS:
    void initTestCase() {
        std::string err;
        const std::string dir = test::writeDemo("searchcontroller", 2, 3, 1, err);
        QVERIFY2(!dir.empty(), err.c_str());
        m_ix = test::indexDir(dir);
        QVERIFY(m_ix.db);
    }
    void aFullAnswerIsNotACount() {
        // the search asks for at most kLimit spans: that many is a lower bound (walk 13 read "5000 matches"
        // where SQL counts 15 360 MatMulV2 spans on the demo)
        QCOMPARE(gui::SearchController::countText(3), QString("3 matches"));
        QCOMPARE(gui::SearchController::countText(1), QString("1 match"));
        const QString full = gui::SearchController::countText(gui::SearchController::kLimit);
        QVERIFY2(full.contains("first 5000") && full.contains("more"), qPrintable(full));
    }
    void aFullSetOfKernelsIsNotACount() {
        // walk 22a: a heatmap cell of 5005 kernels (df_index_resolver) read "5000 kernels … highlighted"
        QString more;
        QCOMPARE(gui::SearchController::kernelCountText(12, "kernel", "kernels", more),
                 QString("12 kernels"));
        QVERIFY(more.isEmpty());
        const QString full = gui::SearchController::kernelCountText(query::QueryService::kKernelLimit,
                                                                    "kernel", "kernels", more);
        QCOMPARE(full, QString("the first 5000 kernels"));
        QVERIFY2(more.contains("may be more"), qPrintable(more));
    }
    void visitsOnlyTheHitsTheTimelineShows() {
        // walk 13: with the filter "rank 3-5", the first MatMul hit selected was on rank 0, off screen. Every
        // hit is still found and outlined, but F3 / Shift+F3 visit only those on shown lanes, and the status
        // bar says how many the filter hides
        Opened o;
        QVERIFY(o.open(m_ix.result.dbPath));
        auto& state = o.state;
        auto& timeline = o.timeline;
        auto& search = o.search;
        timeline.setTrackFilter("rank 1");
        const auto spansOf = [&](const char* rankTest) {
            return m_ix.rows(
                std::string("SELECT s.span_id FROM span s JOIN track t ON t.track_id = s.track_id "
                            "JOIN rank_info ri ON ri.rank = t.rank WHERE ri.data_rank ") +
                rankTest +
                " AND (s.op_type_id IN (SELECT id FROM string WHERE value LIKE '%AllReduce%') "
                "OR s.name_id IN (SELECT id FROM string WHERE value LIKE '%AllReduce%')) "
                "ORDER BY s.ts_ns, s.span_id");
        };
        const auto shown = spansOf("= 1"), hidden = spansOf("<> 1");
        QVERIFY(shown.size() >= 2 && !hidden.empty());
        QSignalSpy said(&search, &gui::SearchController::message);
        search.field()->setText("AllReduce");
        QTest::keyClick(search.field(), Qt::Key_Return);
        QTRY_COMPARE_WITH_TIMEOUT(search.hits().size(), shown.size() + hidden.size(), 10000);
        const QString text = said.last().first().toString();
        QVERIFY2(
            text.contains(
                QString("; %1 of them on lanes hidden by the track filter \"rank 1\"").arg(hidden.size())),
            qPrintable(text));
        // the first shown hit, then the others in time order, wrapping without a stop on rank 0
        for (size_t i = 0; i <= shown.size(); ++i) {
            if (i > 0) search.next();
            QCOMPARE(state.selection().spanId, QString::fromStdString(shown[i % shown.size()]).toLongLong());
            QCOMPARE(state.selection().rank, 1);
        }
        search.previous(); // from the first shown hit back to the last, over rank 0's
        QCOMPARE(state.selection().spanId, QString::fromStdString(shown.back()).toLongLong());
        search.next();
        QCOMPARE(state.selection().spanId, QString::fromStdString(shown.front()).toLongLong());
        // the filter changed after the search: F3 follows the lanes shown now
        timeline.setTrackFilter("rank 0");
        search.next();
        QCOMPARE(state.selection().rank, 0);
        // nothing shown: nothing selected, and said
        timeline.setTrackFilter("rank 7");
        const qint64 before = state.selection().spanId;
        search.next();
        QCOMPARE(state.selection().spanId, before);
        QVERIFY2(
            said.last().first().toString().contains("all on lanes hidden by the track filter \"rank 7\""),
            qPrintable(said.last().first().toString()));
    }
    void aSearchHitDrivesTheMemoryMapAsAClickDoes() {
        // r54c #2: a span picked from the search was selected on the timeline, but its selection had no op
        // type, so the memory map (which highlights a span's op) kept showing the previous selection's
        // tensors until the span was clicked. The same selection as a click's: op type and all.
        Opened o;
        QVERIFY(o.open(m_ix.result.dbPath));
        views::MemoryMapView memory(&o.state, &o.service);
        views::Selection before;
        before.kind = views::Selection::Kind::OpType;
        before.opType = "AllReduce";
        o.state.setSelection(before);
        QCOMPARE(memory.canvas()->highlightedOp(), QString("AllReduce"));
        // the first MatMul hit in time order and its op type, as SQL finds them
        const auto want = m_ix.rows(
            "SELECT s.span_id, (SELECT value FROM string WHERE id = s.op_type_id) FROM span s "
            "WHERE s.op_type_id IN (SELECT id FROM string WHERE value LIKE '%MatMul%') "
            "OR s.name_id IN (SELECT id FROM string WHERE value LIKE '%MatMul%') ORDER BY s.ts_ns, s.span_id "
            "LIMIT 1");
        QCOMPARE(want.size(), size_t(1));
        const QStringList first = QString::fromStdString(want.front()).split('|');
        QCOMPARE(first.size(), 2);
        o.search.field()->setText("MatMul");
        QTest::keyClick(o.search.field(), Qt::Key_Return);
        QTRY_COMPARE_WITH_TIMEOUT(o.state.selection().spanId, first[0].toLongLong(), 10000);
        QCOMPARE(o.state.selection().opType, first[1]);
        QCOMPARE(memory.canvas()->highlightedOp(), first[1]);
    }
    void stepsThroughHitsInOrderAndWraps() {
        Opened o;
        QVERIFY(o.open(m_ix.result.dbPath));
        auto& state = o.state;
        auto& search = o.search;
        // what SQL finds, in time order (the span ids and their ranks)
        const auto want =
            m_ix.rows("SELECT s.span_id, t.rank FROM span s JOIN track t ON t.track_id = s.track_id "
                      "WHERE s.op_type_id IN (SELECT id FROM string WHERE value LIKE '%AllReduce%') "
                      "OR s.name_id IN (SELECT id FROM string WHERE value LIKE '%AllReduce%') "
                      "ORDER BY s.ts_ns, s.span_id");
        QVERIFY(want.size() >= 3);
        QSignalSpy said(&search, &gui::SearchController::message);
        search.field()->setText("AllReduce");
        QTest::keyClick(search.field(), Qt::Key_Return);
        QTRY_COMPARE_WITH_TIMEOUT(search.hits().size(), want.size(), 10000);
        QVERIFY(said.last().first().toString().contains(QString("%1 matches").arg(want.size())));
        for (size_t i = 1; i < search.hits().size(); ++i)
            QVERIFY(search.hits()[i - 1].startNs <= search.hits()[i].startNs);
        // the search went to the first; F3 goes on in order, then wraps
        for (size_t i = 0; i <= want.size(); ++i) {
            const QStringList row = QString::fromStdString(want[i % want.size()]).split('|');
            if (i > 0) search.next();
            QCOMPARE(search.current(), int(i % want.size()));
            QCOMPARE(state.selection().kind, views::Selection::Kind::Span);
            QCOMPARE(state.selection().spanId, row[0].toLongLong());
            QCOMPARE(state.selection().rank, row[1].toInt());
            const auto& h = search.hits()[i % want.size()];
            QVERIFY(state.windowStart() <= h.startNs && h.endNs <= state.windowEnd());
            QVERIFY2(state.windowStart() >= state.boundsStart() && state.windowEnd() <= state.boundsEnd(),
                     qPrintable(QString("%1 %2 in %3 %4")
                                    .arg(state.windowStart())
                                    .arg(state.windowEnd())
                                    .arg(state.boundsStart())
                                    .arg(state.boundsEnd())));
        }
        // Shift+F3 from the first wraps to the last
        QCOMPARE(search.current(), 0);
        search.previous();
        QCOMPARE(search.current(), int(want.size()) - 1);
        QCOMPARE(state.selection().spanId, QString::fromStdString(want.back()).split('|')[0].toLongLong());
        // a heatmap cell's kernels: the window at the longest, the selection left to the cell
        state.clearSelection();
        search.clear(false);
        QCOMPARE(search.current(), -1);
        search.highlightOpKernels("MatMulV2", 1);
        const int64_t longest = m_ix.scalar(
            "SELECT max(s.dur_ns) FROM span s JOIN track t ON t.track_id = s.track_id WHERE t.rank = 1 AND "
            "t.kind = 'compute' AND s.op_type_id = (SELECT id FROM string WHERE value = 'MatMulV2')");
        QVERIFY(longest > 0);
        QTRY_VERIFY_WITH_TIMEOUT(search.current() >= 0 && search.hits().size() > 1, 10000);
        const auto& at = search.hits()[size_t(search.current())];
        QCOMPARE(at.endNs - at.startNs, longest);
        QCOMPARE(state.selection().kind, views::Selection::Kind::None);
        // F3 selects one of them: they stay. A span selected elsewhere (the drill-down's MatMulV2 on rank 0,
        // walk15a #5): the cell's kernels go, on screen and so in every export
        const size_t cellKernels = search.hits().size();
        search.next();
        QCOMPARE(state.selection().kind, views::Selection::Kind::Span);
        QCOMPARE(search.hits().size(), cellKernels);
        views::Selection elsewhere;
        elsewhere.kind = views::Selection::Kind::Span;
        elsewhere.rank = 0;
        elsewhere.spanId = m_ix.scalar("SELECT min(s.span_id) FROM span s JOIN track t ON t.track_id = "
                                       "s.track_id WHERE t.rank = 0 AND t.kind = 'compute'");
        state.setSelection(elsewhere);
        QVERIFY(search.hits().empty());
        // a text search's hits stay while its text is in the box
        QTest::keyClick(search.field(), Qt::Key_Return);
        QTRY_COMPARE_WITH_TIMEOUT(search.hits().size(), want.size(), 10000);
        state.setSelection(elsewhere);
        state.clearSelection();
        QCOMPARE(search.hits().size(), want.size());
        // cleared: no hits, F3 does nothing; the text goes only when asked
        search.clear(false);
        QVERIFY(search.hits().empty());
        search.next();
        QCOMPARE(search.current(), -1);
        QCOMPARE(search.field()->text(), QString("AllReduce"));
        search.clear(true);
        QVERIFY(search.field()->text().isEmpty());
    }
};

QTEST_MAIN(TstSearchController)
#include "tst_searchcontroller.moc"
