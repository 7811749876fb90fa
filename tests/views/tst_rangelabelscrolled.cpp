// A range's label never stands on another rank's lanes when its own are scrolled out of view (walk 57 #3):
// with rank 0 scrolled off the top — its last lane's bottom at the lanes' top edge, nothing of it shown — the
// label of rank 0's range "range two" was placed under its (empty) visible part, on Rank 1's header row,
// with no shading, and read as rank 1's annotation. Partly shown, its label stays on what is shown.
#include "core/annotate/annotation.h"
#include "tests/support/timelinefixture.h"
#include "views/timeline/framebuilder.h"

#include <QtTest>

using namespace rs;
using test::kMs;

namespace {
annotate::Annotation rangeOnRank0() {
    annotate::Annotation a;
    a.id = "a2";
    a.kind = annotate::Kind::Range;
    a.text = "range two";
    a.anchor.view = annotate::Surface::Timeline;
    a.anchor.ranks = {0};
    a.anchor.t0Ns = 60 * kMs;
    a.anchor.t1Ns = 120 * kMs;
    return a;
}

/// Content y of rank 1's header row.
int rank1Top(const views::FrameInput& in) {
    for (const auto& l : in.layout->lanes())
        if (l.header && l.rank == 1) return l.y;
    return -1;
}
} // namespace

class TstRangeLabelScrolled : public QObject {
    Q_OBJECT

  private Q_SLOTS:
    void noLabelWhenItsRankIsScrolledOff_data() {
        QTest::addColumn<int>("shownPx"); // rows of rank 0 still in view above rank 1
        QTest::newRow("none shown") << 0;
        QTest::newRow("one pixel") << 1;
    }
    void noLabelWhenItsRankIsScrolledOff() {
        QFETCH(int, shownPx);
        test::TimelineFixture f;
        views::FrameInput in = f.input(0, 200 * kMs);
        in.annotations = {rangeOnRank0()};
        const int top = rank1Top(in);
        QVERIFY(top > 0);
        in.viewport.scroll = top - shownPx;
        const views::DrawList list = views::FrameBuilder().build(in);
        for (const auto& [box, id] : list.callouts)
            QVERIFY2(id != "a2", qPrintable(QString("a label at y %1 … %2 with rank 1's header at %3")
                                                .arg(box.top())
                                                .arg(box.bottom())
                                                .arg(in.viewport.yOf(top))));
    }
    void aPartlyShownRangeKeepsItsLabelOnIt() {
        test::TimelineFixture f;
        views::FrameInput in = f.input(0, 200 * kMs);
        in.annotations = {rangeOnRank0()};
        const int top = rank1Top(in);
        in.viewport.scroll = top - 30; // rank 0's last 30 px shown
        const views::DrawList list = views::FrameBuilder().build(in);
        bool labelled = false;
        for (const auto& [box, id] : list.callouts)
            if (id == "a2") {
                labelled = true;
                QVERIFY2(box.bottom() <= in.viewport.yOf(top) + 1,
                         qPrintable(QString("ends at %1, rank 1 starts at %2")
                                        .arg(box.bottom())
                                        .arg(in.viewport.yOf(top))));
            }
        QVERIFY(labelled);
    }
};

QTEST_MAIN(TstRangeLabelScrolled)
#include "tst_rangelabelscrolled.moc"
