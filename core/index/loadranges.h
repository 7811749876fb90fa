#pragma once
// Where each rank group's rows landed during the bulk load: the span ids and flow rowids of its batches,
// as runs of consecutive ids (a parser fills a batch from one group's files, so a group's rows are a few
// long runs between the other parsers' runs). A rank-local reader scans its group's runs in id order
// instead of looking every row up through a secondary index (core/analysis/rankslices.h). Written once by
// the index writer into `load_range`, build scratch beside `flow` (core/index/schema.h). Writer thread.
#include "core/index/sqlite.h"

#include <cstdint>
#include <vector>

namespace rs::index {

/// One run of a group's rows: span ids [spanFirst, spanLast] and flow rowids [flowFirst, flowLast];
/// an empty side has last < first.
struct LoadRange {
    int group = -1;
    int64_t spanFirst = 0, spanLast = -1, flowFirst = 0, flowLast = -1;
};

class LoadRanges {
  public:
    /// A batch of `group` wrote spans [spanFirst, spanFirst + spans) and flows [flowFirst,
    /// flowFirst + flows); it extends the group's last run when nobody else wrote in between.
    void add(int group, int64_t spanFirst, int64_t spans, int64_t flowFirst, int64_t flows);
    /// Inserts the runs into `load_range` (wherever the table lives: main or the build scratch).
    void write(Db& db) const;
    const std::vector<LoadRange>& ranges() const { return m_ranges; }

  private:
    std::vector<LoadRange> m_ranges;
};

} // namespace rs::index
