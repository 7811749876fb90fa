// Issue 19: the labels of flow arrows' off-screen ends were drawn over host threads' spans and over the
// end of an arrow, and the note on the window's arrows ("flows: … drawn for … of the window's …") was a box
// over rank 0's first lane. On hand-built lanes: where a free spot exists no label covers a span or an
// arrow's end, and the note stands in a strip of its own under the lanes, over no lane and not on the
// ruler; where a lane has no free spot its labels are collapsed into one see-through label that says how
// many groups it stands for and names each in its tooltip.
#include "tests/support/timelinefixture.h"
#include "views/timeline/framebuilder.h"

#include <QtTest>

using namespace rs;
using test::kMs;

namespace {

query::FlowEnd end(int64_t span, int rank, int64_t track, int64_t t0, int64_t t1, const char* name) {
    return {span, rank, track, t0, t1, name, 0};
}

/// `n` flows on `rank` from lane `from` (starts at `fromMs`, 1 ms apart, 0.5 ms long; span ids from
/// `fromId`) to lane `to` (starts at `toMs`, 1 ms apart; ids from `toId`).
std::vector<query::FlowArrow> flows(int rank, int64_t from, int64_t to, int n, int64_t fromMs, int64_t toMs,
                                    int64_t fromId, int64_t toId) {
    std::vector<query::FlowArrow> out;
    for (int k = 0; k < n; ++k)
        out.push_back(
            {"ac2g", std::to_string(fromId + k),
             end(fromId + k, rank, from, (fromMs + k) * kMs, (fromMs + k) * kMs + kMs / 2, "launch"),
             end(toId + k, rank, to, (toMs + k) * kMs, (toMs + k) * kMs + kMs / 2, "kernel")});
    return out;
}

/// Each flow's two spans on their lanes (depth 0), so the arrows' ends are on drawn spans.
void addEnds(test::TimelineFixture& f, const std::vector<query::FlowArrow>& all) {
    for (const auto& a : all)
        for (const query::FlowEnd* e : {&a.src, &a.dst})
            f.track(e->trackId).items.push_back(test::item(e->startNs, e->endNs, 1, 2, e->spanId));
}

/// The widget rects of the arrows' own ends as drawn: a head's point, a start's dot.
std::vector<QRectF> arrowEnds(const views::DrawList& d) {
    std::vector<QRectF> out;
    for (const auto* a : d.all<views::Arrow>()) {
        if (a->head) out.push_back(QRectF(a->to - QPointF(2, 2), QSizeF(4, 4)));
        if (a->tail) out.push_back(QRectF(a->from - QPointF(2, 2), QSizeF(4, 4)));
    }
    return out;
}

std::vector<QRectF> spanRects(const views::DrawList& d) {
    std::vector<QRectF> out;
    for (const auto* b : d.all<views::RectBatch>())
        out.insert(out.end(), b->rects.begin(), b->rects.end());
    return out;
}

const views::Text* textStarting(const views::DrawList& d, const QString& head) {
    for (const auto* t : d.all<views::Text>())
        if (t->text.startsWith(head)) return t;
    return nullptr;
}

QString show(const QRectF& r) {
    return QString("(%1, %2 %3×%4)").arg(r.x()).arg(r.y()).arg(r.width()).arg(r.height());
}

} // namespace

class TstFlowLabelSpots : public QObject {
    Q_OBJECT

