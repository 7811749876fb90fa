#pragma once
// One unit of the analysis plan (analysisplan.h): a name, the tables it reads and writes, and run().
//  - A rank-local pass runs for one rank at a time: it reads only that rank's rows (spans of its tracks,
//    its steps, communication records, tensors, memory samples) and writes that rank's rows of the
//    summary tables (core/index/SCHEMA.md, "Per-rank summaries"). It never looks at another rank, so
//    ranks can be analysed one by one, side by side or while they stream in, and a shard of a cluster
//    build can run these passes alone.
//  - A cross-rank pass runs once over all ranks and reads ONLY the summary tables and the outputs of the
//    cross-rank passes before it — never `span`, `lod`, `counter`, `tensor`, `memory_sample` or another
//    per-event table — so a merge of shard summaries runs the same passes over the same tables and gets
//    the same findings by construction.
// Passes run on the index-building thread, inside the plan's transaction; a pass object is stateless
// between runs (per-rank data lives in the RankContext).
//  - An off-thread rank-local pass (offThread()) reads only what the load wrote, nothing an earlier pass
//    writes (the plan checks it against PassInfo): its compute() may run on another thread over its own
//    read-only connection, ranks ahead of the writer, and its apply() writes the result on the
//    index-building thread in the pass's place in the plan, so the index's rows are the same either way.
//    Such a pass may read what an earlier pass writes only when that pass runs first for every rank
//    (firstForEveryRank: rank_clock, rank_window, memory_sessions) or belongs to its compute group:
//    consecutive split passes of one group compute together, one rank at a time, over one
//    RankReadContext that carries what the earlier ones found (e.g. tensor_timeline's times for the
//    memory passes), never reading it back from the index.
#include "core/analysis/analysisoptions.h"
#include "core/index/sqlite.h"

#include <cstddef>
#include <memory>
#include <string_view>
#include <vector>

namespace rs::analysis {

class RankContext;
class RankReadContext; // rankreadcontext.h

enum class PassScope { RankLocal, CrossRank };

/// What a pass is, for the plan's order check, the timing lines and the documentation.
struct PassInfo {
    std::string_view name;
    PassScope scope;
    std::vector<std::string_view> reads;  ///< tables (or table.column) it reads
    std::vector<std::string_view> writes; ///< tables (or table.column) it writes
};

/// What an off-thread pass computed for one rank, handed to its apply().
struct RankResult {
    virtual ~RankResult() = default;
    /// About how many bytes the result holds until it is applied (what a compute-ahead budget counts).
    virtual size_t bytes() const { return 0; }
};

class RankPass {
  public:
    virtual ~RankPass() = default;
    virtual PassInfo info() const = 0;
    virtual void run(RankContext& ctx) = 0;
    /// True when compute()/apply() split the pass (see the top of this file); run() is then
    /// apply(compute()) on the index-building thread.
    virtual bool offThread() const { return false; }
    /// True for a pass that runs for every rank before the other passes of any rank (it must lead the
    /// plan): a split pass may read what it writes (committed before a second connection reads).
    virtual bool firstForEveryRank() const { return false; }
    /// True for an off-thread pass whose compute() reads only rows as the load wrote them, by rowid (no
    /// secondary index, nothing the index stage or another pass changes): it may compute while the index
    /// stage builds the secondary indexes (AnalysisPlan::startEarly), before the leading passes ran.
    virtual bool readsLoadOnly() const { return false; }
    /// Off-thread passes with the same group, consecutive in the plan, compute together over one
    /// RankReadContext (default: the pass alone).
    virtual std::string_view computeGroup() const { return info().name; }
    /// Any thread, one call at a time per connection; must not write. Only for an off-thread pass.
    virtual std::unique_ptr<RankResult> compute(RankReadContext&) const { return nullptr; }
    /// The index-building thread: writes what compute() found. Only for an off-thread pass.
    virtual void apply(RankContext&, RankResult&) {}
    /// Once after every rank ran (e.g. the secondary indexes of what it wrote: built once, sorted, instead
    /// of maintained row by row). Timed with the pass.
    virtual void finish(index::Db&) {}
};

/// What a cross-rank pass gets: the index and the settings; nothing per event.
struct CrossRankContext {
    index::Db& db;
    const AnalysisOptions& opts;
};

class CrossRankPass {
  public:
    virtual ~CrossRankPass() = default;
    virtual PassInfo info() const = 0;
    virtual void run(CrossRankContext& ctx) = 0;
};

} // namespace rs::analysis
