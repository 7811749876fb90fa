#pragma once
// Rank-local pass "flow_links": binds one rank's flow events (`flow`, written by the importers into the
// build's scratch database, core/index/schema.h) to spans on their tracks and pairs them into arrows in
// `flow_link`.
//  - Binding, as Perfetto binds v1 flows: `s` and `t` to the deepest slice enclosing their ts; `f` with
//    `"bp":"e"` to the deepest enclosing slice; `f` without it to the next slice starting at or after its
//    ts on that track (the outermost, when several start together). A slice [ts, ts + dur) encloses ts
//    when ts falls in it (a zero-length slice encloses its own ts).
//  - Pairing, by the key (rank, id, cat, name): the starts and steps (`s`, `t`) of a key chain in ts
//    order; each `f` links from the last start or step at or before it (the first one when it precedes
//    them all: a device clock may run a little behind the host's), so one `s` fans out to several `f`.
// Ends bound to no slice, and bound ends without a partner, are counted in sum_diagnostic per source
// file and category. Reads: the rank's flow events and the slices of their tracks, each in one sequential
// pass over the runs of rows its rank group wrote during the load (load_range, core/index/loadranges.h),
// not a lookup per row through a secondary index. Memory: the rank's flow events and the slices of their
// tracks while it binds; then its links (40 bytes each) until apply() writes them.
#include "core/analysis/pass.h"

#include <cstdint>
#include <string>
#include <vector>

namespace rs::analysis {

/// One flow event being bound.
struct FlowEnd {
    int64_t trackId = 0, tsNs = 0;
    char phase = 'f';
    bool bindEnclosing = false;
    int64_t spanId = -1;  ///< the bound span, -1 when none
    int64_t spanTsNs = 0; ///< its start
};

/// One slice of a track in (ts, depth) order, as the binder streams it.
struct BindSlice {
    int64_t spanId, tsNs, durNs;
    int depth;
};

/// Binds `ends` (one track's, sorted by ts) to the slices `next()` yields in (ts, depth) order; `next`
/// returns false when there are no more. Pure apart from the callback; the stack is as deep as the track.
template <class Next> void bindEnds(std::vector<FlowEnd*>& ends, Next&& next);

class FlowLinksPass : public RankPass {
  public:
    PassInfo info() const override;
    void run(RankContext& ctx) override;
    /// Reads only the load's tables (flow, load_range, span, source_file, string): off the writer thread.
    bool offThread() const override { return true; }
    std::unique_ptr<RankResult> compute(RankReadContext& ctx) const override;
    void apply(RankContext& ctx, RankResult& result) override;
    /// flow_link's span indexes, built once after every rank's links are in.
    void finish(index::Db& db) override;
};

// --- implementation ---------------------------------------------------------------------------
namespace detail {
inline bool encloses(const BindSlice& s, int64_t ts) {
    return s.tsNs <= ts && (ts < s.tsNs + s.durNs || (s.durNs == 0 && ts == s.tsNs));
}
} // namespace detail

template <class Next> void bindEnds(std::vector<FlowEnd*>& ends, Next&& next) {
    std::vector<BindSlice> open; // open[d]: the last slice seen at depth d (deeper ones are its children)
    BindSlice ahead{};
    bool have = next(ahead);
    auto push = [&](const BindSlice& s) {
        const size_t d = size_t(std::max(0, s.depth));
        if (open.size() > d) open.resize(d);
        open.push_back(s);
    };
    for (FlowEnd* e : ends) {
        while (have && ahead.tsNs < e->tsNs) {
            push(ahead);
            have = next(ahead);
        }
        if (e->phase == 'f' && !e->bindEnclosing) { // the next slice starting at or after ts
            e->spanId = have ? ahead.spanId : -1;
            e->spanTsNs = have ? ahead.tsNs : 0;
            continue;
        }
        while (have && ahead.tsNs == e->tsNs) {
            push(ahead);
            have = next(ahead);
        }
        e->spanId = -1;
        for (size_t i = open.size(); i-- > 0;)
            if (detail::encloses(open[i], e->tsNs)) {
                e->spanId = open[i].spanId;
                e->spanTsNs = open[i].tsNs;
                break;
            }
    }
}

} // namespace rs::analysis
