#include "views/timeline/flowoverlay.h"

#include <set>
#include <utility>

namespace rs::views {

FlowOverlay FlowOverlay::merge(int64_t spanId, const std::vector<query::FlowArrow>& span,
                               const std::vector<query::FlowArrow>& window) {
    FlowOverlay o;
    o.spanId = spanId;
    o.arrows = span;
    o.spanArrows = span.size();
    std::set<std::pair<int64_t, int64_t>> seen;
    for (const auto& a : span)
        seen.insert({a.src.spanId, a.dst.spanId});
    for (const auto& a : window)
        if (seen.insert({a.src.spanId, a.dst.spanId}).second) o.arrows.push_back(a);
    return o;
}

const query::FlowEnd* FlowOverlay::next(int64_t back) const {
    if (!spanId) return nullptr;
    for (size_t i = 0; back && i < spanArrows; ++i) {
        if (arrows[i].src.spanId == spanId && arrows[i].dst.spanId == back) return &arrows[i].dst;
        if (arrows[i].dst.spanId == spanId && arrows[i].src.spanId == back) return &arrows[i].src;
    }
    for (size_t i = 0; i < spanArrows; ++i)
        if (arrows[i].src.spanId == spanId) return &arrows[i].dst;
    for (size_t i = 0; i < spanArrows; ++i)
        if (arrows[i].dst.spanId == spanId) return &arrows[i].src;
    return nullptr;
}

} // namespace rs::views
