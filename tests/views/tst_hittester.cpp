// The timeline's hit tester on hand-built data: a point inside a span returns it with its tooltip (name, op
// type, duration, rank, lane, step); a merged bucket says how many spans it stands for; a wait wins over a
// span where it is hatched (a communication lane, the rank's header) and shows under an empty spot of a
// compute lane; a counter lane's sample; an annotation's label; and the step a time falls in.
#include "tests/support/bandedstep.h"
#include "tests/support/timelinefixture.h"
#include "views/timeline/framebuilder.h"
#include "views/timeline/hittester.h"

#include <QtTest>

using namespace rs;
using test::item;
using test::kMs;

namespace {

/// The widget point at time `t` in the middle of `track`'s row `depth`.
QPointF at(const views::FrameInput& in, int64_t track, int64_t t, int depth = 0) {
    const views::Lane* l = in.layout->laneOf(track);
    return {in.mapping().x(t), double(in.viewport.yOf(l->y) + 1 + depth * 13 + 6)};
}

} // namespace

class TstHitTester : public QObject {
    Q_OBJECT

    /// The tooltip over the fixture's rank 0 wait (70-75 ms) read from `source`, under an NCCL kernel.
    static QString waitTooltip(const QString& source) {
        test::TimelineFixture f;
        f.summary->waits[0].source = source.toStdString();
        f.track(2).items = {item(68 * kMs, 80 * kMs, 3, 4, 20)};
        const auto in = f.input(60 * kMs, 90 * kMs);
        return views::tooltipFor(in, views::hitTest(in, at(in, 2, 72 * kMs)));
    }

