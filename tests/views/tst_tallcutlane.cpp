// A tall lane the footer's edge cuts stays drawn (walk 57 #1). The widget blanks a lane the footer cuts so
// a label cut through does not read as a lane the legend covered (walk 47); an expanded lane of 30 levels
// is taller than half the screen, and blanking it left the screen white from its top down: its spans, its
// name and every annotation over it gone, while File ▸ Export image drew them. A lane whose name is shown
// whole is drawn to the footer; a lane whose name the edge cuts is still blanked. And every row of an
// expanded lane is drawn: rows 8 and deeper shared row 7's slot, and a span there of row 7's colour
// widened row 7's rect instead of being drawn.
#include "tests/support/timelinefixture.h"
#include "views/timeline/framebuilder.h"
#include "views/timeline/framepainter.h"
#include "views/timeline/timelinelegend.h"

#include <QPainter>
#include <QtTest>

using namespace rs;
using test::item;
using test::kMs;

namespace {
/// Rank 1's compute lane (track 3) made 30 levels deep and expanded, with a span on every level.
void makeTall(test::TimelineFixture& f) {
    f.summary->tracks[2].maxDepth = 29;
    f.scene.setSummary(f.summary);
    views::LayoutOptions o = f.scene.layoutOptions();
    o.expandedTracks = {3};
    f.scene.setLayoutOptions(o);
    for (int d = 0; d < 30; ++d)
        f.track(3).items.push_back(item(20 * kMs, 60 * kMs, 1, 2, 100 + d, d));
}

QImage paint(const views::DrawList& list) {
    QImage img(list.size, QImage::Format_ARGB32);
    img.fill(list.background);
    QPainter p(&img);
    views::paintDrawList(p, list, QFont());
    return img;
}

/// Pixels in rows [y0, y1) at x that are not the lanes' background.
int inked(const QImage& img, int x, int y0, int y1, QRgb base) {
    int n = 0;
    for (int y = y0; y < y1; ++y)
        n += img.pixel(x, y) != base;
    return n;
}
} // namespace

class TstTallCutLane : public QObject {
    Q_OBJECT

  private Q_SLOTS:
    void aTallLaneCutByTheFooterIsDrawn() {
        test::TimelineFixture f;
        makeTall(f);
        // the footer's edge cuts the lane's last three rows; the lanes' band holds the whole lane
        // (scrolling could show it whole: the rule that blanked it)
        const views::Lane* lane = f.input(0, 200 * kMs).layout->laneOf(3);
        QVERIFY(lane);
        QVERIFY2(lane->height >= 30 * 13, qPrintable(QString::number(lane->height)));
        f.height = views::Viewport().yOf(lane->y) + lane->height - 40 + views::kLegendRow;
        views::FrameInput in = f.input(0, 200 * kMs);
        in.exportMode = false;
        in.viewport.footer = views::kLegendRow;
        lane = in.layout->laneOf(3);
        QVERIFY(lane->height <= in.viewport.lanesBottom() - in.viewport.lanesTop());
        QCOMPARE(views::FrameBuilder::wholeLanesBottom(in), in.viewport.lanesBottom());
        const views::DrawList list = views::FrameBuilder().build(in);
        const QImage img = paint(list);
        const int x = int(in.mapping().x(40 * kMs));
        const int top = in.viewport.yOf(lane->y);
        // every whole row the lanes' band shows has its span
        const int rows = (in.viewport.lanesBottom() - top) / 13;
        QVERIFY(rows >= 10);
        for (int r = 0; r < rows; ++r)
            QVERIFY2(inked(img, x, top + r * 13 + 2, top + r * 13 + 11, in.palette.base) > 0,
                     qPrintable(QString("row %1 of the cut lane is blank").arg(r)));
        // and its name is in the gutter
        bool named = false;
        for (const auto* t : list.all<views::Text>())
            named |= t->text == lane->label && t->rect.top() >= top - 1 && t->rect.top() < top + 4;
        QVERIFY2(named, qPrintable(lane->label));
    }
    void aLaneWhoseLabelTheEdgeCutsIsStillBlanked() {
        // rank 1's three-row lane with the footer's edge 20 px into it: its label block (name, and the
        // levels line when it has one) is not whole, so the lane is blanked as before
        test::TimelineFixture f;
        f.summary->tracks[2].maxDepth = 5; // "▸ 3 of 6 levels" under its name
        f.scene.setSummary(f.summary);
        views::FrameInput in = f.input(0, 200 * kMs);
        in.exportMode = false;
        in.viewport.footer = views::kLegendRow;
        const views::Lane* lane = in.layout->laneOf(3);
        QVERIFY(lane);
        QVERIFY(lane->height > 28);
        in.viewport.height = in.viewport.yOf(lane->y) + 20 + in.viewport.footer;
        QCOMPARE(views::FrameBuilder::wholeLanesBottom(in), in.viewport.yOf(lane->y));
    }
};

QTEST_MAIN(TstTallCutLane)
#include "tst_tallcutlane.moc"
