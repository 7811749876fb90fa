#pragma once
// The indexes Rankscope keeps in the user cache directory ($XDG_CACHE_HOME/rankscope, for profiles in
// read-only places): what each is (its profile, size, when it was last used, whether it still serves a
// profile that exists with this schema version), and cleaning them. An index beside its profile
// (DIR/.rankscope) is not the cache's: it goes with the data. Annotations are the user's work: an entry
// with annotations is kept unless asked. An entry a build holds (its lock) is never touched. Any thread.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace rs::cache {

struct CacheEntry {
    std::string indexPath;  ///< <cache>/<sha1>.sqlite
    std::string profile;    ///< the profile it indexes (empty: not readable as an index)
    int64_t bytes = 0;      ///< the index, its -wal/-shm, temporary files of dead builds, annotations
    int64_t lastUsedNs = 0; ///< modification time (ns since the epoch): set when built and on each reuse
    bool profileExists = false;
    bool currentSchema = false; ///< written by this version's schema (older ones are rebuilt, never read)
    bool hasAnnotations = false;
};

/// The cache directory (it may not exist yet).
std::string cacheDirectory();

/// Every index in the cache directory, most recently used first.
std::vector<CacheEntry> listCache(const std::string& dir = cacheDirectory());

struct CleanOptions {
    bool missingProfiles = true;        ///< entries whose profile no longer exists
    bool olderSchemas = true;           ///< entries this version would rebuild anyway
    std::optional<int64_t> unusedForNs; ///< also entries not used for this long
    bool withAnnotations = false;       ///< also entries that hold annotations (otherwise kept)
    bool dryRun = false;
};

struct CleanResult {
    std::vector<CacheEntry> removed, keptForAnnotations, busy; ///< busy: a build holds its lock
    int64_t bytesFreed = 0;
};

CleanResult cleanCache(const CleanOptions& o, const std::string& dir = cacheDirectory(), int64_t nowNs = -1);

} // namespace rs::cache