  private Q_SLOTS:
    void spanUnderThePoint() {
        test::TimelineFixture f;
        f.track(1).items = {item(10 * kMs, 20 * kMs, 1, 2, 7), item(50 * kMs, 52 * kMs, 5, 6, 8, 1)};
        const auto in = f.input(0, 100 * kMs);
        const auto h = views::hitTest(in, at(in, 1, 15 * kMs));
        QVERIFY(h.item && h.lane);
        QCOMPARE(h.item->spanId, int64_t(7));
        QCOMPARE(h.lane->trackId, int64_t(1));
        const QString tip = views::tooltipFor(in, h);
        for (const QString& part : {QString("<b>Default/MatMulV2-op1</b>"), QString("op type: MatMulV2"),
                                    "duration: " + views::formatDuration(10 * kMs),
                                    QString("rank 0 · Stream 2"), QString("step 0")})
            QVERIFY2(tip.contains(part), qPrintable(part + " not in " + tip));
        // the second row holds the nested Cast; the first row there is empty
        QCOMPARE(views::hitTest(in, at(in, 1, 51 * kMs, 1)).item->spanId, int64_t(8));
        QVERIFY(!views::hitTest(in, at(in, 1, 51 * kMs, 0)).item);
        // left of the gutter, above the lanes: nothing
        QVERIFY(!views::hitTest(in, QPointF(50, at(in, 1, 15 * kMs).y())).lane);
        QVERIFY(!views::hitTest(in, QPointF(400, 10)).lane);
    }
    void aLaneBlankedAtTheFootersEdgeIsNotHit() {
        // walk 47 #2: the widget blanks a lane the footer's edge cuts (FrameBuilder::addCutLane); a click or
        // a hover there named a span nobody could see. Shown whole, the lane is hit
        test::TimelineFixture f;
        f.track(3).items = {item(10 * kMs, 20 * kMs, 1, 2, 7)};
        auto in = f.input(0, 100 * kMs);
        in.exportMode = false;
        in.viewport.footer = 24;
        const views::Lane* lane = in.layout->laneOf(3);
        QVERIFY(lane);
        in.viewport.height = in.viewport.yOf(lane->y) + lane->height / 2 + in.viewport.footer; // cut in half
        QVERIFY(views::FrameBuilder::wholeLanesBottom(in) < in.viewport.lanesBottom());        // blanked
        QVERIFY(!views::hitTest(in, at(in, 3, 15 * kMs)).lane);
        in.viewport.height += lane->height; // whole
        QVERIFY(views::hitTest(in, at(in, 3, 15 * kMs)).item);
    }
    void aWholeTraceIsNoStep_data() {
        QTest::addColumn<bool>("merged");
        QTest::newRow("a span") << false;
        QTest::newRow("a merged bucket") << true;
    }
    void aWholeTraceIsNoStep() {
        // walk 28: a rank without step marks has one pseudo step 0, its whole trace; the report counts 0
        // steps
        QFETCH(bool, merged);
        test::TimelineFixture f;
        f.summary->steps.clear();
        for (int r : {0, 1})
            f.summary->steps.push_back(test::bandedStep(r, 0, 0, 200 * kMs, model::WallSource::WholeTrace));
        f.scene.setSummary(f.summary);
        f.track(1).items = {merged ? query::DrawItem{10 * kMs, 20 * kMs, 1, 0, 0, 12, 0}
                                   : item(10 * kMs, 20 * kMs, 1, 2, 7)};
        const auto in = f.input(0, 100 * kMs);
        const QString tip = views::tooltipFor(in, views::hitTest(in, at(in, 1, 15 * kMs)));
        QVERIFY2(tip.contains("rank 0 · Stream 2 · whole trace"), qPrintable(tip));
        QVERIFY2(!tip.contains("step"), qPrintable(tip));
    }
    void aDeviceSpansStepSaysWhichClockPlacedIt() {
        // walk 38: ns_resolution_trace's kernel at +357.990 ms read "step 104" while the cudaLaunchKernel
        // that launched it (+291.262 ms) read "step 103": a device span's step is by its start on the
        // device (index/spanstep.h), and the tooltip now says so; a host span's step is its own
        test::TimelineFixture f;
        f.summary->tracks[2].kind = "host";
        f.scene.setSummary(f.summary);
        f.track(1).items = {item(10 * kMs, 20 * kMs, 1, 2, 7)};
        f.track(3).items = {item(10 * kMs, 20 * kMs, 5, 6, 9)};
        const auto in = f.input(0, 100 * kMs);
        const auto device = views::hitTest(in, at(in, 1, 15 * kMs));
        QVERIFY(device.item && device.lane->laneKind != views::LaneKind::Host);
        const QString deviceTip = views::tooltipFor(in, device);
        QVERIFY2(deviceTip.contains("step 0 (by device start)"), qPrintable(deviceTip));
        const auto host = views::hitTest(in, at(in, 3, 15 * kMs));
        QVERIFY(host.item && host.lane->laneKind == views::LaneKind::Host);
        const QString hostTip = views::tooltipFor(in, host);
        QVERIFY2(hostTip.contains("· step 0") && !hostTip.contains("device"), qPrintable(hostTip));
    }
    void bucketSaysHowManySpans() {
        test::TimelineFixture f;
        f.track(1).items = {{10 * kMs, 20 * kMs, 1, 0, 0, 12, 0}}; // a LOD bucket: no span id, no op type
        const auto in = f.input(0, 100 * kMs);
        const auto h = views::hitTest(in, at(in, 1, 15 * kMs));
        QVERIFY(h.item);
        const QString tip = views::tooltipFor(in, h);
        QVERIFY2(tip.contains("12 spans</b> merged") && tip.contains("op type: MatMulV2"), qPrintable(tip));
        // the bucket's extent is the group's, not the longest span's: never "duration:" or "start:" as if
        // it were one span (walk17b #10)
        QVERIFY2(!tip.contains("duration:") && !tip.contains("start:"), qPrintable(tip));
        QVERIFY2(tip.contains("together: +10.000 ms … +20.000 ms (10.0 ms)"), qPrintable(tip));
    }
    void aWaitSaysWhereItComesFrom_data() {
        QTest::addColumn<QString>("source");
        QTest::addColumn<QString>("says");
        QTest::newRow("inferred") << "arrival order"
                                  << "inferred from arrival order";
        QTest::newRow("measured") << "hccl_raw"
                                  << "measured in hccl_raw";
        // r50b #2: msdb's 3.69 ms are plane 1's Notify_Wait tasks, not the 147 ms of all planes' 112
        QTest::newRow("tasks") << "Notify_Wait"
                               << "measured from the Notify_Wait tasks of each collective's first plane";
    }
    void aMeasuredWaitSaysItIsNotTheProducersNotOverlapped_data() {
        QTest::addColumn<QString>("source");
        QTest::addColumn<bool>("says");
        QTest::newRow("inferred") << "arrival order" << false;
        QTest::newRow("tasks") << "Notify_Wait" << true;
        QTest::newRow("communication.json") << "communication.json" << true;
    }
    void aMeasuredWaitSaysItIsNotTheProducersNotOverlapped() {
        // r50b #2: mstext's 79 ms allReduce is mostly unhatched while step_trace_time.csv gives 102 ms of
        // Communication(Not Overlapped): the hatching's tooltip says it is the wait alone, not that figure
        QFETCH(QString, source);
        QFETCH(bool, says);
        const QString tip = waitTooltip(source);
        QCOMPARE(tip.contains("not the producer's Communication(Not Overlapped)"), says);
    }
    void aWaitSaysWhereItComesFrom() {
        // walk r45 #2: a wait the files measure and one inferred from the arrival order read alike
        QFETCH(QString, source);
        QFETCH(QString, says);
        const QString tip = waitTooltip(source);
        QVERIFY2(tip.contains("<br>" + says), qPrintable(tip));
    }
    void waitUnderASpan() {
        // rank 0 waited 70–75 ms for rank 1; a collective span 68–80 ms on its communication lane, a kernel
        // 71–73 ms on its compute lane
        test::TimelineFixture f;
        f.track(2).items = {item(68 * kMs, 80 * kMs, 3, 4, 20)};
        f.track(1).items = {item(71 * kMs, 73 * kMs, 1, 2, 21)};
        const auto in = f.input(60 * kMs, 90 * kMs);
        auto comm = views::hitTest(in, at(in, 2, 72 * kMs));
        QVERIFY2(comm.wait && !comm.item, "the wait is hatched over the collective: it wins there");
        const QString tip = views::tooltipFor(in, comm);
        QVERIFY2(tip.contains("waited " + views::formatDuration(5 * kMs) + " for rank 1") &&
                     tip.contains("hcom_allReduce_") && tip.contains("step 1"),
                 qPrintable(tip));
        auto kernel = views::hitTest(in, at(in, 1, 72 * kMs));
        QVERIFY(kernel.item && !kernel.wait);
        QCOMPARE(kernel.item->spanId, int64_t(21));
        auto empty = views::hitTest(in, at(in, 1, 74 * kMs)); // the compute lane beside the kernel
        QVERIFY(!empty.item && empty.wait);
        const views::Lane* header =
            in.layout->lanesOfRank(0).empty() ? nullptr : &in.layout->lanes()[in.layout->lanesOfRank(0)[0]];
        QVERIFY(header && header->header);
        QVERIFY(views::hitTest(in, QPointF(in.mapping().x(72 * kMs), in.viewport.yOf(header->y) + 5)).wait);
        // waits off: the collective itself
        auto off = in;
        off.showWaits = false;
        auto span = views::hitTest(off, at(off, 2, 72 * kMs));
        QVERIFY(span.item && !span.wait);
        QCOMPARE(span.item->spanId, int64_t(20));
    }
    void aHostSpanUnderAWaitIsItself() {
        // walk 35: a wait only tints a host lane (it is hatched on the rank's header and communication
        // lanes), but the host lane's ProfilerStep under it answered "waited 200 ms for rank 5", not its own
        // name: the span drawn on top answers first, the wait beside it where the lane is empty
        test::TimelineFixture f;
        f.summary->tracks[0].kind = "host"; // rank 0's first lane a host thread
        f.scene.setSummary(f.summary);
        f.track(1).items = {item(71 * kMs, 73 * kMs, 1, 2, 21)};
        const auto in = f.input(60 * kMs, 90 * kMs);
        auto span = views::hitTest(in, at(in, 1, 72 * kMs));
        QVERIFY2(span.item && !span.wait, "the host span under the pointer");
        QCOMPARE(span.item->spanId, int64_t(21));
        auto beside = views::hitTest(in, at(in, 1, 74 * kMs)); // the empty host lane in the wait
        QVERIFY(!beside.item && beside.wait);
    }
    void aWaitInPiecesIsHitWhereItWaitedAndToldWhole() {
        // a collective's wait stored where its wait tasks ran: 2 ms and 3 ms with a transfer between them.
        // The transfer is the collective's, not a wait; each piece's tooltip gives the whole 5 ms (the
        // figure of the Steps table and the report) and the piece's own length
        test::TimelineFixture f;
        auto& w = f.summary->waits;
        w[0].durNs = 2 * kMs;
        w.push_back(w[0]);
        w[1].startNs = 74 * kMs;
        w[1].durNs = 3 * kMs;
        for (auto& piece : w) {
            piece.totalNs = 5 * kMs;
            piece.pieces = 2;
        }
        f.scene.setSummary(f.summary); // its wait index
        f.track(2).items = {item(68 * kMs, 80 * kMs, 3, 4, 20)};
        const auto in = f.input(60 * kMs, 90 * kMs);
        const auto between = views::hitTest(in, at(in, 2, 73 * kMs));
        QVERIFY(between.item && !between.wait);
        const auto piece = views::hitTest(in, at(in, 2, 75 * kMs));
        QVERIFY(piece.wait);
        const QString tip = views::tooltipFor(in, piece);
        QVERIFY2(tip.contains("waited " + views::formatDuration(5 * kMs) + " for rank 1") &&
                     tip.contains("2 intervals of wait tasks, this one " + views::formatDuration(3 * kMs)),
                 qPrintable(tip));
    }
    void aWaitOfKnownTasksIsOnTheirPlaneOnly() {
        // mindinsight profiler: plane 0 waited while planes 1 and 2 moved data; the wait was hatched over
        // every communication lane of the rank. A wait whose tasks are known is on their plane and on the
        // collective's lane, not on another plane
        test::TimelineFixture f;
        f.summary->tracks.push_back({5, 0, "communication", "Plane 0", "", 0, 10, 2});
        f.summary->tracks.push_back({6, 0, "communication", "Plane 1", "", 0, 10, 3});
        f.summary->waits[0].taskTrackId = 5;
        f.summary->waits[0].opTrackId = 2;
        f.scene.setSummary(f.summary);
        const auto in = f.input(60 * kMs, 90 * kMs);
        QVERIFY(in.layout->laneOf(5) && in.layout->laneOf(6));
        QVERIFY(views::hitTest(in, at(in, 5, 72 * kMs)).wait);
        QVERIFY(views::hitTest(in, at(in, 2, 72 * kMs)).wait);
        QVERIFY(!views::hitTest(in, at(in, 6, 72 * kMs)).wait);
        QVERIFY(views::hitTest(in, at(in, 1, 72 * kMs)).wait); // the compute lane is tinted, as before
    }
    void aWaitDoesNotSayItsRankArrivedFirst() {
        // walk 53a: hovering the demo's step-11 wait on ranks 6, 7 and 0 each read "rank N arrived first";
        // the wait names the last arrival only (rank 4 was first): the waiting rank arrived earlier
        test::TimelineFixture f;
        f.track(2).items = {item(68 * kMs, 80 * kMs, 3, 4, 20)};
        const auto in = f.input(60 * kMs, 90 * kMs);
        const QString tip = views::tooltipFor(in, views::hitTest(in, at(in, 2, 72 * kMs)));
        QVERIFY2(tip.contains("arrived last") && !tip.contains("arrived first") &&
                     tip.contains("rank 0 arrived earlier and waited"),
                 qPrintable(tip));
    }
    void anUnblamedWaitSaysWhyByTheRunsRule() {
        // the run's completeness (the runs pass's, which the report's banner shows) decides what an
        // unblamed wait says: missing ranks only where the run misses ranks
        test::TimelineFixture f;
        f.summary->waits[0].blamedRank = std::nullopt;
        query::RunDesc run{0, {0, 1}, {0, 1}, {}, std::nullopt, 0, 200 * kMs, "ascend", "", true, {}, ""};
        f.summary->runs = {run};
        f.track(2).items = {item(68 * kMs, 80 * kMs, 3, 4, 20)};
        auto in = f.input(60 * kMs, 90 * kMs);
        QString tip = views::tooltipFor(in, views::hitTest(in, at(in, 2, 72 * kMs)));
        QVERIFY2(tip.contains("not matched across the ranks of its run") && !tip.contains("not every rank"),
                 qPrintable(tip));
        f.summary->runs[0].complete = false;
        f.summary->runs[0].note = "2 of at least 3 ranks present";
        in = f.input(60 * kMs, 90 * kMs);
        tip = views::tooltipFor(in, views::hitTest(in, at(in, 2, 72 * kMs)));
        QVERIFY2(tip.contains("not every rank of this collective is in the profile"), qPrintable(tip));
    }
    void counterSample() {
        test::TimelineFixture f;
        f.summary->tracks.push_back(
            {query::memoryTrackId(0), 0, "memory", "device memory (allocated)", "", 0, 3, 9});
        f.scene.setSummary(f.summary);
        f.data->counters.push_back({query::memoryTrackId(0),
                                    {{0, 1.0 * (1 << 30)}, {50 * kMs, 2.0 * (1 << 30)}},
                                    2.0 * (1 << 30),
                                    true,
                                    {}});
        const auto in = f.input(0, 100 * kMs);
        const views::Lane* l = in.layout->laneOf(query::memoryTrackId(0));
        QVERIFY(l);
        const auto h = views::hitTest(in, QPointF(in.mapping().x(60 * kMs), in.viewport.yOf(l->y) + 10));
        QVERIFY(h.counter);
        const QString tip = views::tooltipFor(in, h);
        QVERIFY2(tip.contains(views::formatBytes(int64_t(2) << 30)), qPrintable(tip));
        QVERIFY2(tip.contains("+60"), qPrintable(tip)); // the time, from the run's start
    }
    void annotationLabel() {
        test::TimelineFixture f;
        auto in = f.input(0, 100 * kMs);
        annotate::Annotation a;
        a.id = "n1";
        a.kind = annotate::Kind::Note;
        a.text = "slow here";
        a.anchor.ranks = {0};
        a.anchor.t0Ns = a.anchor.t1Ns = 30 * kMs;
        in.annotations = {a};
        const views::DrawList list = views::FrameBuilder().build(in);
        QCOMPARE(list.callouts.size(), size_t(1));
        const QRectF box = list.callouts[0].first;
        QVERIFY(box.left() >= in.mapping().x(30 * kMs));
        QCOMPARE(views::calloutAt(list, box.center()), QString("n1"));
        QVERIFY(views::calloutAt(list, box.topLeft() - QPointF(5, 5)).isEmpty());
        QVERIFY(views::annotationTooltip(a, 0).contains("slow here"));
    }
    void manyItemsFindTheRightOne() {
        // 100 000 spans on a lane, and a long one covering them from the start: the search by time finds the
        // span under the point, and the long one where the others leave a gap
        test::TimelineFixture f;
        auto& v = f.track(1).items;
        v.push_back(item(0, 199 * kMs, 5, 6, 1, 0));
        for (int64_t i = 0; i < 100000; ++i)
            v.push_back(item(i * 1900, i * 1900 + 1000, 1, 2, 100 + i, 1));
        const auto in = f.input(150 * kMs, 150 * kMs + 20000);
        const int64_t i = 150 * kMs / 1900 + 1; // the first span starting after 150 ms
        const auto h = views::hitTest(in, at(in, 1, i * 1900 + 500, 1));
        QVERIFY(h.item);
        QCOMPARE(h.item->spanId, 100 + i);
        QVERIFY(!views::hitTest(in, at(in, 1, i * 1900 + 1500, 1)).item); // between two spans
        QCOMPARE(views::hitTest(in, at(in, 1, i * 1900 + 1500, 0)).item->spanId, int64_t(1));
    }
    void stepOfATime() {
        const auto s = test::makeSummary();
        QCOMPARE(query::spanStepOf(*s, 1, 85 * kMs).value(), int64_t(2));
        QCOMPARE(query::spanStepOf(*s, 0, 0).value(), int64_t(0));
        QVERIFY(!query::spanStepOf(*s, 0, -1));
        QVERIFY(!query::spanStepOf(*s, 7, 85 * kMs));
        // past the last step's end (200 ms) a span is in none, device or host (walk 52); before a later
        // step's start it is in the step before
        QVERIFY(!query::spanStepOf(*s, 0, 250 * kMs));
        QCOMPARE(query::spanStepOf(*s, 0, 150 * kMs).value(), int64_t(3));
    }
};

QTEST_MAIN(TstHitTester)
#include "tst_hittester.moc"
