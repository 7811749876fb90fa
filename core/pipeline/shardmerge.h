#pragma once
// `rankscope merge`: builds a cluster index from the shards of a profile (shardplan.h, shardmanifest.h)
// out of their per-rank summary tables alone — no span, lane or event is copied — and runs the cross-rank
// analysis passes over them (core/analysis/analysisplan.h), which gives the findings, waits, step and op
// statistics of a whole-profile index. What a summary row refers to stays valid:
//  - rank keys are recomputed over all shards (clusterrankkeys.h), as a whole build keys colliding ranks;
//  - sum_arrival gets new arrival ids, in rank order as a whole build writes them; run ids are the
//    cross-rank passes' own;
//  - span ids (sum_arrival.span_id, hence collective.span_id and finding.span_id) stay the ids of the
//    rank's own shard: the manifest table says which shard holds a rank's spans.
// The summary tables hold no string id. Shards' discovery diagnostics (the same in every shard) are kept
// once. Missing shards are named in the result and in `diagnostic`; the ranks that are there are merged.
// The result is written to a temporary file and renamed (core/index/indexstore.h), under the build lock,
// so a failed or concurrent merge never leaves a half-written cluster index: a second merge of the same
// output waits for the first (told through `notice`, with the holder's pid). A shard replaced or rewritten
// while the merge reads it (inode, size or mtime other than when the manifest read it, checked after each
// shard is read and again before the rename) fails the merge naming the shard, and nothing is written.
// Threads: run() blocks on the calling thread.
#include "core/analysis/analysisoptions.h"
#include "core/pipeline/shardmanifest.h"

#include <functional>
#include <string>
#include <utility>
#include <vector>

namespace rs::index {
class Db;
}

namespace rs::pipeline {

struct MergeOptions {
    std::string shardDir;
    std::string outPath;    ///< empty: <shardDir>/cluster.sqlite
    bool breakLock = false; ///< take a lock held from another host (its owner is gone)
    /// Told once when another process holds the output's build lock and this merge waits for it.
    std::function<void(const std::string&)> notice;
    /// Called on the merging thread after shard number `read` of `present` was read and checked (progress;
    /// the tests rewrite a shard from it to prove the check).
    std::function<void(int read, int present)> onShardRead;
};

struct MergeResult {
    bool ok = false;
    std::string error; ///< names the file and the reason when !ok
    std::string outPath;
    int shardCount = 0;               ///< N
    std::vector<std::string> missing; ///< paths of the absent shards
    int ranks = 0;                    ///< ranks in the cluster index
    double seconds = 0;
    /// Where the seconds went: "read shards", "rekey and copy", "cross <pass>" for each cross-rank pass,
    /// "indexes" (wall seconds each; printed to stderr as they end when RANKSCOPE_TIMING is set).
    std::vector<std::pair<std::string, double>> parts;
};

class ShardMerge {
  public:
    explicit ShardMerge(MergeOptions opts) : m_opts(std::move(opts)) {}
    MergeResult run();

  private:
    void build(index::Db& db, MergeResult& res);
    void stage(index::Db& db);
    void rekey(index::Db& db, std::vector<std::string>& collisions);
    void unstage(index::Db& db, const std::vector<std::string>& collisions, const MergeResult& res);
    void writeManifest(index::Db& db);
    void checkUnchanged(const ShardInfo& s) const;
    bool checkOptions(std::string& error);

    MergeOptions m_opts;
    ShardManifest m_manifest;
    analysis::AnalysisOptions m_analysis;
};

} // namespace rs::pipeline
