#include "views/timeline/segmentclip.h"

#include <algorithm>
#include <utility>

namespace rs::views {

// Liang–Barsky: the segment as p1 + t·(p2 − p1), t in [0, 1], narrowed by each of the four edges.
std::optional<QLineF> clipSegment(const QLineF& l, const QRectF& r) {
    const QRectF box = r.normalized();
    const double dx = l.x2() - l.x1(), dy = l.y2() - l.y1();
    double t0 = 0, t1 = 1;
    // an edge: p·t ≤ q keeps the inside (p = 0: parallel to it, inside only when q ≥ 0)
    const std::pair<double, double> edges[] = {{-dx, l.x1() - box.left()},
                                               {dx, box.right() - l.x1()},
                                               {-dy, l.y1() - box.top()},
                                               {dy, box.bottom() - l.y1()}};
    for (const auto& [p, q] : edges) {
        if (p == 0) {
            if (q < 0) return std::nullopt;
            continue;
        }
        const double t = q / p;
        if (p < 0) {
            if (t > t1) return std::nullopt;
            t0 = std::max(t0, t);
        } else {
            if (t < t0) return std::nullopt;
            t1 = std::min(t1, t);
        }
    }
    return QLineF(l.x1() + t0 * dx, l.y1() + t0 * dy, l.x1() + t1 * dx, l.y1() + t1 * dy);
}

std::optional<Arrow> clippedArrow(QPointF from, QPointF to, QRgb color, const QRectF& r) {
    const auto part = clipSegment(QLineF(from, to), r);
    if (!part) return std::nullopt;
    const QRectF box = r.normalized();
    return Arrow{part->p1(), part->p2(), color, box.contains(to), box.contains(from)};
}

} // namespace rs::views
