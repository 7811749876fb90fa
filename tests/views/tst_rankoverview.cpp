// The rank overview (views/timeline/timelinelayout.h applyRankDefaults, frameoverview.cpp): a run of more
// than LayoutOptions::kOverviewRanks ranks opens with every rank collapsed to one low row, and a collapsed
// rank's row shows each step coloured by its wall time against that step's median over the ranks — grey
// where it is typical, red at 1.5x and beyond — so one slow rank stands out among many. A run of a few ranks
// keeps every rank expanded at the usual height.
#include "tests/support/timelinefixture.h"
#include "views/timeline/framebuilder.h"

#include <QtTest>

using namespace rs;
using test::kMs;

namespace {

constexpr int kRanks = 20, kSlowRank = 7;

/// The fixture's profile widened to kRanks ranks of five 40 ms steps; kSlowRank's step 2 takes 80 ms.
void widen(test::TimelineFixture& f) {
    auto& s = *f.summary;
    s.ranks.clear();
    s.steps.clear();
    for (int r = 0; r < kRanks; ++r) {
        s.ranks.push_back(r);
        int64_t t = 0;
        for (int64_t i = 0; i < 5; ++i) {
            const int64_t wall = r == kSlowRank && i == 2 ? 80 * kMs : 40 * kMs;
            s.steps.push_back({r, i, t, t + wall, false, "", {}, 0, {}});
            t += wall;
        }
    }
    s.endNs = 240 * kMs;
    f.state.setBounds(s.startNs, s.endNs);
    f.scene.setSummary(f.summary);
    views::LayoutOptions o = f.scene.layoutOptions();
    views::applyRankDefaults(o, s);
    f.scene.setLayoutOptions(o);
}

/// The fills inside `row` (widget pixels) right of the gutter, with their colours, left to right.
std::vector<std::pair<QRectF, QRgb>> fillsIn(const views::DrawList& list, const QRectF& row) {
    std::vector<std::pair<QRectF, QRgb>> out;
    for (const auto* f : list.all<views::FillRect>())
        if (f->rect.top() >= row.top() && f->rect.bottom() <= row.bottom() &&
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
        const auto slowFills = fillsIn(list, slow), typicalFills = fillsIn(list, typical);
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
};

QTEST_MAIN(TstRankOverview)
#include "tst_rankoverview.moc"
