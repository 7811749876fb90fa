#include "core/index/indexstore.h"

#include "core/index/buildguard.h"
#include "core/index/schema.h"

#include <QCryptographicHash>
#include <QString>

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <fcntl.h>
#include <filesystem>
#include <unistd.h>

namespace fs = std::filesystem;

namespace rs::index {

namespace {

// A directory whose mode grants no write bit to anyone is treated as read-only even for root (who
// could write anyway): sample trees and shared copies stay untouched, the index goes to the cache dir.
bool dirWritable(const fs::path& dir) {
    std::error_code ec;
    auto perms = fs::status(dir, ec).permissions();
    if (ec || (perms & (fs::perms::owner_write | fs::perms::group_write | fs::perms::others_write)) ==
                  fs::perms::none)
        return false;
    if (::access(dir.c_str(), W_OK) != 0) return false;
    fs::create_directories(dir / ".rankscope", ec);
    if (ec) return false;
    return ::access((dir / ".rankscope").c_str(), W_OK) == 0;
}

} // namespace

std::string IndexStore::cacheDirectory() {
    const char* xdg = std::getenv("XDG_CACHE_HOME");
    fs::path base =
        xdg && *xdg ? fs::path(xdg) : fs::path(std::getenv("HOME") ? std::getenv("HOME") : "/tmp") / ".cache";
    return (base / "rankscope").string();
}

std::string IndexStore::defaultIndexPath(const std::string& profileDir) {
    fs::path abs = fs::absolute(profileDir).lexically_normal();
    fs::path dir = fs::is_directory(abs) ? abs : abs.parent_path();
    if (dirWritable(dir)) {
        if (fs::is_directory(abs)) return (dir / ".rankscope" / "index.sqlite").string();
        return (dir / ".rankscope" / (abs.filename().string() + ".index.sqlite")).string();
    }
    QByteArray h =
        QCryptographicHash::hash(QByteArray::fromStdString(abs.string()), QCryptographicHash::Sha1).toHex();
    fs::path c = cacheDirectory();
    std::error_code ec;
    fs::create_directories(c, ec);
    return (c / (h.toStdString() + ".sqlite")).string();
}

std::string IndexStore::defaultShardDirectory(const std::string& profileDir) {
    // beside the default index: <profile>/.rankscope/index.sqlite → …/shards, <cache>/<h>.sqlite → <h>-shards
    fs::path index = defaultIndexPath(profileDir);
    fs::path dir = index.filename() == "index.sqlite"
                       ? index.parent_path() / "shards"
                       : fs::path(index.string().substr(0, index.string().size() - 7) + "-shards");
    std::error_code ec;
    fs::create_directories(dir, ec);
    return dir.string();
}

bool IndexStore::isCurrent(const std::string& fingerprint, const std::string& optionsKey) const {
    std::error_code ec;
    if (!fs::exists(m_path, ec)) return false;
    try {
        Db db(m_path, true);
        auto q = db.prepare("SELECT key, value FROM meta WHERE key IN "
                            "('schema_version','fingerprint','complete','analysis')");
        std::string ver, fp, complete, an;
        while (q.step()) {
            std::string k = q.text(0);
            if (k == "schema_version")
                ver = q.text(1);
            else if (k == "fingerprint")
                fp = q.text(1);
            else if (k == "complete")
                complete = q.text(1);
            else if (k == "analysis")
                an = q.text(1);
        }
        return ver == std::to_string(kSchemaVersion) && complete == "1" && fp == fingerprint &&
               an == optionsKey;
    } catch (const SqlError&) {
        return false;
    }
}

std::string IndexStore::recordedFileStamps() const {
    std::error_code ec;
    if (!fs::exists(m_path, ec)) return {};
    try {
        Db db(m_path, true);
        return db.scalarText("SELECT value FROM meta WHERE key = 'file_stamps'");
    } catch (const SqlError&) {
        return {};
    }
}

bool IndexStore::mayReplace(std::string& error) const {
    return index::mayReplace(m_path, error);
}

void IndexStore::markReused() const {
    removeLeftoverTempsIfIdle(m_path);
    std::error_code ec;
    fs::last_write_time(m_path, fs::file_time_type::clock::now(), ec);
}

IndexBuildFile::IndexBuildFile(std::string dbPath, bool keepFlowEvents)
    : m_path(std::move(dbPath)), m_tmpPath(m_path + ".tmp-" + std::to_string(::getpid())),
      m_scratchPath(keepFlowEvents ? std::string() : m_tmpPath + "-scratch") {
    // with the lock held nobody else is building this index: any temporary file is a dead build's
    removeLeftoverTemps(m_path);
    try {
        m_db = std::make_unique<Db>(m_tmpPath);
        applyBulkPragmas(*m_db);
        createTables(*m_db);
        if (m_scratchPath.empty())
            createFlowEventTable(*m_db, "main");
        else
            attachBuildScratch(*m_db, m_scratchPath);
    } catch (...) {
        removeFiles();
        throw;
    }
}

IndexBuildFile::~IndexBuildFile() {
    if (!m_committed) removeFiles();
}

void IndexBuildFile::removeFiles() {
    m_db.reset(); // closed before its files are removed
    std::error_code ec;
    fs::remove(m_tmpPath, ec);
    fs::remove(m_tmpPath + "-wal", ec); // shareWithReaders()'s, when the last close did not remove them
    fs::remove(m_tmpPath + "-shm", ec);
    if (!m_scratchPath.empty()) fs::remove(m_scratchPath, ec);
}

bool IndexBuildFile::shareWithReaders() {
    // NORMAL first, so the WAL index is shared memory other connections see, not this connection's heap;
    // the exclusive locks (main and scratch) are let go at the next access of each
    m_db->exec("PRAGMA locking_mode=NORMAL");
    if (m_db->scalarText("PRAGMA main.journal_mode=WAL") != "wal") {
        m_db->exec("PRAGMA locking_mode=EXCLUSIVE"); // as the bulk load had it
        return false;
    }
    if (!m_scratchPath.empty()) m_db->scalar("SELECT count(*) FROM scratch.sqlite_master");
    return true;
}

std::unique_ptr<Db> IndexBuildFile::openReader() const {
    auto db = std::make_unique<Db>(m_tmpPath, true);
    // its reads are sequential runs of rows read once: a small page cache (4 MB) is enough
    db->exec("PRAGMA query_only=1; PRAGMA cache_size=-4096;");
    if (!m_scratchPath.empty()) db->prepare("ATTACH DATABASE ? AS scratch").bind(1, m_scratchPath).exec();
    return db;
}

void IndexBuildFile::writeMeta(const IndexMeta& meta) {
    auto m = m_db->prepare("INSERT OR REPLACE INTO meta(key, value) VALUES(?, ?)");
    m.bind(1, "schema_version").bind(2, std::to_string(kSchemaVersion)).exec();
    m.bind(1, "fingerprint").bind(2, meta.fingerprint).exec();
    if (!meta.fileStamps.empty()) m.bind(1, "file_stamps").bind(2, meta.fileStamps).exec();
    m.bind(1, "analysis").bind(2, meta.optionsKey).exec();
    m.bind(1, "profile").bind(2, meta.profile).exec();
    m.bind(1, "input_bytes").bind(2, std::to_string(meta.inputBytes)).exec();
    m.bind(1, "rankscope_version").bind(2, RANKSCOPE_VERSION).exec();
    for (auto& ig : meta.ignored)
        m.bind(1, "ignored:" + ig).bind(2, "1").exec();
    for (auto& [k, v] : meta.extra)
        m.bind(1, k).bind(2, v).exec();
    if (meta.spans >= 0) m.bind(1, kSpanCountKey).bind(2, std::to_string(meta.spans)).exec();
    if (meta.counts)
        for (auto& [k, v] : meta.counts->metaRows())
            m.bind(1, k).bind(2, v).exec();
    m.bind(1, "complete").bind(2, "1").exec();
    m_db->exec("PRAGMA journal_mode=DELETE");
}

bool IndexBuildFile::commit(std::string& error, BackgroundRemoval& removal) {
    if (!m_scratchPath.empty()) m_db->exec("DETACH DATABASE scratch");
    m_db.reset();
    std::string old;
    std::error_code ec;
    if (!swapIntoPlace(old)) fs::rename(m_tmpPath, m_path, ec);
    if (ec) {
        error = "cannot move the new index into place at " + m_path + ": " + ec.message();
        removeFiles();
        return false;
    }
    m_committed = true;
    // the old index's blocks and the scratch's are freed off this thread
    removal.remove({old, m_scratchPath});
    return true;
}

bool IndexBuildFile::swapIntoPlace(std::string& old) const {
    if (::renameat2(AT_FDCWD, m_tmpPath.c_str(), AT_FDCWD, m_path.c_str(), RENAME_EXCHANGE) != 0)
        return false;
    // the old index now has this build's temporary name, which a later build of this process reuses
    static std::atomic<int> serial{0};
    old = m_tmpPath + "-old" + std::to_string(++serial);
    std::error_code ec;
    fs::rename(m_tmpPath, old, ec);
    if (ec) {
        fs::remove(m_tmpPath, ec);
        old.clear();
    }
    return true;
}

} // namespace rs::index
