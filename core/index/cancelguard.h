#pragma once
// Stops the statement running on a connection soon after a cancel flag is set (an SQLite progress
// handler, checked every few thousand VM steps), so a long index build step (secondary indexes, an
// analysis query) honours cancellation while it runs, not only when it ends. The statement then fails
// with SqlError ("interrupted"). One guard per connection at a time; the connection's thread.
#include <atomic>

namespace rs::index {

class Db;

class CancelGuard {
  public:
    /// `cancel` may be null (then the guard does nothing); `alsoStop`, when given, stops the statement too
    /// (e.g. the owner giving up on a worker's connection).
    CancelGuard(Db& db, const std::atomic<bool>* cancel, const std::atomic<bool>* alsoStop = nullptr);
    ~CancelGuard();
    CancelGuard(const CancelGuard&) = delete;
    CancelGuard& operator=(const CancelGuard&) = delete;

  private:
    static int onProgress(void* guard);
    Db& m_db;
    const std::atomic<bool>* m_cancel;
    const std::atomic<bool>* m_alsoStop;
    bool m_installed = false;
};

} // namespace rs::index
