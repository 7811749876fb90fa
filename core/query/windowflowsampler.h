#pragma once
// Which of a window's flow arrows a timeline draws when it has more than it may draw (loadWindowFlows):
// each arrow belongs to one track (its source's when that starts in the window on a track shown, else its
// destination's), the limit is shared out over the tracks (a track with fewer arrows than its share gives
// the rest back), and a track's share is taken from equal slices of the window's time in turn, so the
// arrows chosen span the window. Rows are read through the span index by ranges: the counting stops at a
// bound per track, the choosing reads a few rows per arrow chosen. Single-threaded: the caller's
// connection (the query service's worker). Times are the rank's own clock, ns.
#include "core/index/sqlite.h"

#include <cstdint>
#include <string>
#include <vector>

namespace rs::query {

class WindowFlowSampler {
  public:
    /// `categoryIds`, `trackIds`: the asked categories' string ids and the shown tracks, as SQL integer
    /// lists ("3,7"). Arrows count when an end's span starts in [from, t1]; [from, t0) is the look-back.
    WindowFlowSampler(index::Db& db, const std::string& categoryIds, const std::string& trackIds,
                      int64_t from, int64_t t0, int64_t t1);
    /// The arrows (flow_link rowids) of `tracks`, at most `limit`, chosen as the header says.
    std::vector<int64_t> choose(const std::vector<int64_t>& tracks, int limit);
    /// Arrows the tracks have (after choose); a lower bound when matchedAtLeast().
    int64_t matched() const { return m_matched; }
    bool matchedAtLeast() const { return m_atLeast; }

  private:
    struct Count {
        int64_t track = 0, n = 0;
        bool capped = false;
    };
    /// The track's arrows starting in [a, b) owned by it, from the `k`-th in time on: (rowid, start ns).
    std::vector<std::pair<int64_t, int64_t>> owned(bool asSource, int64_t track, int64_t a, int64_t b,
                                                   int64_t limit, int64_t offset);
    Count count(int64_t track, int64_t cap);
    /// `n` of the track's arrows, one from each time slice in turn.
    void spread(int64_t track, int n, std::vector<int64_t>& out);
    index::Stmt m_src, m_dst;
    int64_t m_from, m_t0, m_t1;
    int64_t m_matched = 0;
    bool m_atLeast = false;
};

} // namespace rs::query
