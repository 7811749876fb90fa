// bench_cluster: `rankscope merge` at cluster scale (issue 22 part 5): merge time, peak memory and the
// cluster index's size for 512, 4 096 and 16 384 ranks, as shards of 64 ranks each.
// How the shards are synthesised (indexing spans is not what this measures): an 8-rank Ascend demo (4 steps,
// 1 layer) is indexed for real as shard 1/1, and its per-event tables are emptied (the merge never reads
// them). Each synthetic shard K of N is a copy of that file whose summary tables (analysis::summaryTables(),
// the only tables the merge reads besides `diagnostic`) hold 64 ranks: the 8 real ranks' rows cloned 8
// times, renumbered to ranks 64(K-1) … 64K-1 (rank, data_rank, grp; world_size = the total), so the
// collectives of every step are one world group of all ranks, as in a data-parallel job; its meta says
// K/N, its ranks and groups. Every shard carries the same fingerprint, so the merge accepts the set.
// The shards keep the template's lanes (track rows cloned per rank) and names, so "open s" — the summary and
// every shard's lane list, what the app reads before its first picture — reads what a real shard holds.
// "links s" is the communication-link pass of the merge (cross comm_links), "link MB" the pages of the
// comm_link* tables and their indexes in the cluster index.
// Each size runs in a child process (this program with --one R), so its peak RSS (getrusage) is its own.
// Usage: bench_cluster [--max RANKS]; BENCH_CLUSTER_KEEP=DIR keeps each size's shards and cluster index in
// DIR/<ranks>.
#include "core/analysis/summarytables.h"
#include "core/index/sqlite.h"
#include "core/pipeline/buildpipeline.h"
#include "core/pipeline/shardmerge.h"
#include "core/query/lanereader.h"
#include "tests/support/testsupport.h"

#include <sys/resource.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <string>

namespace fs = std::filesystem;
using namespace rs;

