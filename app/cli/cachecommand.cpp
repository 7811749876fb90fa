#include "app/cli/args.h"
#include "app/cli/commands.h"
#include "core/cache/indexcache.h"
#include "core/model/durationparse.h"

#include <cstdio>
#include <ctime>
#include <nlohmann/json.hpp>

namespace rs::cli {

namespace {

std::string mib(int64_t bytes) {
    char b[32];
    std::snprintf(b, sizeof b, "%.1f MB", double(bytes) / 1e6);
    return b;
}

std::string localTime(int64_t ns) {
    std::time_t t = std::time_t(ns / 1000000000);
    std::tm tm{};
    localtime_r(&t, &tm);
    char b[32];
    std::strftime(b, sizeof b, "%Y-%m-%d %H:%M", &tm);
    return b;
}

std::string state(const cache::CacheEntry& e) {
    if (e.profile.empty()) return "not an index";
    if (!e.profileExists) return "profile missing";
    if (!e.currentSchema) return "older schema";
    return "current";
}

nlohmann::json entryJson(const cache::CacheEntry& e) {
    return {{"index", e.indexPath},         {"profile", e.profile}, {"bytes", e.bytes},
            {"last_used_ns", e.lastUsedNs}, {"state", state(e)},    {"annotations", e.hasAnnotations}};
}

int list(const std::string& dir, bool json) {
    const auto entries = cache::listCache(dir);
    int64_t total = 0;
    for (const auto& e : entries)
        total += e.bytes;
    if (json) {
        nlohmann::json j{{"cache", dir}, {"bytes", total}, {"indexes", nlohmann::json::array()}};
        for (const auto& e : entries)
            j["indexes"].push_back(entryJson(e));
        std::printf("%s\n", j.dump(2, ' ', false, nlohmann::json::error_handler_t::replace).c_str());
        return 0;
    }
    std::printf("cache: %s (%zu index(es), %s)\n", dir.c_str(), entries.size(), mib(total).c_str());
    if (entries.empty()) return 0;
    std::printf("  %-16s  %10s  %-15s  %s\n", "last used", "size", "state", "profile");
    for (const auto& e : entries)
        std::printf("  %-16s  %10s  %-15s  %s%s\n", localTime(e.lastUsedNs).c_str(), mib(e.bytes).c_str(),
                    state(e).c_str(), e.profile.empty() ? e.indexPath.c_str() : e.profile.c_str(),
                    e.hasAnnotations ? "  (annotations)" : "");
    return 0;
}

int clean(const std::string& dir, Args& a) {
    cache::CleanOptions o;
    if (auto v = a.value("unused-for")) {
        auto ns = model::parseDurationNs(*v);
        if (!ns || *ns <= 0)
            return usageError("cache",
                              "--unused-for takes an age with a unit, e.g. 30d, 12h (got '" + *v + "')");
        o.unusedForNs = *ns;
    }
    o.withAnnotations = a.flag("with-annotations");
    o.dryRun = a.flag("dry-run");
    const auto r = cache::cleanCache(o, dir);
    for (const auto& e : r.removed)
        std::printf("%s %s  %s  (%s)\n", o.dryRun ? "would remove" : "removed", mib(e.bytes).c_str(),
                    e.profile.empty() ? e.indexPath.c_str() : e.profile.c_str(), state(e).c_str());
    std::printf("%s %zu index(es), %s", o.dryRun ? "would remove" : "removed", r.removed.size(),
                mib(r.bytesFreed).c_str());
    if (!r.keptForAnnotations.empty())
        std::printf("; kept %zu with annotations (--with-annotations removes them too)",
                    r.keptForAnnotations.size());
    if (!r.busy.empty()) std::printf("; %zu being built, left alone", r.busy.size());
    std::printf("\n");
    return 0;
}

} // namespace

int runCache(const ArgList& argv) {
    Args a(argv, {"unused-for"}, {"json", "with-annotations", "dry-run"});
    if (!a.ok()) return usageError("cache", a.error());
    const auto& pos = a.positional();
    const std::string what = pos.empty() ? "list" : pos[0];
    if (pos.size() > 1 || (what != "list" && what != "clean"))
        return usageError("cache", "cache takes 'list' (the default) or 'clean'");
    const std::string dir = cache::cacheDirectory();
    if (what == "list") {
        if (a.value("unused-for") || a.flag("with-annotations") || a.flag("dry-run"))
            return usageError("cache",
                              "--unused-for, --with-annotations and --dry-run are options of 'cache clean'");
        return list(dir, a.flag("json"));
    }
    if (a.flag("json")) return usageError("cache", "--json is an option of 'cache list'");
    return clean(dir, a);
}

} // namespace rs::cli
