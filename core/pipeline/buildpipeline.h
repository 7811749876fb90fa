#pragma once
// Builds or reuses the SQLite index of a profile directory: the one place that runs import, index and
// analysis together. Stages, in order (core/pipeline/phase.h):
//   discover  which files, which rank groups (core/import/discovery), and the index path; a current
//             index is reused (core/index/indexstore: schema version + fingerprint + options key)
//   parse     `jobs` parser threads, one rank group each (core/import/rankjob), feeding …
//   write     … one writer thread that owns the SQLite connection (core/index/indexwriter)
//             (both in core/pipeline/parsestage)
//   finish    strings, then the load committed; secondary indexes, re-nesting, canonical steps, views
//             (IndexWriter::finishLoad, buildIndexes). Meanwhile the analysis passes that read only the
//             load's rows (flow_links) compute on a second thread (AnalysisPlan::startEarly), the file in
//             WAL from then on, unless a track is re-nested
//   analyse   the analysis plan: rank-local passes rank by rank (the off-thread ones on a second thread
//             with a read-only connection, the file in WAL meanwhile), then the cross-rank passes
//             (core/analysis/analysisplan.h); each pass timed under this stage
//   commit    meta rows, then the temporary file renamed into place (core/index/indexstore)
// Safety: a lock file keeps two processes from building the same index; a failed or cancelled build
// leaves the old index and no temporary file. Cancellation is honoured between stages and inside them
// (the parsers stop; a running SQL statement is interrupted).
// Threads: run() blocks and reports progress on the calling thread; call it off the GUI thread.
#include "core/analysis/analysisoptions.h"
#include "core/import/discovery.h"
#include "core/pipeline/phase.h"
#include "core/pipeline/shardplan.h"
#include "core/pipeline/stageclock.h"

#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>

namespace rs::index {
class Db;
class IndexBuildFile;
class IndexWriter;
} // namespace rs::index
namespace rs::analysis {
class AnalysisPlan;
} // namespace rs::analysis

namespace rs::pipeline {

struct BuildOptions {
    std::string dbPath; ///< explicit index file (empty: the default location, core/index/indexstore.h)
    int jobs = 0;       ///< parser threads (0: all cores)
    /// Threads of the analysis (0: as `jobs`): with more than one, the off-thread rank-local passes
    /// (core/analysis/pass.h) compute on a second thread beside the others; the index is the same.
    int analysisJobs = 0;
    bool force = false;     ///< rebuild even when the index is current
    bool breakLock = false; ///< take a lock held from another host (its owner is gone)
    /// Told once when the build waits for another process (e.g. "waiting for another Rankscope …").
    std::function<void(const std::string&)> notice;
    analysis::AnalysisOptions analysis;
    StopAfter stopAfter = StopAfter::Analysis;
    /// A shard of a cluster build (shardplan.h): only shard K's rank groups are read and only the
    /// rank-local passes run; the meta records the WHOLE profile's fingerprint, K/N, the ranks and the
    /// groups' bytes (what `merge` checks and needs). Default path: <shard dir>/shard-K-of-N.sqlite.
    ShardSpec shard;
};

struct BuildProgress {
    Phase phase = Phase::Discover;
    int64_t bytesDone = 0, bytesTotal = 0; ///< on-disk bytes
    int64_t events = 0;
    int filesTotal = 0;
    double elapsedSec = 0;
};

struct BuildResult {
    bool ok = false;
    bool reused = false;
    bool cancelled = false;
    std::string dbPath; ///< empty after StopAfter::Parse (nothing is written)
    std::string error;  ///< names the file and the reason when !ok
    double seconds = 0;
    int64_t inputBytes = 0;
    int64_t spans = 0;
    int64_t events = 0;
    /// Trace JSON read from .gz/.zst files: their on-disk bytes, and the JSON they held (0, 0 when none)
    int64_t gzipBytes = 0, zstdBytes = 0, jsonFromCompressedBytes = 0;
    /// Stage times, seconds (0 for a stage not run). writeSec is the writer thread's busy time, which
    /// overlaps parseSec.
    double discoverSec = 0, parseSec = 0, writeSec = 0, finishSec = 0, analysisSec = 0, commitSec = 0;
};

using ProgressFn = std::function<void(const BuildProgress&)>;

class BuildPipeline {
  public:
    BuildPipeline(std::string profileDir, BuildOptions opts);
    /// Builds the index or reuses a current one. One run per object; any thread (one object per thread).
    BuildResult run(const ProgressFn& progress = {}, std::atomic<bool>* cancel = nullptr);
    /// The options key an index built with `opts` records (and is reused under).
    static std::string optionsKey(const BuildOptions& opts);

  private:
    bool discover(BuildResult& res);
    BuildResult parseOnly(BuildResult res);
    bool reuseIfCurrent(BuildResult& res, bool lockHeld);
    void build(BuildResult& res);
    void writeIndex(index::IndexBuildFile& file, analysis::AnalysisPlan& plan, BuildResult& res);
    /// Between the load's commit and the index stage: the analysis passes that read the load's rows alone
    /// start on the second core (AnalysisPlan::startEarly), when the file can be shared; true if they did.
    bool startAnalysisEarly(index::IndexBuildFile& file, analysis::AnalysisPlan& plan,
                            index::IndexWriter& writer);
    void analyse(index::IndexBuildFile& file, analysis::AnalysisPlan& plan);
    bool analysisBeside() const;
    /// The meta keys of a shard: shard, shard_ranks, shard_groups (grp:bytes,…).
    std::vector<std::pair<std::string, std::string>> shardMeta(index::Db& db) const;
    int64_t groupBytes(size_t group) const;
    std::vector<size_t> groupsRead() const;
    std::string indexPath() const;
    /// Writes the meta rows (`spans`: the span rows written, kept for `info`) and renames the file in place.
    void commit(index::IndexBuildFile& file, int64_t spans);
    void onParsed(int64_t bytesDone, int64_t events);
    void enter(Phase phase);
    void report();
    void throwIfCancelled() const;
    bool cancelled() const { return m_cancel && m_cancel->load(); }
    BuildResult& finished(BuildResult& res);

    std::string m_profileDir;
    BuildOptions m_opts;
    ProgressFn m_progressFn;
    std::atomic<bool>* m_cancel = nullptr;
    StageClock m_clock;
    import::Discovery m_discovery;
    std::optional<std::vector<size_t>> m_groups; ///< a shard's groups (unset: all)
    BuildProgress m_progress;
};

} // namespace rs::pipeline
