// The timeline's frame builder on hand-built draw data (no index, no widget): a span 1000× the window still
// covers its lane; a hidden rank draws nothing; a search hit is outlined from the hit list, even where the
// data is a merged level-of-detail bucket; a span wide enough is named at any zoom (a bucket of one span like
// a span, a merged bucket by its longest span where that span certainly is); the selected span is outlined,
// its outline contrasting with any span and lane on a light and a dark palette; an op type selection dims the
// other op types by id (buckets by their name's op type); a collective kernel is communication-coloured on
// a compute lane and a runtime task (EVENT_WAIT, a plane's Notify_Wait) runtime-grey on any lane; waits come
// from the window only; narrow steps draw no bands; a marked area is filled on its lanes only, between its
// times, also on the rank's own clock when it was marked aligned; a cut file's unread tail is cross-hatched,
// tooltipped and keyed; the ruler's outlier ⚠ names the ranks whose step it is; and the same frame built on
// another thread is the same list.
#include "core/model/lod.h"
#include "tests/support/bandedstep.h"
#include "tests/support/testsupport.h"
#include "tests/support/timelinefixture.h"
#include "views/annotate/annotationpainter.h"
#include "views/common/palette.h"
#include "views/common/theme.h"
#include "views/timeline/framebuilder.h"
#include "views/timeline/framepainter.h"
#include "views/timeline/hittester.h"
#include "views/timeline/timelinelegend.h"

#include <QPainter>
#include <QtTest>
#include <map>
#include <thread>
#include <tuple>

using namespace rs;
using views::DrawList;
using views::FrameInput;

namespace {

using test::item;
using test::kMs;
using Frame = test::TimelineFixture;

/// Every batched span rect with its colour.
std::vector<std::pair<QRectF, QRgb>> spanRects(const DrawList& list) {
    std::vector<std::pair<QRectF, QRgb>> out;
    for (const auto* b : list.all<views::RectBatch>())
        for (const auto& r : b->rects)
            out.push_back({r, b->color});
    return out;
}

std::vector<QRectF> strokes(const DrawList& list, QRgb color) {
    std::vector<QRectF> out;
    for (const auto* s : list.all<views::StrokeRect>())
        if (s->color == color) out.push_back(s->rect);
    return out;
}

/// The widget-pixel rows of a lane.
std::pair<double, double> laneRows(const FrameInput& in, int64_t track) {
    const views::Lane* l = in.layout->laneOf(track);
    return {in.viewport.yOf(l->y), in.viewport.yOf(l->y) + l->height};
}

/// The frame's texts over span rects in the lane of `track`: each text with its rect.
std::vector<std::pair<QString, QRectF>> spanLabels(const FrameInput& in, int64_t track) {
    const auto [top, bottom] = laneRows(in, track);
    std::vector<std::pair<QString, QRectF>> out;
    const DrawList list = views::FrameBuilder().build(in);
    for (const auto* t : list.all<views::Text>())
        if (t->rect.top() >= top && t->rect.bottom() <= bottom && t->rect.left() >= views::Viewport::kGutter)
            out.push_back({t->text, t->rect});
    return out;
}

/// A runtime task (string `name`, its own op type) over 10-90 ms on `track`, beside `other` (95-99 ms):
/// the task in the runtime grey, `other` in `otherColor`.
void checkRuntimeGrey(int64_t track, int32_t name, const query::DrawItem& other, const QColor& otherColor) {
    Frame f;
    f.summary->strings.push_back("Notify_Wait"); // id 8
    test::classifyAsIndexed(*f.summary);
    f.track(track).items = {item(10 * kMs, 90 * kMs, name, name, 1), other};
    const FrameInput in = f.input(0, 100 * kMs);
    const auto rects = spanRects(views::FrameBuilder().build(in));
    QCOMPARE(rects.size(), size_t(2));
    for (const auto& [r, c] : rects)
        QCOMPARE(c, r.center().x() < in.mapping().x(92 * kMs) ? views::runtimeTaskColor().rgba()
                                                              : otherColor.rgba());
}

/// A note on rank 0 at `t`.
annotate::Annotation note(const char* id, int64_t t, const char* text) {
    annotate::Annotation a;
    a.id = id;
    a.text = text;
    a.anchor.ranks = {0};
    a.anchor.t0Ns = a.anchor.t1Ns = t;
    return a;
}
} // namespace

class TstFrameBuilder : public QObject {
    Q_OBJECT

