#pragma once
// One user SQL statement over an index, read-only, stepped in pieces: the one implementation behind
// `rankscope query` (runReadOnlyQuery) and the app's SQL console (SqlConsoleService). The connection is
// opened read-only and an authorizer refuses writes, schema changes, ATTACH/DETACH, PRAGMA assignments and
// extension loading; the untrusted-SQL limits (core/index/untrusted.h) bound value and SQL sizes; a second
// statement after the first is refused before anything runs. The time budget counts the time spent
// stepping the statement (fetch), so a console that pages through a result as the user scrolls spends it
// only while SQLite works. A cursor belongs to one thread; cancel flags may be set from any thread.
#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

struct sqlite3;
struct sqlite3_stmt;

namespace rs::index {
class UntrustedGuard;
}

namespace rs::query {

/// The time one statement may run, in ms: `rankscope query` (without --timeout) and the SQL console.
constexpr int64_t kQueryBudgetMs = 30000;

/// Why a statement did not give its whole result.
enum class QueryFailure {
    None,
    Open,      ///< the index could not be opened
    Syntax,    ///< SQLite refused the text (syntax, unknown table or column, …)
    Refused,   ///< a write, schema change, ATTACH, PRAGMA assignment or a forbidden function
    TooMany,   ///< more than one statement
    Empty,     ///< no statement at all (only whitespace or comments)
    TimedOut,  ///< the time budget ran out
    Cancelled, ///< the cancel flag was set
    Runtime    ///< an error while stepping (a value over the size limit, …)
};

/// Row callback: the values as text (numbers printed exactly), and which are NULL.
using RowSink = std::function<void(const std::vector<std::string>& values, const std::vector<bool>& isNull)>;

class ReadOnlyCursor {
  public:
    /// Opens `dbPath` and prepares `sql`; check ok(). `budgetMs` 0: no limit. `cancel` (may be null)
    /// stops the statement at its next progress check wherever it is set.
    ReadOnlyCursor(const std::string& dbPath, const std::string& sql, int64_t budgetMs = kQueryBudgetMs,
                   const std::atomic<bool>* cancel = nullptr);
    ~ReadOnlyCursor();
    ReadOnlyCursor(const ReadOnlyCursor&) = delete;
    ReadOnlyCursor& operator=(const ReadOnlyCursor&) = delete;

    /// False once the statement failed (failure() and error() say why).
    bool ok() const { return m_failure == QueryFailure::None; }
    QueryFailure failure() const { return m_failure; }
    const std::string& error() const { return m_error; }
    const std::vector<std::string>& columns() const { return m_columns; }
    /// Steps up to `maxRows` rows into `sink`; returns how many it gave. Afterwards done() says the
    /// result ended, or ok() is false.
    int64_t fetch(int64_t maxRows, const RowSink& sink);
    /// True when every row was given (or the statement failed): nothing more to fetch.
    bool done() const { return m_done; }
    int64_t rowsFetched() const { return m_rows; }
    /// Time spent stepping so far.
    std::chrono::milliseconds elapsed() const { return m_elapsed; }
    int64_t budgetMs() const { return m_budgetMs; }

  private:
    void fail(QueryFailure f, std::string message);
    bool prepare(const std::string& sql);
    void close();
    sqlite3* m_db = nullptr;
    sqlite3_stmt* m_stmt = nullptr;
    std::unique_ptr<index::UntrustedGuard> m_guard;
    int64_t m_budgetMs;
    std::chrono::milliseconds m_elapsed{0};
    std::vector<std::string> m_columns;
    QueryFailure m_failure = QueryFailure::None;
    std::string m_error;
    bool m_done = false;
    int64_t m_rows = 0;
};

/// "1.5 s", "30 s": a budget as the messages say it.
std::string budgetText(int64_t ms);

} // namespace rs::query
