// The density rule of a window's flow arrows (views/timeline/flowdensity.h): arrows whose two ends fall on
// the same few pixels are one arrow standing for all of them; past the ink budget the arrows drawn are
// spread over every lane that has one and over each lane's time.
#include "views/timeline/flowdensity.h"

#include <QtTest>
#include <set>

using namespace rs::views;

namespace {

/// A host launch on lane `from` at x to a kernel on lane `to` just right of it (lane n's row at y = 30 n).
FlowCandidate launch(double x, int64_t from = 1, int64_t to = 2) {
    return {QPointF(x, 30.0 * double(from)), QPointF(x + 1, 30.0 * double(to)), from, to};
}

double inkOf(const std::vector<FlowCandidate>& c, const std::vector<FlowGroup>& g) {
    double ink = 0;
    for (const FlowGroup& k : g)
        ink += flowdensity::inkOf(c[k.members.front()].from, c[k.members.front()].to);
    return ink;
}

} // namespace

class TstFlowDensity : public QObject {
    Q_OBJECT

  private Q_SLOTS:
    void arrowsWithTheSameEndsAreDrawnOnce() {
        // ten launches within 1.5 px of each other (the same 4 px cells), and one 40 px right
        std::vector<FlowCandidate> c;
        for (int k = 0; k < 10; ++k)
            c.push_back(launch(200.5 + k * 0.15));
        c.push_back(launch(240.5));
        const auto g = flowdensity::thin(c, 1e9);
        QCOMPARE(g.size(), size_t(2));
        QCOMPARE(g[0].members.size(), size_t(10)); // the first stands for all ten
        QCOMPARE(g[0].members.front(), size_t(0));
        QCOMPARE(g[1].members, std::vector<size_t>{10});
        // the same start, another end: two arrows
        c = {launch(200.5), launch(200.5, 1, 3)};
        QCOMPARE(flowdensity::thin(c, 1e9).size(), size_t(2));
    }

    void theBudgetIsAShareOfThePlot() {
        // 6 % of a 1000 × 500 plot
        QCOMPARE(flowdensity::inkBudget(QRectF(100, 20, 1000, 500)), 30000.0);
        // a 60 px arrow: its 2 px shaft, its dot and its head
        QVERIFY(std::abs(flowdensity::inkOf(QPointF(0, 0), QPointF(0, 60)) - (120 + 48)) < 1e-9);
    }

    void overTheBudgetEveryLaneKeepsArrowsSpreadOverItsTime() {
        // lane 1 → 2: 1000 launches 1 px apart over [100, 1100) (merged four by four: 250 arrows); lanes
        // 5 → 6 and 7 → 8: one each at the end
        std::vector<FlowCandidate> c;
        for (int k = 0; k < 1000; ++k)
            c.push_back(launch(100 + k));
        c.push_back(launch(1090, 5, 6));
        c.push_back(launch(1095, 7, 8));
        const double one = flowdensity::inkOf(c[0].from, c[0].to);
        const double budget = 40 * one; // room for 40 arrows
        const auto g = flowdensity::thin(c, budget);
        QVERIFY2(inkOf(c, g) <= budget + 1e-6, qPrintable(QString::number(inkOf(c, g))));
        QVERIFY(g.size() >= 38 && g.size() <= 40);
        std::set<int64_t> lanes;
        double lo = 1e9, hi = 0;
        size_t previous = 0;
        for (size_t k = 0; k < g.size(); ++k) {
            const FlowCandidate& f = c[g[k].members.front()];
            lanes.insert(f.fromLane);
            lanes.insert(f.toLane);
            if (f.fromLane == 1) {
                lo = std::min(lo, f.from.x());
                hi = std::max(hi, f.from.x());
            }
            QVERIFY(k == 0 || g[k].members.front() > previous); // in the candidates' (drawing) order
            previous = g[k].members.front();
        }
        QCOMPARE(lanes, (std::set<int64_t>{1, 2, 5, 6, 7, 8})); // no lane with flows reads as flow-less
        // lane 1's arrows over its whole time: not its first 40 px (every ~25 px of 1000)
        QVERIFY2(lo < 100 + 50 && hi > 1100 - 50, qPrintable(QString("%1 … %2").arg(lo).arg(hi)));
        std::vector<double> xs;
        for (const FlowGroup& k : g)
            if (c[k.members.front()].fromLane == 1) xs.push_back(c[k.members.front()].from.x());
        for (size_t k = 1; k < xs.size(); ++k)
            QVERIFY2(xs[k] - xs[k - 1] < 2.5 * 1000.0 / double(xs.size()), "no long stretch without one");
    }

    void eachLaneGetsOneEvenWithoutBudget() {
        // a budget too small for any: every lane with flows still shows one (ten lanes, 50 arrows each)
        std::vector<FlowCandidate> c;
        for (int lane = 0; lane < 10; ++lane)
            for (int k = 0; k < 50; ++k)
                c.push_back(launch(100 + 10 * k, 10 + lane, 30 + lane));
        const auto g = flowdensity::thin(c, 1);
        std::set<int64_t> lanes;
        for (const FlowGroup& k : g)
            lanes.insert(c[k.members.front()].fromLane);
        QCOMPARE(lanes.size(), size_t(10));
        QCOMPARE(g.size(), size_t(10));
    }
};

QTEST_MAIN(TstFlowDensity)
#include "tst_flowdensity.moc"
