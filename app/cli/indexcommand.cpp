#include "app/cli/commands.h"
#include "app/cli/profileopener.h"
#include "core/pipeline/shardmerge.h"

#include <cstdio>
#include <cstdlib>
#include <filesystem>

namespace rs::cli {

namespace {

/// --shard K/N | auto [--shards N] [--out SHARD_DIR] into `opts`; false with `error` set.
bool shardOptionsFrom(Args& a, pipeline::BuildOptions& opts, std::string& error) {
    auto spec = a.value("shard");
    if (!spec) {
        if (a.value("out") || a.value("shards")) error = "--out and --shards go with --shard";
        return error.empty();
    }
    if (a.value("db")) {
        error = "--shard writes SHARD_DIR/shard-K-of-N.sqlite: give --out SHARD_DIR, not --db";
        return false;
    }
    if (*spec == "auto") {
        const int shards = int(a.intValue("shards", 0, 1, 1000000));
        if (!a.ok()) {
            error = a.error();
            return false;
        }
        if (!pipeline::shardFromEnvironment([](const char* n) { return std::getenv(n); }, shards, opts.shard,
                                            error))
            return false;
    } else if (!pipeline::parseShardSpec(*spec, opts.shard, error)) {
        return false;
    }
    if (auto out = a.value("out")) {
        std::error_code ec;
        std::filesystem::create_directories(*out, ec);
        if (ec) {
            error = *out + ": cannot create the shard folder (" + ec.message() + ")";
            return false;
        }
        opts.dbPath = (std::filesystem::path(*out) / opts.shard.fileName()).string();
    }
    return true;
}

} // namespace

int runIndex(const ArgList& argv) {
    auto values = indexValueOptions();
    values.insert({"shard", "shards", "out"});
    Args a(argv, values, indexFlags({"force", "quiet"}));
    if (!a.ok()) return usageError("index", a.error());
    if (a.positional().size() != 1) return usageError("index", "index needs exactly one profile DIR");
    pipeline::BuildOptions opts;
    std::string error;
    if (!indexOptionsFrom(a, a.positional()[0], opts, error)) return usageError("index", error);
    if (!shardOptionsFrom(a, opts, error)) return usageError("index", error);
    opts.force = a.flag("force");
    auto res = openProfile(a.positional()[0], opts, a.flag("quiet"));
    if (!res.ok) return 1;
    std::printf("%s\n", res.dbPath.c_str());
    return 0;
}

int runMerge(const ArgList& argv) {
    Args a(argv, {"out"}, {"quiet", "break-lock"});
    if (!a.ok()) return usageError("merge", a.error());
    if (a.positional().size() != 1) return usageError("merge", "merge needs exactly one SHARD_DIR");
    pipeline::MergeOptions opts;
    opts.shardDir = a.positional()[0];
    opts.outPath = a.value("out").value_or("");
    opts.breakLock = a.flag("break-lock");
    opts.notice = [](const std::string& m) { std::fprintf(stderr, "rankscope merge: %s\n", m.c_str()); };
    const auto res = pipeline::ShardMerge(opts).run();
    for (const auto& m : res.missing)
        std::fprintf(stderr, "rankscope merge: missing %s: its ranks are not in the cluster index\n",
                     m.c_str());
    if (!res.ok) {
        std::fprintf(stderr, "rankscope merge: %s\n", res.error.c_str());
        return 1;
    }
    if (!a.flag("quiet"))
        std::fprintf(stderr, "merged %d of %d shards (%d ranks) in %.2f s\n",
                     res.shardCount - int(res.missing.size()), res.shardCount, res.ranks, res.seconds);
    std::printf("%s\n", res.outPath.c_str());
    return 0;
}

} // namespace rs::cli
