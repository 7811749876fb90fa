// Flow arrows on the timeline: the frame builder draws an Arrow between the two spans' rows (from the
// source's end to the destination's start), to the plot's edge with a label when the other end is off
// screen (outside the window, in a collapsed rank), one label per lane and edge ("+4 more") and none over
// another or under an arrow, only the selected span's own arrows, and a tooltip
// naming the category and both ends; J follows the selected span's flow to its other end and back, and a
// click on the label of an off-screen end goes there, on a demo profile through the query service.
#include "core/demo/demogenerator.h"
#include "core/query/queryservice.h"
#include "tests/support/testsupport.h"
#include "tests/support/timelinefixture.h"
#include "views/common/palette.h"
#include "views/timeline/framebuilder.h"
#include "views/timeline/hittester.h"
#include "views/timeline/timelineview.h"

#include <QSignalSpy>
#include <QtTest>

using namespace rs;
using test::kMs;
using views::Selection;

namespace {

query::FlowEnd end(int64_t span, int rank, int64_t track, int64_t t0, int64_t t1, const char* name) {
    return {span, rank, track, t0, t1, name, 0};
}

/// Rank 0: span 11 on its compute lane [10, 12] ms → span 21 on its communication lane [30, 35] ms.
query::FlowArrow arrow(int64_t dstTrack = 2, int dstRank = 0) {
    return {"ac2g", "7", end(11, 0, 1, 10 * kMs, 12 * kMs, "launch"),
            end(21, dstRank, dstTrack, 30 * kMs, 35 * kMs, "kernel")};
}

/// `n` launches on `rank`'s lane `from` (10, 11, … ms, 1 ms each; span ids from `launchId`) to kernels on its
/// lane `to` (30, 32, … ms, 1 ms each; span ids from `kernelId`), flow ids from `flowId`.
std::vector<query::FlowArrow> launches(int rank, int64_t from, int64_t to, int n, int64_t launchId,
                                       int64_t kernelId, int flowId = 0) {
    std::vector<query::FlowArrow> out;
    for (int k = 0; k < n; ++k)
        out.push_back({"ac2g", std::to_string(flowId + k),
                       end(launchId + k, rank, from, (10 + k) * kMs, (11 + k) * kMs, "launch"),
                       end(kernelId + k, rank, to, (30 + 2 * k) * kMs, (31 + 2 * k) * kMs, "kernel")});
    return out;
}

void select(test::TimelineFixture& f, int64_t span) {
    Selection s;
    s.kind = Selection::Kind::Span;
    s.rank = 0;
    s.spanId = span;
    f.state.setSelection(s);
}

std::vector<const views::Text*> textsWith(const views::DrawList& d, const QString& part) {
    std::vector<const views::Text*> out;
    for (const auto* t : d.all<views::Text>())
        if (t->text.contains(part)) out.push_back(t);
    return out;
}

} // namespace

class TstFlowArrows : public QObject {
    Q_OBJECT

  private Q_SLOTS:
    void arrowRunsBetweenTheTwoSpans() {
        test::TimelineFixture f;
        f.track(1).items.push_back(test::item(10 * kMs, 12 * kMs, 1, 2, 11));
        f.track(2).items.push_back(test::item(30 * kMs, 35 * kMs, 3, 4, 21));
        f.scene.setFlows(std::make_shared<views::FlowOverlay>(views::FlowOverlay::merge(11, {arrow()}, {})));
        select(f, 11);
        const views::FrameInput in = f.input(0, 50 * kMs);
        views::FrameBuilder b;
        const views::DrawList d = b.build(in);
        const auto arrows = d.all<views::Arrow>();
        QCOMPARE(arrows.size(), size_t(1));
        const auto* lane1 = in.layout->laneOf(1);
        const auto* lane2 = in.layout->laneOf(2);
        const double y1 = in.viewport.yOf(lane1->y), y2 = in.viewport.yOf(lane2->y);
        QVERIFY(std::abs(arrows[0]->from.x() - in.mapping().x(12 * kMs)) < 0.5); // the source's end
        QVERIFY(std::abs(arrows[0]->to.x() - in.mapping().x(30 * kMs)) < 0.5);   // the destination's start
        QVERIFY(arrows[0]->from.y() > y1 && arrows[0]->from.y() < y1 + lane1->height / lane1->rows);
        QVERIFY(arrows[0]->to.y() > y2 && arrows[0]->to.y() < y2 + lane2->height);
        QVERIFY(textsWith(d, QString::fromUtf8("→")).empty()); // both ends on screen: no label
        // its tooltip names the category and both ends
        const QPointF mid = (arrows[0]->from + arrows[0]->to) / 2;
        const QString tip = views::flowTooltipAt(d, mid);
        QVERIFY2(tip.contains("ac2g") && tip.contains("launch") && tip.contains("kernel") &&
                     tip.contains("Stream 2") && tip.contains("Group 0"),
                 qPrintable(tip));
        QVERIFY(views::flowTooltipAt(d, mid + QPointF(0, 30)).isEmpty());
    }

