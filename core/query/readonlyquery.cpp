#include "core/query/readonlyquery.h"

#include "core/index/untrusted.h"

#include <sqlite3.h>

namespace rs::query {

namespace {

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
        // reading a pragma (no value) is fine; assigning one is a change
        (void)a1;
        return a2 == nullptr ? SQLITE_OK : SQLITE_DENY;
    default:
        return SQLITE_DENY;
    }
}

} // namespace

QueryResult
runReadOnlyQuery(const std::string& dbPath, const std::string& sql,
                 const std::function<void(const std::vector<std::string>&, const std::vector<bool>&)>& row,
                 int64_t timeoutMs, const std::atomic<bool>* cancel) {
    QueryResult res;
    sqlite3* db = nullptr;
    if (sqlite3_open_v2(dbPath.c_str(), &db, SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX, nullptr) !=
        SQLITE_OK) {
        res.error = dbPath + ": " + (db ? sqlite3_errmsg(db) : "cannot open");
        sqlite3_close(db);
        return res;
    }
    index::UntrustedGuard guard(db, std::chrono::milliseconds(timeoutMs), cancel);
    sqlite3_set_authorizer(db, authorize, nullptr);
    const char* tail = sql.c_str();
    sqlite3_stmt* st = nullptr;
    if (sqlite3_prepare_v2(db, tail, -1, &st, &tail) != SQLITE_OK) {
        std::string msg = sqlite3_errmsg(db);
        if (msg.find("not authorized") != std::string::npos)
            msg += " (rankscope query is read-only: SELECT from the documented views)";
        res.error = msg;
        sqlite3_close(db);
        return res;
    }
    // exactly one statement: anything after it but whitespace and comments is refused before it runs
    for (const char* rest = tail; rest && *rest;) {
        sqlite3_stmt* next = nullptr;
        const char* after = nullptr;
        int rc = sqlite3_prepare_v2(db, rest, -1, &next, &after);
        if (next || rc != SQLITE_OK) {
            sqlite3_finalize(next);
            sqlite3_finalize(st);
            res.error = "one statement per query (found more after the first ';')";
            sqlite3_close(db);
            return res;
        }
        rest = after;
    }
    if (!st) {
        res.error = "no SQL statement";
        sqlite3_close(db);
        return res;
    }
    for (int i = 0; i < sqlite3_column_count(st); ++i)
        res.columns.push_back(sqlite3_column_name(st, i));
    std::vector<std::string> vals;
    std::vector<bool> nulls;
    int rc;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        int n = sqlite3_column_count(st);
        vals.assign(size_t(n), {});
        nulls.assign(size_t(n), false);
        for (int i = 0; i < n; ++i) {
            if (sqlite3_column_type(st, i) == SQLITE_NULL) {
                nulls[size_t(i)] = true;
                continue;
            }
            auto p = reinterpret_cast<const char*>(sqlite3_column_text(st, i));
            vals[size_t(i)] = p ? std::string(p, size_t(sqlite3_column_bytes(st, i))) : "";
        }
        ++res.rows;
        row(vals, nulls);
    }
    if (rc != SQLITE_DONE) {
        res.error = rc == SQLITE_INTERRUPT
                        ? (guard.timedOut() ? "stopped after " + std::to_string(timeoutMs / 1000) +
                                                  " s (--timeout SECONDS allows more)"
                                            : std::string("interrupted"))
                        : std::string(sqlite3_errmsg(db));
        sqlite3_finalize(st);
        sqlite3_close(db);
        return res;
    }
    sqlite3_finalize(st);
    sqlite3_close(db);
    res.ok = true;
    return res;
}

} // namespace rs::query
