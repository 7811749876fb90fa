#include "views/timeline/flowdensity.h"

#include <QLineF>
#include <algorithm>
#include <cmath>
#include <map>
#include <tuple>

namespace rs::views::flowdensity {

double inkOf(QPointF from, QPointF to) {
    // drawArrow: a 2 px pen, a 3 px-radius dot at the start, a 10 px head spread ±0.45 rad (≈ 20 px²)
    return 2 * QLineF(from, to).length() + 28 + 20;
}

double inkBudget(const QRectF& plot) {
    return kInkShare * std::max(0.0, plot.width()) * std::max(0.0, plot.height());
}

namespace {

std::vector<FlowGroup> mergeByCells(const std::vector<FlowCandidate>& c, double cellPx) {
    using Key = std::tuple<int64_t, int64_t, int64_t, int64_t>;
    auto cell = [&](double v) { return int64_t(std::floor(v / cellPx)); };
    std::map<Key, size_t> at;
    std::vector<FlowGroup> out;
    for (size_t i = 0; i < c.size(); ++i) {
        const Key k{cell(c[i].from.x()), cell(c[i].from.y()), cell(c[i].to.x()), cell(c[i].to.y())};
        auto [it, fresh] = at.try_emplace(k, out.size());
        if (fresh) out.emplace_back();
        out[it->second].members.push_back(i);
    }
    return out;
}

/// 0, ½, ¼, ¾, ⅛ … of [0, n): any first k of these indexes are spread over the whole range.
std::vector<size_t> spreadOrder(size_t n) {
    std::vector<size_t> out;
    std::vector<bool> taken(n, false);
    for (size_t k = 0; out.size() < n; ++k) {
        double v = 0, f = 0.5; // the van der Corput sequence: k's bits mirrored after the point
        for (size_t b = k; b; b >>= 1, f /= 2)
            if (b & 1) v += f;
        size_t i = std::min(n - 1, size_t(v * double(n)));
        while (taken[i]) // a collision (n not a power of two): the next free one
            i = (i + 1) % n;
        taken[i] = true;
        out.push_back(i);
    }
    return out;
}

} // namespace

std::vector<FlowGroup> thin(const std::vector<FlowCandidate>& c, double budget, double cellPx) {
    std::vector<FlowGroup> groups = mergeByCells(c, cellPx);
    auto ink = [&](const FlowGroup& g) { return inkOf(c[g.members[0]].from, c[g.members[0]].to); };
    double all = 0;
    for (const FlowGroup& g : groups)
        all += ink(g);
    if (all <= budget) return groups;
    // each lane's groups by time (the left end), in spread order
    std::map<int64_t, std::vector<size_t>> byLane;
    for (size_t g = 0; g < groups.size(); ++g) {
        const FlowCandidate& f = c[groups[g].members[0]];
        byLane[f.fromLane].push_back(g);
        if (f.toLane != f.fromLane) byLane[f.toLane].push_back(g);
    }
    struct Queue {
        std::vector<size_t> order;
        size_t next = 0;
        int taken = 0; ///< groups drawn on this lane (either end)
    };
    std::map<int64_t, Queue> lanes;
    for (auto& [lane, gs] : byLane) {
        std::stable_sort(gs.begin(), gs.end(), [&](size_t a, size_t b) {
            const FlowCandidate &x = c[groups[a].members[0]], &y = c[groups[b].members[0]];
            return std::min(x.from.x(), x.to.x()) < std::min(y.from.x(), y.to.x());
        });
        Queue q;
        for (size_t k : spreadOrder(gs.size()))
            q.order.push_back(gs[k]);
        lanes.emplace(lane, std::move(q));
    }
    std::vector<bool> chosen(groups.size(), false);
    auto take = [&](size_t g) {
        chosen[g] = true;
        const FlowCandidate& f = c[groups[g].members[0]];
        ++lanes[f.fromLane].taken;
        if (f.toLane != f.fromLane) ++lanes[f.toLane].taken;
        return ink(groups[g]);
    };
    double spent = 0;
    // rounds: a lane with fewer than `round` + 1 groups drawn takes its next; the first round is not held
    // to the budget (no lane with flows reads as flow-less)
    for (int round = 0;; ++round) {
        bool any = false;
        for (auto& [lane, q] : lanes) {
            if (q.taken > round) continue;
            while (q.next < q.order.size() && chosen[q.order[q.next]])
                ++q.next;
            if (q.next == q.order.size()) continue;
            const size_t g = q.order[q.next];
            if (round > 0 && spent + ink(groups[g]) > budget) continue;
            spent += take(g);
            any = true;
        }
        // a lane may be ahead of the round (the other ends of its neighbours' arrows): go on to it
        int ahead = 0;
        for (const auto& [lane, q] : lanes)
            ahead = std::max(ahead, q.taken);
        if (!any && round >= ahead) break;
    }
    std::vector<FlowGroup> out;
    for (size_t g = 0; g < groups.size(); ++g)
        if (chosen[g]) out.push_back(std::move(groups[g]));
    return out;
}

} // namespace rs::views::flowdensity
