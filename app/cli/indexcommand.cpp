#include "app/cli/commands.h"
#include "app/cli/profileopener.h"

#include <cstdio>

namespace rs::cli {

int runIndex(const ArgList& argv) {
    Args a(argv, indexValueOptions(), indexFlags({"force", "quiet"}));
    if (!a.ok()) return usageError("index", a.error());
    if (a.positional().size() != 1) return usageError("index", "index needs exactly one profile DIR");
    pipeline::BuildOptions opts;
    std::string error;
    if (!indexOptionsFrom(a, a.positional()[0], opts, error)) return usageError("index", error);
    opts.force = a.flag("force");
    auto res = openProfile(a.positional()[0], opts, a.flag("quiet"));
    if (!res.ok) return 1;
    std::printf("%s\n", res.dbPath.c_str());
    return 0;
}

} // namespace rs::cli
