// bench_analysis: prints the time of every analysis pass (rank-local passes summed over the ranks) on one
// demo profile: the index is built once without analysis (StopAfter::Index), then each round runs the
// whole plan on a fresh copy of it, with the build's bulk-load settings. The index without analysis is
// kept (in the temp dir, or --index FILE) and reused while the profile is unchanged.
// Usage: bench_analysis [--size-mb N] [--format ascend|kineto] [--dir DIR] [--rounds N] [--index FILE]
#include "core/analysis/analysisplan.h"
#include "core/demo/demogenerator.h"
#include "core/index/schema.h"
#include "core/index/sqlite.h"
#include "core/pipeline/buildpipeline.h"
#include "tests/support/testsupport.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

namespace fs = std::filesystem;

int main(int argc, char** argv) {
    long sizeMb = 256;
    int rounds = 3;
    std::string format = "ascend", dir, base;
    for (int i = 1; i < argc; ++i) {
        std::string a = argv[i];
        if (a == "--size-mb" && i + 1 < argc)
            sizeMb = std::atol(argv[++i]);
        else if (a == "--format" && i + 1 < argc)
            format = argv[++i];
        else if (a == "--dir" && i + 1 < argc)
            dir = argv[++i];
        else if (a == "--index" && i + 1 < argc)
            base = argv[++i];
        else if (a == "--rounds" && i + 1 < argc)
            rounds = std::max(1, std::atoi(argv[++i]));
        else {
            std::fprintf(stderr, "usage: bench_analysis [--size-mb N] [--format ascend|kineto] [--dir DIR] "
                                 "[--rounds N] [--index FILE]\n");
            return 2;
        }
    }
    if (dir.empty()) {
        rs::demo::DemoOptions o; // ≈ 37 kB per rank × step × layer (Ascend), 6.5 kB (Kineto gzip)
        o.ranks = 8;
        o.format = format;
        o.layers = 24;
        o.steps = std::max(1, int(double(sizeMb) * 1e6 / (format == "kineto" ? 6500.0 : 37000.0) / 8 / 24));
        dir = (fs::temp_directory_path() / ("rankscope-bench-" + format + "-" + std::to_string(sizeMb)))
                  .string();
        if (!rs::test::ensureDemo(dir, o)) return 1;
    }
    if (base.empty())
        base = (fs::temp_directory_path() /
                ("rankscope-bench-analysis-" + fs::path(dir).filename().string() + ".sqlite"))
                   .string();
    rs::pipeline::BuildOptions bo;
    bo.dbPath = base;
    bo.stopAfter = rs::pipeline::StopAfter::Index;
    auto built = rs::pipeline::BuildPipeline(dir, bo).run();
    if (!built.ok) {
        std::fprintf(stderr, "bench: index failed: %s\n", built.error.c_str());
        return 1;
    }
    std::printf("input      %s: %.1f MB (index without analysis: %s, %.1f s)\n", dir.c_str(),
                double(built.inputBytes) / 1e6, built.reused ? "reused" : "built", built.seconds);
    std::map<std::string, std::vector<double>> perPass;
    std::vector<std::string> order;
    std::vector<double> totals;
    const std::string copy = base + ".round";
    for (int r = 0; r < rounds; ++r) {
        fs::copy_file(base, copy, fs::copy_options::overwrite_existing);
        rs::index::Db db(copy);
        rs::index::applyBulkPragmas(db);
        auto plan = rs::analysis::AnalysisPlan::standard();
        const auto t = std::chrono::steady_clock::now();
        plan.run(db, bo.analysis);
        totals.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - t).count());
        for (const auto& p : plan.times()) {
            std::string name =
                std::string(p.scope == rs::analysis::PassScope::RankLocal ? "rank  " : "cross ") +
                std::string(p.name);
            if (r == 0) order.push_back(name);
            perPass[name].push_back(p.seconds);
        }
    }
    auto best = [](std::vector<double> v) { return *std::min_element(v.begin(), v.end()); };
    for (const auto& name : order)
        std::printf("pass       %-28s %7.3f s (best of %d)\n", name.c_str(), best(perPass[name]), rounds);
    std::printf("analysis   total                        %7.3f s (best of %d)\n", best(totals), rounds);
    fs::remove(copy);
    return 0;
}
