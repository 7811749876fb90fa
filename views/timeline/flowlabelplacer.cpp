#include "views/timeline/flowlabelplacer.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <tuple>

namespace rs::views {

namespace {

/// px kept between a label and what it must not cover: touching a span's edge read as covering it.
constexpr double kClearancePx = 1;

bool overlapsRows(const QRectF& r, double top, double bottom) {
    return r.top() < bottom && r.bottom() > top;
}

/// The rects of `all` that reach into the rows [top, bottom).
std::vector<QRectF> inRows(const std::vector<QRectF>& all, double top, double bottom) {
    std::vector<QRectF> out;
    for (const QRectF& r : all)
        if (overlapsRows(r, top, bottom)) out.push_back(r);
    return out;
}

} // namespace

FlowLabelPlacer::FlowLabelPlacer(const QRectF& bounds, std::vector<QRectF> data, std::vector<QRectF> ends)
    : m_bounds(bounds), m_data(std::move(data)), m_ends(std::move(ends)) {}

std::vector<double> FlowLabelPlacer::tops(const QRectF& rows, double h) {
    std::vector<double> out;
    for (double y = rows.top(); y + h <= rows.bottom() + 0.01; y += 1)
        out.push_back(y);
    if (!out.empty() && out.back() + h < rows.bottom() - 0.5) out.push_back(rows.bottom() - h);
    return out;
}

std::optional<QRectF> FlowLabelPlacer::freeSpot(const std::vector<LabelRegion>& regions, QSizeF size) const {
    const double w = size.width(), h = size.height();
    std::optional<QRectF> best;
    double bestCost = std::numeric_limits<double>::max();
    for (size_t k = 0; k < regions.size(); ++k) {
        const LabelRegion& reg = regions[k];
        const double penalty = double(k) * kRegionPenaltyPx;
        if (penalty >= bestCost) break;
        // the obstacles of this region's rows, once (a whole-run frame has thousands of span rects)
        std::vector<QRectF> near = inRows(m_data, reg.rows.top(), reg.rows.bottom());
        for (const auto* more : {&m_ends, &m_labels})
            for (const QRectF& r : inRows(*more, reg.rows.top(), reg.rows.bottom()))
                near.push_back(r);
        for (double top : tops(reg.rows, h)) {
            std::vector<std::pair<double, double>> blocked;
            for (const QRectF& r : near)
                if (overlapsRows(r, top - kClearancePx, top + h + kClearancePx))
                    blocked.emplace_back(r.left() - kClearancePx, r.right() + kClearancePx);
            std::sort(blocked.begin(), blocked.end());
            double from = m_bounds.left() + 2;
            auto consider = [&](double lo, double hi) { // a free x-range [lo, hi)
                if (hi - lo < w) return;
                const double x = std::clamp(reg.wanted.x(), lo, hi - w);
                const double cost =
                    penalty + std::abs(x - reg.wanted.x()) + 2 * std::abs(top - reg.wanted.y());
                if (cost < bestCost) bestCost = cost, best = QRectF(x, top, w, h);
            };
            for (const auto& [lo, hi] : blocked) {
                if (lo > from) consider(from, lo);
                from = std::max(from, hi);
            }
            consider(from, m_bounds.right() - 2);
        }
    }
    return best;
}

double FlowLabelPlacer::covered(const std::vector<QRectF>& data, const QRectF& box) {
    double area = 0;
    for (const QRectF& r : data) {
        const QRectF i = r.intersected(box);
        if (!i.isEmpty()) area += i.width() * i.height();
    }
    return area;
}

bool FlowLabelPlacer::meets(const std::vector<QRectF>& rects, const QRectF& box) {
    return std::any_of(rects.begin(), rects.end(), [&](const QRectF& r) { return r.intersects(box); });
}

std::optional<QRectF> FlowLabelPlacer::leastCovering(const std::vector<LabelRegion>& regions,
                                                     QSizeF size) const {
    const double w = size.width(), h = size.height();
    const double left = m_bounds.left() + 2, right = std::max(left, m_bounds.right() - 2 - w);
    std::optional<QRectF> best;
    // an arrow's end under it first, then the data it covers, then the distance from its place
    std::tuple<bool, double, double> bestCost{true, std::numeric_limits<double>::max(), 0};
    for (size_t k = 0; k < regions.size(); ++k) {
        const LabelRegion& reg = regions[k];
        const std::vector<QRectF> data = inRows(m_data, reg.rows.top(), reg.rows.bottom());
        std::vector<double> xs{std::clamp(reg.wanted.x(), left, right)};
        for (double x = left; x <= right; x += std::max(8.0, w / 4))
            xs.push_back(x);
        for (double top : tops(reg.rows, h))
            for (double x : xs) {
                const QRectF box(x, top, w, h);
                if (meets(m_labels, box)) continue;
                const std::tuple<bool, double, double> cost{
                    meets(m_ends, box), std::round(covered(data, box)),
                    double(k) * kRegionPenaltyPx + std::abs(x - reg.wanted.x()) +
                        2 * std::abs(top - reg.wanted.y())};
                if (cost < bestCost) bestCost = cost, best = box;
            }
    }
    return best;
}

} // namespace rs::views
