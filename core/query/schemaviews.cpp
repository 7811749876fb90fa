#include "core/query/schemaviews.h"

#include "core/index/schema.h"

namespace rs::query {

const char* const kInTheShardsNote =
    "empty in a cluster index: these rows stay in its shards (shard-K-of-N.sqlite); query a shard for them";

std::vector<ViewDesc> loadSchemaViews(index::Db& db) {
    const bool cluster = index::isClusterIndex(db);
    std::vector<ViewDesc> views;
    auto names = db.prepare("SELECT name FROM sqlite_master WHERE type = 'view' ORDER BY name");
    auto columns = db.prepare("SELECT name, coalesce(type, '') FROM pragma_table_info(?) ORDER BY cid");
    while (names.step()) {
        ViewDesc v{names.text(0), {}};
        columns.bind(1, v.name);
        while (columns.step())
            v.columns.push_back({columns.text(0), columns.text(1)});
        columns.reset();
        if (cluster && db.scalar("SELECT count(*) FROM (SELECT 1 FROM \"" + v.name + "\" LIMIT 1)") == 0)
            v.note = kInTheShardsNote;
        views.push_back(std::move(v));
    }
    return views;
}

} // namespace rs::query