  private Q_SLOTS:
    void longSpanCoversTheLane() {
        // a 1 µs window in the middle of a 1 ms span: the span's rect runs across the whole plot
        Frame f;
        f.track(1).items = {item(10 * kMs, 11 * kMs, 1, 2, 7)};
        const FrameInput in = f.input(10 * kMs + 500000, 10 * kMs + 501000);
        const DrawList list = views::FrameBuilder().build(in);
        const auto rects = spanRects(list);
        QCOMPARE(rects.size(), size_t(1));
        const QRectF r = rects[0].first;
        QVERIFY2(r.left() <= views::Viewport::kGutter && r.right() >= in.viewport.plotRight(),
                 qPrintable(QString("%1 … %2").arg(r.left()).arg(r.right())));
        const auto [top, bottom] = laneRows(in, 1);
        QVERIFY(r.top() >= top && r.bottom() <= bottom);
    }
    void spanEndingAtTheWindowsEndIsDrawn() {
        // mindinsight profiler run 0: Stream 519's only span, 3.1 µs, ends at the run's end (6 042 912 660
        // ns); at Fit it is a sub-pixel span in the plot's last column. Widened to a pixel past the edge, it
        // was clipped away; a span starting at the window's end lies after it and is not drawn
        const int64_t end = 6042912660;
        Frame f;
        f.summary->endNs = end;
        f.state.setBounds(0, end);
        f.track(1).items = {item(end - 3100, end, 1, 2, 7)};
        f.track(2).items = {item(end, end + 3100, 1, 2, 8)};
        const FrameInput in = f.input(0, end);
        const DrawList list = views::FrameBuilder().build(in);
        const auto rects = spanRects(list);
        QCOMPARE(rects.size(), size_t(1));
        const QRectF r = rects[0].first;
        const double right = in.viewport.plotRight();
        QVERIFY2(r.width() >= 1 && r.left() >= right - 1 - 1e-9 && r.right() <= right + 1e-9,
                 qPrintable(QString("%1 … %2, plot ends at %3").arg(r.left()).arg(r.right()).arg(right)));
        // the last pixel column of its lane holds the span's colour
        QImage img(list.size, QImage::Format_ARGB32);
        img.fill(Qt::white);
        {
            QPainter p(&img);
            views::paintDrawList(p, list, QFont());
        }
        const auto [top, bottom] = laneRows(in, 1);
        QVERIFY(r.top() >= top && r.bottom() <= bottom);
        const QColor seen = img.pixelColor(int(right) - 1, int(r.center().y()));
        QCOMPARE(seen.rgb(), QColor::fromRgba(rects[0].second).rgb());
    }
    void rangesDrawnAreTheOnesMeetingTheWindow() {
        // the report's arrow picture: its window began 1 ns after "range one" ended; the range was drawn at
        // the left edge (a pixel of slack) while the caption, counting by time, said 2 annotations of 3
        Frame f;
        const int64_t w0 = 50 * kMs, w1 = 150 * kMs;
        auto range = [](const char* id, int64_t t0, int64_t t1) {
            annotate::Annotation a;
            a.id = id;
            a.kind = annotate::Kind::Range;
            a.anchor.ranks = {0};
            a.anchor.t0Ns = t0;
            a.anchor.t1Ns = t1;
            return a;
        };
        FrameInput in = f.input(w0, w1);
        in.annotations = {range("a1", 10 * kMs, w0 - 1), range("a2", 10 * kMs, w0), range("a3", w1, w1 + kMs),
                          range("a4", w1 + 1, w1 + kMs)};
        const DrawList list = views::FrameBuilder().build(in);
        std::set<QString> drawn;
        for (const auto& [box, id] : list.callouts)
            drawn.insert(id);
        QCOMPARE(list.all<views::Region>().size(), size_t(2));
        QCOMPARE(drawn, (std::set<QString>{"a2", "a3"}));
        for (const auto& a : in.annotations) // the caption's rule
            QCOMPARE(annotate::meetsWindow(a, w0, w1), drawn.count(QString::fromStdString(a.id)) > 0);
    }
    void aFewPixelAnchorHasItsTextOnHover() {
        // walk 52, the demo at Fit: a range and an arrow of a few hundred µs are under a pixel wide, and
        // their labels ("range A", "arrow C") piled up at the plot's left edge over steps 1-2. A range, a box
        // or an arrow over time that narrow on screen draws no label; hovering it names it (its callout box)
        Frame f;
        f.width = 700;
        FrameInput in = f.input(0, 100 * kMs);
        const auto rm = in.rankMapping(0);
        auto range = [](const char* id, int64_t t0, int64_t t1) {
            annotate::Annotation a = note(id, t0, id);
            a.kind = annotate::Kind::Range;
            a.anchor.t1Ns = t1;
            return a;
        };
        auto arrow = [](const char* id, int64_t t0, int64_t t1) {
            annotate::Annotation a = note(id, t0, id);
            a.kind = annotate::Kind::Arrow;
            a.anchor.toRank = 1;
            a.anchor.toNs = t1;
            return a;
        };
        QVERIFY(rm.x(10 * kMs + 300000) - rm.x(10 * kMs) < 3); // a few pixels
        in.annotations = {
            range("tiny range", 10 * kMs, 10 * kMs + 300000), range("wide range", 40 * kMs, 60 * kMs),
            arrow("tiny arrow", 12 * kMs, 12 * kMs + 200000), arrow("across", 80 * kMs, 80 * kMs)};
        const DrawList list = views::FrameBuilder().build(in);
        std::set<QString> labelled;
        for (const auto* c : list.all<views::Callout>())
            labelled.insert(c->text);
        QCOMPARE(labelled, (std::set<QString>{"wide range", "across"}));
        std::map<QString, QRectF> hover;
        for (const auto& [box, id] : list.callouts)
            hover[id] = box;
        QCOMPARE(hover.size(), size_t(4)); // every one can be hovered, edited, deleted
        QVERIFY(hover["tiny range"].contains(QPointF(rm.x(10 * kMs), hover["tiny range"].center().y())));
        QVERIFY(hover["tiny range"].width() <= 10);
        QVERIFY(hover["tiny arrow"].contains(QPointF(rm.x(12 * kMs), hover["tiny arrow"].center().y())));
    }
    void aRegionUnderTheFooterHasNoLabelInView() {
        // stop 54's look at 800 x 600: a range on rank 5, its rows scrolled under the footer (the legend's
        // row) but above the widget's bottom, was labelled on rank 4's memory lane, the last row in view
        Frame f;
        FrameInput in = f.input(0, 200 * kMs);
        const QRectF block1 = in.rankBlock(1);
        QVERIFY(!block1.isNull());
        in.exportMode = false;
        in.viewport.footer = 60;
        in.viewport.height = int(block1.top()) + 40; // rank 1 starts 20 px under the footer's edge
        QVERIFY(in.viewport.lanesBottom() < block1.top() && block1.top() < in.viewport.height);
        annotate::Annotation r = note("r1", 50 * kMs, "RANGE-ON-RANK-1");
        r.kind = annotate::Kind::Range;
        r.anchor.ranks = {1};
        r.anchor.t1Ns = 150 * kMs;
        in.annotations = {r};
        const DrawList list = views::FrameBuilder().build(in);
        for (const auto* c : list.all<views::Callout>())
            QVERIFY2(c->text != "RANGE-ON-RANK-1",
                     qPrintable(QString("label at y %1..%2 over rank 0's rows (rank 1 from %3)")
                                    .arg(c->box.top())
                                    .arg(c->box.bottom())
                                    .arg(block1.top())));
    }
    void aRegionsLabelStaysOnItsOwnRank() {
        // walk 53c, the demo at Fit: a range on rank 0 and a box on rank 1 over the same steps, with a note
        // and an arrow across both: RANGE-B's label sat on rank 1's header inside BOX-D's outline and BOX-D's
        // in rank 0's last lane, each reading as the other's name. A region's label is on its own rows (or
        // just above or below a region too short for it), else not drawn and listed for the caption
        Frame f;
        f.width = 1114;
        FrameInput in = f.input(0, 200 * kMs);
        annotate::Annotation n = note("a1", 50 * kMs, "NOTE-A");
        n.anchor.ranks = {0, 1};
        annotate::Annotation r = note("a2", 50 * kMs, "RANGE-B");
        r.kind = annotate::Kind::Range;
        r.anchor.ranks = {0};
        r.anchor.t1Ns = 58 * kMs;
        annotate::Annotation a = note("a3", 52 * kMs, "ARROW-C");
        a.kind = annotate::Kind::Arrow;
        a.anchor.ranks = {0};
        a.anchor.toRank = 1;
        a.anchor.toNs = 56 * kMs;
        annotate::Annotation b = note("a4", 50 * kMs, "BOX-D");
        b.kind = annotate::Kind::Box;
        b.anchor.ranks = {1};
        b.anchor.t1Ns = 58 * kMs;
        in.annotations = {n, r, a, b};
        const DrawList list = views::FrameBuilder().build(in);
        std::map<QString, QRectF> label;
        for (const auto* c : list.all<views::Callout>())
            label[c->text] = c->box;
        auto within = [](const QRectF& box, const QRectF& block) {
            return box.top() >= block.top() - 1 && box.bottom() <= block.bottom() + 1;
        };
        for (const auto& [text, id, rank] : {std::tuple<QString, QString, int>{"RANGE-B", "a2", 0},
                                             std::tuple<QString, QString, int>{"BOX-D", "a4", 1}}) {
            const bool hidden =
                std::find(list.unlabelled.begin(), list.unlabelled.end(), id) != list.unlabelled.end();
            QVERIFY2(label.count(text) != hidden, qPrintable(text));
            if (!hidden)
                QVERIFY2(within(label[text], in.rankBlock(rank)),
                         qPrintable(QString("%1 at y %2..%3, rank %4's block %5..%6")
                                        .arg(text)
                                        .arg(label[text].top())
                                        .arg(label[text].bottom())
                                        .arg(rank)
                                        .arg(in.rankBlock(rank).top())
                                        .arg(in.rankBlock(rank).bottom())));
        }
    }
    void everyLabelIsAtItsOwnAnnotation() {
        // walk 52b, the demo at Fit (1114 px): a note, a range, an arrow and a box over steps 3-6. RANGE-B,
        // wider than its range, was drawn left of it over other steps, reading as their label; BOX-D, a few
        // pixels wide, had no label and ARROW-C's sat on it, reading as its name. Each label is over its own
        // anchor's x-extent (a region's) or beside its point (a note's rule, an arrow's end), none covers
        // another nor an unlabelled annotation, and the unlabelled ones are listed (for the caption)
        Frame f;
        f.width = 1114;
        FrameInput in = f.input(0, 200 * kMs);
        const auto rm = in.rankMapping(0);
        annotate::Annotation n = note("a1", 50 * kMs, "NOTE-A");
        annotate::Annotation r = note("a2", 50 * kMs, "RANGE-B");
        r.kind = annotate::Kind::Range;
        r.anchor.ranks = {0, 1};
        r.anchor.t1Ns = 57 * kMs;
        annotate::Annotation a = note("a3", 52 * kMs, "ARROW-C");
        a.kind = annotate::Kind::Arrow;
        a.anchor.toRank = 1;
        a.anchor.toNs = 55 * kMs;
        annotate::Annotation b = note("a4", 53 * kMs + 500000, "BOX-D");
        b.kind = annotate::Kind::Box;
        b.anchor.t1Ns = 54 * kMs + 500000;
        in.annotations = {n, r, a, b};
        QVERIFY(rm.x(57 * kMs) - rm.x(50 * kMs) < 60);                  // narrower than its label
        QVERIFY(rm.x(54 * kMs + 500000) - rm.x(53 * kMs + 500000) < 8); // a few pixels: no label
        const DrawList list = views::FrameBuilder().build(in);
        std::map<QString, QRectF> label, hover;
        for (const auto* c : list.all<views::Callout>())
            label[c->text] = c->box;
        for (const auto& [box, id] : list.callouts)
            hover[id] = box;
        QCOMPARE(label.size(), size_t(3));
        QCOMPARE(list.unlabelled, std::vector<QString>{"a4"});
        QVERIFY(!label.count("BOX-D"));
        auto what = [](const QString& t, const QRectF& b) {
            return QString("%1 at %2..%3 × %4..%5")
                .arg(t)
                .arg(b.left())
                .arg(b.right())
                .arg(b.top())
                .arg(b.bottom());
        };
        // the range's label over the range's own time
        const QRectF rb = label["RANGE-B"];
        QVERIFY2(rb.right() > rm.x(50 * kMs) + 2 && rb.left() < rm.x(57 * kMs) - 2,
                 qPrintable(what("RANGE-B", rb)));
        // the note's beside its rule, the arrow's beside an end
        const QRectF nb = label["NOTE-A"];
        QVERIFY2(std::abs(nb.left() - rm.x(50 * kMs)) <= 6 || std::abs(nb.right() - rm.x(50 * kMs)) <= 6,
                 qPrintable(what("NOTE-A", nb)));
        const QRectF ab = label["ARROW-C"];
        const double near =
            std::min({std::abs(ab.left() - rm.x(52 * kMs)), std::abs(ab.right() - rm.x(52 * kMs)),
                      std::abs(ab.left() - rm.x(55 * kMs)), std::abs(ab.right() - rm.x(55 * kMs))});
        QVERIFY2(near <= 8, qPrintable(what("ARROW-C", ab)));
        // none covers another, nor the box drawn without one
        for (auto i = label.begin(); i != label.end(); ++i) {
            QVERIFY2(!i->second.intersects(hover["a4"]),
                     qPrintable(what(i->first, i->second) + " covers BOX-D"));
            for (auto j = std::next(i); j != label.end(); ++j)
                QVERIFY2(!i->second.intersects(j->second),
                         qPrintable(what(i->first, i->second) + " covers " + what(j->first, j->second)));
        }
    }
    void annotationLabelsNeverCoverEachOther() {
        // walk 42, a 700 px timeline: a note's long label, listed after a note 200 px later whose label is
        // short, was drawn over it (the placer probed 160 px right of the point, not the label as drawn);
        // and labels pushed left by the plot's right edge, each over the other
        Frame f;
        f.width = 700;
        FrameInput in = f.input(0, 100 * kMs);
        const double pxPerMs = in.mapping().x(kMs) - in.mapping().x(0);
        QVERIFY2(40 * pxPerMs > 160, qPrintable(QString::number(pxPerMs))); // apart further than the probe
        in.annotations = {note("a1", 70 * kMs, "stall"),
                          note("a2", 30 * kMs, "rank 0 slows here in the forward pass of step 2"),
                          note("a3", 97 * kMs, "the AllReduce of step 2 begins late"),
                          note("a4", 98 * kMs, "and ends with the others")};
        const DrawList list = views::FrameBuilder().build(in);
        QCOMPARE(list.callouts.size(), in.annotations.size());
        for (size_t i = 0; i < list.callouts.size(); ++i) {
            const auto& [box, id] = list.callouts[i];
            QVERIFY2(box.left() >= views::Viewport::kGutter && box.right() <= in.viewport.plotRight(),
                     qPrintable(id));
            for (size_t j = i + 1; j < list.callouts.size(); ++j)
                QVERIFY2(!box.intersects(list.callouts[j].first),
                         qPrintable(QString("%1 covers %2").arg(id, list.callouts[j].second)));
        }
    }
    void annotationLabelsNeverCoverEachOtherInAShortView() {
        // walk 47, the demo at 640 × 480: in a timeline a hundred pixels high, a label pushed under the one
        // it covered met the plot's bottom, was held back over it, and "note A" was drawn under "arrow C".
        // Six notes at two moments in 92 px of lanes: no label covers another, each inside the plot
        Frame f;
        f.width = 700;
        FrameInput in = f.input(0, 100 * kMs);
        in.viewport.height = 120;
        for (int i = 0; i < 6; ++i) {
            annotate::Annotation a;
            a.id = "a" + std::to_string(i);
            a.text = "note " + std::string(1, char('A' + i));
            a.anchor.ranks = {0};
            a.anchor.t0Ns = a.anchor.t1Ns = (i % 2 ? 30 : 31) * kMs;
            in.annotations.push_back(a);
        }
        const DrawList list = views::FrameBuilder().build(in);
        QCOMPARE(list.callouts.size(), in.annotations.size());
        for (size_t i = 0; i < list.callouts.size(); ++i) {
            const auto& [box, id] = list.callouts[i];
            QVERIFY2(in.viewport.plot().contains(box), qPrintable(id));
            for (size_t j = i + 1; j < list.callouts.size(); ++j)
                QVERIFY2(!box.intersects(list.callouts[j].first),
                         qPrintable(QString("%1 covers %2").arg(id, list.callouts[j].second)));
        }
    }
    void aLabelCrossesNoOtherAnnotationsLine() {
        // walk 48: a note's label, right of its dashed rule, was struck through by the next note's rule 3 ms
        // later, and an arrow's shaft ran over a note's label. Where there is room (left of its rule here),
        // no label is crossed by another annotation's rule or arrow, and none covers another
        Frame f;
        f.width = 700;
        FrameInput in = f.input(0, 100 * kMs);
        annotate::Annotation arrow = note("arrow", 45 * kMs, "the wait goes to rank 1");
        arrow.kind = annotate::Kind::Arrow;
        arrow.anchor.toRank = 1;
        arrow.anchor.toNs = 60 * kMs;
        in.annotations = {note("a", 50 * kMs, "rank 0 slows down here"), note("b", 53 * kMs, "and here"),
                          arrow};
        const DrawList list = views::FrameBuilder().build(in);
        QCOMPARE(list.callouts.size(), size_t(3));
        const auto rm = in.rankMapping(0);
        QVERIFY(rm.x(53 * kMs) - rm.x(50 * kMs) < 40); // b's rule runs where a's label would start
        // the dashed rules as drawn, told apart by their notes' times; the arrow as drawn
        std::map<QString, std::vector<QLineF>> lines;
        for (const auto* l : list.all<views::Line>())
            for (const auto& [id, t] : {std::pair<QString, int64_t>{"a", 50 * kMs}, {"b", 53 * kMs}})
                if (l->dashed && std::abs(l->a.x() - rm.x(t)) < 0.5) lines[id].push_back(QLineF(l->a, l->b));
        QCOMPARE(lines.size(), size_t(2));
        const auto arrows = list.all<views::Arrow>();
        QCOMPARE(arrows.size(), size_t(1));
        lines["arrow"].push_back(QLineF(arrows[0]->from, arrows[0]->to));
        for (const auto& [box, id] : list.callouts) {
            for (const auto& [owner, ls] : lines) {
                if (owner == id) continue;
                for (const QLineF& l : ls)
                    for (double k = 0; k <= 1; k += 1.0 / 2000) // every half pixel or closer
                        QVERIFY2(!box.contains(l.pointAt(k)),
                                 qPrintable(QString("%1's line crosses %2's label").arg(owner, id)));
            }
            for (const auto& [other, oid] : list.callouts)
                QVERIFY2(oid == id || !box.intersects(other), qPrintable(id + " covers " + oid));
        }
    }
    void anArrowsShaftIsDrawnAtEveryZoom_data() {
        QTest::addColumn<qint64>("spanNs");
        for (qint64 span :
             std::initializer_list<qint64>{1000 * kMs, 100 * kMs, 10 * kMs, kMs, 100000, 10000, 1000})
            QTest::addRow("%lld ns", static_cast<long long>(span)) << span;
    }
    void anArrowsShaftIsDrawnAtEveryZoom() {
        // issue 19: `export --range 250ms:250.001ms` with the README's arrow (rank 4 at 200 ms → rank 5 at
        // 345 ms) captioned the arrow drawn, yet no shaft showed: its ends were ~10⁸ px outside the picture
        // and the rasterizer dropped the line. The frame holds the part in the plot, and it is painted on
        // the line between its two lanes' middles, at every zoom from 1 s to 1 µs
        QFETCH(qint64, spanNs);
        Frame f;
        f.width = 1600;
        f.summary->endNs = 2000 * kMs;
        f.state.setBounds(0, 2000 * kMs);
        annotate::Annotation a = note("a1", 200 * kMs, "rank 0 waits for it");
        a.kind = annotate::Kind::Arrow;
        a.anchor.lanes = {{0, "Stream 2"}, {1, "Group 0"}};
        a.anchor.toRank = 1;
        a.anchor.toNs = 345 * kMs;
        const int64_t centre = 250 * kMs;
        FrameInput in = f.input(centre - spanNs / 2, centre + spanNs / 2);
        in.annotations = {a};
        const DrawList list = views::FrameBuilder().build(in);
        // independently: the start lane's middle (track 1, rank 0's Stream 2) and the end lane's (track 4,
        // rank 1's Group 0), the shaft 50 of 145 ms along between them at the window's centre
        const auto [s0, s1] = laneRows(in, 1);
        const auto [e0, e1] = laneRows(in, 4);
        const double ys = (s0 + s1) / 2, ye = (e0 + e1) / 2;
        const double yMid = ys + (ye - ys) * 50.0 / 145.0;
        const QRectF plot = in.viewport.plot();
        const auto arrows = list.all<views::Arrow>();
        QCOMPARE(arrows.size(), size_t(1));
        const views::Arrow& shaft = *arrows[0];
        const QRectF inside = plot.adjusted(-1, -1, 1, 1);
        QVERIFY2(inside.contains(shaft.from) && inside.contains(shaft.to),
                 qPrintable(QString("shaft %1,%2 → %3,%4 outside the plot")
                                .arg(shaft.from.x())
                                .arg(shaft.from.y())
                                .arg(shaft.to.x())
                                .arg(shaft.to.y())));
        const double xMid = in.mapping().x(centre);
        QVERIFY(std::min(shaft.from.x(), shaft.to.x()) <= xMid &&
                std::max(shaft.from.x(), shaft.to.x()) >= xMid);
        const double k = (xMid - shaft.from.x()) / (shaft.to.x() - shaft.from.x());
        const double yAt = shaft.from.y() + k * (shaft.to.y() - shaft.from.y());
        QVERIFY2(std::abs(yAt - yMid) < 1.5, qPrintable(QString("shaft at y %1, not %2").arg(yAt).arg(yMid)));
        QVERIFY(list.drawn == std::vector<QString>{"a1"});
        // painted as a picture is: the arrow's colour on that line at the window's centre
        QImage img(in.viewport.width, in.viewport.height, QImage::Format_ARGB32);
        img.fill(Qt::white);
        {
            QPainter p(&img);
            views::paintDrawList(p, list, in.font);
        }
        const QColor ink = views::annotationColor(a);
        int hits = 0;
        for (int y = int(yMid) - 2; y <= int(yMid) + 3; ++y) {
            const QColor px = img.pixelColor(int(xMid), y);
            hits += std::abs(px.red() - ink.red()) + std::abs(px.green() - ink.green()) +
                        std::abs(px.blue() - ink.blue()) <
                    60;
        }
        QVERIFY2(hits > 0, qPrintable(QString("no shaft pixel at x %1 near y %2").arg(int(xMid)).arg(yMid)));
    }
    void aNarrowRangesLabelIsBracketedOverIt() {
        // issue 19, the demo at 800 px: RANGE-B's label, ~7× wider than its ~10 px range, started at the
        // range's left edge and read as naming the data to its right. A label wider than its range is
        // centred on it and a bracket the range's width ties the two: the bracket spans the range exactly,
        // along the label's edge
        Frame f;
        f.width = 800;
        FrameInput in = f.input(0, 200 * kMs);
        const auto rm = in.rankMapping(0);
        annotate::Annotation r = note("a2", 100 * kMs, "RANGE-B over steps");
        r.kind = annotate::Kind::Range;
        r.anchor.t1Ns = 103 * kMs;
        in.annotations = {r};
        const double x0 = rm.x(100 * kMs), x1 = rm.x(103 * kMs);
        QVERIFY(x1 - x0 > 8 && x1 - x0 < 12); // about 10 px: labelled
        const DrawList list = views::FrameBuilder().build(in);
        const auto labels = list.all<views::Callout>();
        QCOMPARE(labels.size(), size_t(1));
        const QRectF box = labels[0]->box;
        QVERIFY(box.width() > 4 * (x1 - x0));
        QVERIFY2(std::abs(box.center().x() - (x0 + x1) / 2) <= 1,
                 qPrintable(
                     QString("label %1..%2, range %3..%4").arg(box.left()).arg(box.right()).arg(x0).arg(x1)));
        const QRgb ink = views::annotationColor(r).rgba();
        bool bracket = false;
        for (const auto* l : list.all<views::Line>())
            if (l->color == ink && std::abs(l->a.y() - l->b.y()) < 0.01 &&
                std::abs(std::min(l->a.x(), l->b.x()) - x0) <= 1 &&
                std::abs(std::max(l->a.x(), l->b.x()) - x1) <= 1 &&
                (std::abs(l->a.y() - box.bottom()) <= 3 || std::abs(l->a.y() - box.top()) <= 3))
                bracket = true;
        QVERIFY2(bracket, "a bracket the range's width along the label");
    }
    void labelsStayAboveTheLaneTheFooterCuts() {
        // walk 48, 800 × 600: an arrow's label, with no room among the others, was held above the footer,
        // on the lane its edge cuts, which the widget blanks: half of it was blanked with the lane. Six
        // notes at two moments over lanes the footer cuts: every label ends above the lanes shown whole
        Frame f;
        f.width = 700;
        FrameInput in = f.input(0, 100 * kMs);
        in.exportMode = false;
        in.viewport.footer = views::kLegendRow;
        const views::Lane& cut = in.layout->lanes()[2];
        in.viewport.height = in.viewport.yOf(cut.y) + cut.height / 2 + in.viewport.footer;
        for (int i = 0; i < 6; ++i)
            in.annotations.push_back(note(("a" + std::to_string(i)).c_str(), (i % 2 ? 30 : 31) * kMs,
                                          ("note " + std::string(1, char('A' + i))).c_str()));
        const int whole = views::FrameBuilder::wholeLanesBottom(in);
        QVERIFY(whole < in.viewport.lanesBottom()); // a lane is cut
        const DrawList list = views::FrameBuilder().build(in);
        QCOMPARE(list.callouts.size(), in.annotations.size());
        for (const auto& [box, id] : list.callouts)
            QVERIFY2(
                box.bottom() <= whole,
                qPrintable(QString("%1 ends at %2, the lanes at %3").arg(id).arg(box.bottom()).arg(whole)));
    }
    void theFootersEdgeCutsNoLane() {
        // walk 47, text/level1 at 800 × 600: the lane above the legend's strip was drawn in part, its label
        // cut through ("Plane 2"), and read as a lane the legend covered. The widget's lanes end at the last
        // one shown whole: from the cut lane's top to the footer every pixel is the lanes' background
        Frame f;
        FrameInput in = f.input(0, 100 * kMs);
        in.exportMode = false;
        in.viewport.footer = views::kLegendRow;
        const auto& lanes = in.layout->lanes();
        QVERIFY(lanes.size() >= 3);
        const views::Lane& cut = lanes[2];
        in.viewport.height = in.viewport.yOf(cut.y) + cut.height / 2 + in.viewport.footer; // cut in half
        const DrawList list = views::FrameBuilder().build(in);
        QImage img(list.size, QImage::Format_ARGB32);
        img.fill(list.background);
        QPainter p(&img);
        views::paintDrawList(p, list, QFont());
        p.end();
        const QColor base(in.palette.base);
        for (int y = in.viewport.yOf(cut.y) + 1; y < in.viewport.lanesBottom(); ++y)
            for (int x = 0; x < in.viewport.width - in.viewport.bar; ++x)
                QVERIFY2(
                    img.pixelColor(x, y) == base,
                    qPrintable(QString("(%1, %2) is %3").arg(x).arg(y).arg(img.pixelColor(x, y).name())));
        // the lane above it is drawn (its label in the gutter)
        const int above = in.viewport.yOf(lanes[1].y) + lanes[1].height / 2;
        bool drawn = false;
        for (int x = 0; x < views::Viewport::kGutter && !drawn; ++x)
            drawn = img.pixelColor(x, above) != img.pixelColor(0, above);
        QVERIFY(drawn);
    }
    void aBoxNarrowerThanItsLabelKeepsItInView() {
        // the README's annotated stall: a 30 px box on one lane, its label drawn inside it, covered the box
        // but a sliver; walk 52b: a label beside its range read as naming the steps next to it; issue 19: one
        // starting at its box's left edge read as naming the data right of it. A label that does not fit is
        // centred on its box (or, at the plot's edge, kept in view there, over it) above, on or below it,
        // leaving the box's body in view; one that fits stays in its corner
        Frame f;
        auto box = [](const char* id, int64_t t0, int64_t t1) {
            annotate::Annotation a;
            a.id = id;
            a.kind = annotate::Kind::Box;
            a.text = "the late AllReduce";
            a.anchor.ranks = {0};
            a.anchor.t0Ns = t0;
            a.anchor.t1Ns = t1;
            return a;
        };
        FrameInput in = f.input(0, 100 * kMs);
        in.annotations = {box("narrow", 40 * kMs, 42 * kMs), box("edge", 97 * kMs, 99 * kMs),
                          box("wide", 10 * kMs, 35 * kMs)};
        const DrawList list = views::FrameBuilder().build(in);
        const auto regions = list.all<views::Region>();
        QCOMPARE(regions.size(), size_t(3));
        QCOMPARE(list.callouts.size(), size_t(3));
        const double pxPerMs = in.mapping().x(kMs) - in.mapping().x(0);
        QVERIFY2(2 * pxPerMs < 60 && 25 * pxPerMs > 200, qPrintable(QString::number(pxPerMs)));
        for (size_t i = 0; i < 3; ++i) {
            const QRectF r = regions[i]->rect;
            const auto& [label, id] = list.callouts[i];
            if (id == "wide") {
                QVERIFY2(r.contains(label), qPrintable(id)); // in its corner, as before
                continue;
            }
            const QString where = QString("%1: label %2,%3 %4x%5, box %6,%7 %8x%9")
                                      .arg(id)
                                      .arg(label.x())
                                      .arg(label.y())
                                      .arg(label.width())
                                      .arg(label.height())
                                      .arg(r.x())
                                      .arg(r.y())
                                      .arg(r.width())
                                      .arg(r.height());
            QVERIFY2(label.left() >= views::Viewport::kGutter && label.right() <= in.viewport.plotRight(),
                     qPrintable(where));
            const bool centred = std::abs(label.center().x() - r.center().x()) < 2;
            const bool heldByTheEdge = std::abs(label.right() - in.viewport.plotRight()) < 2 &&
                                       label.left() < r.left() && label.right() > r.right();
            QVERIFY2(centred || heldByTheEdge, qPrintable(where + " is not centred on its box"));
            // its body stays in view: the label covers a row of it at most
            const QRectF covered = label.intersected(r);
            QVERIFY2(covered.height() <= label.height() && covered.height() < r.height() / 2,
                     qPrintable(where + " covers its box"));
        }
    }
    void hiddenRankDrawsNothing() {
        Frame f;
        f.track(1).items = {item(10 * kMs, 20 * kMs, 1, 2, 1)};
        f.track(3).items = {item(10 * kMs, 20 * kMs, 1, 2, 2)};
        f.track(4).items = {item(10 * kMs, 20 * kMs, 3, 4, 3)};
        views::LayoutOptions o;
        o.onlyRanks = {0};
        f.scene.setLayoutOptions(o);
        const FrameInput in = f.input(0, 100 * kMs);
        QVERIFY(!in.layout->laneOf(3) && !in.layout->laneOf(4));
        QVERIFY(in.rankBlock(1).isNull());
        const DrawList list = views::FrameBuilder().build(in);
        QCOMPARE(list.spanRects, size_t(1)); // rank 0's one span; rank 1's two are not drawn
        const auto [top, bottom] = laneRows(in, 1);
        QVERIFY(spanRects(list)[0].first.top() >= top && spanRects(list)[0].first.bottom() <= bottom);
        // and its wait is not drawn either when only rank 1 is shown
        o.onlyRanks = {1};
        f.scene.setLayoutOptions(o);
        const DrawList built = views::FrameBuilder().build(f.input(0, 100 * kMs));
        for (const auto* fill : built.all<views::FillRect>())
            QVERIFY(fill->color != views::waitColor().rgba());
    }
    void searchHitIsOutlinedAtAnyZoom() {
        // the hit list outlines a span whatever the data is: a raw span, or a merged bucket without span ids
        // (a heatmap-picked NCCL kernel was zoomed to but not outlined when the frame was a LOD one)
        const QRgb yellow = qRgb(255, 200, 0);
        for (bool lod : {false, true}) {
            Frame f;
            f.track(1).items = {lod ? query::DrawItem{30 * kMs, 34 * kMs, 3, 0, 0, 12, 0}
                                    : item(30 * kMs, 34 * kMs, 3, 4, 42)};
            f.scene.setHits({item(30 * kMs, 34 * kMs, 3, 4, 42)}, {1});
            const FrameInput in = f.input(0, 200 * kMs);
            const auto outlines = strokes(views::FrameBuilder().build(in), yellow);
            QCOMPARE(outlines.size(), size_t(1));
            const QRectF span = spanRects(views::FrameBuilder().build(in))[0].first;
            QVERIFY2(outlines[0].contains(span.center()) && outlines[0].width() >= span.width(),
                     lod ? "bucket" : "span");
        }
        // a hit outside the window, or on a lane not laid out, is not outlined
        Frame f;
        f.scene.setHits({item(150 * kMs, 151 * kMs, 3, 4, 42), item(10 * kMs, 11 * kMs, 3, 4, 43)}, {1, 99});
        QVERIFY(strokes(views::FrameBuilder().build(f.input(0, 100 * kMs)), yellow).empty());
    }
    void hitsThatTouchAreOutlinedOnce() {
        // zoomed out, thousands of hits stroke the same pixels: touching ones are one outline per row
        Frame f;
        std::vector<query::DrawItem> hits;
        for (int64_t i = 0; i < 1000; ++i)
            hits.push_back(item(i * 100000, i * 100000 + 50000, 1, 2, i + 1));
        f.track(1).items = hits;
        f.scene.setHits(hits, std::vector<int64_t>(hits.size(), 1));
        QCOMPARE(strokes(views::FrameBuilder().build(f.input(0, 200 * kMs)), qRgb(255, 200, 0)).size(),
                 size_t(1));
    }
    void selectedSpanIsOutlined() {
        Frame f;
        f.track(1).items = {item(10 * kMs, 20 * kMs, 1, 2, 5), item(30 * kMs, 40 * kMs, 1, 2, 6)};
        views::Selection s;
        s.kind = views::Selection::Kind::Span;
        s.spanId = 6;
        s.rank = 0;
        f.state.setSelection(s);
        const FrameInput in = f.input(0, 100 * kMs);
        const auto outlines = strokes(views::FrameBuilder().build(in), views::selectionRingColor().rgba());
        QCOMPARE(outlines.size(), size_t(1));
        QVERIFY(std::abs(outlines[0].center().x() - in.mapping().x(35 * kMs)) < 1);
    }
    void aLinksCollectiveInABucketOfSeveralIsOutlined() {
        // issue 19: far out (hundreds of steps), a link's collective shares a level-of-detail bucket with
        // its neighbours and was outlined only when alone in its bucket. Lane 1: a bucket of three spans
        // holding the link's collective (30-31 ms), a lone bucket of another; row 1: a bucket over the same
        // time without it
        Frame f;
        query::DrawItem merged = item(28 * kMs, 34 * kMs, 1, 2, 0);
        merged.count = 3;
        query::DrawItem other = item(50 * kMs, 52 * kMs, 1, 2, 0);
        query::DrawItem below = item(28 * kMs, 34 * kMs, 1, 2, 0, 1);
        below.count = 2;
        f.track(1).items = {merged, below, other};
        views::Selection s;
        s.kind = views::Selection::Kind::CommLink;
        s.group = "g";
        s.linkSrc = 0;
        s.linkDst = 1;
        struct Collective {
            int64_t spanId, startNs, endNs;
            int32_t depth;
        };
        s.setLinkSpans(std::vector<Collective>{{77, 30 * kMs, 31 * kMs, 0}}, {1});
        f.state.setSelection(s);
        const FrameInput in = f.input(0, 100 * kMs);
        const auto outlines = strokes(views::FrameBuilder().build(in), views::selectionRingColor().rgba());
        QCOMPARE(outlines.size(), size_t(1));
        QVERIFY(std::abs(outlines[0].center().x() - in.mapping().x(31 * kMs)) < 2);
    }
    void aSelectedSpanInABucketIsOutlinedOnItsLaneOnly() {
        // walk 54a: zoomed out, one click on a Notify_Wait outlined the same-extent waits of planes 1-3 too
        // (a bucket of one carries no span id: it was matched by rank and extent). Two lanes of rank 0 with
        // a bucket of one each over the same 30-31 ms; the span selected on lane 2
        Frame f;
        query::DrawItem bucket = item(30 * kMs, 31 * kMs, 1, 2, 0); // no span id: a level-of-detail bucket
        f.track(1).items = {bucket};
        f.track(2).items = {bucket};
        views::Selection s;
        s.kind = views::Selection::Kind::Span;
        s.rank = 0;
        s.spanId = 77;
        s.trackId = 2;
        s.startNs = 30 * kMs;
        s.endNs = 31 * kMs;
        f.state.setSelection(s);
        const FrameInput in = f.input(0, 100 * kMs);
        const auto outlines = strokes(views::FrameBuilder().build(in), views::selectionRingColor().rgba());
        QCOMPARE(outlines.size(), size_t(1));
        const views::Lane* lane = in.layout->laneOf(2);
        QVERIFY(lane);
        const double y = in.viewport.yOf(lane->y);
        QVERIFY2(outlines[0].center().y() > y && outlines[0].center().y() < y + lane->height,
                 qPrintable(QString("ring at y %1, lane 2 at %2..%3")
                                .arg(outlines[0].center().y())
                                .arg(y)
                                .arg(y + lane->height)));
        s.trackId = 0; // a lane not known (a saved view's selection): by rank and extent, as before
        f.state.clearSelection(); // the lane is no part of a selection's key: set anew
        f.state.setSelection(s);
        const FrameInput again = f.input(0, 100 * kMs);
        QCOMPARE(strokes(views::FrameBuilder().build(again), views::selectionRingColor().rgba()).size(),
                 size_t(2));
    }
    void aSelectedStepIsOutlinedOverItsRank() {
        // walk 24 #7: a selected step boxed only its waits (rank 0's 70-75 ms wait in step 1), so the step
        // read as its wait. Its bounds (40-80 ms) are outlined over its rank's block in the selection's ring
        Frame f;
        views::Selection s;
        s.kind = views::Selection::Kind::Step;
        s.step = 1;
        s.rank = 0;
        f.state.setSelection(s);
        const FrameInput in = f.input(0, 200 * kMs);
        const auto outlines = strokes(views::FrameBuilder().build(in), views::selectionRingColor().rgba());
        QCOMPARE(outlines.size(), size_t(1));
        QVERIFY(std::abs(outlines[0].left() - in.mapping().x(40 * kMs)) < 1);
        QVERIFY(std::abs(outlines[0].right() - in.mapping().x(80 * kMs)) < 1);
        const QRectF block = in.rankBlock(0);
        QVERIFY(outlines[0].top() >= block.top() && outlines[0].bottom() <= block.bottom());
    }
    void selectionOutlineStandsOutOnAnySpan_data() {
        QTest::addColumn<int>("name"); // the fixture's string ids: the span's name and its op type
        QTest::addColumn<bool>("dark");
        for (bool dark : {false, true}) {
            const char* theme = dark ? ", dark" : ", light";
            QTest::newRow(qPrintable(QString("MatMulV2") + theme)) << 1 << dark;
            // a kernel in the communication blues
            QTest::newRow(qPrintable(QString("NCCL kernel") + theme)) << 3 << dark;
            QTest::newRow(qPrintable(QString("Cast") + theme)) << 5 << dark;
            QTest::newRow(qPrintable(QString("EVENT_WAIT") + theme)) << 7 << dark;
        }
    }
    void selectionOutlineStandsOutOnAnySpan() {
        // beside the selected span, on its row, some outline pixel contrasts 3:1 (WCAG) with the span and
        // some with the lane around it, on a light and on a dark palette
        QFETCH(int, name);
        QFETCH(bool, dark);
        Frame f;
        f.track(1).items = {item(40 * kMs, 44 * kMs, name, name + (name < 7), 5)}; // ~30 px: no label on it
        views::Selection s;
        s.kind = views::Selection::Kind::Span;
        s.spanId = 5;
        s.rank = 0;
        f.state.setSelection(s);
        FrameInput in = f.input(0, 100 * kMs);
        if (dark) {
            QPalette p;
            for (auto role : {QPalette::Base, QPalette::AlternateBase, QPalette::Window})
                p.setColor(role, QColor(37, 37, 38));
            p.setColor(QPalette::Midlight, QColor(60, 60, 60));
            p.setColor(QPalette::WindowText, QColor(230, 230, 230));
            p.setColor(QPalette::Highlight, QColor(42, 130, 218));
            in.palette = views::FramePalette::from(p);
        }
        const DrawList list = views::FrameBuilder().build(in);
        QImage img(list.size, QImage::Format_RGB32);
        img.fill(list.background);
        {
            QPainter p(&img);
            views::paintDrawList(p, list, in.font);
        }
        const QRectF span = spanRects(list)[0].first;
        const int y = int(span.center().y());
        const QColor spanInk = img.pixelColor(int(span.center().x()), y);
        const QColor lane = img.pixelColor(int(span.right()) + 12, y);
        auto luminance = [](const QColor& c) {
            auto lin = [](double v) { return v <= 0.03928 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4); };
            return 0.2126 * lin(c.redF()) + 0.7152 * lin(c.greenF()) + 0.0722 * lin(c.blueF());
        };
        auto contrast = [&](const QColor& a, const QColor& b) {
            const double la = luminance(a), lb = luminance(b);
            return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
        };
        for (int side : {-1, 1}) { // left and right of the span
            double onSpan = 0, onLane = 0;
            const int edge = side < 0 ? int(std::floor(span.left())) : int(std::ceil(span.right()));
            for (int d = -1; d <= 5; ++d) {
                const QColor px = img.pixelColor(edge + side * d, y);
                onSpan = std::max(onSpan, contrast(px, spanInk));
                onLane = std::max(onLane, contrast(px, lane));
            }
            QVERIFY2(onSpan >= 3 && onLane >= 3, qPrintable(QString("side %1: %2:1 against the span %3, %4:1 "
                                                                    "against the lane %5")
                                                                .arg(side)
                                                                .arg(onSpan)
                                                                .arg(spanInk.name())
                                                                .arg(onLane)
                                                                .arg(lane.name())));
        }
    }
    void spanNamesAtAnyZoom_data() {
        QTest::addColumn<int>("lodLevel"); // -1: raw spans
        QTest::addColumn<qint64>("count"); // spans in the item (1: one span)
        QTest::addColumn<qint64>("spanId");
        QTest::addColumn<qint64>("fromMs");
        QTest::addColumn<qint64>("toMs");
        QTest::addColumn<double>("labelFromMs"); // where the name is written (equal ends: nowhere)
        QTest::addColumn<double>("labelToMs");
        // 1200 px frame of 200 ms: 1 ms ≈ 7 px once the gutter is taken; a label needs 36 px
        QTest::newRow("raw span") << -1 << qint64(1) << qint64(5) << qint64(10) << qint64(70) << 10.0 << 70.0;
        // trace_filter's 57.9 ms SendRecv at a 78 ms window is a level-0 bucket of one span, without a span
        // id: it was drawn unnamed (walk 23 #1)
        QTest::newRow("bucket of one, level 0")
            << 0 << qint64(1) << qint64(0) << qint64(10) << qint64(70) << 10.0 << 70.0;
        QTest::newRow("bucket of one, level 2")
            << 2 << qint64(1) << qint64(0) << qint64(10) << qint64(70) << 10.0 << 70.0;
        // merged (level 2: 16.384 ms buckets): its longest span's name where that span certainly is, one
        // bucket width in from either end
        QTest::newRow("merged bucket, long")
            << 2 << qint64(12) << qint64(0) << qint64(10) << qint64(90) << 26.384 << 73.616;
        // no more than two bucket widths: which span covers what is not known
        QTest::newRow("merged bucket, short")
            << 2 << qint64(12) << qint64(0) << qint64(10) << qint64(40) << 0.0 << 0.0;
        QTest::newRow("span too narrow for a name")
            << -1 << qint64(1) << qint64(5) << qint64(10) << qint64(14) << 0.0 << 0.0;
    }
    void spanNamesAtAnyZoom() {
        QFETCH(int, lodLevel);
        QFETCH(qint64, count);
        QFETCH(qint64, spanId);
        QFETCH(qint64, fromMs);
        QFETCH(qint64, toMs);
        QFETCH(double, labelFromMs);
        QFETCH(double, labelToMs);
        Frame f;
        f.data->lodLevel = lodLevel;
        f.track(2).items = {query::DrawItem{fromMs * kMs, toMs * kMs, 3, 4, 0, count, spanId}};
        const FrameInput in = f.input(0, 200 * kMs);
        const auto labels = spanLabels(in, 2);
        if (labelFromMs == labelToMs) {
            QVERIFY2(labels.empty(), labels.empty() ? "" : qPrintable(labels[0].first));
            return;
        }
        QCOMPARE(labels.size(), size_t(1));
        QVERIFY(labels[0].first.startsWith("ncclKernel_AllReduce"));
        const QRectF r = labels[0].second;
        const double x0 = in.mapping().x(int64_t(labelFromMs * kMs)),
                     x1 = in.mapping().x(int64_t(labelToMs * kMs));
        QVERIFY2(r.left() >= x0 - 0.01 && r.left() <= x0 + 3 && r.right() <= x1 + 0.01 && r.right() >= x1 - 3,
                 qPrintable(QString("%1 … %2 vs %3 … %4").arg(r.left()).arg(r.right()).arg(x0).arg(x1)));
    }
    void aKernelSignatureSpanIsNamedByItsFunction() {
        // hta's kernels on the timeline read "void at::native::(anonymous nam…" (cut at their end, as
        // every other label): a C++ signature now keeps its function's name, as `rankscope stats` prints it
        Frame f;
        f.summary->strings.push_back(
            "void at::native::(anonymous namespace)::CatArrayBatchedCopy<float, "
            "unsigned int, 3, 128, 1>(at::native::(anonymous namespace)::OpaqueType<4>*, "
            "at::native::(anonymous namespace)::CatArrInputTensorMetadata<float, "
            "unsigned int, 128, 1>, int, int)"); // id 8
        test::classifyAsIndexed(*f.summary);
        f.track(1).items = {item(10 * kMs, 50 * kMs, 8, 8, 1)}; // ~280 px
        const auto labels = spanLabels(f.input(0, 200 * kMs), 1);
        QCOMPARE(labels.size(), size_t(1));
        QVERIFY2(labels[0].first.startsWith("CatArrayBatchedCopy"), qPrintable(labels[0].first));
        const QFontMetrics fm(views::fontFor(views::FontRole::Small, QFont()));
        QVERIFY(fm.horizontalAdvance(labels[0].first) <= labels[0].second.width());
    }
    void opTypeSelectionDimsOthersById() {
        // MatMulV2 selected on rank 0: MatMul spans (and a MatMul-named bucket without an op type) keep their
        // colour; Cast spans, and rank 1's MatMul, are dimmed
        Frame f;
        f.track(1).items = {item(10 * kMs, 20 * kMs, 1, 2, 1),
                            item(30 * kMs, 40 * kMs, 5, 6, 2),
                            {50 * kMs, 60 * kMs, 1, 0, 0, 9, 0}};
        f.track(3).items = {item(10 * kMs, 20 * kMs, 1, 2, 3)};
        views::Selection s;
        s.kind = views::Selection::Kind::OpType;
        s.opType = "MatMulV2";
        s.rank = 0;
        f.state.setSelection(s);
        const FrameInput in = f.input(0, 100 * kMs);
        const auto rank1 = laneRows(in, 3);
        int bright = 0, dim = 0;
        for (const auto& [r, c] : spanRects(views::FrameBuilder().build(in))) {
            const bool matmulOnRank0 = r.top() < rank1.first && (r.center().x() < in.mapping().x(25 * kMs) ||
                                                                 r.center().x() > in.mapping().x(45 * kMs));
            QCOMPARE(qAlpha(c), matmulOnRank0 ? 255 : 45);
            (matmulOnRank0 ? bright : dim)++;
        }
        QCOMPARE(bright, 2);
        QCOMPARE(dim, 2);
    }
    void collectiveIsCommunicationOnAnyLane() {
        // a Kineto NCCL kernel on a compute stream: in the communication hues the legend shows, not a compute
        // green; a MatMul beside it keeps its compute colour
        Frame f;
        f.track(1).items = {item(10 * kMs, 20 * kMs, 3, 4, 1), item(30 * kMs, 40 * kMs, 1, 2, 2)};
        const FrameInput in = f.input(0, 100 * kMs);
        const auto rects = spanRects(views::FrameBuilder().build(in));
        QCOMPARE(rects.size(), size_t(2));
        for (const auto& [r, c] : rects) {
            const bool nccl = r.center().x() < in.mapping().x(25 * kMs);
            const QColor want =
                views::colorForOpType(nccl ? "ncclKernel_AllReduce_RING_LL_Sum_float" : "MatMulV2", nccl);
            QCOMPARE(c, want.rgba());
            if (nccl) QVERIFY2(want.hue() >= 200 && want.hue() <= 280, qPrintable(want.name()));
        }
    }
    void runtimeTaskIsNeitherComputeNorCommunication() {
        // an EVENT_WAIT on a compute stream (Ascend's runtime waiting): the runtime-task grey the legend
        // shows, not a compute hue — a device waiting must not look busy
        checkRuntimeGrey(1, 7, item(95 * kMs, 99 * kMs, 1, 2, 2), views::colorForOpType("MatMulV2", false));
    }
    void waitTaskIsRuntimeGreyOnACommunicationPlane() {
        // walk18a #5: the demo's step-11 stall drew planes 1-3's 100 ms Notify_Wait tasks in the
        // communication blue, read as transfers during the stall; a wait task is no transfer on any lane
        checkRuntimeGrey(2, 8, item(95 * kMs, 99 * kMs, 3, 4, 2),
                         views::colorForOpType("ncclKernel_AllReduce_RING_LL_Sum_float", true));
    }
    void cutFilesTailIsMarkedNotIdle() {
        // walk18a #1: rank 0's file was cut; its lane's events stop at 40 ms while the rank runs to 200 ms.
        // From 40 ms on the lane is cross-hatched (pixels), named in its tooltip with file and byte, and the
        // legend keys the hatch; rank 1's lanes, whole, stay blank there
        Frame f;
        f.track(1).items = {item(10 * kMs, 40 * kMs, 1, 2, 1)};
        f.summary->unreadTails = {{1, 0, 40 * kMs, 200 * kMs, "trace_view.json", 4242}};
        FrameInput in = f.input(0, 100 * kMs);
        const DrawList list = views::FrameBuilder().build(in);
        QImage img(list.size, QImage::Format_ARGB32);
        img.fill(Qt::white);
        {
            QPainter p(&img);
            views::paintDrawList(p, list, QFont());
        }
        const QRgb ink = views::unreadColor().rgb();
        auto inked = [&](int64_t track, int64_t t0, int64_t t1) {
            const auto [top, bottom] = laneRows(in, track);
            int n = 0;
            for (int x = int(in.mapping().x(t0)) + 2; x < int(in.mapping().x(t1)) - 2; ++x)
                for (int y = int(top) + 2; y < int(bottom) - 2; ++y)
                    n += img.pixel(x, y) == ink;
            return n;
        };
        QVERIFY2(inked(1, 45 * kMs, 100 * kMs) > 200,
                 qPrintable(QString::number(inked(1, 45 * kMs, 100 * kMs))));
        QCOMPARE(inked(1, 10 * kMs, 38 * kMs), 0); // the spans read are drawn as they are
        QCOMPARE(inked(3, 45 * kMs, 100 * kMs), 0);
        const views::TimelineHit h =
            views::hitTest(in, QPointF(in.mapping().x(70 * kMs), laneRows(in, 1).first + 4));
        QVERIFY(h.unread);
        const QString tip = views::tooltipFor(in, h);
        QVERIFY2(tip.contains("trace_view.json was cut at byte 4242") && tip.contains("not read"),
                 qPrintable(tip));
        in.exportMode = false; // the widget's footer: its legend keys the hatch
        bool keyed = false;
        const DrawList withFooter = views::FrameBuilder().build(in);
        for (const auto* t : withFooter.all<views::Text>())
            keyed |= t->text == "not read (file cut)";
        QVERIFY(keyed);
    }
    void waitsComeFromTheWindow() {
        Frame f;
        const QRgb red = views::waitColor().rgba();
        auto reds = [&](const DrawList& l) {
            int n = 0;
            for (const auto* fill : l.all<views::FillRect>())
                n += fill->color == red;
            return n;
        };
        QVERIFY(reds(views::FrameBuilder().build(f.input(60 * kMs, 80 * kMs))) > 0); // rank 0's header
        QCOMPARE(reds(views::FrameBuilder().build(f.input(100 * kMs, 120 * kMs))), 0);
        // waits off: none
        f.scene.setShowWaits(false);
        QCOMPARE(reds(views::FrameBuilder().build(f.input(60 * kMs, 80 * kMs))), 0);
        // a 10 ns window inside the 5 ms wait: its fill is clipped to the plot, not billions of px wide
        f.scene.setShowWaits(true);
        const FrameInput in = f.input(72 * kMs, 72 * kMs + 10);
        const DrawList built = views::FrameBuilder().build(in);
        for (const auto* fill : built.all<views::FillRect>())
            if (fill->color == red)
                QVERIFY(fill->rect.left() >= views::Viewport::kGutter - 5 &&
                        fill->rect.right() <= in.viewport.plotRight() + 5);
    }
    // walk 51: a healthy run's collective with five short wait pieces, seen over the whole run, read as
    // wholly hatched wait: each piece under a pixel was widened to 2 px and the pieces merged across the
    // collective. Pieces under a pixel are drawn faint (alpha by the share of their drawn width they
    // measure); the same pieces zoomed in, and the fixture's 5 ms wait at any zoom, in the full colour.
    void subPixelWaitsAreDrawnFaint() {
        Frame f;
        query::WaitDesc proto = f.summary->waits.front();
        f.summary->waits.clear();
        for (int i = 0; i < 5; ++i) { // 0.1 ms each, 0.5 ms apart, from 70 ms: ~0.6 px each over 200 ms
            query::WaitDesc w = proto;
            w.startNs = 70 * kMs + i * kMs / 2;
            w.durNs = kMs / 10;
            w.blamedArrivalNs = w.startNs + w.durNs;
            f.summary->waits.push_back(w);
        }
        f.scene.setSummary(f.summary);
        const QRgb red = views::waitColor().rgb();
        // the alphas of the wait's solid fills on rank 0's header
        auto headerAlphas = [&](const FrameInput& in) {
            std::vector<int> out;
            const QRectF block = in.rankBlock(0);
            const DrawList built = views::FrameBuilder().build(in);
            for (const auto* fill : built.all<views::FillRect>())
                if ((fill->color | 0xff000000u) == red && fill->hatch == views::Hatch::None &&
                    fill->rect.top() < block.top() + in.options.headerHeight)
                    out.push_back(qAlpha(fill->color));
            return out;
        };
        const auto whole = headerAlphas(f.input(0, 200 * kMs));
        QVERIFY(!whole.empty());
        for (int a : whole)
            QVERIFY2(a < 128, qPrintable(QString("alpha %1 at the whole run").arg(a)));
        const auto zoomed = headerAlphas(f.input(69 * kMs, 73 * kMs)); // each piece ~33 px
        QCOMPARE(int(zoomed.size()), 5);
        for (int a : zoomed)
            QCOMPARE(a, 255);
    }
    // a wait's dashed link to the late rank is drawn where the wait is at least 2 px long as measured, not
    // as widened to stay visible: zoomed out, every thin wait drew one (about 700 links over the 1 GB
    // bench profile's whole run) and nobody can follow them
    void blameLinkOnlyForWaitsLongEnoughToRead() {
        Frame f;
        f.summary->waits.front().durNs = kMs / 10; // 0.1 ms at 70 ms, blamed on rank 1
        auto links = [](const DrawList& l) {
            int n = 0;
            for (const auto* line : l.all<views::Line>())
                n += line->dashed;
            return n;
        };
        // the whole 200 ms over ~1 100 px: the wait is ~0.55 px, drawn 2 px wide, no link
        QCOMPARE(links(views::FrameBuilder().build(f.input(0, 200 * kMs))), 0);
        // 69–72 ms: the wait is ~37 px, linked to rank 1
        QCOMPARE(links(views::FrameBuilder().build(f.input(69 * kMs, 72 * kMs))), 1);
        // walk 51b: ten such waits 0.2 ms apart are one run ~11 px wide at the whole run, each still ~0.55
        // px: no link (the app at Fit linked nearly every collective of the healthy demo)
        const query::WaitDesc one = f.summary->waits.front();
        f.summary->waits.clear();
        for (int i = 0; i < 10; ++i) {
            query::WaitDesc w = one;
            w.startNs += i * kMs / 5;
            f.summary->waits.push_back(w);
        }
        f.scene.setSummary(f.summary);
        QCOMPARE(links(views::FrameBuilder().build(f.input(0, 200 * kMs))), 0);
    }
    /// The band fills' left edges over `rank`'s block.
    static std::vector<double> bandStarts(const FrameInput& in, int rank) {
        std::vector<double> starts;
        const QRectF block = in.rankBlock(rank);
        const DrawList built = views::FrameBuilder().build(in);
        for (const auto* fill : built.all<views::FillRect>())
            if (fill->color == in.palette.stepBand() && fill->rect.top() == block.top() &&
                fill->rect.height() == block.height())
                starts.push_back(fill->rect.left());
        std::sort(starts.begin(), starts.end());
        return starts;
    }
    void stepBandsEveryOtherStep() {
        Frame f;
        const FrameInput in = f.input(0, 200 * kMs);
        const auto starts = bandStarts(in, 0);
        QCOMPARE(starts.size(), size_t(3)); // steps 0, 2, 4 of five (0–40, 80–120, 160–200 ms)
        QVERIFY(std::abs(starts[1] - in.mapping().x(80 * kMs)) < 1);
    }
    void eachRanksBandsAreItsOwnSteps() {
        // ranks' steps differ (cluster_propose: ranks 2/3's step 1 starts 0.2 s before rank 0's); rank 0's
        // bands over every lane drew a boundary the other ranks do not have. Rank 1's steps here are 20 ms
        // later than rank 0's: over its own block its bands start at 20, 100 and 180 ms, rank 0's at 0, 80
        // and 160 ms; filtered to rank 1, still its own
        Frame f;
        for (auto& st : f.summary->steps)
            if (st.rank == 1) st.startNs += 20 * kMs, st.endNs = std::min(st.endNs + 20 * kMs, 200 * kMs);
        f.scene.setSummary(f.summary);
        const FrameInput both = f.input(0, 200 * kMs);
        for (auto [rank, ms] : {std::pair{0, 80}, std::pair{1, 100}}) {
            const auto starts = bandStarts(both, rank);
            QCOMPARE(starts.size(), size_t(3));
            QVERIFY2(std::abs(starts[1] - both.mapping().x(ms * kMs)) < 1,
                     qPrintable(QString("rank %1: %2").arg(rank).arg(starts[1])));
        }
        views::LayoutOptions o = f.scene.layoutOptions();
        o.filter = "rank 1";
        f.scene.setLayoutOptions(o);
        const FrameInput one = f.input(0, 200 * kMs);
        const auto starts = bandStarts(one, 1);
        QCOMPARE(starts.size(), size_t(3));
        QVERIFY2(std::abs(starts[1] - one.mapping().x(100 * kMs)) < 1,
                 qPrintable(QString::number(starts[1])));
    }
    void aStepNameCoversEveryRanksStep() {
        // cluster_propose: ranks 2/3's step 1 starts ~220 ms before rank 0's, and the ruler named rank 0's
        // step 1 only, so ranks 2/3's first 220 ms lay under no name. Here rank 1's step 1 starts at 10 ms
        // (rank 0's at 40 ms): "Step 1" starts where rank 1's does and says the ranks' bounds differ; step
        // 3, alike on both ranks, is named plainly at 120 ms
        Frame f;
        for (auto& st : f.summary->steps)
            if (st.rank == 1 && st.step == 0)
                st.endNs = 10 * kMs;
            else if (st.rank == 1 && st.step == 1)
                st.startNs = 10 * kMs;
        f.scene.setSummary(f.summary);
        const FrameInput in = f.input(0, 200 * kMs);
        QMap<QString, double> at; // label → its left edge
        const DrawList built = views::FrameBuilder().build(in);
        for (const auto* t : built.all<views::Text>())
            if (t->rect.top() == views::FrameBuilder::kStepRow && t->rect.left() > views::Viewport::kGutter)
                at[t->text] = t->rect.left();
        QVERIFY2(at.contains("Step 1 (bounds differ by rank)"), qPrintable(at.keys().join(" | ")));
        QVERIFY(std::abs(at["Step 1 (bounds differ by rank)"] - (in.mapping().x(10 * kMs) + 3)) < 1);
        QVERIFY(at.contains("Step 3"));
        QVERIFY(std::abs(at["Step 3"] - (in.mapping().x(120 * kMs) + 3)) < 1);
    }
    /// The ruler's step names of a built frame, by their left edge.
    static std::map<double, QString> stepNames(const DrawList& built) {
        std::map<double, QString> out;
        for (const auto* t : built.all<views::Text>())
            if (t->rect.top() == views::FrameBuilder::kStepRow && t->rect.left() > views::Viewport::kGutter)
                out[t->rect.left()] = t->text;
        return out;
    }
    /// Steps 1-9 of one rank after another, each 8 ms but step 5 (8.4 ms), and the px per ms at which
    /// "Step 5" fits step 5 alone (`fitsAll` false) or every "Step N" fits its 8 ms (true).
    static double nineStepsScale(Frame& f, bool fitsAll, const QFontMetricsF& fm) {
        f.summary->steps.clear();
        for (int r : {0, 1}) { // by rank, then start, as the summary has them
            int64_t t = 0;
            for (int64_t n = 1; n <= 9; ++n) {
                const int64_t len = n == 5 ? 8400 * 1000 : 8 * kMs;
                f.summary->steps.push_back({r, n, t, t + len, false, "", {}, 0, {}});
                t += len;
            }
        }
        f.scene.setSummary(f.summary);
        double widest = 0; // the room a "Step N" label takes (the builder's 6 px of padding)
        for (int n = 1; n <= 9; ++n)
            widest = std::max(widest, fm.horizontalAdvance(QString("Step %1").arg(n)) + 6);
        return fitsAll ? widest / 7.5 : (fm.horizontalAdvance("Step 5") + 6) / 8.2;
    }
    void stepNamesShareOneForm_data() {
        QTest::addColumn<bool>("fitsAll");
        QTest::addColumn<bool>("narrow");
        QTest::newRow("step 5 a little longer, the others too short: every step 'N'") << false << false;
        QTest::newRow("every step has room: every step 'Step N'") << true << false;
        // shots46: steps of 12-24 px had no name at all under a fixed 30 px minimum, though "3" fits
        QTest::newRow("narrow steps with room for 'N' only: every step 'N'") << false << true;
    }
    void stepNamesShareOneForm() {
        // walk 27: the demo's whole run at 1600 px read "1 2 3 4 Step 5 6 7": its step 5 (13.71 ms) was the
        // longest of steps 1-10 (13.55-13.69 ms), and "Step 5" fitted that one alone
        QFETCH(bool, fitsAll);
        QFETCH(bool, narrow);
        Frame f;
        const QFontMetricsF fm(views::fontFor(views::FontRole::Axis, QFont()));
        double pxPerMs = nineStepsScale(f, fitsAll, fm);
        if (narrow) { // each 8 ms step 1.4 × the room a digit takes, and under the former 30 px minimum
            pxPerMs = (fm.horizontalAdvance("8") + 6) * 1.4 / 8;
            QVERIFY(8 * pxPerMs < 30);
        }
        const FrameInput probe = f.input(0, 100 * kMs);
        const double plot = probe.mapping().width;
        const FrameInput in = f.input(0, int64_t(plot / pxPerMs * kMs));
        if (!fitsAll && !narrow) // what makes the row worth something: only step 5 has room for "Step 5"
            QVERIFY(8 * pxPerMs < fm.horizontalAdvance("Step 4") + 6 &&
                    8.4 * pxPerMs >= fm.horizontalAdvance("Step 5") + 6);
        const auto names = stepNames(views::FrameBuilder().build(in));
        QStringList texts;
        for (const auto& [x, t] : names)
            texts << t;
        QVERIFY2(texts.size() == 9, qPrintable(texts.join(" | ")));
        for (int n = 1; n <= 9; ++n)
            QCOMPARE(texts[n - 1], fitsAll ? QString("Step %1").arg(n) : QString::number(n));
    }
    /// Rank 1's step 1 starts `earlierNs` before rank 0's (at 40 ms); the frame of [0, `windowNs`] at
    /// `width` px.
    static FrameInput stepOneApart(Frame& f, int64_t earlierNs, int64_t windowNs, int width) {
        for (auto& st : f.summary->steps)
            if (st.rank == 1 && st.step == 0)
                st.endNs = 40 * kMs - earlierNs;
            else if (st.rank == 1 && st.step == 1)
                st.startNs = 40 * kMs - earlierNs;
        f.scene.setSummary(f.summary);
        f.width = width;
        return f.input(0, windowNs);
    }
    /// The hatched fills of the names row (the ranks' bounds apart), as [left, right] px.
    static std::vector<std::pair<double, double>> spreadHatches(const DrawList& built) {
        std::vector<std::pair<double, double>> out;
        for (const auto* r : built.all<views::FillRect>())
            if (r->hatch != views::Hatch::None && r->rect.bottom() <= views::Viewport::kAxis)
                out.push_back({r->rect.left(), r->rect.right()});
        return out;
    }
    void ranksApartShowAtAnyZoom_data() {
        QTest::addColumn<int64_t>("earlierNs");
        QTest::addColumn<int>("width");
        QTest::addColumn<bool>("apart"); // the starts ≥ 2 px apart on screen
        // 1 px per ms: step 1 (40 ms, 70 with rank 1's) has room for "1 ≠", never for the words
        QTest::newRow("30 ms apart, no room for words") << int64_t(30 * kMs) << 370 << true;
        QTest::newRow("30 ms apart, room for words") << int64_t(30 * kMs) << 1200 << true;
        QTest::newRow("2 µs apart: one boundary at this scale") << int64_t(2000) << 370 << false;
    }
    void ranksApartShowAtAnyZoom() {
        // walk 27: at Fit, cluster_propose's step 1 (ranks starting 2.19 s apart) was named "1", the bounds
        // note dropped for want of room; the words where they fit, else a "≠", and the names row hatched
        // between the ranks' starts whenever they lie apart on screen
        QFETCH(int64_t, earlierNs);
        QFETCH(int, width);
        QFETCH(bool, apart);
        Frame f;
        const FrameInput in = stepOneApart(f, earlierNs, 200 * kMs, width);
        const DrawList built = views::FrameBuilder().build(in);
        const auto names = stepNames(built);
        const auto one = std::find_if(names.begin(), names.end(), [](const auto& n) {
            return n.second == "1" || n.second.startsWith("1 ") || n.second.startsWith("Step 1");
        });
        QVERIFY2(one != names.end(), "step 1 named");
        const bool marked = one->second.contains(QString::fromUtf8("≠")) || one->second.contains("differ");
        QVERIFY2(marked == apart, qPrintable(one->second));
        // step 0's ends and step 1's starts: each from rank 1's to rank 0's
        const auto hatches = spreadHatches(built);
        QCOMPARE(hatches.size(), size_t(apart ? 2 : 0));
        for (const auto& [left, right] : hatches) {
            QVERIFY(std::abs(left - in.mapping().x(40 * kMs - earlierNs)) < 1);
            QVERIFY(std::abs(right - in.mapping().x(40 * kMs)) < 1);
        }
    }
    void theSpreadHatchKeepsTheStepNameReadableOnADarkTheme() {
        // walk 47 #6, cluster_propose at Fit in the dark theme: the hatch between the ranks' starts ran
        // through the step's name, and its red (an outlier step) stood at 2.7:1 on the dark ruler. No hatch
        // pixel under the name, and the name at 4.5:1 at least on the ruler, light theme or dark
        for (const bool dark : {true, false}) {
            Frame f;
            for (auto& st : f.summary->steps)
                if (st.rank == 0 && st.step == 1) st.outlier = true; // "Step 1 ⚠ …" in red
            FrameInput in = stepOneApart(f, 30 * kMs, 200 * kMs, 1200);
            in.palette =
                views::FramePalette::from(dark ? views::darkPalette() : views::themePalette("light"));
            const DrawList built = views::FrameBuilder().build(in);
            QVERIFY(!spreadHatches(built).empty());
            const auto texts = built.all<views::Text>();
            const auto name = std::find_if(texts.begin(), texts.end(),
                                           [](const views::Text* t) { return t->text.startsWith("Step 1"); });
            QVERIFY(name != texts.end());
            const views::Text& t = **name;
            QVERIFY2(t.text.contains(QChar(0x26A0)), qPrintable(t.text));
            QVERIFY2(contrast(t.color, in.palette.window) >= 4.5,
                     qPrintable(QString("%1 on %2: %3")
                                    .arg(QColor(t.color).name(), QColor(in.palette.window).name())
                                    .arg(contrast(t.color, in.palette.window))));
            QImage img(built.size, QImage::Format_ARGB32);
            img.fill(built.background);
            QPainter p(&img);
            views::paintDrawList(p, built, QFont());
            p.end();
            const QFontMetricsF fm(views::fontFor(views::FontRole::Axis, QFont()));
            const QRectF under(t.rect.left(), t.rect.top(), fm.horizontalAdvance(t.text), t.rect.height());
            int hatch = 0;
            for (int y = int(under.top()); y < int(under.bottom()); ++y)
                for (int x = int(under.left()); x < int(under.right()); ++x)
                    hatch += img.pixel(x, y) == in.palette.mid;
            QVERIFY2(hatch == 0, qPrintable(QString("%1 hatch pixels under \"%2\"").arg(hatch).arg(t.text)));
        }
    }
    /// WCAG contrast ratio of two colours (1 to 21).
    static double contrast(QRgb a, QRgb b) {
        auto lum = [](QRgb c) {
            auto ch = [](int v) {
                const double s = v / 255.0;
                return s <= 0.03928 ? s / 12.92 : std::pow((s + 0.055) / 1.055, 2.4);
            };
            return 0.2126 * ch(qRed(c)) + 0.7152 * ch(qGreen(c)) + 0.0722 * ch(qBlue(c));
        };
        const double la = lum(a), lb = lum(b);
        return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
    }
    void stepLabelKeepsTheMarkAtEveryWidth() {
        // the "≠" goes before the word "Step" and before the outlier's words, never before the ⚠ itself
        const QFontMetricsF fm(views::fontFor(views::FontRole::Axis, QFont()));
        const QString ne = QString::fromUtf8("≠");
        for (double w = 20; w < 500; w += 3) {
            for (const std::vector<int>& outliers : {std::vector<int>{}, std::vector<int>{2, 3}}) {
                const QString l = views::FrameBuilder::stepLabel(1, outliers, fm, w, true);
                if (fm.horizontalAdvance("1 " + ne) + 6 <= w)
                    QVERIFY2(l.contains(ne) || l.contains("bounds differ by rank"), qPrintable(l));
                if (!outliers.empty() &&
                    fm.horizontalAdvance(QString::fromUtf8("Step 1 ⚠ ranks 2, 3 ≠")) + 6 <= w)
                    QVERIFY2(l.contains(QChar(0x26A0)), qPrintable(l));
            }
        }
        // cluster_propose's step 1, an outlier on ranks 2 and 3, with room: both said
        QCOMPARE(views::FrameBuilder::stepLabel(1, {2, 3}, fm, 1000, true),
                 QString::fromUtf8("Step 1 ⚠ outlier on ranks 2, 3 (bounds differ by rank)"));
    }
    void stepTooltipGivesEachRanksBounds() {
        // the ruler's step name has a tooltip: the step, each shown rank's start, end and duration. Rank 1's
        // step 1 runs 10-80 ms, rank 0's 40-80 ms (the fixture's 40 ms steps)
        Frame f;
        const FrameInput in = stepOneApart(f, 30 * kMs, 200 * kMs, 1200);
        const DrawList built = views::FrameBuilder().build(in);
        const auto hit = std::find_if(built.stepNames.begin(), built.stepNames.end(), [&](const auto& n) {
            return n.first.contains(in.mapping().x(20 * kMs), 6);
        });
        QVERIFY(hit != built.stepNames.end());
        QCOMPARE(hit->second, int64_t(1));
        const QString tip = views::FrameBuilder::stepTooltip(in, 1);
        QVERIFY2(tip.contains("<b>Step 1</b>"), qPrintable(tip));
        for (auto [rank, startMs, durMs] : {std::tuple{0, 40, 40}, std::tuple{1, 10, 70}})
            QVERIFY2(tip.contains(QString("rank %1: %2 … %3 (%4)")
                                      .arg(rank)
                                      .arg(views::formatOffset(startMs * kMs, 1000),
                                           views::formatOffset(80 * kMs, 1000),
                                           views::formatDuration(durMs * kMs))),
                     qPrintable(tip));
        QVERIFY2(tip.contains("starts 30.0 ms apart"), qPrintable(tip));
    }
    void theWholeTraceIsNoStepOnTheRuler_data() {
        QTest::addColumn<bool>("whole");
        QTest::addColumn<QString>("label");
        // walk 28: run_2/normal_run has no usable step mark; the report counts 0 steps (+1 whole trace) and
        // the ruler read "Step 0"
        QTest::newRow("a rank's whole trace") << true << "Whole trace (no step marks)";
        QTest::newRow("a marked step 0") << false << "Step 0";
    }
    void theWholeTraceIsNoStepOnTheRuler() {
        QFETCH(bool, whole);
        QFETCH(QString, label);
        Frame f;
        f.summary->steps.clear();
        const auto band = whole ? model::WallSource::WholeTrace : model::WallSource::TraceMarkers;
        for (int r : {0, 1})
            f.summary->steps.push_back(test::bandedStep(r, 0, 0, 200 * kMs, band));
        f.scene.setSummary(f.summary);
        const FrameInput in = f.input(0, 200 * kMs);
        QStringList names;
        const DrawList built = views::FrameBuilder().build(in);
        for (const auto* t : built.all<views::Text>()) // the step names, right of the gutter's "window …"
            if (t->rect.top() == views::FrameBuilder::kStepRow && t->rect.left() > views::Viewport::kGutter)
                names << t->text;
        QCOMPARE(names, QStringList{label});
        // and the ruler's tooltip over it
        const QString tip = views::FrameBuilder::stepTooltip(in, 0);
        QVERIFY2(tip.startsWith(whole ? "<b>Whole trace</b>" : "<b>Step 0</b>"), qPrintable(tip));
    }
    void aWholeTraceBesideStepsSpreadsNoStep() {
        // walk 30: rank 0 marks steps 0-3 (50 ms each), rank 1 has no step marks (its whole trace, 0-200 ms,
        // is the index's step 0). The ruler read "Step 0 ≠" hatched over the whole window and every other
        // step "≠": a whole trace is no step to measure a step's bounds against. Steps 0-3 are named as rank
        // 0 marks them, nothing is hatched, and step 0's tooltip gives rank 0's step alone
        Frame f;
        f.summary->steps.clear();
        for (int64_t s = 0; s < 4; ++s)
            f.summary->steps.push_back(
                test::bandedStep(0, s, s * 50 * kMs, (s + 1) * 50 * kMs, model::WallSource::TraceMarkers));
        f.summary->steps.push_back(test::bandedStep(1, 0, 0, 200 * kMs, model::WallSource::WholeTrace));
        f.scene.setSummary(f.summary);
        const FrameInput in = f.input(0, 200 * kMs);
        const DrawList built = views::FrameBuilder().build(in);
        QStringList names;
        for (const auto* t : built.all<views::Text>())
            if (t->rect.top() == views::FrameBuilder::kStepRow && t->rect.left() > views::Viewport::kGutter)
                names << t->text;
        QCOMPARE(names, (QStringList{"Step 0", "Step 1", "Step 2", "Step 3"}));
        QCOMPARE(spreadHatches(built).size(), size_t(0));
        const QString tip = views::FrameBuilder::stepTooltip(in, 0);
        QVERIFY2(tip.startsWith("<b>Step 0</b>") && tip.contains("rank 0:") && !tip.contains("rank 1:"),
                 qPrintable(tip));
    }
    void stepLabelsNeverRunTogether() {
        // walk 11: on ns_resolution_trace "Step 101" and "Step 102" ran together on the ruler. Steps of 8 ms
        // (~40 px in a 200 ms window) numbered from 101: every label drawn fits its step, none overlaps the
        // next
        Frame f;
        f.summary->steps.clear();
        for (int r : {0, 1})
            for (int64_t i = 0; i < 25; ++i)
                f.summary->steps.push_back(
                    {r, 101 + i, i * 8 * kMs, (i + 1) * 8 * kMs, false, "", {}, 0, {}});
        f.scene.setSummary(f.summary);
        const FrameInput in = f.input(0, 200 * kMs);
        const QFontMetricsF fm(views::fontFor(views::FontRole::Axis, in.font));
        std::vector<std::pair<double, double>> spans; // [x, x + text width) of each step label
        const DrawList built = views::FrameBuilder().build(in);
        for (const auto* t : built.all<views::Text>())
            if (t->rect.top() == views::FrameBuilder::kStepRow && t->rect.left() > views::Viewport::kGutter)
                spans.push_back({t->rect.left(), t->rect.left() + fm.horizontalAdvance(t->text)});
        QVERIFY(spans.size() >= 20); // labelled, shorter ("101") where "Step 101" does not fit
        std::sort(spans.begin(), spans.end());
        for (size_t i = 1; i < spans.size(); ++i)
            QVERIFY2(spans[i - 1].second <= spans[i].first,
                     qPrintable(QString("label %1 ends at %2, the next starts at %3")
                                    .arg(i - 1)
                                    .arg(spans[i - 1].second)
                                    .arg(spans[i].first)));
    }
    void rulerTicksStayOutOfTheStepNames() {
        // cluster_propose (walk 20b, c08z.png): the major ticks ran up through "Step 2" and "Step 5". Over
        // windows of every zoom, no tick line meets a step name's text
        const QFontMetricsF fm(views::fontFor(views::FontRole::Axis, QFont()));
        int under = 0; // ticks whose x lies under a step name (what makes the check worth something)
        for (int64_t shift = 0; shift < 40 * kMs; shift += 3 * kMs) {
            Frame f; // steps starting off the ticks' round times, as real steps do
            for (auto& s : f.summary->steps)
                s.startNs += shift, s.endNs += shift;
            f.scene.setSummary(f.summary);
            const FrameInput in = f.input(0, 200 * kMs);
            const DrawList built = views::FrameBuilder().build(in);
            std::vector<QRectF> names;
            for (const auto* t : built.all<views::Text>())
                if (t->rect.top() == views::FrameBuilder::kStepRow &&
                    t->rect.left() > views::Viewport::kGutter && t->text.contains("Step"))
                    names.push_back(
                        QRectF(t->rect.left(), t->rect.top(), fm.horizontalAdvance(t->text), fm.height()));
            QVERIFY(!names.empty());
            for (const auto* l : built.all<views::Line>()) {
                if (l->a.x() != l->b.x() || std::max(l->a.y(), l->b.y()) > views::Viewport::kAxis ||
                    l->a.x() < views::Viewport::kGutter)
                    continue; // not a tick
                const double top = std::min(l->a.y(), l->b.y()), bottom = std::max(l->a.y(), l->b.y());
                for (const QRectF& n : names) {
                    if (l->a.x() < n.left() || l->a.x() > n.right()) continue;
                    ++under;
                    QVERIFY2(top >= n.bottom() || bottom <= n.top(),
                             qPrintable(QString("tick at x %1 (y %2-%3) crosses a step name (y %4-%5)")
                                            .arg(l->a.x())
                                            .arg(top)
                                            .arg(bottom)
                                            .arg(n.top())
                                            .arg(n.bottom())));
                }
            }
        }
        QVERIFY(under > 0);
    }
    void outlierStepLabelNamesItsRanks() {
        // cluster_propose: the ruler's band and label are the first rank's step, but "Step 3 ⚠ outlier" stood
        // there when another rank's step 3 was the outlier (issue 19). Rank 1's step 2 and both ranks' step
        // 4 are outliers; rank 0's step 2 is typical
        Frame f;
        for (auto& s : f.summary->steps)
            s.outlier = (s.rank == 1 && s.step == 2) || s.step == 4;
        f.scene.setSummary(f.summary);
        const FrameInput in = f.input(0, 200 * kMs);
        std::map<double, QString> labels; // by x
        const DrawList built = views::FrameBuilder().build(in);
        for (const auto* t : built.all<views::Text>())
            if (t->rect.top() == views::FrameBuilder::kStepRow && t->rect.left() > views::Viewport::kGutter)
                labels[t->rect.left()] = t->text;
        QCOMPARE(labels.size(), size_t(5));
        QStringList texts;
        for (const auto& [x, t] : labels)
            texts << t;
        QCOMPARE(texts[0], QString("Step 0"));
        QVERIFY2(texts[2].startsWith(QString::fromUtf8("Step 2 ⚠")) && texts[2].endsWith("rank 1"),
                 qPrintable(texts[2])); // "Step 2 ⚠ outlier on rank 1" where it fits
        QCOMPARE(texts[3], QString("Step 3"));
        QVERIFY2(texts[4].startsWith(QString::fromUtf8("Step 4 ⚠")) && texts[4].endsWith("ranks 0, 1"),
                 qPrintable(texts[4]));
        // narrower: a ⚠ only with the rank beside it, never a bare claim over the first rank's band
        const QFontMetricsF fm(views::fontFor(views::FontRole::Axis, in.font));
        for (double w = 20; w < 300; w += 4) {
            const QString l = views::FrameBuilder::stepLabel(2, {5}, fm, w);
            QVERIFY(fm.horizontalAdvance(l) + 6 <= w);
            if (l.contains(QChar(0x26A0))) QVERIFY2(l.contains("r5") || l.contains("rank 5"), qPrintable(l));
        }
        QCOMPARE(views::FrameBuilder::stepLabel(2, {}, fm, 300), QString("Step 2"));
    }
    void warmupOutlierIsNamedAsTheReportNamesIt() {
        // r49d #3: cluster_propose's step 1 of ranks 2 and 3, their first steps, read "⚠ outlier" on the
        // ruler where the report lists "1 (warm-up outlier)". Here rank 1's step 0 is its warm-up and an
        // outlier, both ranks' step 4 steady outliers
        Frame f;
        for (auto& s : f.summary->steps) {
            s.outlier = (s.rank == 1 && s.step == 0) || s.step == 4;
            s.warmup = s.step == 0;
        }
        f.scene.setSummary(f.summary);
        const FrameInput in = f.input(0, 100 * kMs);
        QStringList texts;
        const DrawList built = views::FrameBuilder().build(in);
        for (const auto* t : built.all<views::Text>())
            if (t->rect.top() == views::FrameBuilder::kStepRow && t->rect.left() > views::Viewport::kGutter)
                texts << t->text;
        QVERIFY2(texts.contains(QString::fromUtf8("Step 0 ⚠ warm-up outlier on rank 1")),
                 qPrintable(texts.join(" | ")));
        const QString tip = views::FrameBuilder::stepTooltip(in, 0);
        QVERIFY2(tip.contains(
                     QString::fromUtf8("⚠ warm-up outlier on rank 1: the rank's first step, left out of its "
                                       "typical step")),
                 qPrintable(tip));
        QVERIFY2(!views::FrameBuilder::stepTooltip(in, 4).contains("warm-up"),
                 "a steady outlier is no warm-up");
        const QFontMetricsF fm(views::fontFor(views::FontRole::Axis, in.font));
        QCOMPARE(views::FrameBuilder::stepLabel(4, {0, 1}, fm, 1000),
                 QString::fromUtf8("Step 4 ⚠ outlier on ranks 0, 1"));
    }
    void aWarmupKeepsItsKindBeforeItsRankList() {
        // r50d #1: at a 640 px window the demo's step 1 read "Step 1 ⚠ ranks 2, 3 ≠" and lost "warm-up
        // outlier", the report's word for it: the rank list's words and "Step" are shortened first. At every
        // width a ⚠ fits beside its ranks, the kind is said and the "≠" kept
        const QFontMetricsF fm(views::fontFor(views::FontRole::Axis, QFont()));
        const QString ne = QString::fromUtf8("≠");
        const double room = fm.horizontalAdvance(QString::fromUtf8("Step 1 ⚠ ranks 2, 3 ≠")) + 6;
        for (double w = room; w < 600; w += 2) {
            const QString l = views::FrameBuilder::stepLabel(1, {2, 3}, fm, w, true, false, true);
            QVERIFY2(l.contains("warm-up") && l.contains(QChar(0x26A0)) && l.contains("2") && l.contains("3"),
                     qPrintable(QString("%1 px: %2").arg(w).arg(l)));
            QVERIFY2(l.contains(ne) || l.contains("bounds differ by rank"), qPrintable(l));
            QVERIFY(fm.horizontalAdvance(l) + 6 <= w);
        }
        QCOMPARE(views::FrameBuilder::stepLabel(1, {2, 3}, fm, 1000, true, false, true),
                 QString::fromUtf8("Step 1 ⚠ warm-up outlier on ranks 2, 3 (bounds differ by rank)"));
    }
    void aSteadyOutlierKeepsItsKindBeforeItsRankList() {
        // r51b #3: at a 640 px window the demo's step 11, an outlier on all 8 ranks, read "Step 11 ⚠ 8
        // ranks": the word that says what the mark is went first. At every width a ⚠ is drawn, "outlier" and
        // the ranks are said beside it (a ⚠ without its ranks stood over ranks whose step was typical: issue
        // 19); "Step" and "on" go first, so from the room of "11 ⚠ outlier, 8 ranks" on the mark is drawn
        const QFontMetricsF fm(views::fontFor(views::FontRole::Axis, QFont()));
        const std::vector<int> all{0, 1, 2, 3, 4, 5, 6, 7};
        // walk 51b: in a 640 px app window step 11 is ~100 px, short of "11 ⚠ outlier, 8 ranks": the mark
        // went (and its red); "11 ⚠ outlier ×8" counts the ranks in fewer characters
        const double room = fm.horizontalAdvance(QString::fromUtf8("11 ⚠ outlier ×8")) + 6;
        for (bool differ : {false, true})
            for (double w = 10; w < 600; w += 2) {
                const QString l = views::FrameBuilder::stepLabel(11, all, fm, w, differ);
                const QString at = QString("%1 px: %2").arg(w).arg(l);
                if (l.contains(QChar(0x26A0)))
                    QVERIFY2(l.contains("outlier") &&
                                 (l.contains("8 ranks") || l.contains(QString::fromUtf8("×8"))),
                             qPrintable(at));
                if (!differ && w >= room) QVERIFY2(l.contains(QChar(0x26A0)), qPrintable(at));
                QVERIFY(fm.horizontalAdvance(l) + 6 <= w || l.isEmpty());
            }
        // one rank and a few ranks keep the kind too: the ranks shortened before it
        for (const std::vector<int>& ranks : {std::vector<int>{5}, std::vector<int>{2, 3}})
            for (double w = 10; w < 400; w += 2) {
                const QString l = views::FrameBuilder::stepLabel(4, ranks, fm, w);
                if (l.contains(QChar(0x26A0))) QVERIFY2(l.contains("outlier"), qPrintable(l));
            }
        QCOMPARE(views::FrameBuilder::stepLabel(11, all, fm, 1000),
                 QString::fromUtf8("Step 11 ⚠ outlier on 8 ranks"));
    }
    void markedAreaOnItsLanesOnly() {
        Frame f;
        views::MarkedArea a;
        a.t0 = 20 * kMs;
        a.t1 = 60 * kMs;
        a.trackIds = {1, 3}; // the compute lanes of ranks 0 and 1
        a.ranks = {0, 1};
        f.state.setArea(a);
        FrameInput in = f.input(0, 200 * kMs);
        auto fills = [&](const FrameInput& fi) {
            std::vector<QRectF> out;
            const DrawList list = views::FrameBuilder().build(fi); // outlives the pointers into it
            for (const auto* r : list.all<views::FillRect>())
                if (r->color == qRgba(255, 190, 40, 90)) out.push_back(r->rect);
            return out;
        };
        auto rects = fills(in);
        QCOMPARE(rects.size(), size_t(2));
        for (int64_t track : {1, 3}) {
            const auto [top, bottom] = laneRows(in, track);
            const bool found = std::any_of(rects.begin(), rects.end(), [&](const QRectF& r) {
                return std::abs(r.top() - top) < 1 && std::abs(r.bottom() - bottom) < 1 &&
                       std::abs(r.left() - in.mapping().x(20 * kMs)) < 1 &&
                       std::abs(r.right() - in.mapping().x(60 * kMs)) < 1;
            });
            QVERIFY2(found, qPrintable(QString("lane %1").arg(track)));
        }
        // marked on the aligned axis, shown on the ranks' own clocks: rank 1 runs 5 ms ahead, so its part
        // of the area is at its own 25–65 ms
        f.summary->clockOffsetNs[1] = 5 * kMs;
        a.aligned = true;
        f.state.setArea(a);
        in = f.input(0, 200 * kMs);
        rects = fills(in);
        QCOMPARE(rects.size(), size_t(2));
        const auto [top3, bottom3] = laneRows(in, 3);
        const bool shifted = std::any_of(rects.begin(), rects.end(), [&](const QRectF& r) {
            return std::abs(r.top() - top3) < 1 && std::abs(r.left() - in.mapping().x(25 * kMs)) < 1;
        });
        QVERIFY(shifted);
        f.state.clearArea();
        QVERIFY(fills(f.input(0, 200 * kMs)).empty());
    }
    void counterSamplesOutsideTheRunAreSaidOnTheLane() {
        // walk 24: 6 of level1 rank 0's 13 HBM samples lie 100.5…0.6 ms before its first span, outside the
        // run's range, and nothing said so. A hand-made Kineto trace: spans over 1000…2000 µs, "util"
        // samples at 100, 500 and 900 µs (before the first span), 1500 (inside) and 2500 µs (after the
        // last): 3 before, the first 900 µs before the run's start, 1 after, 1500 µs from the start
        const std::string dir = test::tempDir("outside-samples");
        auto c = [](int ts) {
            return "{\"ph\":\"C\",\"name\":\"util\",\"pid\":0,\"tid\":0,\"ts\":" + std::to_string(ts) +
                   ",\"args\":{\"value\":" + std::to_string(ts / 100) + "}}";
        };
        test::writeFile(
            dir + "/rank-0.pt.trace.json",
            "{\"traceEvents\":[{\"ph\":\"X\",\"cat\":\"cpu_op\",\"name\":\"a\",\"pid\":0,\"tid\":1,"
            "\"ts\":1000,\"dur\":400},{\"ph\":\"X\",\"cat\":\"cpu_op\",\"name\":\"b\",\"pid\":0,"
            "\"tid\":1,\"ts\":1600,\"dur\":400}," +
                c(100) + "," + c(500) + "," + c(900) + "," + c(1500) + "," + c(2500) + "]}");
        auto ix = test::indexDir(dir);
        QVERIFY2(ix.result.ok, ix.result.error.c_str());
        auto summary = std::make_shared<query::ProfileSummary>(query::loadSummary(*ix.db));
        QCOMPARE(summary->endNs - summary->startNs, 1000 * int64_t(1000)); // the spans' range
        const auto counter = std::find_if(summary->tracks.begin(), summary->tracks.end(),
                                          [](const query::TrackDesc& t) { return t.kind == "counter"; });
        QVERIFY(counter != summary->tracks.end());
        QCOMPARE(counter->outside.before, int64_t(3));
        QCOMPARE(counter->outside.firstNs, -900 * int64_t(1000));
        QCOMPARE(counter->outside.after, int64_t(1));
        QCOMPARE(counter->outside.lastNs, 1500 * int64_t(1000));
        // the lane says so while the window reaches the run's start or end, each part at its end
        views::InteractionState state;
        views::TimelineScene scene;
        scene.setSummary(summary);
        views::LayoutOptions o = scene.layoutOptions();
        o.hiddenKinds.erase("counter"); // View ▸ Show counter lanes
        scene.setLayoutOptions(o);
        state.setBounds(summary->startNs, summary->endNs);
        auto note = [&](int64_t t0, int64_t t1) {
            state.setWindow(t0, t1);
            scene.setData(std::make_shared<query::TimelineData>(
                query::loadTimeline(*ix.db, scene.request(t0, t1, 1000, 0, scene.fullHeight()))));
            views::Viewport vp;
            vp.width = 1200;
            vp.height = scene.fullHeight();
            const FrameInput in = scene.frame(vp, state, nullptr, QPalette(), QFont());
            const auto [top, bottom] = laneRows(in, counter->trackId);
            QStringList out;
            const DrawList list = views::FrameBuilder().build(in);
            for (const auto* t : list.all<views::Text>())
                if (t->text.startsWith("outside") && t->rect.top() >= top && t->rect.bottom() <= bottom)
                    out << t->text;
            return out;
        };
        const int64_t a = summary->startNs, b = summary->endNs, us = 1000;
        const QString before = "3 samples before it (from " + views::formatOffset(-900 * us, 1000) + ")",
                      after = "1 sample after it (to " + views::formatOffset(1500 * us, 1000) + ")";
        QCOMPARE(note(a, b), QStringList{"outside the run: " + before + ", " + after});
        QCOMPARE(note(a, a + 300 * us), QStringList{"outside the run: " + before});
        QCOMPARE(note(b - 300 * us, b), QStringList{"outside the run: " + after});
        QCOMPARE(note(a + 300 * us, b - 300 * us), QStringList{});
    }
    void aPercentLaneSaysPercentOnItsScale() {
        // walk 24: "Hit Rate(%)" lanes read "in view ≤ 0.927"; their importers now keep percent, and the
        // scale of a lane named in percent says % (another counter lane's keeps its bare number)
        Frame f;
        f.summary->tracks.push_back({5, 0, "counter", "LLC 0 Read/Hit Rate/Hit Rate(%)", "LLC", 0, 3, 5});
        f.summary->tracks.push_back({6, 0, "counter", "HBM 0/Read/Read(MB/s)", "HBM", 0, 3, 6});
        f.scene.setSummary(f.summary);
        views::LayoutOptions o = f.scene.layoutOptions();
        o.hiddenKinds.erase("counter");
        f.scene.setLayoutOptions(o);
        f.data->tracks.push_back({5, {}});
        f.data->tracks.push_back({6, {}});
        f.data->counters.push_back({5, {{0, 87.5}, {100 * kMs, 92.7}}, 92.7, false, std::nullopt});
        f.data->counters.push_back({6, {{0, 25.2}}, 25.2, false, std::nullopt});
        const FrameInput in = f.input(0, 200 * kMs);
        QStringList scales;
        const DrawList list = views::FrameBuilder().build(in);
        for (const auto* t : list.all<views::Text>())
            if (t->text.startsWith("in view")) scales << t->text;
        scales.sort();
        QCOMPARE(scales,
                 (QStringList{QString::fromUtf8("in view ≤ 25.2"), QString::fromUtf8("in view ≤ 92.7 %")}));
    }
    void memoryScaleIsDrawnOverTheWaitsLinks() {
        // walk 21: the memory lane's "in view ≤ 3.75 GiB" was drawn before the waits, under their fill and
        // dashed links to the late rank: grey on red, crossed by dashes. Now after them, on a plate.
        Frame f;
        f.summary->tracks.push_back({5, 0, "memory", "Memory", "", 0, 10, 2});
        f.scene.setSummary(f.summary);
        f.data->tracks.push_back({5, {}});
        f.data->counters.push_back(
            {5, {{0, 1.0 * (1 << 30)}, {100 * kMs, 3.75 * (1 << 30)}}, 3.75 * (1 << 30), true, 150 * kMs});
        const FrameInput in = f.input(60 * kMs, 90 * kMs); // the wait at 70-75 ms, blamed on rank 1
        const DrawList list = views::FrameBuilder().build(in);
        int label = -1, lastDashed = -1;
        for (size_t i = 0; i < list.items.size(); ++i) {
            if (const auto* t = std::get_if<views::Text>(&list.items[i]); t && t->text.startsWith("in view"))
                label = int(i);
            if (const auto* l = std::get_if<views::Line>(&list.items[i]); l && l->dashed) lastDashed = int(i);
        }
        QVERIFY(label > 0);
        QVERIFY2(lastDashed >= 0, "the wait draws its dashed link");
        QVERIFY2(label > lastDashed, "the scale is drawn over the links");
        const auto& text = std::get<views::Text>(list.items[size_t(label)]);
        QCOMPARE(text.text, QString::fromUtf8("in view ≤ 3.75 GiB"));
        QCOMPARE(text.color, in.palette.windowText);
        const auto* plate = std::get_if<views::FillRect>(&list.items[size_t(label) - 1]);
        QVERIFY2(plate && plate->rect.contains(text.rect), "a plate under the text");
        const auto [top, bottom] = laneRows(in, 5);
        QVERIFY(text.rect.top() >= top && text.rect.bottom() <= bottom);
        // off the plot's right edge (the lanes' scroll bar is there: r43c saw the text touch it): the ink's
        // right end at least 4 px inside, and the plate clear of the edge
        const double advance =
            QFontMetricsF(views::fontFor(views::FontRole::Small, in.font)).horizontalAdvance(text.text);
        const double inkRight = (text.flags & Qt::AlignHCenter) ? text.rect.center().x() + advance / 2
                                : (text.flags & Qt::AlignRight) ? text.rect.right()
                                                                : text.rect.left() + advance;
        QVERIFY2(inkRight <= in.viewport.plotRight() - 4, qPrintable(QString::number(inkRight)));
        QVERIFY(plate->rect.right() <= in.viewport.plotRight() - 2);
    }
    void cappedLaneSaysHowManyLevelsItShows() {
        Frame f;
        f.summary->tracks[0].maxDepth = 9;
        f.scene.setSummary(f.summary);
        auto texts = [&](const FrameInput& in) {
            QStringList out;
            const DrawList list = views::FrameBuilder().build(in);
            for (const auto* t : list.all<views::Text>())
                out << t->text;
            return out;
        };
        QVERIFY(texts(f.input(0, 200 * kMs)).contains(QString::fromUtf8("▸ 3 of 10 levels")));
        views::LayoutOptions o = f.scene.layoutOptions();
        o.expandedTracks = {1};
        f.scene.setLayoutOptions(o);
        const QStringList all = texts(f.input(0, 200 * kMs));
        QVERIFY(all.contains(QString::fromUtf8("▾ all 10 levels")));
        QVERIFY(!all.filter("of 10 levels").size());
    }
    void expandedLaneHatchesLevelsTheLodDoesNotHold() {
        // zoomed out (LOD buckets) an expanded lane's rows below kLodDepths are unknown: hatched under the
        // last summarised level's spans, never blank; zoomed in (raw spans) the nested span itself is drawn
        Frame f;
        f.summary->tracks[0].maxDepth = 5;
        f.scene.setSummary(f.summary);
        views::LayoutOptions o = f.scene.layoutOptions();
        o.expandedTracks = {1};
        f.scene.setLayoutOptions(o);
        const int deep = model::kLodDepths - 1;
        f.track(1).items = {item(20 * kMs, 60 * kMs, 1, 2, 0, deep)};
        f.data->lodLevel = 2;
        FrameInput in = f.input(0, 200 * kMs);
        const auto [top, bottom] = laneRows(in, 1);
        std::vector<QRectF> hatched;
        const DrawList zoomedOut = views::FrameBuilder().build(in); // alive while its items are read
        for (const auto* r : zoomedOut.all<views::FillRect>())
            if (r->hatch != views::Hatch::None && r->rect.top() >= top && r->rect.bottom() <= bottom)
                hatched.push_back(r->rect);
        QCOMPARE(hatched.size(), size_t(1));
        const double x20 = in.rankMapping(0).x(20 * kMs), x60 = in.rankMapping(0).x(60 * kMs);
        QVERIFY2(std::abs(hatched[0].left() - x20) < 1.5 && std::abs(hatched[0].right() - x60) < 1.5,
                 qPrintable(QString("%1 … %2 vs %3 … %4")
                                .arg(hatched[0].left())
                                .arg(hatched[0].right())
                                .arg(x20)
                                .arg(x60)));
        const double rowH = double(bottom - top - 3) / 6;
        QVERIFY(hatched[0].top() >= top + model::kLodDepths * rowH);
        // raw spans: no hatch, the deep span is a span rect in its own row
        f.track(1).items.push_back(item(30 * kMs, 40 * kMs, 1, 2, 9, 4));
        f.data->lodLevel = -1;
        in = f.input(0, 200 * kMs);
        const DrawList raw = views::FrameBuilder().build(in);
        for (const auto* r : raw.all<views::FillRect>())
            QVERIFY(!(r->hatch == views::Hatch::BDiag && r->rect.top() >= top && r->rect.bottom() <= bottom));
        bool deepDrawn = false;
        for (const auto& [r, c] : spanRects(raw))
            deepDrawn |= r.top() >= top + 4 * rowH && r.bottom() <= bottom;
        QVERIFY(deepDrawn);
    }
    void indexWithoutLanesSaysWhy() {
        // a cluster index has ranks (their steps, waits, findings) and no track: the empty plot says why
        auto texts = [](Frame& f) {
            const DrawList list = views::FrameBuilder().build(f.input(0, 200 * kMs));
            QStringList out;
            for (const auto* t : list.all<views::Text>())
                out << t->text;
            return out;
        };
        Frame f;
        f.summary->tracks.clear();
        f.scene.setSummary(f.summary);
        f.summary->unreadRanks = {0};
        const QStringList none = texts(f);
        QVERIFY2(none.filter("No lane to draw").size() == 1, qPrintable(none.join(" | ")));
        QVERIFY(none.filter("cluster index").size() == 1);
        // walk 12: a run of summary files only (no shard anywhere) was told about shards
        f.summary->unreadRanks.clear();
        const QStringList plain = texts(f);
        QVERIFY2(plain.filter("No lane to draw").size() == 1, qPrintable(plain.join(" | ")));
        QVERIFY(plain.filter("cluster index").isEmpty());
        Frame g; // with lanes, no such text
        QVERIFY(texts(g).filter("No lane to draw").isEmpty());
        // walk 16: a run with no step either (resource/profiler's framework_raw_1.csv alone) was sent to the
        // Steps table, empty for it: what the run holds is said, and where to go instead
        f.summary->steps.clear();
        query::RunDesc own, other;
        own.run = 4;
        own.files = {"mindspore-legacy-framework (1 file, 10 records)"};
        other.run = 0;
        f.summary->runs = {other, own};
        f.summary->run = 4;
        const QStringList bare = texts(f);
        QVERIFY2(bare.filter("Steps table").isEmpty(), qPrintable(bare.join(" | ")));
        QVERIFY2(bare.filter("no timed event and no step. Its files: mindspore-legacy-framework (1 file, 10 "
                             "records).")
                         .size() == 1,
                 qPrintable(bare.join(" | ")));
        QVERIFY(bare.filter("choose another run in the toolbar or View ▸ Run").size() == 1);
    }
    void oneEmptyStateTextAtATime() {
        // walk15b #5: a run without lanes under a track filter drew "No track matches" over "No lane to
        // draw", both centred; the filter hides nothing there, so only the second is said
        Frame f;
        f.summary->tracks.clear();
        f.scene.setSummary(f.summary);
        views::LayoutOptions o = f.scene.layoutOptions();
        o.filter = "Stream"; // hides the rank headers too: no lane at all
        f.scene.setLayoutOptions(o);
        const FrameInput in = f.input(0, 200 * kMs);
        QVERIFY(in.layout->lanes().empty());
        const DrawList list = views::FrameBuilder().build(in);
        QStringList texts;
        for (const auto* t : list.all<views::Text>())
            texts << t->text;
        QVERIFY2(texts.filter("No lane to draw").size() == 1, qPrintable(texts.join(" | ")));
        QVERIFY2(texts.filter("No track matches").isEmpty(), qPrintable(texts.join(" | ")));
    }
    void aFilterOfRanksNotShownSaysTheRanksShown() {
        // walk 54a: under a saved view of rank 0 only, a slow link's track filter "rank 1, rank 5" left the
        // timeline blank, and the text blamed the filter's form (its own suggestion had the same form)
        Frame f;
        views::LayoutOptions o = f.scene.layoutOptions();
        o.onlyRanks = {0};
        o.filter = "rank 1";
        f.scene.setLayoutOptions(o);
        const FrameInput in = f.input(0, 200 * kMs);
        QVERIFY(in.layout->lanes().empty());
        QStringList texts;
        const DrawList list = views::FrameBuilder().build(in);
        for (const auto* t : list.all<views::Text>())
            texts << t->text;
        QVERIFY2(
            texts.filter("No track matches \"rank 1\" among the ranks the timeline shows (rank 0, as the "
                         "saved view chose)")
                    .size() == 1,
            qPrintable(texts.join(" | ")));
        o.onlyRanks.clear(); // every rank shown: the filter matches rank 1's lanes
        f.scene.setLayoutOptions(o);
        QVERIFY(!f.input(0, 200 * kMs).layout->lanes().empty());
    }
    void buildsTheSameFrameOnAnotherThread() {
        Frame f;
        f.track(1).items = {item(10 * kMs, 20 * kMs, 1, 2, 1), item(30 * kMs, 40 * kMs, 5, 6, 2)};
        f.track(2).items = {item(70 * kMs, 76 * kMs, 3, 4, 3)};
        f.scene.setHits({item(30 * kMs, 40 * kMs, 5, 6, 2)}, {1});
        const FrameInput in = f.input(0, 100 * kMs);
        const DrawList here = views::FrameBuilder().build(in);
        DrawList there;
        std::thread worker([&] { there = views::FrameBuilder().build(in); });
        worker.join();
        QCOMPARE(there.items.size(), here.items.size());
        QCOMPARE(there.spanRects, here.spanRects);
        QCOMPARE(spanRects(there), spanRects(here));
        QCOMPARE(strokes(there, qRgb(255, 200, 0)), strokes(here, qRgb(255, 200, 0)));
    }
};

QTEST_MAIN(TstFrameBuilder)
#include "tst_framebuilder.moc"
