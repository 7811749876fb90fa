#pragma once
// `rankscope query`'s whole-result run of one user statement over an index: ReadOnlyCursor
// (core/query/readonlycursor.h) stepped to the end, every row to a callback. The same read-only
// connection, authorizer, limits and time budget as the app's SQL console. One thread per call.
#include "core/query/readonlycursor.h"

#include <atomic>
#include <cstdint>
#include <string>
#include <vector>

namespace rs::query {

struct QueryResult {
    bool ok = false;
    QueryFailure failure = QueryFailure::None;
    std::string error;
    std::vector<std::string> columns;
    int64_t rows = 0;
};

/// The result's column names, as SQLite reports them (a CSV's header row).
using ColumnsSink = std::function<void(const std::vector<std::string>& names)>;

/// Calls `columns(names)` once, before any row, when the statement was prepared, then `row(values,
/// isNull)` for every result row. Values are text (numbers printed exactly).
/// One statement per call (a second one is refused before anything runs); the statement stops after
/// `timeoutMs` (0: no limit) or when `cancel` is set, with a message saying so.
QueryResult runReadOnlyQuery(const std::string& dbPath, const std::string& sql, const RowSink& row,
                             int64_t timeoutMs = kQueryBudgetMs, const std::atomic<bool>* cancel = nullptr,
                             const ColumnsSink& columns = {});

/// One CSV field (RFC 4180): quoted when it holds a comma, a quote or a line break, quotes doubled.
std::string csvField(const std::string& value);

} // namespace rs::query
