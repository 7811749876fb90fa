#include "core/query/schemaviews.h"

namespace rs::query {

std::vector<ViewDesc> loadSchemaViews(index::Db& db) {
    std::vector<ViewDesc> views;
    auto names = db.prepare("SELECT name FROM sqlite_master WHERE type = 'view' ORDER BY name");
    auto columns = db.prepare("SELECT name, coalesce(type, '') FROM pragma_table_info(?) ORDER BY cid");
    while (names.step()) {
        ViewDesc v{names.text(0), {}};
        columns.bind(1, v.name);
        while (columns.step())
            v.columns.push_back({columns.text(0), columns.text(1)});
        columns.reset();
        views.push_back(std::move(v));
    }
    return views;
}

} // namespace rs::query
