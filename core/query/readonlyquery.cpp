#include "core/query/readonlyquery.h"

namespace rs::query {

QueryResult runReadOnlyQuery(const std::string& dbPath, const std::string& sql, const RowSink& row,
                             int64_t timeoutMs, const std::atomic<bool>* cancel, const ColumnsSink& columns) {
    QueryResult res;
    ReadOnlyCursor cursor(dbPath, sql, timeoutMs, cancel);
    res.columns = cursor.columns();
    if (columns && !res.columns.empty()) columns(res.columns);
    while (!cursor.done())
        cursor.fetch(4096, row);
    res.rows = cursor.rowsFetched();
    res.ok = cursor.ok();
    res.failure = cursor.failure();
    res.error = cursor.error();
    return res;
}

std::string csvField(const std::string& v) {
    if (v.find_first_of(",\"\n\r") == std::string::npos) return v;
    std::string o = "\"";
    for (char c : v) {
        if (c == '"') o += '"';
        o += c;
    }
    return o + "\"";
}

} // namespace rs::query
