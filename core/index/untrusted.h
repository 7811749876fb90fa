#pragma once
// Settings for an SQLite connection that runs SQL or schemas nobody vetted (`rankscope query`, imported
// Ascend .db files): no extension loading, no trust in schema-defined functions, defensive mode, a bound
// on string / blob / SQL length, and a progress handler that stops a statement past a time budget or
// when a cancel flag is set. Any thread; one connection per guard.
#include <atomic>
#include <chrono>
#include <cstdint>

struct sqlite3;

namespace rs::index {

constexpr int kMaxValueBytes = 64 << 20; ///< longest string or blob a statement may make
constexpr int kMaxSqlBytes = 1 << 20;    ///< longest SQL text

class UntrustedGuard {
  public:
    /// `budget`: 0 for none. `cancel` may be null.
    UntrustedGuard(sqlite3* db, std::chrono::milliseconds budget, const std::atomic<bool>* cancel = nullptr);
    ~UntrustedGuard();
    /// True when the last interruption came from the time budget (not the cancel flag).
    bool timedOut() const { return m_timedOut; }
    /// Starts a new budget from now (0: none): a statement stepped in pieces (a console paging through its
    /// result) spends its budget only while it runs, not while the user reads.
    void restartBudget(std::chrono::milliseconds budget);

  private:
    static int onProgress(void* self);
    sqlite3* m_db;
    std::chrono::steady_clock::time_point m_deadline;
    bool m_hasDeadline;
    const std::atomic<bool>* m_cancel;
    bool m_timedOut = false;
};

} // namespace rs::index
