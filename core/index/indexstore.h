#pragma once
// Where an index lives and how a build replaces it, without knowing what builds it:
// - paths: <profile>/.rankscope/index.sqlite when the directory is writable, else
//   $XDG_CACHE_HOME/rankscope/<sha1(abs path)>.sqlite;
// - currency: an index is reused when its schema version and the two strings recorded at build time
//   match: the inputs' fingerprint and the options key (the caller computes both; core/pipeline passes
//   core/import's discovery fingerprint and core/analysis's options key);
// - replacement: a build writes "<index>.tmp-<pid>" (IndexBuildFile), adds the meta rows last and renames
//   it into place only when complete; a failed or cancelled build removes its file and keeps the old index.
//   The index it replaces is swapped out (one atomic exchange) and freed on another thread
//   (core/index/backgroundremoval.h).
// The lock that keeps two builders of one index apart is core/index/buildguard.h. Any thread.
#include "core/index/backgroundremoval.h"
#include "core/index/indexcounts.h"
#include "core/index/sqlite.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace rs::index {

/// What the meta table records about a build (besides the schema and program versions).
struct IndexMeta {
    std::string fingerprint; ///< of the inputs, as read (another value makes the next open rebuild)
    std::string optionsKey;  ///< of the options the content depends on
    std::string profile;     ///< the profile's absolute path
    int64_t inputBytes = 0;
    std::vector<std::string> ignored;                       ///< inputs recognised but not read
    std::vector<std::pair<std::string, std::string>> extra; ///< more keys (a shard's, a cluster index's)
    int64_t spans = -1; ///< the span rows written (meta span_count), -1: not kept (a cluster index's)
    std::optional<IndexCounts> counts =
        std::nullopt; ///< what `info` shows, counted after the last write; none: not kept
    std::string fileStamps =
        {}; ///< each input's stat and content sample (import::Discovery::stamps), or none
};

/// The meta key of IndexMeta::spans.
constexpr const char* kSpanCountKey = "span_count";
/// The meta key saying where the analysis's HBM bank layout came from: the rankscope-device.json read,
/// "options" (bank options given by the user), or kBankLayoutAssumed (the default; nothing in a profile gives
/// a card's banks).
constexpr const char* kBankLayoutKey = "bank_layout";
constexpr const char* kBankLayoutAssumed = "assumed";

class IndexStore {
  public:
    explicit IndexStore(std::string dbPath) : m_path(std::move(dbPath)) {}
    /// $XDG_CACHE_HOME/rankscope (or ~/.cache/rankscope): indexes of profiles in read-only places.
    static std::string cacheDirectory();
    /// The index path used for `profileDir` when no explicit path is given (creates its directory).
    static std::string defaultIndexPath(const std::string& profileDir);
    /// Where `index --shard` writes when no --out is given: <profile>/.rankscope/shards when writable,
    /// else $XDG_CACHE_HOME/rankscope/<sha1(abs path)>-shards (creates it).
    static std::string defaultShardDirectory(const std::string& profileDir);
    const std::string& path() const { return m_path; }
    /// True when the file holds a complete index of this schema version built from inputs with this
    /// fingerprint under these options.
    bool isCurrent(const std::string& fingerprint, const std::string& optionsKey) const;
    /// The inputs' stamps the index recorded (meta file_stamps); empty when there is no such index or key.
    std::string recordedFileStamps() const;
    /// False with a message naming the file when it exists and is not a Rankscope index.
    bool mayReplace(std::string& error) const;
    /// A reused index: removes dead builds' temporary files when no build holds the lock, and marks it
    /// used now (its modification time, which `rankscope cache clean --unused-for` reads).
    void markReused() const;

  private:
    std::string m_path;
};

/// One build's temporary file. Create it with the build lock held; it is removed on destruction unless
/// committed. The connection belongs to the thread that writes the index.
class IndexBuildFile {
  public:
    /// Removes dead builds' temporary files, then creates this process's with the storage tables and the
    /// bulk-load pragmas. The flow events go to a scratch file ("<index>.tmp-<pid>-scratch", attached as
    /// "scratch", removed with the build) unless `keepFlowEvents` (an index built without analysis keeps
    /// them for a later flow_links pass). Throws SqlError when it cannot be created.
    explicit IndexBuildFile(std::string dbPath, bool keepFlowEvents = false);
    ~IndexBuildFile();
    IndexBuildFile(const IndexBuildFile&) = delete;
    IndexBuildFile& operator=(const IndexBuildFile&) = delete;
    Db& db() { return *m_db; }
    /// Lets other connections read what is committed while this one writes (the analysis beside the
    /// writer): the exclusive lock of the bulk load is given up and the file goes to WAL until
    /// writeMeta() (each write of the analysis then goes through the WAL once more at that checkpoint).
    /// The writing thread, between transactions. False when the file cannot go to WAL (a file system
    /// without shared memory): then nothing changed and no reader can run beside the writer.
    bool shareWithReaders();
    /// A read-only connection to this build's file, with its scratch attached as on the writer: it sees
    /// what was committed before each of its statements. After shareWithReaders(); close it before
    /// writeMeta(). Any thread may open it; the connection then belongs to that thread.
    std::unique_ptr<Db> openReader() const;
    /// The meta rows that make the file a complete index ("complete" last), then the journal mode the
    /// readers expect.
    void writeMeta(const IndexMeta& meta);
    /// Closes the connection and renames the file into place; false with `error` naming the index path.
    /// An index it replaces is freed by `removal` (named "<index>.tmp-<pid>-old<n>" meanwhile), with the
    /// scratch file.
    bool commit(std::string& error, BackgroundRemoval& removal = BackgroundRemoval::process());

  private:
    void removeFiles();
    /// Exchanges the new file with the index at the path in one atomic step, then names the old one
    /// "<tmp>-old<n>" (`old`, empty if that failed and it was removed here). Unlike a rename over the
    /// old index it neither frees the old file nor, on ext4, has the kernel allocate the new file's
    /// delayed blocks first (auto_da_alloc): that rename took 0.12–0.3 s at 270 MB. False (nothing done)
    /// when there is no old index or the file system cannot exchange.
    bool swapIntoPlace(std::string& old) const;

    std::string m_path, m_tmpPath, m_scratchPath; ///< m_scratchPath empty when the events stay in main
    std::unique_ptr<Db> m_db;
    bool m_committed = false;
};

} // namespace rs::index