    void aWindowOfSomeOfItsArrowsSaysSo() {
        // walk 51b: the healthy demo's export with window flows drew rank 0's arrows and the first steps'
        // only (the query's limit), and nothing said so: ranks and steps without arrows read as having no
        // flows
        test::TimelineFixture f;
        f.track(1).items.push_back(test::item(10 * kMs, 12 * kMs, 1, 2, 11));
        f.track(2).items.push_back(test::item(30 * kMs, 35 * kMs, 3, 4, 21));
        auto all = std::make_shared<views::FlowOverlay>(views::FlowOverlay::merge(0, {}, {arrow()}));
        f.scene.setFlows(all);
        const views::DrawList whole = views::FrameBuilder().build(f.input(0, 50 * kMs));
        QVERIFY(textsWith(whole, "of the window's").empty());
        auto some = std::make_shared<views::FlowOverlay>(*all);
        some->windowTruncated = true;
        some->windowMatched = 5; // N of M: how many the window has, not just "more"
        f.scene.setFlows(some);
        const views::DrawList part = views::FrameBuilder().build(f.input(0, 50 * kMs));
        auto notes = textsWith(part, "of the window's");
        QCOMPARE(notes.size(), size_t(1));
        QVERIFY2(notes.front()->text.startsWith("flows: 1 arrow drawn for 1 of the window's 5 ("),
                 qPrintable(notes.front()->text));
        some->windowMatchedAtLeast = true; // the count stopped at its bound
        const views::DrawList bounded = views::FrameBuilder().build(f.input(0, 50 * kMs));
        notes = textsWith(bounded, "of the window's");
        QCOMPARE(notes.size(), size_t(1));
        QVERIFY2(notes.front()->text.startsWith("flows: 1 arrow drawn for 1 of the window's more than 5 ("),
                 qPrintable(notes.front()->text));
    }

    void arrowsHaveTheirOwnColourNamedInTheLegend() {
        // issue 19: the arrows were drawn in their category's hash colour, most in the waits' red, and the
        // legend did not say what they were
        test::TimelineFixture f;
        f.track(1).items.push_back(test::item(10 * kMs, 12 * kMs, 1, 2, 11));
        f.track(2).items.push_back(test::item(30 * kMs, 35 * kMs, 3, 4, 21));
        views::FrameInput bare = f.input(0, 50 * kMs);
        bare.exportMode = false;
        bare.viewport.footer = 60;
        const views::DrawList none = views::FrameBuilder().build(bare);
        QCOMPARE(textsWith(none, "compute").size(), size_t(1)); // the legend is drawn
        QVERIFY(textsWith(none, "flow arrow").empty());         // no swatch of nothing drawn
        for (const char* cat : {"ac2g", "fwdbwd", "HostToDevice", "async_npu", "async_task_queue"}) {
            query::FlowArrow a = arrow();
            a.category = cat;
            f.scene.setFlows(std::make_shared<views::FlowOverlay>(views::FlowOverlay::merge(0, {}, {a})));
            views::FrameInput in = f.input(0, 50 * kMs);
            in.exportMode = false; // the widget's footer, with its legend
            in.viewport.footer = 60;
            const views::DrawList d = views::FrameBuilder().build(in);
            const auto arrows = d.all<views::Arrow>();
            QCOMPARE(arrows.size(), size_t(1));
            const QColor c = QColor::fromRgba(arrows.front()->color);
            QCOMPARE(c, views::flowArrowColor());
            // far from the waits' red in hue (a red arrow read as a wait)
            const int dh = std::abs(c.hsvHue() - views::waitColor().hsvHue());
            QVERIFY2(std::min(dh, 360 - dh) > 90, qPrintable(c.name()));
            QCOMPARE(textsWith(d, "flow arrow").size(), size_t(1));
        }
    }

