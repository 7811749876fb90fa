// bench_compare: what a comparison costs on two large demo runs (the second with every step's AllReduce
// transfer ×1.2 and MatMulV2 ×1.05): measuring one run into a baseline record, comparing two records, the
// whole data of the app's Comparison panel (both records, distributions, delta grid, memory curves), and
// the spans of the worst regression in both runs (what a click on a delta reads), p50/p95/max over
// repeated calls. The baseline in the same run is reopening the cached index. Prints figures only.
// Usage: bench_compare [--ranks N] [--steps N] [--layers N] [--repeat N]
#include "core/compare/comparisondata.h"
#include "core/compare/spanpair.h"
#include "core/demo/demogenerator.h"
#include "core/index/sqlite.h"
#include "core/pipeline/buildpipeline.h"
#include "tests/support/benchstats.h"
#include "tests/support/testsupport.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <set>
#include <string>
#include <vector>

namespace fs = std::filesystem;
using Clock = rs::test::BenchClock;
using rs::test::ms;
using rs::test::Stats;

namespace {
void print(Stats s, const char* what) {
    std::printf("%-28s p50 %8.2f ms  p95 %8.2f ms  max %8.2f ms  (%zu calls)\n", what, s.pct(50), s.pct(95),
                s.pct(100), s.v.size());
}
template <class Fn> Stats timeIt(int n, Fn&& fn) {
    Stats s;
    for (int i = 0; i < n; ++i) {
        auto t0 = Clock::now();
        fn();
        s.v.push_back(ms(Clock::now() - t0));
    }
    return s;
}
} // namespace

int main(int argc, char** argv) {
    rs::demo::DemoOptions o;
    o.ranks = 32;
    o.steps = 30;
    o.layers = 12;
    int repeat = 10;
    for (int i = 1; i < argc; ++i) {
        std::string a = argv[i];
        auto next = [&] { return i + 1 < argc ? std::atoi(argv[++i]) : 0; };
        if (a == "--ranks")
            o.ranks = next();
        else if (a == "--steps")
            o.steps = next();
        else if (a == "--layers")
            o.layers = next();
        else if (a == "--repeat")
            repeat = std::max(1, next());
        else {
            std::fprintf(stderr, "usage: bench_compare [--ranks N] [--steps N] [--layers N] [--repeat N]\n");
            return 2;
        }
    }
    const std::string tag =
        std::to_string(o.ranks) + "x" + std::to_string(o.steps) + "x" + std::to_string(o.layers);
    std::string db[2];
    for (int side = 0; side < 2; ++side) {
        auto opt = o;
        if (side == 1) opt.scaleOp = {{"AllReduce", 1.2}, {"MatMulV2", 1.05}};
        const std::string dir =
            (fs::temp_directory_path() / ("rankscope-bench-compare-" + tag + (side ? "-b" : "-a"))).string();
        if (!rs::test::ensureDemo(dir, opt)) return 1;
        auto t0 = Clock::now();
        auto res = rs::pipeline::BuildPipeline(dir, {}).run();
        if (!res.ok) {
            std::fprintf(stderr, "bench: index failed: %s\n", res.error.c_str());
            return 1;
        }
        db[side] = res.dbPath;
        rs::index::Db d(res.dbPath, true);
        std::printf("index %s  %lld spans, %lld collectives, %.0f ms (%s)\n",
                    side ? "candidate" : "baseline ",
                    static_cast<long long>(d.scalar("SELECT count(*) FROM span")),
                    static_cast<long long>(d.scalar("SELECT count(*) FROM collective")),
                    ms(Clock::now() - t0), res.reused ? "reused" : "built");
    }
    rs::index::Db b(db[0], true), c(db[1], true);
    const std::string dirA = b.scalarText("SELECT value FROM meta WHERE key = 'profile'");
    print(timeIt(repeat, [&] { rs::pipeline::BuildPipeline(dirA, {}).run(); }), "reopen cached index (base)");
    rs::compare::BaselineRecord rb, rc;
    print(timeIt(repeat, [&] { rb = rs::compare::buildRecord(b).record; }), "baseline record");
    rc = rs::compare::buildRecord(c).record;
    std::printf(
        "record JSON                  %zu bytes (%zu ranks, %zu op types, %zu collectives, %zu steps)\n",
        rs::compare::toJson(rb).size(), rb.ranks.size(), rb.ops.size(), rb.collectives.size(),
        rb.stepNumbers.size());
    rs::compare::CompareResult r;
    print(timeIt(repeat * 10, [&] { r = rs::compare::compareRecords(rb, rc); }), "compare two records");
    for (const auto& line : rs::compare::compareSummary(r))
        std::printf("  %s\n", line.c_str());
    rs::compare::ComparisonData data;
    print(timeIt(repeat, [&] { data = rs::compare::buildComparison(b, c); }), "comparison panel data");
    if (r.regressions.empty()) return 0;
    std::set<std::string> seen;
    for (const auto& d : r.regressions) {
        if ((d.kind != "collective" && d.kind != "op") || d.rank)
            continue; // one per root: the over-ranks figure
        if (!seen.insert(d.kind + "|" + d.opType + "|" + std::to_string(d.seq)).second) continue;
        rs::compare::SpanRequest q{d.kind, d.opType, d.seq, d.rank.value_or(r.ranks.front())};
        rs::compare::SpanPair pair;
        print(timeIt(repeat, [&] { pair = rs::compare::spansOfBothRuns(b, 0, c, 0, q); }),
              (d.kind + " spans, both runs").c_str());
        std::printf("  %s %s: step %lld, %zu + %zu spans, %lld + %lld hits\n", d.kind.c_str(),
                    d.opType.c_str(), static_cast<long long>(pair.side[0].step), pair.side[0].spans.size(),
                    pair.side[1].spans.size(), static_cast<long long>(pair.side[0].hits),
                    static_cast<long long>(pair.side[1].hits));
    }
    return 0;
}
