#include "core/index/buildguard.h"

#include "core/index/sqlite.h"

#include <QLockFile>
#include <QString>
#include <QSysInfo>
#include <chrono>
#include <cstring>
#include <filesystem>
#include <fstream>

namespace fs = std::filesystem;

namespace rs::index {

BuildLock::BuildLock(const std::string& dbPath, bool breakForeign,
                     std::function<void(const std::string&)> notice)
    : m_path(dbPath + ".lock"), m_breakForeign(breakForeign), m_notice(std::move(notice)),
      m_lock(std::make_unique<QLockFile>(QString::fromStdString(m_path))) {
    // never stale by age: only a lock whose process is gone (same host) is stale
    m_lock->setStaleLockTime(0);
}

BuildLock::~BuildLock() = default;

bool BuildLock::acquire(const std::atomic<bool>* cancel, std::string& error) {
    const auto start = std::chrono::steady_clock::now();
    bool told = false;
    for (;;) {
        if (m_lock->tryLock(200)) return true;
        if (cancel && cancel->load()) {
            error = "cancelled while another process was building " + m_path.substr(0, m_path.size() - 5);
            return false;
        }
        if (m_lock->error() == QLockFile::PermissionError || m_lock->error() == QLockFile::UnknownError) {
            error = "cannot create the lock file " + m_path + ": " +
                    (m_lock->error() == QLockFile::PermissionError ? "permission denied" : "unknown error") +
                    " (choose a writable index location with --db)";
            return false;
        }
        qint64 pid = 0;
        QString host, app;
        bool info = m_lock->getLockInfo(&pid, &host, &app);
        const bool foreign = info && !host.isEmpty() && host != QSysInfo::machineHostName();
        if (!told && m_notice) {
            m_notice("waiting for another Rankscope building " + m_path.substr(0, m_path.size() - 5) +
                     " (pid " + std::to_string(pid) +
                     (foreign ? " on host " + host.toStdString() : std::string()) + ")");
            told = true;
        }
        if (foreign) {
            auto waited = std::chrono::duration_cast<std::chrono::milliseconds>(
                std::chrono::steady_clock::now() - start);
            if (m_breakForeign) {
                m_lock->removeStaleLockFile();
                continue;
            }
            if (waited.count() >= kForeignLockWaitMs) {
                error = m_path + " is held by " + app.toStdString() + " pid " + std::to_string(pid) +
                        " on host " + host.toStdString() +
                        " (a shared filesystem?). If that process is gone, run again with --break-lock";
                return false;
            }
        }
    }
}

bool BuildLock::tryAcquireNow() {
    return m_lock->tryLock(0);
}

void removeLeftoverTempsIfIdle(const std::string& dbPath) {
    fs::path p(dbPath);
    std::error_code ec;
    const std::string prefix = p.filename().string() + ".tmp-";
    bool any = false;
    for (auto it = fs::directory_iterator(p.parent_path(), ec); !ec && it != fs::directory_iterator() && !any;
         it.increment(ec))
        any = it->path().filename().string().rfind(prefix, 0) == 0;
    if (!any) return;
    BuildLock lock(dbPath, false, nullptr);
    if (lock.tryAcquireNow()) removeLeftoverTemps(dbPath);
}

int removeLeftoverTemps(const std::string& dbPath) {
    fs::path p(dbPath);
    std::error_code ec;
    const std::string prefix = p.filename().string() + ".tmp-";
    int removed = 0;
    for (auto it = fs::directory_iterator(p.parent_path(), ec); !ec && it != fs::directory_iterator();
         it.increment(ec)) {
        const std::string name = it->path().filename().string();
        if (name.rfind(prefix, 0) != 0) continue;
        std::error_code rm;
        if (fs::remove(it->path(), rm)) ++removed;
    }
    return removed;
}

bool mayReplace(const std::string& path, std::string& error) {
    std::error_code ec;
    if (!fs::exists(path, ec) || fs::file_size(path, ec) == 0) return true;
    char head[16] = {};
    std::ifstream in(path, std::ios::binary);
    in.read(head, sizeof head);
    bool sqlite = in.gcount() == 16 && std::memcmp(head, "SQLite format 3", 16) == 0;
    if (sqlite) {
        try {
            Db db(path, true);
            if (db.scalar("SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'meta'") > 0 &&
                !db.scalarText("SELECT value FROM meta WHERE key = 'schema_version'").empty())
                return true;
        } catch (const SqlError&) {
        }
    }
    error = "refusing to replace " + path + ": it is not a Rankscope index (choose another --db path)";
    return false;
}

} // namespace rs::index
