#pragma once
// A profile indexed two ways for the cluster tests: whole on one machine, and as N shards merged into a
// cluster index (core/pipeline/shardmerge.h) — the whole index is the independent path the cluster's
// answers are compared with.
#include "core/pipeline/buildpipeline.h"
#include "core/pipeline/shardmerge.h"
#include "tests/support/testsupport.h"

#include <QtTest>
#include <string>

namespace rs::test {

inline bool buildIndex(const std::string& profile, const std::string& db, pipeline::ShardSpec shard = {}) {
    pipeline::BuildOptions o;
    o.dbPath = db;
    o.force = true;
    o.shard = shard;
    auto r = pipeline::BuildPipeline(profile, o).run();
    if (!r.ok) qWarning("index failed: %s", r.error.c_str());
    return r.ok;
}

/// `profile` indexed whole into <tag>-whole/whole.sqlite and as `n` shards merged in <tag>-shards.
struct Cluster {
    std::string whole, shards, cluster;
};

inline Cluster makeCluster(const std::string& tag, const std::string& profile, int n) {
    Cluster c{tempDir(tag + "-whole") + "/whole.sqlite", tempDir(tag + "-shards"), {}};
    if (!buildIndex(profile, c.whole)) return {};
    for (int k = 1; k <= n; ++k)
        if (!buildIndex(profile, c.shards + "/" + pipeline::ShardSpec{k, n}.fileName(), {k, n})) return {};
    pipeline::MergeOptions mo;
    mo.shardDir = c.shards;
    auto r = pipeline::ShardMerge(mo).run();
    if (!r.ok) qWarning("merge failed: %s", r.error.c_str());
    c.cluster = r.ok ? r.outPath : "";
    return c;
}

/// A demo profile of `ranks` ranks (3 steps, 1 layer) in <tag>-profile; "" when it cannot be written.
inline std::string demoProfile(const std::string& tag, int ranks, const std::string& format = "ascend") {
    const std::string dir = tempDir(tag + "-profile");
    const std::string err = writeDemo(dir, demoOptions(ranks, 3, 1, format));
    if (!err.empty()) qWarning("demo: %s", err.c_str());
    return err.empty() ? dir : "";
}

} // namespace rs::test
