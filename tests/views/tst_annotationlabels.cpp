// Where the timeline's frame builder puts annotation labels on hand-built draw data (issue 19's check walk,
// the demo at 1600 px around step 11): a box narrower than its label, on a lane under another lane's bars,
// is labelled over its own x-extent without covering those bars where it has room beside them; an arrow's
// label stays off its head (and the shaft's end under it) when the head is at the plot's right edge and its
// tail out of the window.
#include "tests/support/timelinefixture.h"
#include "views/timeline/framebuilder.h"

#include <QPolygonF>
#include <QtTest>
#include <cmath>

using namespace rs;
using test::kMs;
using views::DrawList;

namespace {

annotate::Annotation annotation(const char* id, annotate::Kind kind, int rank, int64_t t0, int64_t t1,
                                const char* text) {
    annotate::Annotation a;
    a.id = id;
    a.kind = kind;
    a.text = text;
    a.anchor.ranks = {rank};
    a.anchor.t0Ns = t0;
    a.anchor.t1Ns = t1;
    return a;
}

const views::Callout* calloutOf(const DrawList& list, const QString& text) {
    for (const auto* c : list.all<views::Callout>())
        if (c->text == text) return c;
    return nullptr;
}

QString rectText(const QRectF& r) {
    return QString("%1,%2 %3×%4").arg(r.left()).arg(r.top()).arg(r.width()).arg(r.height());
}

} // namespace

class TstAnnotationLabels : public QObject {
    Q_OBJECT

  private Q_SLOTS:
    void aBoxLabelStaysOffOtherLanesBars() {
        // rank 0's compute lane (track 1, three rows) has bars on its lower rows from 93 ms; a 5 ms box on
        // its communication lane under it (track 2, one row, lower than the label) at 90-95 ms: centred over
        // the box, the label above it covered those bars and read as their name. Left of 93 ms it has room
        // while still over the box
        test::TimelineFixture f;
        f.track(1).items = {test::item(93 * kMs, 100 * kMs, 1, 2, 11, 1),
                            test::item(93 * kMs, 100 * kMs, 1, 2, 12, 2)};
        f.track(2).items = {test::item(90 * kMs, 95 * kMs, 3, 4, 21)};
        views::FrameInput in = f.input(0, 100 * kMs);
        annotate::Annotation box =
            annotation("b", annotate::Kind::Box, 0, 90 * kMs, 95 * kMs, "the late AllReduce");
        box.anchor.lanes = {{0, "Group 0"}};
        in.annotations = {box};
        const DrawList list = views::FrameBuilder().build(in);
        const views::Callout* c = calloutOf(list, "the late AllReduce");
        QVERIFY2(c, "the box's label is drawn");
        const views::Lane* own = in.layout->laneOf(2);
        const double ownTop = in.viewport.yOf(own->y), ownBottom = ownTop + own->height;
        for (const auto* b : list.all<views::RectBatch>())
            for (const QRectF& r : b->rects) {
                const bool otherLane = r.center().y() < ownTop || r.center().y() > ownBottom;
                QVERIFY2(
                    !(otherLane && r.intersects(c->box)),
                    qPrintable(
                        QString("label %1 over another lane's bar %2").arg(rectText(c->box), rectText(r))));
            }
        // over some of the box's own x-extent
        const double x0 = in.mapping().x(90 * kMs), x1 = in.mapping().x(95 * kMs);
        QVERIFY2(c->box.right() > x0 && c->box.left() < x1, qPrintable(rectText(c->box)));
    }

    void anArrowLabelStaysOffItsHead() {
        // "rank 4 waits for it": its tail left of the window, its head on rank 1's header near the plot's
        // right edge; its label, below right of the head and moved back into the plot, lay against the head
        test::TimelineFixture f;
        views::FrameInput in = f.input(50 * kMs, 150 * kMs);
        annotate::Annotation a =
            annotation("a", annotate::Kind::Arrow, 0, 10 * kMs, 10 * kMs, "rank 4 waits for it");
        a.anchor.toRank = 1;
        a.anchor.toNs = 148 * kMs;
        in.annotations = {a};
        const DrawList list = views::FrameBuilder().build(in);
        const auto arrows = list.all<views::Arrow>();
        QCOMPARE(arrows.size(), size_t(1));
        QVERIFY(arrows[0]->head);
        const views::Callout* c = calloutOf(list, "rank 4 waits for it");
        QVERIFY2(c, "the arrow's label is drawn");
        // the head as drawArrow draws it: 10 px sides at ±0.45 rad from the shaft, 2 px pens; a label 3 px
        // off it at least (the pen and a visible gap)
        const QPointF from = arrows[0]->from, to = arrows[0]->to;
        const double angle = std::atan2(to.y() - from.y(), to.x() - from.x());
        const QPolygonF head({to, to - QPointF(10 * std::cos(angle - 0.45), 10 * std::sin(angle - 0.45)),
                              to - QPointF(10 * std::cos(angle + 0.45), 10 * std::sin(angle + 0.45))});
        QVERIFY2(
            !QPolygonF(c->box.adjusted(-3, -3, 3, 3)).intersects(head),
            qPrintable(QString("label %1, head at %2,%3").arg(rectText(c->box)).arg(to.x()).arg(to.y())));
    }
};

QTEST_MAIN(TstAnnotationLabels)
#include "tst_annotationlabels.moc"
