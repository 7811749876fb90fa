#pragma once
// Builds or reuses the SQLite index of a profile directory: the one place that runs import, index and
// analysis together. Stages, in order:
//   discover  which files, which rank groups (core/import/discovery), and the index path; a current
//             index is reused (core/index/indexstore: schema version + fingerprint + options key)
//   parse     `jobs` parser threads, one rank group each (core/import/rankjob), feeding …
//   write     … one writer thread that owns the SQLite connection (core/index/indexwriter)
//   finish    strings, re-nesting, canonical steps, secondary indexes, views (IndexWriter::finish)
//   analyse   the analysis plan: rank-local passes rank by rank, then the cross-rank passes
//             (core/analysis/analysisplan.h)
//   commit    meta rows, then the temporary file renamed into place (core/index/indexstore)
// Safety: a lock file keeps two processes from building the same index; a failed or cancelled build
// leaves the old index and no temporary file. Cancellation is honoured while parsing and between stages.
// Threads: run() blocks and reports progress on the calling thread; call it off the GUI thread.
#include "core/analysis/analysisoptions.h"
#include "core/import/discovery.h"

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <string>

namespace rs::index {
class Db;
}

namespace rs::pipeline {

/// The phases progress reports (parse and write run side by side and report as Parse).
enum class Phase { Discover, Parse, Finish, Analyse, Commit };
/// Its word in progress lines: "discovering", "parsing", "indexing", "analysing", "committing".
const char* phaseName(Phase p);

/// How far a build goes: tests and benchmarks stop after the index (tables, steps, secondary indexes and
/// views written, no analysis) to run analysis passes of their own; the app and the CLI build everything.
/// An index that stops early is recorded under its own options key, so a full build never reuses it.
enum class StopAfter { Index, Analysis };

struct BuildOptions {
    std::string dbPath;     ///< explicit index file (empty: the default location, core/index/indexstore.h)
    int jobs = 0;           ///< parser threads (0: all cores)
    bool force = false;     ///< rebuild even when the index is current
    bool breakLock = false; ///< take a lock held from another host (its owner is gone)
    /// Told once when the build waits for another process (e.g. "waiting for another Rankscope …").
    std::function<void(const std::string&)> notice;
    analysis::AnalysisOptions analysis;
    StopAfter stopAfter = StopAfter::Analysis;
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
    std::string dbPath;
    std::string error; ///< names the file and the reason when !ok
    double seconds = 0;
    int64_t inputBytes = 0;
    int64_t spans = 0;
    int64_t events = 0;
    double parseSec = 0, finishSec = 0, analysisSec = 0; ///< stages of a build (parse includes write)
};

using ProgressFn = std::function<void(const BuildProgress&)>;

class BuildPipeline {
  public:
    BuildPipeline(std::string profileDir, BuildOptions opts);
    /// Builds the index or reuses a current one. One run per object; any thread (one object per thread).
    BuildResult run(const ProgressFn& progress = {}, std::atomic<bool>* cancel = nullptr);

  private:
    bool discover(BuildResult& res);
    bool reuseIfCurrent(BuildResult& res, bool lockHeld);
    void parseAndWrite(index::Db& db, BuildResult& res);
    void analyse(index::Db& db, BuildResult& res);
    void report(Phase phase);
    void throwIfCancelled() const;
    bool cancelled() const { return m_cancel && m_cancel->load(); }
    /// The options key recorded in the index (the analysis settings, and where the build stopped).
    std::string optionsKey() const;
    double elapsed() const;

    std::string m_profileDir;
    BuildOptions m_opts;
    ProgressFn m_progressFn;
    std::atomic<bool>* m_cancel = nullptr;
    std::chrono::steady_clock::time_point m_t0;
    import::Discovery m_discovery;
    BuildProgress m_progress;
};

} // namespace rs::pipeline