  private Q_SLOTS:
    void labelsAndTheNoteCoverNoSpanNorArrowEnd() {
        test::TimelineFixture f;
        // window 25-50 ms. Rank 0: six launches on Stream 2 (10-15 ms, left of the window) lead to kernels
        // on Group 0 (30-35 ms); Stream 2's three rows are full from 25 to 38 ms, where the label's first
        // spot is, and a launch cut by the window's edge (24-26 ms) sends an arrow from there to Group 0
        // at 27 ms, its start's dot by the edge. Rank 1: three launches on Group 0 (left of the window)
        // to kernels on Stream 2 (40-42 ms), Group 0 busy from 25 to 36 ms.
        std::vector<query::FlowArrow> all = flows(0, 1, 2, 6, 10, 30, 100, 200);
        all.push_back({"ac2g", "cut", end(150, 0, 1, 24 * kMs, 26 * kMs, "launch"),
                       end(250, 0, 2, 27 * kMs, 28 * kMs, "kernel")});
        for (const auto& a : flows(1, 4, 3, 3, 12, 40, 300, 400))
            all.push_back(a);
        addEnds(f, all);
        for (int depth = 0; depth < 3; ++depth)
            f.track(1).items.push_back(test::item(25 * kMs, 38 * kMs, 5, 6, 500 + depth, depth));
        f.track(4).items.push_back(test::item(25 * kMs, 36 * kMs, 5, 6, 510));
        auto overlay = std::make_shared<views::FlowOverlay>(views::FlowOverlay::merge(0, {}, all));
        overlay->windowTruncated = true; // the note is drawn: the window holds more
        overlay->windowMatched = 40;
        f.scene.setFlows(overlay);
        const views::FrameInput in = f.input(25 * kMs, 50 * kMs);
        const views::DrawList d = views::FrameBuilder().build(in);
        QCOMPARE(d.count<views::Arrow>(), all.size());
        // two places off screen: rank 0's Stream 2 and rank 1's Group 0, each named once
        QCOMPARE(d.flowLabels.size(), size_t(2));
        const std::vector<QRectF> spans = spanRects(d), ends = arrowEnds(d);
        QVERIFY(!spans.empty());
        for (const auto& l : d.flowLabels) {
            for (const QRectF& s : spans)
                QVERIFY2(!l.box.intersects(s), qPrintable("label " + show(l.box) + " over span " + show(s)));
            for (const QRectF& e : ends)
                QVERIFY2(!l.box.intersects(e),
                         qPrintable("label " + show(l.box) + " over arrow end " + show(e)));
        }
        // the note: drawn, in the picture, under the ruler, over no lane and no span
        const views::Text* note = textStarting(d, "flows:");
        QVERIFY2(note, "the note is drawn");
        const views::Viewport& vp = in.viewport;
        QVERIFY2(note->rect.top() >= vp.kAxis && note->rect.bottom() <= vp.height,
                 qPrintable(show(note->rect)));
        for (const views::Lane& l : in.layout->lanes()) {
            const QRectF lane(vp.kGutter, vp.yOf(l.y), vp.plotWidth(), l.height);
            if (lane.top() >= vp.height) continue;
            QVERIFY2(!note->rect.intersects(lane),
                     qPrintable("note " + show(note->rect) + " over lane " + l.label + " " + show(lane)));
        }
        for (const QRectF& s : spans)
            QVERIFY(!note->rect.intersects(s));
    }

    void aLaneWithNoRoomGetsOneSeeThroughLabel() {
        test::TimelineFixture f;
        // rank 1's Group 0 (one row, no header row right above it) is busy over the whole window 25-50 ms;
        // its launches left of the window lead to kernels in it (40-42 ms), and its launches in it (44-46
        // ms) to kernels right of the window (60-62 ms): two places, both named in that lane only
        std::vector<query::FlowArrow> all = flows(1, 4, 4, 3, 12, 40, 300, 400);
        for (const auto& a : flows(1, 4, 4, 3, 44, 60, 600, 700))
            all.push_back(a);
        f.track(4).items.push_back(test::item(20 * kMs, 55 * kMs, 5, 6, 510));
        f.scene.setFlows(std::make_shared<views::FlowOverlay>(views::FlowOverlay::merge(0, {}, all)));
        const views::FrameInput in = f.input(25 * kMs, 50 * kMs);
        const views::DrawList d = views::FrameBuilder().build(in);
        QCOMPARE(d.count<views::Arrow>(), all.size());
        // one label for both places, saying how many; each named in its tooltip
        QCOMPARE(d.flowLabels.size(), size_t(1));
        const views::FlowLabel& label = d.flowLabels.front();
        const views::Text* text = textStarting(d, QString::fromUtf8("⇆"));
        QVERIFY2(text && text->text.contains("2 off-screen flow groups"),
                 text ? qPrintable(text->text) : "none");
        QVERIFY2(label.tip.contains(QString::fromUtf8("← rank 1 · Group 0 · 3 flows")) &&
                     label.tip.contains(QString::fromUtf8("→ rank 1 · Group 0 · 3 flows")),
                 qPrintable(label.tip));
        // in its lane, off the arrows' ends, and see-through: its plate lets the span under it show
        const views::Lane* lane = in.layout->laneOf(4);
        const double top = in.viewport.yOf(lane->y);
        QVERIFY(label.box.top() >= top && label.box.bottom() <= top + lane->height);
        for (const QRectF& e : arrowEnds(d))
            QVERIFY2(!label.box.intersects(e), qPrintable(show(label.box) + " over " + show(e)));
        const views::FillRect* plate = nullptr;
        for (const auto* r : d.all<views::FillRect>())
            if (r->rect == label.box) plate = r;
        QVERIFY2(plate, "the label has a plate");
        QVERIFY2(qAlpha(plate->color) < 128, qPrintable(QString::number(qAlpha(plate->color))));
    }
};

QTEST_MAIN(TstFlowLabelSpots)
#include "tst_flowlabelspots.moc"