namespace {

constexpr int kTemplateRanks = 8;
constexpr int kRanksPerShard = 64;

/// The real 8-rank shard with its per-event tables emptied; its path, or empty on failure.
std::string makeTemplate() {
    const std::string profile = test::tempDir("bench-cluster-profile");
    std::string err = test::writeDemo(profile, test::demoOptions(kTemplateRanks, 4, 1));
    const std::string shards = test::tempDir("bench-cluster-template");
    if (err.empty()) err = test::indexShards(profile, 1, shards);
    if (!err.empty()) {
        std::fprintf(stderr, "bench_cluster: %s\n", err.c_str());
        return {};
    }
    const std::string path = shards + "/shard-1-of-1.sqlite";
    index::Db db(path);
    for (const auto& t : analysis::perEventTables()) // some (flow) live in a build's scratch file only
        if (t != "track" && t != "string" && // the lane lists and names the app reads when it opens the index
            db.scalar("SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = '" +
                      std::string(t) + "'"))
            db.exec("DELETE FROM " + std::string(t));
    db.exec("VACUUM");
    return path;
}

std::string columnList(index::Db& db, const std::string& table, const std::string& prefix,
                       const std::string& rankExpr, int worldSize) {
    std::string cols;
    auto q = db.prepare("SELECT name FROM pragma_table_info(?) ORDER BY cid");
    q.bind(1, table);
    while (q.step()) {
        const std::string c = q.text(0);
        std::string e = prefix + c;
        if (c == "rank" || c == "data_rank" || c == "grp") e = rankExpr;
        if (c == "world_size") e = std::to_string(worldSize);
        if (c == "arrival_id") e = "NULL"; // a fresh id
        cols += (cols.empty() ? "" : ", ") + (prefix.empty() ? c : e);
    }
    return cols;
}

/// Writes shard K of N (ranks 64(K-1)…) from the template into `dir`.
void writeShard(const std::string& tmpl, const std::string& dir, int k, int n) {
    const std::string path = dir + "/shard-" + std::to_string(k) + "-of-" + std::to_string(n) + ".sqlite";
    fs::copy_file(tmpl, path, fs::copy_options::overwrite_existing);
    index::Db db(path);
    db.prepare("ATTACH DATABASE ? AS tmpl").bind(1, tmpl).exec();
    db.exec("BEGIN");
    const int base = (k - 1) * kRanksPerShard;
    for (const auto& tv : analysis::summaryTables()) {
        const std::string t(tv);
        db.exec("DELETE FROM main." + t);
        for (int copy = 0; copy < kRanksPerShard / kTemplateRanks; ++copy) {
            const std::string rank = "t.rank + " + std::to_string(base + copy * kTemplateRanks);
            db.exec("INSERT INTO main." + t + "(" + columnList(db, t, "", "", n * kRanksPerShard) +
                    ") SELECT " + columnList(db, t, "t.", rank, n * kRanksPerShard) + " FROM tmpl." + t +
                    " t");
        }
    }
    // the lanes of the 64 ranks (new track ids, as each rank's own build numbers its lanes apart)
    db.exec("DELETE FROM main.track");
    for (int copy = 0; copy < kRanksPerShard / kTemplateRanks; ++copy) {
        const std::string rank = "t.rank + " + std::to_string(base + copy * kTemplateRanks);
        std::string cols = columnList(db, "track", "t.", rank, n * kRanksPerShard);
        cols.replace(cols.find("t.track_id"), 10, "t.track_id + " + std::to_string(copy * 100000));
        db.exec("INSERT INTO main.track(" + columnList(db, "track", "", "", 0) + ") SELECT " + cols +
                " FROM tmpl.track t");
    }
    std::string ranks, groups;
    for (int r = base; r < base + kRanksPerShard; ++r) {
        ranks += (ranks.empty() ? "" : ",") + std::to_string(r);
        groups += (groups.empty() ? "" : ",") + std::to_string(r) + ":1000000";
    }
    auto set = db.prepare("UPDATE meta SET value = ? WHERE key = ?");
    set.bind(1, std::to_string(k) + "/" + std::to_string(n)).bind(2, "shard").exec();
    set.bind(1, ranks).bind(2, "shard_ranks").exec();
    set.bind(1, groups).bind(2, "shard_groups").exec();
    set.bind(1, std::to_string(n * kRanksPerShard)).bind(2, "shard_group_count").exec();
    db.exec("UPDATE meta SET value = 'shard " + std::to_string(k) + "/" + std::to_string(n) +
            ";' || substr(value, instr(value, ';') + 1) WHERE key = 'analysis'");
    db.exec("COMMIT");
    db.exec("DETACH DATABASE tmpl");
}

long peakRssMb() {
    rusage u{};
    getrusage(RUSAGE_SELF, &u);
    return u.ru_maxrss / 1024; // KiB on Linux
}

/// One size, in this (child) process: prints one row of the table.
int runOne(int ranks, const std::string& tmpl) {
    const int n = ranks / kRanksPerShard;
    const std::string dir = test::tempDir("bench-cluster-" + std::to_string(ranks));
    auto t0 = std::chrono::steady_clock::now();
    for (int k = 1; k <= n; ++k)
        writeShard(tmpl, dir, k, n);
    const double synth = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    const long rssBefore = peakRssMb();
    const auto res = pipeline::ShardMerge({dir, "", false, {}, {}}).run();
    if (!res.ok || res.ranks != ranks) {
        std::fprintf(stderr, "bench_cluster: merge of %d ranks: %s (%d ranks)\n", ranks, res.error.c_str(),
                     res.ranks);
        return 1;
    }
    index::Db c(res.outPath, true);
    // what the app does before its first picture: the summary (findings, steps, waits, the report) and
    // every shard's lane list and names (query::LaneReader)
    auto o0 = std::chrono::steady_clock::now();
    query::loadSummary(c); // the cluster index's own part
    const double own = std::chrono::duration<double>(std::chrono::steady_clock::now() - o0).count();
    o0 = std::chrono::steady_clock::now();
    query::LaneReader reader(c, res.outPath);
    const auto summary = reader.summary();
    const double open = std::chrono::duration<double>(std::chrono::steady_clock::now() - o0).count();
    double commSec = 0; // the communication-link pass (issue 22: it grew faster than the ranks)
    for (const auto& [part, sec] : res.parts)
        if (part == "cross comm_links") commSec = sec;
    // the link tables and their indexes (dbstat: the pages each b-tree holds)
    const double commMb =
        double(c.scalar("SELECT coalesce(sum(pgsize), 0) FROM dbstat WHERE name LIKE 'comm_link%'")) / 1e6;
    std::printf(
        "%6d  %6d  %7.2f  %7.2f  %11ld  %9ld  %10.1f  %7.1f  %6.2f  %9.2f  %7zu  %11lld  %10lld  %8lld\n",
        ranks, n, res.seconds, commSec, peakRssMb(), rssBefore, double(fs::file_size(res.outPath)) / 1e6,
        commMb, open, own, summary->tracks.size(), (long long)c.scalar("SELECT count(*) FROM collective"),
        (long long)c.scalar("SELECT count(*) FROM comm_links"),
        (long long)c.scalar("SELECT count(*) FROM finding"));
    std::fprintf(stderr, "bench_cluster: %d shards of %d ranks synthesised in %.1f s\n", n, kRanksPerShard,
                 synth);
    if (const char* keep = std::getenv("BENCH_CLUSTER_KEEP")) { // for a look (rankscope DIR) after the run
        const fs::path to = fs::path(keep) / std::to_string(ranks);
        fs::create_directories(to);
        fs::copy(dir, to, fs::copy_options::overwrite_existing | fs::copy_options::recursive);
    }
    return 0;
}

} // namespace

int main(int argc, char** argv) {
    int maxRanks = 16384;
    for (int i = 1; i + 2 < argc; ++i)
        if (std::strcmp(argv[i], "--one") == 0) return runOne(std::atoi(argv[i + 1]), argv[i + 2]);
    for (int i = 1; i + 1 < argc; ++i)
        if (std::strcmp(argv[i], "--max") == 0) maxRanks = std::atoi(argv[i + 1]);
    const std::string tmpl = makeTemplate();
    if (tmpl.empty()) return 1;
    std::printf("merge of synthesised shards (%d ranks each); peak RSS of the merging process\n",
                kRanksPerShard);
    std::printf(" ranks  shards  merge s  links s  peak RSS MB  before MB  cluster MB  link MB  open s  "
                "summary s    lanes  "
                "collectives  "
                "comm_links  "
                "findings\n");
    std::fflush(stdout);
    for (int ranks : {512, 4096, 16384}) {
        if (ranks > maxRanks) break;
        const std::string cmd = std::string(argv[0]) + " --one " + std::to_string(ranks) + " " + tmpl;
        if (std::system(cmd.c_str()) != 0) return 1;
    }
    return 0;
}
