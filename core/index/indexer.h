#pragma once
// Builds or reuses the SQLite index of a profile directory.
// - Cache: <profile>/.rankscope/index.sqlite when the directory is writable, else
//   $XDG_CACHE_HOME/rankscope/<sha1(abs path)>.sqlite. Reused when the schema version and the
//   fingerprint (every input's path, size and mtime) match; rebuilt otherwise.
// - Safety: built into "<index>.tmp-<pid>" and renamed into place only when complete; a lock file keeps
//   two processes from building the same index; a failed or cancelled build leaves the old index.
// - Threads: `jobs` parser threads (one rank group each) feed one writer thread that owns SQLite;
//   the calling thread reports progress. open() blocks; call it off the GUI thread.
#include "core/analysis/analysisoptions.h"
#include "core/import/discovery.h"

#include <atomic>
#include <cstdint>
#include <functional>
#include <string>

namespace rs::index {

struct IndexOptions {
    std::string dbPath;     ///< explicit index file (empty: the default cache location)
    int jobs = 0;           ///< parser threads (0: all cores)
    bool force = false;     ///< rebuild even when the cached index is current
    bool breakLock = false; ///< take a lock held from another host (its owner is gone)
    /// Told once when the build waits for another process (e.g. "waiting for another Rankscope …").
    std::function<void(const std::string&)> notice;
    analysis::AnalysisOptions analysis;
};

struct IndexProgress {
    int64_t bytesDone = 0, bytesTotal = 0; ///< on-disk bytes
    int64_t events = 0;
    int filesTotal = 0;
    double elapsedSec = 0;
    std::string phase; ///< "parsing", "indexing", "analysing"
};

struct IndexResult {
    bool ok = false;
    bool reused = false;
    bool cancelled = false;
    std::string dbPath;
    std::string error; ///< names the file and the reason when !ok
    double seconds = 0;
    int64_t inputBytes = 0;
    int64_t spans = 0;
    int64_t events = 0;
    double parseSec = 0, finishSec = 0, analysisSec = 0; ///< phases of a build
};

using ProgressFn = std::function<void(const IndexProgress&)>;

class Indexer {
  public:
    /// Builds the index or reuses a current one. Thread-safe (one call per thread).
    static IndexResult open(const std::string& profileDir, const IndexOptions& opts,
                            const ProgressFn& progress = {}, std::atomic<bool>* cancel = nullptr);
    /// $XDG_CACHE_HOME/rankscope (or ~/.cache/rankscope): indexes of profiles in read-only places.
    static std::string cacheDirectory();
    /// The index path used for `profileDir` when no explicit path is given.
    static std::string defaultIndexPath(const std::string& profileDir);
    /// True when `dbPath` holds a complete index of this schema version for exactly these inputs.
    static bool isCurrent(const std::string& dbPath, const import::Discovery& d,
                          const analysis::AnalysisOptions& a);
};

} // namespace rs::index
