#include "core/index/memoryrows.h"

#include <sqlite3.h>

#include <string>

namespace rs::index {

namespace {

constexpr const char* kPointerType = "rs_memory_rows";
constexpr int kRowsColumn = MemoryRows::kMaxColumns; ///< the hidden argument column

struct Cursor : sqlite3_vtab_cursor {
    const MemoryRows* rows = nullptr;
    size_t at = 0;
};

int connect(sqlite3* db, void*, int, const char* const*, sqlite3_vtab** out, char**) {
    const int rc = sqlite3_declare_vtab(db, "CREATE TABLE x(c0, c1, c2, c3, c4, c5, c6, c7, rows HIDDEN)");
    if (rc != SQLITE_OK) return rc;
    *out = new sqlite3_vtab{}; // SQLite frees only its zErrMsg, through sqlite3_free
    return SQLITE_OK;
}

int disconnect(sqlite3_vtab* table) {
    delete table;
    return SQLITE_OK;
}

/// Only a plan that gives the rows (rs_rows(?1)) is allowed; it reads them once, in order.
int bestIndex(sqlite3_vtab*, sqlite3_index_info* info) {
    for (int i = 0; i < info->nConstraint; ++i) {
        const auto& c = info->aConstraint[i];
        if (c.iColumn != kRowsColumn || c.op != SQLITE_INDEX_CONSTRAINT_EQ) continue;
        if (!c.usable) return SQLITE_CONSTRAINT;
        info->aConstraintUsage[i].argvIndex = 1;
        info->aConstraintUsage[i].omit = 1;
        // many rows, read once: the planner puts this table outermost and looks the other one up per row
        info->estimatedRows = 100000;
        info->estimatedCost = 100000;
        return SQLITE_OK;
    }
    return SQLITE_CONSTRAINT;
}

int openCursor(sqlite3_vtab*, sqlite3_vtab_cursor** out) {
    *out = new Cursor;
    return SQLITE_OK;
}

int closeCursor(sqlite3_vtab_cursor* cursor) {
    delete static_cast<Cursor*>(cursor);
    return SQLITE_OK;
}

int filter(sqlite3_vtab_cursor* cursor, int, const char*, int argc, sqlite3_value** argv) {
    auto* c = static_cast<Cursor*>(cursor);
    c->rows =
        argc == 1 ? static_cast<const MemoryRows*>(sqlite3_value_pointer(argv[0], kPointerType)) : nullptr;
    c->at = 0;
    return SQLITE_OK;
}

int next(sqlite3_vtab_cursor* cursor) {
    ++static_cast<Cursor*>(cursor)->at;
    return SQLITE_OK;
}

int eof(sqlite3_vtab_cursor* cursor) {
    const auto* c = static_cast<Cursor*>(cursor);
    return !c->rows || c->at >= c->rows->rows();
}

int column(sqlite3_vtab_cursor* cursor, sqlite3_context* ctx, int col) {
    const auto* c = static_cast<Cursor*>(cursor);
    if (col >= kRowsColumn) return SQLITE_OK; // the hidden argument reads as NULL
    Cell cell(ctx);
    c->rows->cell(c->at, col, cell);
    return SQLITE_OK;
}

int rowid(sqlite3_vtab_cursor* cursor, sqlite3_int64* out) {
    *out = sqlite3_int64(static_cast<Cursor*>(cursor)->at);
    return SQLITE_OK;
}

sqlite3_module makeModule() {
    sqlite3_module m{};
    m.xConnect = connect; // no xCreate: eponymous only, rs_rows(…) needs no CREATE VIRTUAL TABLE
    m.xBestIndex = bestIndex;
    m.xDisconnect = disconnect;
    m.xOpen = openCursor;
    m.xClose = closeCursor;
    m.xFilter = filter;
    m.xNext = next;
    m.xEof = eof;
    m.xColumn = column;
    m.xRowid = rowid;
    return m;
}

const sqlite3_module kModule = makeModule();

} // namespace

void Cell::set(int64_t v) {
    sqlite3_result_int64(m_ctx, v);
}
void Cell::set(double v) {
    sqlite3_result_double(m_ctx, v);
}
void Cell::set(std::string_view v) {
    sqlite3_result_text(m_ctx, v.data(), int(v.size()), SQLITE_STATIC);
}
void Cell::setNull() {
    sqlite3_result_null(m_ctx);
}

void MemoryRows::run(Db& db, std::string_view sql) const {
    if (m_rows == 0) return;
    Stmt st = db.prepare(sql);
    sqlite3_bind_pointer(st.raw(), 1, const_cast<MemoryRows*>(this), kPointerType, nullptr);
    st.exec();
}

void registerMemoryRows(sqlite3* db) {
    sqlite3_create_module_v2(db, "rs_rows", &kModule, nullptr, nullptr);
}

} // namespace rs::index
