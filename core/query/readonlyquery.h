#pragma once
// Runs user SQL against an index read-only: the connection is opened read-only and an authorizer
// refuses writes, schema changes, ATTACH/DETACH, PRAGMA assignments and extension loading, so
// `rankscope query` can never damage a cached index; untrusted-SQL limits (core/index/untrusted.h) keep a
// runaway query from hanging or exhausting memory. One thread per connection.
#include <atomic>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace rs::query {

struct QueryResult {
    bool ok = false;
    std::string error;
    std::vector<std::string> columns;
    int64_t rows = 0;
};

/// Calls `row(values, isNull)` for every result row. Values are text (numbers printed exactly).
/// One statement per call (a second one is refused before anything runs); the statement stops after
/// `timeoutMs` (0: no limit) or when `cancel` is set, with a message saying so.
QueryResult
runReadOnlyQuery(const std::string& dbPath, const std::string& sql,
                 const std::function<void(const std::vector<std::string>&, const std::vector<bool>&)>& row,
                 int64_t timeoutMs = 30000, const std::atomic<bool>* cancel = nullptr);

} // namespace rs::query