    void offScreenEndGoesToTheEdgeWithALabel() {
        test::TimelineFixture f;
        f.scene.setFlows(std::make_shared<views::FlowOverlay>(views::FlowOverlay::merge(11, {arrow()}, {})));
        select(f, 11);
        const views::FrameInput in = f.input(0, 20 * kMs); // the kernel at 30 ms is right of the window
        views::FrameBuilder b;
        const views::DrawList d = b.build(in);
        const auto arrows = d.all<views::Arrow>();
        QCOMPARE(arrows.size(), size_t(1));
        QVERIFY(arrows[0]->to.x() <= in.viewport.plotRight() &&
                arrows[0]->to.x() > in.viewport.plotRight() - 5);
        // what the figure is: the kernel's start 20 ms after the launch's (10 → 30 ms), not the 18 ms the
        // arrow spans from the launch's end, nor the flow's length (issue 19: "+20.0 ms" said neither)
        const auto labels =
            textsWith(d, QString::fromUtf8("→ rank 0 · Group 0 · starts 20.0 ms after this one starts"));
        QVERIFY2(labels.size() == 1, "the label says where the other end is");
        QVERIFY(in.viewport.plot().contains(labels[0]->rect));
        // the tooltip gives both figures, each with what it counts from
        const QString tip = views::flowTooltipAt(d, (arrows[0]->from + arrows[0]->to) / 2);
        QVERIFY2(
            tip.contains(QString::fromUtf8("starts +20.0 ms from the source's start, +18.0 ms from its end")),
            qPrintable(tip));
    }
    void anOffScreenSourceSaysItStartedBefore() {
        test::TimelineFixture f;
        f.scene.setFlows(std::make_shared<views::FlowOverlay>(views::FlowOverlay::merge(21, {arrow()}, {})));
        select(f, 21);
        const views::FrameInput in = f.input(25 * kMs, 50 * kMs); // the launch (10–12 ms) is left of it
        views::FrameBuilder b;
        const views::DrawList d = b.build(in);
        QCOMPARE(d.count<views::Arrow>(), size_t(1));
        const auto labels =
            textsWith(d, QString::fromUtf8("← rank 0 · Stream 2 · starts 20.0 ms before this one starts"));
        QVERIFY2(labels.size() == 1, "the launch started 20 ms before the kernel");
    }

