#pragma once
// One rank's slices on a few of its tracks, read in one pass over the runs of span ids its rank group
// wrote during the load (load_range, core/index/loadranges.h) — sequential reads of the span table
// instead of a lookup per span through the span index — then ordered by (track, ts, depth, span id),
// the order core/analysis/flowlinks binds in. Memory: RankSlices holds the slices of the tracks asked for
// (40 bytes each); forEachRankSlice holds none. One thread.
#include "core/analysis/endbinder.h"
#include "core/index/loadranges.h"
#include "core/index/sqlite.h"

#include <functional>
#include <span>
#include <vector>

namespace rs::analysis {

/// The runs of rows the load wrote for `rank`'s group, in id order (load_range is build scratch beside
/// `flow`: an index without it has none).
std::vector<index::LoadRange> rankLoadRanges(index::Db& db, int rank);

/// Calls `fn(position of the slice's track in tracks, slice)` for every slice of `tracks` (sorted, without
/// duplicates) in the order the load wrote them (span id order): one sequential pass, nothing held.
void forEachRankSlice(index::Db& db, const std::vector<index::LoadRange>& ranges,
                      const std::vector<int64_t>& tracks,
                      const std::function<void(size_t, const BindSlice&)>& fn);

/// The slices held, for a track whose slices were not written in (ts, depth) order.
class RankSlices {
  public:
    /// `tracks`: sorted, without duplicates; the slices of any other track are skipped.
    RankSlices(index::Db& db, const std::vector<index::LoadRange>& ranges,
               const std::vector<int64_t>& tracks);
    /// The slices of `trackId` in (ts, depth, span id) order; empty for a track not asked for.
    std::span<const BindSlice> track(int64_t trackId) const;
    size_t size() const { return m_slices.size(); }

  private:
    std::vector<int64_t> m_trackOf; ///< parallel to m_slices
    std::vector<BindSlice> m_slices;
};

} // namespace rs::analysis
