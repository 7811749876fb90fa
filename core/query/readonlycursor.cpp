#include "core/query/readonlycursor.h"

#include "core/index/untrusted.h"

#include <sqlite3.h>

#include <cctype>
#include <cstdio>

namespace rs::query {

namespace {

/// Pragmas whose argument names a table or index to describe, not a value to set.
bool describesSchema(const char* pragma) {
    for (const char* p :
         {"table_info", "table_xinfo", "index_list", "index_info", "index_xinfo", "foreign_key_list"})
        if (sqlite3_stricmp(pragma, p) == 0) return true;
    return false;
}

int authorize(void*, int action, const char* a1, const char* a2, const char*, const char*) {
    switch (action) {
    case SQLITE_SELECT:
    case SQLITE_READ:
    case SQLITE_RECURSIVE:
        return SQLITE_OK;
    case SQLITE_FUNCTION:
        // a2 is the function name
        if (a2 && (sqlite3_stricmp(a2, "load_extension") == 0 || sqlite3_stricmp(a2, "readfile") == 0 ||
                   sqlite3_stricmp(a2, "writefile") == 0 || sqlite3_stricmp(a2, "fts3_tokenizer") == 0))
            return SQLITE_DENY;
        return SQLITE_OK;
    case SQLITE_PRAGMA:
        // reading a pragma (no value) or describing a table is fine; assigning one is a change
        return a2 == nullptr || (a1 && describesSchema(a1)) ? SQLITE_OK : SQLITE_DENY;
    default:
        return SQLITE_DENY;
    }
}

/// The first word of `sql` (comments and whitespace skipped), upper-cased: "DELETE" of "-- x\n delete …".
std::string leadingKeyword(const std::string& sql) {
    size_t i = 0;
    while (i < sql.size()) {
        if (std::isspace(static_cast<unsigned char>(sql[i]))) {
            ++i;
        } else if (sql.compare(i, 2, "--") == 0) {
            i = sql.find('\n', i);
        } else if (sql.compare(i, 2, "/*") == 0) {
            i = sql.find("*/", i + 2);
            if (i != std::string::npos) i += 2;
        } else {
            break;
        }
    }
    std::string word;
    for (; i < sql.size() && std::isalpha(static_cast<unsigned char>(sql[i])); ++i)
        word += char(std::toupper(static_cast<unsigned char>(sql[i])));
    return word;
}

/// A statement that would change the database. SQLite refuses some before the authorizer sees them, for
/// another reason: "DELETE FROM spans" failed with "cannot modify spans because it is a view", true but not
/// why the console refuses it (it never changes the index, a table's rows no more than a view's).
bool writes(const std::string& sql, const std::string& sqliteMessage) {
    static const char* const kWriting[] = {"INSERT", "UPDATE", "DELETE",   "REPLACE", "CREATE",    "DROP",
                                           "ALTER",  "ATTACH", "DETACH",   "VACUUM",  "REINDEX",   "ANALYZE",
                                           "BEGIN",  "COMMIT", "ROLLBACK", "END",     "SAVEPOINT", "RELEASE"};
    const std::string word = leadingKeyword(sql);
    for (const char* w : kWriting)
        if (word == w) return true;
    return sqliteMessage.find("because it is a view") != std::string::npos; // WITH … DELETE FROM a view
}

} // namespace

std::string budgetText(int64_t ms) {
    char buf[32];
    if (ms % 1000 == 0)
        std::snprintf(buf, sizeof buf, "%lld s", static_cast<long long>(ms / 1000));
    else
        std::snprintf(buf, sizeof buf, "%.1f s", double(ms) / 1000.0);
    return buf;
}

ReadOnlyCursor::ReadOnlyCursor(const std::string& dbPath, const std::string& sql, int64_t budgetMs,
                               const std::atomic<bool>* cancel)
    : m_budgetMs(budgetMs) {
    if (sqlite3_open_v2(dbPath.c_str(), &m_db, SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX, nullptr) !=
        SQLITE_OK) {
        fail(QueryFailure::Open, dbPath + ": " + (m_db ? sqlite3_errmsg(m_db) : "cannot open"));
        return;
    }
    m_guard = std::make_unique<index::UntrustedGuard>(m_db, std::chrono::milliseconds(budgetMs), cancel);
    sqlite3_set_authorizer(m_db, authorize, nullptr);
    if (prepare(sql))
        for (int i = 0; i < sqlite3_column_count(m_stmt); ++i)
            m_columns.push_back(sqlite3_column_name(m_stmt, i));
}

ReadOnlyCursor::~ReadOnlyCursor() {
    close();
}

void ReadOnlyCursor::close() {
    sqlite3_finalize(m_stmt);
    m_stmt = nullptr;
    m_guard.reset(); // before the connection it guards
    sqlite3_close(m_db);
    m_db = nullptr;
}

void ReadOnlyCursor::fail(QueryFailure f, std::string message) {
    m_failure = f;
    m_error = std::move(message);
    m_done = true;
    close();
}

bool ReadOnlyCursor::prepare(const std::string& sql) {
    const char* tail = nullptr;
    if (sqlite3_prepare_v2(m_db, sql.c_str(), -1, &m_stmt, &tail) != SQLITE_OK) {
        std::string msg = sqlite3_errmsg(m_db);
        if (sqlite3_errcode(m_db) == SQLITE_AUTH || msg.find("not authorized") != std::string::npos) {
            fail(QueryFailure::Refused, msg + " (queries are read-only: SELECT from the documented views)");
            return false;
        }
        if (writes(sql, msg)) {
            const std::string word = leadingKeyword(sql);
            std::string why = "queries are read-only: they never change the index (";
            why.append(word == "WITH" ? std::string("a change") : word)
                .append(" refused; SELECT or WITH … SELECT from the documented views and reading PRAGMAs are "
                        "allowed)");
            fail(QueryFailure::Refused, why);
            return false;
        }
        fail(QueryFailure::Syntax, msg);
        return false;
    }
    // exactly one statement: anything after it but whitespace and comments is refused before it runs
    for (const char* rest = tail; rest && *rest;) {
        sqlite3_stmt* next = nullptr;
        const char* after = nullptr;
        const int rc = sqlite3_prepare_v2(m_db, rest, -1, &next, &after);
        const bool more = next || rc != SQLITE_OK;
        sqlite3_finalize(next);
        if (more) {
            fail(QueryFailure::TooMany, "one statement per query (found more after the first ';')");
            return false;
        }
        rest = after;
    }
    if (!m_stmt) {
        fail(QueryFailure::Empty, "no SQL statement");
        return false;
    }
    return true;
}

int64_t ReadOnlyCursor::fetch(int64_t maxRows, const RowSink& sink) {
    if (m_done || !m_stmt) return 0;
    const auto start = std::chrono::steady_clock::now();
    m_guard->restartBudget(
        m_budgetMs > 0 ? std::max<std::chrono::milliseconds>(
                             std::chrono::milliseconds(m_budgetMs) - m_elapsed, std::chrono::milliseconds(1))
                       : std::chrono::milliseconds(0));
    const int n = sqlite3_column_count(m_stmt);
    std::vector<std::string> vals(static_cast<size_t>(n));
    std::vector<bool> nulls(static_cast<size_t>(n));
    int64_t given = 0;
    int rc = SQLITE_ROW;
    while (given < maxRows && (rc = sqlite3_step(m_stmt)) == SQLITE_ROW) {
        for (int i = 0; i < n; ++i) {
            nulls[size_t(i)] = sqlite3_column_type(m_stmt, i) == SQLITE_NULL;
            const auto* p = reinterpret_cast<const char*>(sqlite3_column_text(m_stmt, i));
            vals[size_t(i)].assign(p ? p : "", p ? size_t(sqlite3_column_bytes(m_stmt, i)) : 0);
        }
        ++given;
        ++m_rows;
        sink(vals, nulls);
    }
    m_elapsed +=
        std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - start);
    if (rc == SQLITE_DONE) {
        m_done = true;
        close();
    } else if (rc != SQLITE_ROW) {
        if (rc == SQLITE_INTERRUPT && m_guard->timedOut())
            fail(QueryFailure::TimedOut,
                 "stopped after " + budgetText(m_budgetMs) + ", the time budget of one query");
        else if (rc == SQLITE_INTERRUPT)
            fail(QueryFailure::Cancelled, "cancelled");
        else
            fail(QueryFailure::Runtime, sqlite3_errmsg(m_db));
    }
    return given;
}

} // namespace rs::query