    void stackedLabelsStayInTheirRanksLanes() {
        // issue 19: with the window's arrows shown, rank 3's launches (its host lane below the lanes shown,
        // left of the window) were labelled in rank 2's memory lane: the labels, stacked away from one
        // another, rose four rows from their arrows. Here rank 1's five launches on its lower lane (track 4)
        // lead to kernels on its upper lane (track 3); the picture ends just inside that lower lane.
        test::TimelineFixture f;
        const std::vector<query::FlowArrow> window = launches(1, 4, 3, 5, 41, 31);
        f.scene.setFlows(std::make_shared<views::FlowOverlay>(views::FlowOverlay::merge(0, {}, window)));
        views::FrameInput in = f.input(25 * kMs, 50 * kMs);
        const auto [rankTop, rankBottom] = in.layout->rankSpan(1);
        in.viewport.height = in.viewport.yOf(in.layout->laneOf(4)->y) + 2;
        views::FrameBuilder b;
        const views::DrawList d = b.build(in);
        QCOMPARE(d.count<views::Arrow>(), size_t(5));
        const auto labels = textsWith(d, QString::fromUtf8("← rank 1 · Group 0 · "));
        QVERIFY(!labels.empty());
        for (const auto* l : labels)
            QVERIFY2(l->rect.top() >= in.viewport.yOf(rankTop) &&
                         l->rect.bottom() <= in.viewport.plot().bottom(),
                     qPrintable(QString("label at y %1, rank 1's lanes from %2")
                                    .arg(l->rect.top())
                                    .arg(in.viewport.yOf(rankTop))));
    }
    void aFlowsLabelStaysInItsOwnArrowsLanes() {
        // issue 19, the Ascend samples' flows: an off-screen end's label stood above its arrow's end, up
        // to four rows within its rank, over another plane's lanes. Here rank 1's launches and kernels are
        // both on its communication lane (track 4), the launches left of the window: the label is in that
        // lane's rows, not over rank 1's compute lane (track 3) above it
        test::TimelineFixture f;
        const std::vector<query::FlowArrow> window = launches(1, 4, 4, 3, 41, 31);
        f.scene.setFlows(std::make_shared<views::FlowOverlay>(views::FlowOverlay::merge(0, {}, window)));
        const views::FrameInput in = f.input(25 * kMs, 50 * kMs);
        views::FrameBuilder b;
        const views::DrawList d = b.build(in);
        QCOMPARE(d.count<views::Arrow>(), size_t(3));
        const views::Lane* lane = in.layout->laneOf(4);
        const double top = in.viewport.yOf(lane->y), bottom = top + lane->height;
        QVERIFY(!d.flowLabels.empty());
        for (const auto& l : d.flowLabels)
            QVERIFY2(l.box.top() >= top && l.box.bottom() <= bottom,
                     qPrintable(QString("label at y %1..%2, its lane %3..%4")
                                    .arg(l.box.top())
                                    .arg(l.box.bottom())
                                    .arg(top)
                                    .arg(bottom)));
    }
    void aFlowsLabelStandsByItsEndOnScreenWhenTheFarLaneIsAway() {
        // the far end's lane scrolled off the bottom: its label was held at the plot's bottom over the lane
        // there (rank 0's communication lane), which is neither end's. It stands in the lane of the end on
        // screen (rank 0's launch), beside that end
        test::TimelineFixture f;
        f.scene.setFlows(
            std::make_shared<views::FlowOverlay>(views::FlowOverlay::merge(0, {}, {arrow(4, 1)})));
        views::FrameInput in = f.input(0, 20 * kMs);
        // the picture ends under rank 0's communication lane: the launch (Stream 2) is in view, rank 1's
        // lanes not
        const views::Lane* launchLane = in.layout->laneOf(1);
        const views::Lane* commLane = in.layout->laneOf(2);
        in.viewport.height = in.viewport.yOf(commLane->y) + commLane->height + 4;
        views::FrameBuilder b;
        const views::DrawList d = b.build(in);
        QCOMPARE(d.count<views::Arrow>(), size_t(1));
        const double top = in.viewport.yOf(launchLane->y), bottom = top + launchLane->height;
        QCOMPARE(d.flowLabels.size(), size_t(1));
        for (const auto& l : d.flowLabels)
            QVERIFY2(l.box.top() >= top && l.box.bottom() <= bottom,
                     qPrintable(QString("label at y %1..%2 outside the launch's lane %3..%4")
                                    .arg(l.box.top())
                                    .arg(l.box.bottom())
                                    .arg(top)
                                    .arg(bottom)));
    }
    void offScreenLabelsNeverCoverEachOther() {
        // walk 23 #2: arrows whose other end is left of the window each had a label at that edge; the
        // selected span's, drawn whatever stood there, piled on the window's, and the arrows drawn after the
        // labels crossed them. Here rank 0's six launches (Stream 2, 10-15 ms) lead to kernels (Group 0,
        // 30-40 ms) in the 25-50 ms window, the first kernel selected; rank 1's three launches (Stream 2)
        // to its own kernels too
        test::TimelineFixture f;
        std::vector<query::FlowArrow> all = launches(0, 1, 2, 6, 41, 31);
        // and one whose kernel (24-27 ms) is cut by the window's left edge: its arrow's two ends at that edge
        all.push_back({"ac2g", "6", end(47, 0, 1, 16 * kMs, 17 * kMs, "launch"),
                       end(37, 0, 2, 24 * kMs, 27 * kMs, "kernel")});
        for (const auto& a : launches(1, 3, 4, 3, 61, 51, 10))
            all.push_back(a);
        f.scene.setFlows(std::make_shared<views::FlowOverlay>(views::FlowOverlay::merge(31, {all[0]}, all)));
        select(f, 31);
        views::FrameBuilder b;
        const views::DrawList d = b.build(f.input(25 * kMs, 50 * kMs));
        QCOMPARE(d.count<views::Arrow>(), size_t(10)); // every arrow is drawn
        const auto labels = textsWith(d, QString::fromUtf8("← rank"));
        QVERIFY(!labels.empty());
        for (size_t i = 0; i < labels.size(); ++i)
            for (size_t j = i + 1; j < labels.size(); ++j)
                QVERIFY2(!labels[i]->rect.intersects(labels[j]->rect),
                         qPrintable(labels[i]->text + " / " + labels[j]->text));
        for (size_t i = 0; i < d.flowLabels.size(); ++i)
            for (size_t j = i + 1; j < d.flowLabels.size(); ++j)
                QVERIFY(!d.flowLabels[i].box.intersects(d.flowLabels[j].box));
        // a lane's launches are named once, with how many flows lead there: the selected span's one alone,
        // rank 0's other six as one label, rank 1's three as one. A bundle's label says it stands for many
        // and the spread of their starts: "· +5 more" after one arrow's "starts 21.0 ms before this one
        // starts" read as that one arrow's label (issue 19). Rank 0's six launches start 8 ms (the cut
        // kernel's, 16 - 24) to 25 ms (15 - 40) before their kernels, rank 1's 20 to 22 ms
        QCOMPARE(labels.size(), size_t(3));
        QCOMPARE(textsWith(d, QString::fromUtf8("← rank 0 · Stream 2")).size(), size_t(2));
        QCOMPARE(
            textsWith(d, QString::fromUtf8("← rank 0 · Stream 2 · starts 20.0 ms before this one starts"))
                .size(),
            size_t(1));
        QCOMPARE(textsWith(d, QString::fromUtf8("← rank 0 · Stream 2 · 6 flows, starting 8.00 ms to 25.0 ms "
                                                "before the spans they lead to here start"))
                     .size(),
                 size_t(1));
        QCOMPARE(textsWith(d, QString::fromUtf8("← rank 1 · Stream 2 · 3 flows, starting 20.0 ms to 22.0 ms "
                                                "before the spans they lead to here start"))
                     .size(),
                 size_t(1));
        QCOMPARE(textsWith(d, "more").size(), size_t(0));
        QCOMPARE(textsWith(d, "this one").size(), size_t(1)); // the selected span's own label only
        // over every arrow: no arrow crosses a label
        size_t lastArrow = 0, firstLabel = d.items.size();
        for (size_t i = 0; i < d.items.size(); ++i) {
            if (std::holds_alternative<views::Arrow>(d.items[i])) lastArrow = i;
            if (const auto* t = std::get_if<views::Text>(&d.items[i]); t && t->text.startsWith("←"))
                firstLabel = std::min(firstLabel, i);
        }
        QVERIFY(lastArrow < firstLabel);
    }
    void endInACollapsedRankPointsAtItsHeader() {
        test::TimelineFixture f;
        f.scene.setFlows(
            std::make_shared<views::FlowOverlay>(views::FlowOverlay::merge(11, {arrow(3, 1)}, {})));
        auto o = f.scene.layoutOptions();
        o.collapsedRanks.insert(1);
        f.scene.setLayoutOptions(o);
        select(f, 11);
        const views::FrameInput in = f.input(0, 50 * kMs);
        views::FrameBuilder b;
        const views::DrawList d = b.build(in);
        QCOMPARE(d.count<views::Arrow>(), size_t(1));
        const auto [top, bottom] = in.layout->rankSpan(1);
        QVERIFY(std::abs(d.all<views::Arrow>()[0]->to.y() -
                         (in.viewport.yOf(top) + in.options.headerHeight / 2.0)) < 1);
        QCOMPARE(textsWith(d, QString::fromUtf8("→ rank 1 · Stream 2 · starts 20.0 ms after this one starts"))
                     .size(),
                 size_t(1));
    }

