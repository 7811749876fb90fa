#pragma once
// Runs user SQL against an index read-only: the connection is opened read-only and an authorizer
// refuses writes, schema changes, ATTACH/DETACH, PRAGMA assignments and extension loading, so
// `rankscope query` can never damage a cached index. One thread per connection.
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
QueryResult
runReadOnlyQuery(const std::string& dbPath, const std::string& sql,
                 const std::function<void(const std::vector<std::string>&, const std::vector<bool>&)>& row);

} // namespace rs::query
