#pragma once
// Appending many rows of one table: 64 rows a statement (a multi-VALUES INSERT) and the rest one by one,
// several times faster than a statement step per row (../shared/docs/perf-facts.md: ~2.6 M rows/s).
// The rows are written in the order given. The connection's thread.
#include "core/index/sqlite.h"

#include <string>
#include <string_view>
#include <vector>

namespace rs::index {

/// Any statement over a list of VALUES rows, 64 rows a statement: `head` + the rows + `tail`, e.g. an
/// UPDATE FROM (VALUES …) AS v WHERE t.rowid = v.column1 (say UPDATE OR FAIL: see insertBatched's note).
template <class Row, class Bind>
void runBatched(Db& db, std::string_view head, std::string_view tail, int columns,
                const std::vector<Row>& rows, Bind&& bind) {
    constexpr size_t kRows = 64;
    if (rows.empty()) return;
    std::string one = "(";
    for (int c = 0; c < columns; ++c)
        one += c ? ",?" : "?";
    one += ")";
    std::string values;
    for (size_t r = 0; r < kRows; ++r)
        values += (r ? "," : "") + one;
    size_t i = 0;
    if (rows.size() >= kRows) {
        auto many = db.prepare(std::string(head).append(values).append(tail));
        for (; i + kRows <= rows.size(); i += kRows) {
            for (size_t r = 0; r < kRows; ++r)
                bind(many, int(r) * columns + 1, rows[i + r]);
            many.exec();
        }
    }
    if (i == rows.size()) return;
    auto single = db.prepare(std::string(head).append(one).append(tail));
    for (; i < rows.size(); ++i) {
        bind(single, 1, rows[i]);
        single.exec();
    }
}

/// `head`: "INSERT OR FAIL INTO t(a, b) VALUES " (a trailing space); `columns`: the number of columns named;
/// `bind(stmt, firstParameter, row)` binds one row's values from parameter `firstParameter` on.
/// Why OR FAIL: inside an open transaction, a statement that writes several rows and may abort on a
/// constraint (the default ABORT of a NOT NULL or UNIQUE column) makes SQLite keep a statement journal of
/// every page it changes that existed before it. The analysis writes in WAL mode, and with 64 KiB pages each
/// 64-row statement spilled its journal to a file in /var/tmp (1.5 GB of writes for the 960 MB bench).
/// FAIL cannot roll a statement back, so SQLite keeps no journal; a failing row still throws (SqlError) and
/// the build, which discards its temporary file on any error, never keeps the rows before it.
template <class Row, class Bind>
void insertBatched(Db& db, std::string_view head, int columns, const std::vector<Row>& rows, Bind&& bind) {
    runBatched(db, head, {}, columns, rows, bind);
}

} // namespace rs::index
