#pragma once
// Rows held in memory, read by one SQL statement without a bind per value: in that statement
// `rs_rows(?1)` is a table whose columns c0 … c7 hold, row by row, what the cell callback sets, e.g.
//   INSERT OR FAIL INTO t(a, b) SELECT c0, c1 FROM rs_rows(?1)
//   UPDATE OR FAIL t SET a = v.c1 FROM rs_rows(?1) AS v WHERE t.rowid = v.c0
// A 64-row multi-VALUES statement (batchinsert.h) spends about half its time binding and decoding its
// parameters; here SQLite asks each value of the caller's rows once, as it builds the record. The rows are
// read in order, once (a statement whose plan would scan them again per row of another table is the
// caller's mistake: give the rowid lookup, as above). Every connection a Db opens knows rs_rows.
// Threads: the connection's; the rows and the callback stay alive until run() returns.
#include "core/index/sqlite.h"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string_view>
#include <variant>

struct sqlite3_context;

namespace rs::index {

/// One value of a row, set by the cell callback (leaving it unset is NULL).
class Cell {
  public:
    explicit Cell(sqlite3_context* ctx) : m_ctx(ctx) {}
    void set(int64_t v);
    void set(double v);
    /// Copied by SQLite only as it needs: the text stays alive until run() returns.
    void set(std::string_view v);
    void setNull();
    template <class T> void set(const std::optional<T>& v) {
        if (v)
            set(static_cast<std::conditional_t<std::is_floating_point_v<T>, double, int64_t>>(*v));
        else
            setNull();
    }
    template <class... T> void set(const std::variant<T...>& v) {
        std::visit([this](const auto& x) { set(x); }, v);
    }

  private:
    sqlite3_context* m_ctx;
};

/// Sets `out` to the `column`-th of `values` (one row's values in column order; a column beyond them
/// stays NULL): a cell callback in one line, e.g. setColumn(out, column, r.id, r.name).
template <class... V> void setColumn(Cell& out, int column, const V&... values) {
    int c = 0;
    ((c++ == column ? out.set(values) : void()), ...);
}

class MemoryRows {
  public:
    static constexpr int kMaxColumns = 8;
    /// cell(row, column, out): sets column `column` (0 … kMaxColumns − 1) of row `row` (0 … rows − 1).
    using CellFn = std::function<void(size_t row, int column, Cell& out)>;
    MemoryRows(size_t rows, CellFn cell) : m_rows(rows), m_cell(std::move(cell)) {}
    size_t rows() const { return m_rows; }
    void cell(size_t row, int column, Cell& out) const { m_cell(row, column, out); }
    /// Runs `sql`, one statement reading these rows as rs_rows(?1), to completion; throws SqlError.
    void run(Db& db, std::string_view sql) const;

  private:
    size_t m_rows;
    CellFn m_cell;
};

/// Makes rs_rows known to a connection (Db's constructor calls it).
void registerMemoryRows(sqlite3* db);

} // namespace rs::index
