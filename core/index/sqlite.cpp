#include "core/index/sqlite.h"

#include "core/index/memoryrows.h"

#include <sqlite3.h>

namespace rs::index {

Stmt::Stmt(sqlite3* db, std::string_view sql) : m_db(db) {
    if (sqlite3_prepare_v2(db, sql.data(), int(sql.size()), &m_st, nullptr) != SQLITE_OK)
        throw SqlError(std::string(sqlite3_errmsg(db)) + " in: " + std::string(sql.substr(0, 200)));
}
Stmt& Stmt::operator=(Stmt&& o) noexcept {
    if (this != &o) {
        sqlite3_finalize(m_st);
        m_st = o.m_st;
        m_db = o.m_db;
        o.m_st = nullptr;
    }
    return *this;
}
Stmt::~Stmt() {
    sqlite3_finalize(m_st);
}
Stmt& Stmt::bind(int i, int64_t v) {
    sqlite3_bind_int64(m_st, i, v);
    return *this;
}
Stmt& Stmt::bind(int i, double v) {
    sqlite3_bind_double(m_st, i, v);
    return *this;
}
Stmt& Stmt::bind(int i, std::string_view v) {
    sqlite3_bind_text(m_st, i, v.data(), int(v.size()), SQLITE_TRANSIENT);
    return *this;
}
Stmt& Stmt::bindRef(int i, std::string_view v) {
    sqlite3_bind_text(m_st, i, v.data(), int(v.size()), SQLITE_STATIC);
    return *this;
}
Stmt& Stmt::bindBlobRef(int i, std::string_view bytes) {
    sqlite3_bind_blob(m_st, i, bytes.data(), int(bytes.size()), SQLITE_STATIC);
    return *this;
}
Stmt& Stmt::bindNull(int i) {
    sqlite3_bind_null(m_st, i);
    return *this;
}
bool Stmt::step() {
    int rc = sqlite3_step(m_st);
    if (rc == SQLITE_ROW) return true;
    if (rc == SQLITE_DONE) return false;
    throw SqlError(sqlite3_errmsg(m_db));
}
void Stmt::exec() {
    while (step()) {
    }
    reset();
}
void Stmt::run() {
    while (step()) {
    }
    sqlite3_reset(m_st);
}
void Stmt::reset() {
    sqlite3_reset(m_st);
    sqlite3_clear_bindings(m_st);
}
int64_t Stmt::i64(int c) const {
    return sqlite3_column_int64(m_st, c);
}
double Stmt::f64(int c) const {
    return sqlite3_column_double(m_st, c);
}
std::string Stmt::text(int c) const {
    auto p = reinterpret_cast<const char*>(sqlite3_column_text(m_st, c));
    return p ? std::string(p, size_t(sqlite3_column_bytes(m_st, c))) : std::string();
}
std::string_view Stmt::blob(int c) const {
    auto p = static_cast<const char*>(sqlite3_column_blob(m_st, c));
    return p ? std::string_view(p, size_t(sqlite3_column_bytes(m_st, c))) : std::string_view();
}
bool Stmt::isNull(int c) const {
    return sqlite3_column_type(m_st, c) == SQLITE_NULL;
}
bool Stmt::isInteger(int c) const {
    return sqlite3_column_type(m_st, c) == SQLITE_INTEGER;
}
int Stmt::columns() const {
    return sqlite3_column_count(m_st);
}
std::string Stmt::columnName(int c) const {
    return sqlite3_column_name(m_st, c);
}

Db::Db(const std::string& path, bool readOnly)
    : Db(path, path, readOnly ? SQLITE_OPEN_READONLY : (SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE)) {}

Db::Db(const std::string& name, const std::string& target, int flags) {
    if (sqlite3_open_v2(target.c_str(), &m_db, flags | SQLITE_OPEN_NOMUTEX, nullptr) != SQLITE_OK) {
        std::string msg = m_db ? sqlite3_errmsg(m_db) : "out of memory";
        sqlite3_close(m_db);
        m_db = nullptr;
        throw SqlError(name + ": " + msg);
    }
    sqlite3_busy_timeout(m_db, 5000);
    registerMemoryRows(m_db); // the writers' bulk statements read their rows through it (memoryrows.h)
}

Db Db::openImmutable(const std::string& path) {
    return Db(path, sqliteFileUri(path) + "?mode=ro&immutable=1", SQLITE_OPEN_READONLY | SQLITE_OPEN_URI);
}

std::string sqliteFileUri(const std::string& path) {
    static const char* hex = "0123456789ABCDEF";
    // an absolute path gets an empty authority ("file:///…"), so a path starting "//" is not read as a host
    std::string uri = !path.empty() && path[0] == '/' ? "file://" : "file:";
    for (unsigned char c : path) {
        if (c == '%' || c == '?' || c == '#' || c < 0x21 || c >= 0x7F) {
            uri += '%';
            uri += hex[c >> 4];
            uri += hex[c & 15];
        } else {
            uri += char(c);
        }
    }
    return uri;
}
Db& Db::operator=(Db&& o) noexcept {
    if (this != &o) {
        sqlite3_close(m_db);
        m_db = o.m_db;
        o.m_db = nullptr;
    }
    return *this;
}
Db::~Db() {
    sqlite3_close(m_db);
}
void Db::exec(std::string_view sql) {
    char* err = nullptr;
    std::string s(sql);
    if (sqlite3_exec(m_db, s.c_str(), nullptr, nullptr, &err) != SQLITE_OK) {
        std::string msg = err ? err : "error";
        sqlite3_free(err);
        throw SqlError(msg + " in: " + s.substr(0, 200));
    }
}
int64_t Db::scalar(std::string_view sql, int64_t def) {
    Stmt s(m_db, sql);
    return s.step() && !s.isNull(0) ? s.i64(0) : def;
}
std::string Db::scalarText(std::string_view sql, const std::string& def) {
    Stmt s(m_db, sql);
    return s.step() && !s.isNull(0) ? s.text(0) : def;
}

} // namespace rs::index
