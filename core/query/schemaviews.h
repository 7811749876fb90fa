#pragma once
// The public SQL views of an index with their columns, read from the index's own schema (sqlite_master
// and PRAGMA table_info), so the SQL console lists exactly what the open index offers — never a copy of
// core/index/SCHEMA.md that could drift. The connection's thread.
#include "core/index/sqlite.h"

#include <string>
#include <vector>

namespace rs::query {

struct ViewColumn {
    std::string name, type; ///< type as declared (often empty for a view's computed column)
};

struct ViewDesc {
    std::string name;
    std::vector<ViewColumn> columns;
    std::string note; ///< what the console must say of it ("" when nothing): a cluster index's shard views
};

/// What a cluster index says of a view that has no row there.
extern const char* const kInTheShardsNote;

/// Whether `sql` names `view` as a whole word (case-insensitive): which views a statement reads, roughly.
bool mentionsView(const std::string& sql, const std::string& view);

/// Every view of the index, by name; in a cluster index the views whose rows stay in its shards noted.
std::vector<ViewDesc> loadSchemaViews(index::Db& db);

} // namespace rs::query
