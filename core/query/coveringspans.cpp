#include "core/query/coveringspans.h"

namespace rs::query {

CoveringSpans::CoveringSpans(index::Db& db)
    : m_bound(db.prepare("SELECT max_dur_ns FROM long_span_track WHERE track_id = ?")),
      m_spans(db.prepare("SELECT s.span_id, s.ts_ns, s.ts_ns + s.dur_ns, s.name_id, s.op_type_id, s.depth "
                         "FROM long_span l JOIN span s ON s.span_id = l.span_id WHERE l.track_id = ?1 AND "
                         "l.ts_ns >= ?2 AND l.ts_ns < ?3 AND l.end_ns > ?4 ORDER BY l.ts_ns")) {}

void CoveringSpans::add(int64_t trackId, int64_t from, int64_t t0, std::vector<DrawItem>& out) {
    m_bound.bind(1, trackId);
    const int64_t longest = m_bound.step() ? m_bound.i64(0) : 0;
    m_bound.reset();
    if (longest <= 0 || t0 - from >= longest) return;
    m_spans.bind(1, trackId).bind(2, t0 - longest).bind(3, from).bind(4, t0);
    while (m_spans.step())
        out.push_back({m_spans.i64(1), m_spans.i64(2), int32_t(m_spans.i64(3)), int32_t(m_spans.i64(4)),
                       int32_t(m_spans.i64(5)), 1, m_spans.i64(0)});
    m_spans.reset();
}

} // namespace rs::query
