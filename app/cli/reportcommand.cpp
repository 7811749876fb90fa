#include "app/cli/commands.h"
#include "app/cli/profileopener.h"
#include "core/analysis/report.h"

#include <cstdio>

namespace rs::cli {

int runReport(const ArgList& argv) {
    auto vo = indexValueOptions();
    vo.insert("top");
    Args a(argv, vo, indexFlags({"json", "quiet"}));
    if (!a.ok()) return usageError("report", a.error());
    if (a.positional().size() != 1) return usageError("report", "report needs exactly one profile DIR");
    int top = int(a.intValue("top", 10, 1, 100000));
    index::IndexOptions opts;
    std::string error;
    if (!indexOptionsFrom(a, a.positional()[0], opts, error)) return usageError("report", error);
    auto res = openProfile(a.positional()[0], opts, a.flag("quiet") || a.flag("json"));
    if (!res.ok) return 1;
    index::Db db(res.dbPath, true);
    auto r = analysis::buildReport(db, top);
    if (a.flag("json"))
        std::printf("%s\n", r.dump(2, ' ', false, nlohmann::json::error_handler_t::replace).c_str());
    else
        std::printf("%s", analysis::formatReport(r, top).c_str());
    return 0;
}

} // namespace rs::cli