    void onlyTheSelectedSpansArrowsAndTheWindows() {
        test::TimelineFixture f;
        query::FlowArrow other = arrow();
        other.src.spanId = 12;
        other.dst.spanId = 22;
        other.category = "fwdbwd";
        f.scene.setFlows(
            std::make_shared<views::FlowOverlay>(views::FlowOverlay::merge(11, {arrow()}, {other})));
        select(f, 11);
        views::FrameBuilder b;
        QCOMPARE(b.build(f.input(0, 50 * kMs)).count<views::Arrow>(), size_t(2));
        select(f, 99); // another span: its answer is on its way, the old span's arrows go
        QCOMPARE(b.build(f.current()).count<views::Arrow>(), size_t(1));
        f.state.clearSelection();
        QCOMPARE(b.build(f.current()).count<views::Arrow>(), size_t(1));
    }

    void nextGoesBackWhereJCameFrom() {
        // one host op (11) fans out to two kernels (21, 22): J from the second kernel and back returns to it
        query::FlowArrow a = arrow(), b = arrow();
        b.dst.spanId = 22;
        b.dst.startNs = 40 * kMs;
        const auto host = views::FlowOverlay::merge(11, {a, b}, {});
        QCOMPARE(host.next()->spanId, int64_t(21)); // the first that leaves it
        QCOMPARE(host.next(22)->spanId, int64_t(22));
        const auto kernel = views::FlowOverlay::merge(22, {b}, {});
        QCOMPARE(kernel.next()->spanId, int64_t(11));            // nothing leaves it: the one that reaches it
        QVERIFY(!views::FlowOverlay::merge(33, {}, {a}).next()); // the window's arrows are not the span's
    }

