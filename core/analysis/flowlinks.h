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
// not a lookup per row through a secondary index. Memory: the rank's flow events (56 bytes each) while it
// binds and pairs, not its slices (they stream through core/analysis/endbinder.h; a track whose slices were
// written out of order is the exception: its slices are held and sorted); then its links (40 bytes each)
// until apply() writes them.
#include "core/analysis/endbinder.h"
#include "core/analysis/pass.h"

namespace rs::analysis {

class FlowLinksPass : public RankPass {
  public:
    PassInfo info() const override;
    void run(RankContext& ctx) override;
    /// Reads only the load's tables (flow, load_range, span, source_file, string): off the writer thread.
    bool offThread() const override { return true; }
    /// Its reads go through load_range's rowid runs (no index) and it reads nothing a pass writes; the
    /// spans' depth it reads is the load's unless a track is re-nested (the pipeline starts it early only
    /// when none is).
    bool readsLoadOnly() const override { return true; }
    std::unique_ptr<RankResult> compute(RankReadContext& ctx) const override;
    void apply(RankContext& ctx, RankResult& result) override;
    /// flow_link's span indexes, built once after every rank's links are in.
    void finish(index::Db& db) override;
};

} // namespace rs::analysis
