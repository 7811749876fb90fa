// The rank overview (views/timeline/timelinelayout.h applyRankDefaults, frameoverview.cpp): a run of more
// than LayoutOptions::kOverviewRanks ranks opens with every rank collapsed to one low row, and a collapsed
// rank's row shows each step coloured by its wall time against that step's median over the ranks — grey
// where it is typical, red at 1.5x and beyond — so one slow rank stands out among many; the median is the
// lower median of an even count, as every median shown (core/model/median.h). A run of a few ranks
// keeps every rank expanded at the usual height.
#include "tests/support/timelinefixture.h"
#include "views/timeline/framebuilder.h"

#include <QtTest>

using namespace rs;
using test::kMs;

namespace {

constexpr int kRanks = 20, kSlowRank = 7;

/// kSlowRank's step 2 takes 80 ms, every other step 40 ms.
int64_t oneSlowStep(int rank, int64_t step) {
    return rank == kSlowRank && step == 2 ? 80 * kMs : 40 * kMs;
}

/// Step 4 takes 60 ms on the upper half of the ranks, 40 ms on the lower half; every other step 40 ms.
int64_t halvesApart(int rank, int64_t step) {
    return rank >= kRanks / 2 && step == 4 ? 60 * kMs : 40 * kMs;
}

/// The fixture's profile widened to kRanks ranks of five steps, each taking wall(rank, step).
void widen(test::TimelineFixture& f, int64_t (*wall)(int, int64_t) = oneSlowStep) {
    auto& s = *f.summary;
    s.ranks.clear();
    s.steps.clear();
    for (int r = 0; r < kRanks; ++r) {
        s.ranks.push_back(r);
        int64_t t = 0;
        for (int64_t i = 0; i < 5; ++i) {
            s.steps.push_back({r, i, t, t + wall(r, i), false, "", {}, 0, {}});
            t += wall(r, i);
        }
    }
    s.endNs = 260 * kMs;
    f.state.setBounds(s.startNs, s.endNs);
    f.scene.setSummary(f.summary);
    views::LayoutOptions o = f.scene.layoutOptions();
    views::applyRankDefaults(o, s);
    f.scene.setLayoutOptions(o);
}

/// The fills inside `row` (widget pixels) right of the gutter, with their colours, left to right; not the
/// steps' alternate bands under them (each rank's own since they follow its steps: framesteps.cpp).
std::vector<std::pair<QRectF, QRgb>> fillsIn(const views::DrawList& list, const QRectF& row, QRgb band) {
    std::vector<std::pair<QRectF, QRgb>> out;
    for (const auto* f : list.all<views::FillRect>())
        if (f->color != band && f->rect.top() >= row.top() && f->rect.bottom() <= row.bottom() &&
            f->rect.width() < row.width() - 1 && f->rect.left() >= views::Viewport::kGutter)
            out.push_back({f->rect, f->color});
    std::sort(out.begin(), out.end(),
              [](const auto& a, const auto& b) { return a.first.left() < b.first.left(); });
    return out;
}

} // namespace

class TstRankOverview : public QObject {
    Q_OBJECT

  private Q_SLOTS:
    void fewRanksStayExpanded() {
        test::TimelineFixture f; // two ranks
        views::LayoutOptions o;
        o.collapsedRanks = {1};
        views::applyRankDefaults(o, *f.summary);
        QVERIFY(o.collapsedRanks.empty());
        QCOMPARE(o.headerHeight, views::LayoutOptions::kHeaderHeight);
    }
    void manyRanksOpenAsTheOverview() {
        test::TimelineFixture f;
        widen(f);
        const auto o = f.scene.layoutOptions();
        QCOMPARE(o.collapsedRanks.size(), size_t(kRanks));
        const views::FrameInput in = f.input(0, 240 * kMs);
        const auto& lanes = in.layout->lanes();
        QCOMPARE(lanes.size(), size_t(kRanks)); // one row per rank, no lane under it
        for (const auto& l : lanes)
            QVERIFY(l.header && l.height == views::LayoutOptions::kOverviewHeaderHeight);
    }
    void aSlowStepIsRedAmongGreyOnes() {
        test::TimelineFixture f;
        widen(f);
        views::FrameInput in = f.input(0, 240 * kMs);
        in.showWaits = false;
        const views::DrawList list = views::FrameBuilder().build(in);
        const QRectF slow = in.rankBlock(kSlowRank), typical = in.rankBlock(kSlowRank - 1);
        QVERIFY(!slow.isNull() && !typical.isNull());
        const auto slowFills = fillsIn(list, slow, in.palette.stepBand()),
                   typicalFills = fillsIn(list, typical, in.palette.stepBand());
        QCOMPARE(slowFills.size(), size_t(5));
        QCOMPARE(typicalFills.size(), size_t(5));
        const views::TimeMapping tm = in.mapping();
        for (int i = 0; i < 5; ++i) {
            // the 80 ms step is twice its 40 ms median: red; every other step is its median: grey
            const QRgb c = slowFills[size_t(i)].second;
            if (i == 2) {
                QVERIFY2(qRed(c) > 200 && qGreen(c) < 60, qPrintable(QString::number(c, 16)));
                QVERIFY(std::abs(slowFills[2].first.left() - tm.x(80 * kMs)) < 1.5);
                QVERIFY(std::abs(slowFills[2].first.right() - tm.x(160 * kMs)) < 2.5);
            } else {
                QCOMPARE(qRed(c), qGreen(c));
            }
            QCOMPARE(qRed(typicalFills[size_t(i)].second), qGreen(typicalFills[size_t(i)].second));
        }
    }
    void anEvenCountsMedianIsTheLowerMiddleStep() {
        // 20 ranks, step 4 at 40 ms on ten and 60 ms on ten: the median is the lower median (median.h),
        // 40 ms, a time some rank took, so the 60 ms steps are 1.5x it, full red (214, 39, 40) as in the
        // report; the mean of the middle two, 50 ms, made them 1.2x, a pale pink
        test::TimelineFixture f;
        widen(f, halvesApart);
        views::FrameInput in = f.input(0, 260 * kMs);
        in.showWaits = false;
        const views::DrawList list = views::FrameBuilder().build(in);
        for (int rank : {0, kRanks - 1}) {
            const auto fills = fillsIn(list, in.rankBlock(rank), in.palette.stepBand());
            QCOMPARE(fills.size(), size_t(5));
            const QRgb last = fills.back().second;
            const QRgb expected = rank < kRanks / 2 ? qRgb(208, 208, 208) : qRgb(214, 39, 40);
            QVERIFY2(qRed(last) == qRed(expected) && qGreen(last) == qGreen(expected),
                     qPrintable(QString("rank %1: %2").arg(rank).arg(last, 0, 16)));
        }
    }
};

QTEST_MAIN(TstRankOverview)
#include "tst_rankoverview.moc"