    void jFollowsTheFlowAndBack() {
        // a demo profile (Kineto: host launches with ac2g flows to their kernels) through the query service
        const std::string dir = test::tempDir("flow-j");
        auto ix = test::indexedDemo(dir, test::demoOptions(2, 2, 1, "kineto"));
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        const auto row =
            ix.rows("SELECT l.src_span_id, l.dst_span_id, s.rank, s.ts_ns, d.ts_ns, d.track_id, s.track_id, "
                    "s.depth, coalesce(d.op_type, '') FROM "
                    "flow_link l JOIN spans s ON s.span_id = l.src_span_id JOIN spans d ON "
                    "d.span_id = l.dst_span_id WHERE l.src_span_id IN (SELECT src_span_id FROM "
                    "flow_link GROUP BY src_span_id HAVING count(*) = 1) ORDER BY d.ts_ns DESC LIMIT 1");
        QVERIFY2(!row.empty(), "the demo has flow links");
        const QStringList v = QString::fromStdString(row[0]).split('|');
        const qint64 src = v[0].toLongLong(), dst = v[1].toLongLong(), dstTs = v[4].toLongLong();
        views::InteractionState state;
        query::QueryService service;
        views::TimelineView view(&state, &service);
        view.resize(1200, 600);
        view.show();
        QSignalSpy ready(&service, &query::QueryService::summaryReady);
        service.open(QString::fromStdString(ix.result.dbPath));
        QVERIFY(ready.wait(20000));
        auto summary = ready.takeFirst().at(0).value<std::shared_ptr<const query::ProfileSummary>>();
        state.setBounds(summary->startNs, summary->endNs);
        view.setSummary(summary);
        // lanes of two rows: the host launch (depth 2 in the demo) is below them until J goes there
        views::LayoutOptions o = view.layoutOptions();
        o.maxRows = 2;
        view.setLayoutOptions(o);
        const qint64 srcTrack = v[6].toLongLong();
        QCOMPARE(v[7].toInt(), 2);
        const qint64 srcTs = v[3].toLongLong();
        state.setWindow(srcTs - 1000000, srcTs + 1000000); // the kernel is later than this window
        QSignalSpy flows(&view, &views::TimelineView::flowsChanged);
        Selection s;
        s.kind = Selection::Kind::Span;
        s.rank = v[2].toInt();
        s.spanId = src;
        state.setSelection(s);
        auto arrived = [&](qint64 span) {
            for (int i = 0; i < 200; ++i) {
                if (view.scene().flows() && view.scene().flows()->spanId == span &&
                    view.scene().flows()->spanArrows > 0)
                    return true;
                flows.wait(100);
            }
            return false;
        };
        QVERIFY(arrived(src));
        QTest::keyClick(&view, Qt::Key_J);
        QCOMPARE(state.selection().spanId, dst);
        QVERIFY(state.windowStart() <= dstTs && dstTs <= state.windowEnd());
        // with its op type, as a click selects it (the memory map highlights that op's tensors; r54c: a
        // span reached by J had none)
        QVERIFY(!v[8].isEmpty());
        QCOMPARE(state.selection().opType, v[8]);
        // J again before the kernel's own arrows arrive (they come through the event loop, which has not
        // run): nothing moves — the launch's arrows are not the kernel's (issue 19)
        QVERIFY(!view.scene().flows() || view.scene().flows()->spanId == dst);
        QSignalSpy notices(&view, &views::TimelineView::notice);
        QTest::keyClick(&view, Qt::Key_J);
        QCOMPARE(state.selection().spanId, dst);
        // and says so (walk 53b: a J that did nothing said nothing)
        QCOMPARE(notices.size(), 1);
        QVERIFY2(notices.last().at(0).toString().contains("still being read"),
                 qPrintable(notices.last().at(0).toString()));
        QVERIFY(arrived(dst));
        QTest::keyClick(&view, Qt::Key_J); // and back to the host launch
        QCOMPARE(state.selection().spanId, src);
        QVERIFY(state.windowStart() <= srcTs && srcTs <= state.windowEnd());
        QVERIFY(view.scene().layout().laneOf(srcTrack)->rows > 2); // its lane shows every level now
        // the kernel out of the window again: the label naming it, clicked, goes there (walk 9: the click
        // selected the span under the label)
        state.setWindow(srcTs - 1000000, srcTs + 1000000);
        QVERIFY(arrived(src));
        view.repaint();
        const auto& labels = view.paintedFrame().flowLabels;
        const auto it =
            std::find_if(labels.begin(), labels.end(), [&](const auto& l) { return l.spanId == dst; });
        QVERIFY2(it != labels.end(), "a label names the kernel's place");
        QVERIFY(it->tip.contains("click: go to"));
        QVERIFY(dstTs > state.windowEnd());
        const QPoint at = it->box.center().toPoint();
        QTest::mouseClick(&view, Qt::LeftButton, {}, at);
        QCOMPARE(state.selection().spanId, dst);
        QVERIFY(state.windowStart() <= dstTs && dstTs <= state.windowEnd());
        QVERIFY(arrived(dst));
        QTest::keyClick(&view, Qt::Key_J); // and J comes back from there
        QCOMPARE(state.selection().spanId, src);
        // a span no flow event names: J says so, and nothing moves
        const auto lone =
            ix.rows("SELECT span_id, rank FROM spans WHERE span_id NOT IN (SELECT src_span_id FROM "
                    "flow_link) AND span_id NOT IN (SELECT dst_span_id FROM flow_link) LIMIT 1");
        QVERIFY(!lone.empty());
        const QStringList l = QString::fromStdString(lone[0]).split('|');
        Selection none;
        none.kind = Selection::Kind::Span;
        none.spanId = l[0].toLongLong();
        none.rank = l[1].toInt();
        flows.clear();
        state.setSelection(none);
        QVERIFY(flows.wait(20000)); // its (no) arrows arrived
        QSignalSpy said(&view, &views::TimelineView::notice);
        QTest::keyClick(&view, Qt::Key_J);
        QCOMPARE(state.selection().spanId, none.spanId);
        QCOMPARE(said.size(), 1);
        QVERIFY2(said.last().at(0).toString().contains("has no flow arrow"),
                 qPrintable(said.last().at(0).toString()));
    }
};

QTEST_MAIN(TstFlowArrows)
#include "tst_flowarrows.moc"
