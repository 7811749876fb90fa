// bench_areastats: what area statistics (core/query/areastats.h) cost on a large demo: the whole run over
// every rank (ranks together and per rank), one step's own extent on every rank, a 10 ms window on every
// rank and on 2 ranks (a typical drag), and one row's spans (a row click). p50/p95/max over repeated calls,
// with how many spans each area holds. Prints figures only.
// Usage: bench_areastats [--dir DIR] [--ranks N] [--steps N] [--layers N] [--repeat N]
#include "core/index/sqlite.h"
#include "core/pipeline/buildpipeline.h"
#include "core/query/areastats.h"
#include "core/query/timelinequery.h"
#include "tests/support/benchstats.h"
#include "tests/support/testsupport.h"

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>

namespace fs = std::filesystem;
using Clock = rs::test::BenchClock;
using rs::test::ms;
using rs::test::Stats;

namespace {

void measure(rs::index::Db& db, const rs::query::AreaQuery& q, int repeat, const char* what) {
    Stats s;
    rs::query::AreaStats last;
    for (int i = 0; i < repeat; ++i) {
        const auto t0 = Clock::now();
        last = rs::query::computeAreaStats(db, q);
        s.v.push_back(ms(Clock::now() - t0));
    }
    std::printf("%-34s p50 %9.1f ms  p95 %9.1f ms  max %9.1f ms  (%lld spans, %zu rows, %d calls)\n", what,
                s.pct(50), s.pct(95), s.pct(100), static_cast<long long>(last.spans), last.rows.size(),
                repeat);
}

} // namespace

int main(int argc, char** argv) {
    std::string dir;
    rs::demo::DemoOptions o;
    o.ranks = 8;
    o.layers = 24;
    o.steps = 56; // ≈ 350 MB in the Ascend layout
    int repeat = 3;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        const bool more = i + 1 < argc;
        if (a == "--dir" && more)
            dir = argv[++i];
        else if (a == "--ranks" && more)
            o.ranks = std::atoi(argv[++i]);
        else if (a == "--steps" && more)
            o.steps = std::atoi(argv[++i]);
        else if (a == "--layers" && more)
            o.layers = std::atoi(argv[++i]);
        else if (a == "--repeat" && more)
            repeat = std::max(1, std::atoi(argv[++i]));
        else {
            std::fprintf(stderr, "usage: bench_areastats [--dir DIR] [--ranks N] [--steps N] [--layers N] "
                                 "[--repeat N]\n");
            return 2;
        }
    }
    if (dir.empty()) {
        dir = (fs::temp_directory_path() / ("rankscope-bench-areastats-" + std::to_string(o.ranks) + "x" +
                                            std::to_string(o.steps) + "x" + std::to_string(o.layers)))
                  .string();
        if (!rs::test::ensureDemo(dir, o)) return 1;
    }
    const auto t0 = Clock::now();
    const auto res = rs::pipeline::BuildPipeline(dir, {}).run();
    if (!res.ok) {
        std::fprintf(stderr, "bench: index failed: %s\n", res.error.c_str());
        return 1;
    }
    std::printf("index      %s in %.0f s (%s)\n", res.dbPath.c_str(), ms(Clock::now() - t0) / 1000,
                res.reused ? "reused" : "built");
    rs::index::Db db(res.dbPath, true);
    const auto summary = rs::query::loadSummary(db);
    std::printf("profile    %lld spans, %zu ranks, %zu steps, %.1f s\n",
                static_cast<long long>(db.scalar("SELECT count(*) FROM span")), summary.ranks.size(),
                summary.steps.size(), double(summary.endNs - summary.startNs) / 1e9);

    rs::query::AreaQuery whole;
    whole.windows = rs::query::rangeWindows(summary.ranks, summary.startNs, summary.endNs);
    whole.perRank = false;
    measure(db, whole, repeat, "whole run, ranks together");
    whole.perRank = true;
    measure(db, whole, repeat, "whole run, per rank");

    if (!summary.steps.empty()) {
        rs::query::AreaQuery step;
        step.step = summary.steps[summary.steps.size() / 2].step;
        step.stepRanks = summary.ranks;
        step.perRank = false;
        measure(db, step, repeat * 3, "one step, every rank");
    }
    const int64_t mid = (summary.startNs + summary.endNs) / 2;
    rs::query::AreaQuery drag;
    drag.windows = rs::query::rangeWindows(summary.ranks, mid, mid + 10'000'000);
    measure(db, drag, repeat * 10, "10 ms, every rank");
    drag.windows =
        rs::query::rangeWindows({summary.ranks.front(), summary.ranks.back()}, mid, mid + 10'000'000);
    measure(db, drag, repeat * 10, "10 ms, 2 ranks");

    const auto stats = rs::query::computeAreaStats(db, whole);
    if (!stats.rows.empty()) {
        Stats s;
        size_t n = 0;
        for (int i = 0; i < repeat * 3; ++i) {
            const auto c0 = Clock::now();
            n = rs::query::areaSpans(db, whole, stats.rows[0].name, stats.rows[0].kind, -1, 5000, nullptr)
                    .size();
            s.v.push_back(ms(Clock::now() - c0));
        }
        std::printf("%-34s p50 %9.1f ms  p95 %9.1f ms  max %9.1f ms  (%zu spans)\n",
                    "a row's spans (whole run)", s.pct(50), s.pct(95), s.pct(100), n);
    }
    return 0;
}
