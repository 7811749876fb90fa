#pragma once
// The spans of a track that start before a window's look-back point and still cover its start: only spans
// of at least model::kLongSpanNs can, so they come from the long-span list (long_span), bounded by the
// track's longest span (long_span_track) so the scan never walks the whole track. The timeline's frames
// and the area statistics read a window as [t0 − look-back, t1) from `span` plus these. One connection's
// thread.
#include "core/index/sqlite.h"
#include "core/query/timelinequery.h"

#include <vector>

namespace rs::query {

class CoveringSpans {
  public:
    explicit CoveringSpans(index::Db& db);
    /// Appends (in start order) the spans of `trackId` that start before `from` and end after `t0`
    /// (`from` <= t0 − model::kLongSpanNs).
    void add(int64_t trackId, int64_t from, int64_t t0, std::vector<DrawItem>& out);

  private:
    index::Stmt m_bound, m_spans;
};

} // namespace rs::query
