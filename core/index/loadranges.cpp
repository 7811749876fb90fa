#include "core/index/loadranges.h"

namespace rs::index {

namespace {
/// Widens [first, last] by the `count` ids from `from` (which follow it, when it is not empty).
void extend(int64_t& first, int64_t& last, int64_t from, int64_t count) {
    if (count == 0) return;
    if (last < first) first = from;
    last = from + count - 1;
}
} // namespace

void LoadRanges::add(int group, int64_t spanFirst, int64_t spans, int64_t flowFirst, int64_t flows) {
    if (spans == 0 && flows == 0) return;
    // ids are handed out in write order and every batch that wrote any ends up at the back, so the same
    // group at the back means nobody wrote in between: its run simply continues
    if (m_ranges.empty() || m_ranges.back().group != group) m_ranges.push_back(LoadRange{group});
    LoadRange& r = m_ranges.back();
    extend(r.spanFirst, r.spanLast, spanFirst, spans);
    extend(r.flowFirst, r.flowLast, flowFirst, flows);
}

void LoadRanges::write(Db& db) const {
    auto ins = db.prepare(
        "INSERT INTO load_range(grp, span_first, span_last, flow_first, flow_last) VALUES(?,?,?,?,?)");
    for (const LoadRange& r : m_ranges)
        ins.bind(1, int64_t(r.group))
            .bind(2, r.spanFirst)
            .bind(3, r.spanLast)
            .bind(4, r.flowFirst)
            .bind(5, r.flowLast)
            .exec();
}

} // namespace rs::index
