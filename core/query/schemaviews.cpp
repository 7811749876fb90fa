#include "core/query/schemaviews.h"

#include "core/index/schema.h"

#include <cctype>
#include <set>

namespace rs::query {

const char* const kInTheShardsNote =
    "empty in a cluster index: these rows stay in its shards (shard-K-of-N.sqlite); query a shard for them";

namespace {
/// The views over the per-event tables `rankscope merge` leaves in the shards (it copies the summary
/// tables only: core/analysis/summarytables.cpp); a cluster index has no row in them.
const std::set<std::string> kShardViews = {"tracks",        "spans",          "tensors",
                                           "kernel_shapes", "memory_samples", "flow_links"};
} // namespace

bool mentionsView(const std::string& sql, const std::string& view) {
    const auto lower = [](std::string t) {
        for (char& c : t)
            c = char(std::tolower(static_cast<unsigned char>(c)));
        return t;
    };
    const std::string s = lower(sql), v = lower(view);
    const auto word = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; };
    for (size_t at = s.find(v); at != std::string::npos; at = s.find(v, at + 1))
        if ((at == 0 || !word(s[at - 1])) && (at + v.size() == s.size() || !word(s[at + v.size()])))
            return true;
    return false;
}

std::vector<ViewDesc> loadSchemaViews(index::Db& db) {
    const bool cluster = index::isClusterIndex(db);
    std::vector<ViewDesc> views;
    auto names = db.prepare("SELECT name FROM sqlite_master WHERE type = 'view' ORDER BY name");
    auto columns = db.prepare("SELECT name, coalesce(type, '') FROM pragma_table_info(?) ORDER BY cid");
    while (names.step()) {
        ViewDesc v{names.text(0), {}, {}};
        columns.bind(1, v.name);
        while (columns.step())
            v.columns.push_back({columns.text(0), columns.text(1)});
        columns.reset();
        if (cluster && kShardViews.count(v.name)) v.note = kInTheShardsNote;
        views.push_back(std::move(v));
    }
    return views;
}

} // namespace rs::query
