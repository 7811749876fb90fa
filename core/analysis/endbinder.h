#pragma once
// Binding flow events to the slices of their track, as Perfetto binds v1 flows (core/analysis/flowlinks.h
// states the rules): `s`, `t` and `f` with "bp":"e" to the deepest slice enclosing their ts, `f` without
// it to the next slice starting at or after its ts. The slices stream past in (ts, depth, span id)
// order and only the open ones (one per depth) are held, so a rank's millions of slices are never in
// memory at once. Pure: no I/O. One thread per binder.
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace rs::analysis {

/// One flow event being bound. 32 bytes: a rank's events are all held while it binds.
struct FlowEnd {
    int64_t trackId = 0, tsNs = 0;
    char phase = 'f';
    bool bindEnclosing = false;
    int64_t spanId = -1; ///< the bound span, -1 when none
};

/// One slice of a track in (ts, depth) order, as the binder streams it.
struct BindSlice {
    int64_t spanId, tsNs, durNs;
    int depth;
};

/// Binds one track's ends, sorted as the pass orders them (by ts, the next-slice ends before the
/// enclosing ones of a ts), to the track's slices fed in (ts, depth, span id) order. Holds only the open
/// slices (one per depth), so a track is bound while its slices stream past: nothing per slice is kept.
class EndBinder {
  public:
    explicit EndBinder(std::span<FlowEnd* const> ends) : m_ends(ends) {}
    /// The next slice: binds the ends it decides (a next-slice end at or before its ts; an enclosing end
    /// before its ts), then opens it.
    void feed(const BindSlice& s);
    /// No slice follows: the ends left bind to the open slices (next-slice ends to none).
    void finish();

  private:
    void bindEnclosing(FlowEnd& e) const;

    std::span<FlowEnd* const> m_ends;
    size_t m_next = 0;
    std::vector<BindSlice> m_open; ///< m_open[d]: the last slice seen at depth d (deeper: its children)
};

/// Binds `ends` (one track's, in EndBinder's order) to the slices `next()` yields in (ts, depth) order;
/// `next` returns false when there are no more. Pure apart from the callback.
template <class Next> void bindEnds(std::span<FlowEnd* const> ends, Next&& next) {
    EndBinder binder(ends);
    BindSlice s{};
    while (next(s))
        binder.feed(s);
    binder.finish();
}

} // namespace rs::analysis
