#include "app/cli/commands.h"
#include "app/cli/profileopener.h"
#include "core/query/readonlyquery.h"
#include "core/query/schemaviews.h"

#include <atomic>
#include <csignal>
#include <cstdio>

namespace rs::cli {

std::atomic<bool> g_queryCancel{false};

namespace {
/// Whether `sql` reads a view a cluster index keeps empty (its rows are in the shards).
bool readsShardViews(const std::string& dbPath, const std::string& sql) {
    index::Db db(dbPath, true);
    for (const auto& v : query::loadSchemaViews(db))
        if (!v.note.empty() && query::mentionsView(sql, v.name)) return true;
    return false;
}
} // namespace

int runQuery(const ArgList& argv) {
    auto vo = indexValueOptions();
    vo.insert("timeout");
    Args a(argv, vo, indexFlags({"csv", "quiet"}));
    if (!a.ok()) return usageError("query", a.error());
    if (a.positional().size() != 2)
        return usageError("query", "query needs a profile DIR and one SQL string");
    pipeline::BuildOptions opts;
    std::string error;
    if (!indexOptionsFrom(a, a.positional()[0], opts, error)) return usageError("query", error);
    auto res = openProfile(a.positional()[0], opts, true);
    if (!res.ok) return 1;
    const int64_t timeoutS = a.intValue("timeout", query::kQueryBudgetMs / 1000, 0, 86400);
    if (!a.ok()) return usageError("query", a.error());
    bool csv = a.flag("csv");
    // Ctrl-C stops the statement (the progress handler sees the flag), not the process mid-write
    g_queryCancel = false;
    auto oldHandler = std::signal(SIGINT, [](int) { g_queryCancel = true; });
    // with --csv a header row of the column names, so a spreadsheet can name its columns; the plain output
    // stays the bare tab-separated rows (NULL spelled out) that scripts read
    auto printRow = [csv](const std::vector<std::string>& v, const std::vector<bool>& nulls) {
        std::string line;
        for (size_t i = 0; i < v.size(); ++i) {
            if (i) line += csv ? "," : "\t";
            line += nulls[i] ? (csv ? "" : "NULL") : (csv ? query::csvField(v[i]) : v[i]);
        }
        std::printf("%s\n", line.c_str());
    };
    query::ColumnsSink header;
    if (csv)
        header = [&](const std::vector<std::string>& names) {
            printRow(names, std::vector<bool>(names.size()));
        };
    const query::QueryResult qr = query::runReadOnlyQuery(res.dbPath, a.positional()[1], printRow,
                                                          timeoutS * 1000, &g_queryCancel, header);
    std::signal(SIGINT, oldHandler);
    if (!qr.ok) {
        const char* hint =
            qr.failure == query::QueryFailure::TimedOut ? " (--timeout SECONDS allows more)" : "";
        std::fprintf(stderr, "rankscope: query failed: %s%s\n", qr.error.c_str(), hint);
        return 1;
    }
    if (qr.rows == 0 && readsShardViews(res.dbPath, a.positional()[1]))
        std::fprintf(stderr, "rankscope query: no row; %s\n", query::kInTheShardsNote);
    return 0;
}

} // namespace rs::cli
