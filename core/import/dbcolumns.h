#pragma once
// What an untrusted SQLite export actually holds: its tables and each table's columns (PRAGMA table_info),
// so importers select only what exists and degrade per missing column instead of failing on
// "no such column" (Ascend .db exports differ by version: COMMUNICATION_OP without waitNs, tables present
// or not). Names are compared case-insensitively, as SQLite does. Any thread; one Db per thread.
#include "core/index/sqlite.h"

#include <map>
#include <set>
#include <string>
#include <vector>

namespace rs::import {

class DbColumns {
  public:
    explicit DbColumns(index::Db& db);
    bool hasTable(const std::string& table) const;
    bool has(const std::string& table, const std::string& column) const;
    /// `column` when the table has it, else "NULL" (a SELECT list item that keeps column positions).
    std::string orNull(const std::string& table, const std::string& column,
                       const std::string& alias = {}) const;
    /// The required columns the table lacks (empty when all are there).
    std::vector<std::string> missing(const std::string& table,
                                     const std::vector<std::string>& required) const;

  private:
    std::map<std::string, std::set<std::string>> m_cols; // lower-case table → lower-case columns
};

} // namespace rs::import
