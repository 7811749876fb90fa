#pragma once
// Minimal RAII over the SQLite C API: a connection and prepared statements with typed binds.
// A Db and its statements belong to one thread.
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

struct sqlite3;
struct sqlite3_stmt;

namespace rs::index {

struct SqlError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

class Stmt {
  public:
    Stmt() = default;
    Stmt(sqlite3* db, std::string_view sql);
    Stmt(Stmt&& o) noexcept : m_st(o.m_st), m_db(o.m_db) { o.m_st = nullptr; }
    Stmt& operator=(Stmt&& o) noexcept;
    ~Stmt();
    Stmt& bind(int i, int64_t v);
    Stmt& bind(int i, double v);
    Stmt& bind(int i, std::string_view v);
    /// Binds text without copying it: `v` must stay alive and unchanged until the statement has run
    /// (a bulk writer's rows outlive their statement's step; a copy per text value cost a malloc each).
    Stmt& bindRef(int i, std::string_view v);
    /// Binds bytes as a BLOB without copying them, on the same terms as bindRef.
    Stmt& bindBlobRef(int i, std::string_view bytes);
    Stmt& bindNull(int i);
    template <class T> Stmt& bind(int i, const std::optional<T>& v) {
        if (v)
            return bind(i, static_cast<std::conditional_t<std::is_floating_point_v<T>, double, int64_t>>(*v));
        return bindNull(i);
    }
    Stmt& bind(int i, int v) { return bind(i, int64_t(v)); }
    Stmt& bind(int i, const char* v) { return bind(i, std::string_view(v)); }
    Stmt& bind(int i, const std::string& v) { return bind(i, std::string_view(v)); }
    /// Steps; true while a row is available.
    bool step();
    /// Runs to completion and resets for reuse.
    void exec();
    /// Runs to completion and resets, keeping the bindings: for a caller that binds every parameter before
    /// each run (clearing them was ~2 % of the bulk writer's time).
    void run();
    void reset();
    int64_t i64(int col) const;
    double f64(int col) const;
    std::string text(int col) const;
    /// The column's bytes as SQLite holds them: valid until the next step, reset or column call.
    std::string_view blob(int col) const;
    bool isNull(int col) const;
    /// True when the value is stored as an INTEGER (not NULL, text, real or blob).
    bool isInteger(int col) const;
    int columns() const;
    std::string columnName(int col) const;
    sqlite3_stmt* raw() const { return m_st; }

  private:
    sqlite3_stmt* m_st = nullptr;
    sqlite3* m_db = nullptr;
};

class Db {
  public:
    Db() = default;
    /// Opens (or creates, unless readOnly) a database file; throws SqlError.
    explicit Db(const std::string& path, bool readOnly = false);
    /// Opens a file that must never be written, nor anything beside it (another program's database):
    /// SQLite's immutable mode takes no locks and creates no -shm/-wal/-journal file. Only for a file with no
    /// write-ahead log to merge (immutable mode would not read one). Throws SqlError naming `path`.
    static Db openImmutable(const std::string& path);
    Db(Db&& o) noexcept : m_db(o.m_db) { o.m_db = nullptr; }
    Db& operator=(Db&& o) noexcept;
    ~Db();
    void exec(std::string_view sql);
    Stmt prepare(std::string_view sql) { return Stmt(m_db, sql); }
    /// First column of the first row as int64 (or `def` when no row).
    int64_t scalar(std::string_view sql, int64_t def = 0);
    std::string scalarText(std::string_view sql, const std::string& def = {});
    sqlite3* raw() const { return m_db; }
    bool isOpen() const { return m_db != nullptr; }

  private:
    Db(const std::string& name, const std::string& target, int flags);
    sqlite3* m_db = nullptr;
};

/// `path` as an SQLite file: URI (RFC 3986 percent-encoding of the characters a URI path cannot hold).
std::string sqliteFileUri(const std::string& path);

} // namespace rs::index
