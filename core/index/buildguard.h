#pragma once
// What protects an index build from other processes and from the past: the lock that keeps two builders
// of one index apart (its errors reported, never spun on; a stale lock of a dead process on this host
// recovered; a lock held from another host reported with its owner, and broken only when asked), the
// temporary files that killed builds left behind (removed while holding the lock), and the refusal to
// overwrite a file that is not a Rankscope index (`--db` pointing at an input by mistake).
// Any thread; uses Qt Core's QLockFile.
#include <atomic>
#include <functional>
#include <memory>
#include <string>

class QLockFile;

namespace rs::index {

/// How long to wait for a lock held from another host before reporting it.
constexpr int kForeignLockWaitMs = 5000;

class BuildLock {
  public:
    /// `notice` is told once when the build has to wait for another process.
    BuildLock(const std::string& dbPath, bool breakForeign, std::function<void(const std::string&)> notice);
    ~BuildLock();
    /// Waits for the lock; false with `error` set when it cannot be taken (or `cancel` was set).
    bool acquire(const std::atomic<bool>* cancel, std::string& error);
    /// Takes the lock only if nobody holds it (a stale one of a dead process on this host counts as free).
    bool tryAcquireNow();

  private:
    std::string m_path;
    bool m_breakForeign;
    std::function<void(const std::string&)> m_notice;
    std::unique_ptr<QLockFile> m_lock;
};

/// Removes `<dbPath>.tmp-*` files (and their -journal / -wal) of builds that died. Call with the lock held.
int removeLeftoverTemps(const std::string& dbPath);
/// When `<dbPath>.tmp-*` files exist and no build holds the lock, removes them (an index that is reused
/// never needs the lock, but a build killed over it left its temporary file beside it).
void removeLeftoverTempsIfIdle(const std::string& dbPath);

/// True when `path` may be replaced by an index: absent, empty, or a Rankscope index. Otherwise false with
/// a message naming the file.
bool mayReplace(const std::string& path, std::string& error);

} // namespace rs::index
