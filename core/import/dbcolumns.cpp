#include "core/import/dbcolumns.h"

#include <algorithm>
#include <cctype>

namespace rs::import {

namespace {
std::string lower(std::string s) {
    std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return char(std::tolower(c)); });
    return s;
}
/// A table name as an SQL string literal for pragma_table_info('…').
std::string quoted(const std::string& s) {
    std::string out = "'";
    for (char c : s)
        out += c == '\'' ? std::string("''") : std::string(1, c);
    return out + "'";
}
} // namespace

DbColumns::DbColumns(index::Db& db) {
    std::vector<std::string> tables;
    {
        auto q = db.prepare("SELECT name FROM sqlite_master WHERE type IN ('table', 'view')");
        while (q.step())
            tables.push_back(q.text(0));
    }
    for (const auto& t : tables) {
        auto& cols = m_cols[lower(t)];
        auto q = db.prepare("SELECT name FROM pragma_table_info(" + quoted(t) + ")");
        while (q.step())
            cols.insert(lower(q.text(0)));
    }
}

bool DbColumns::hasTable(const std::string& table) const {
    return m_cols.count(lower(table)) > 0;
}

bool DbColumns::has(const std::string& table, const std::string& column) const {
    auto it = m_cols.find(lower(table));
    return it != m_cols.end() && it->second.count(lower(column)) > 0;
}

std::string DbColumns::orNull(const std::string& table, const std::string& column,
                              const std::string& alias) const {
    if (!has(table, column)) return "NULL";
    return alias.empty() ? column : alias + "." + column;
}

std::vector<std::string> DbColumns::missing(const std::string& table,
                                            const std::vector<std::string>& required) const {
    std::vector<std::string> out;
    for (const auto& c : required)
        if (!has(table, c)) out.push_back(c);
    return out;
}

} // namespace rs::import
