#include "app/cli/args.h"
#include "app/cli/commands.h"
#include "core/demo/demogenerator.h"
#include "core/demo/demoplan.h"

#include <cstdio>
#include <cstdlib>
#include <map>

namespace rs::cli {

namespace {
bool parseScaleOps(const std::string& s, std::map<std::string, double>& out) {
    size_t pos = 0;
    while (pos <= s.size()) {
        size_t end = s.find(',', pos);
        if (end == std::string::npos) end = s.size();
        const std::string item = s.substr(pos, end - pos);
        const size_t eq = item.find('=');
        if (eq == std::string::npos || eq == 0) return false;
        char* stop = nullptr;
        const std::string num = item.substr(eq + 1);
        const double f = std::strtod(num.c_str(), &stop);
        if (num.empty() || stop != num.c_str() + num.size() || !(f >= 0.01 && f <= 100)) return false;
        out[item.substr(0, eq)] = f;
        pos = end + 1;
    }
    return true;
}

/// The built-in problems, each as the report can find it: a Kineto profile's GPU addresses get no HBM bank
/// model (core/query/bankcheck.h), so its misplaced buffers are said to be undetectable there, not
/// announced as a problem its report would find (walk 25).
void printProblems(const demo::DemoOptions& o, const demo::DemoTruth& t) {
    std::printf(
        "built-in problems: slow card rank %d (MatMulV2 x%.1f, Cast x%.1f); rank %d stalls %.0f ms before "
        "the AllReduce of step %lld",
        t.slowRank, t.slowMatMul, t.slowCast, t.stallRank, double(t.stallNs) / 1e6, (long long)t.stallStep);
    if (o.format == "ascend")
        std::printf("; rank %d keeps its AllReduce buffers in HBM bank %d (others: bank %d)\n", t.bankRank,
                    t.anomalyAllReduceBank, t.normalAllReduceBank);
    else
        std::printf("\nnot detectable in the %s format: rank %d's AllReduce buffers lie apart from the other "
                    "ranks' (the Ascend demo's misplaced HBM bank), but GPU addresses get no bank model\n",
                    o.format.c_str(), t.bankRank);
}

} // namespace

int runDemo(const ArgList& argv) {
    Args a(argv, {"ranks", "steps", "layers", "seed", "format", "scale-op"},
           {"healthy", "quiet", "shape-sweep"}, {"scale-op"});
    if (!a.ok()) return usageError("demo", a.error());
    if (a.positional().size() != 1) return usageError("demo", "demo needs exactly one OUTDIR");
    demo::DemoOptions o;
    o.ranks = int(a.intValue("ranks", 8, 1, 4096));
    o.steps = int(a.intValue("steps", 20, 1, 1000000));
    o.layers = int(a.intValue("layers", 4, 1, 10000));
    o.seed = uint64_t(a.intValue("seed", 1, 0, (1LL << 62)));
    o.format = a.value("format").value_or("ascend");
    o.healthy = a.flag("healthy");
    o.shapeSweep = a.flag("shape-sweep");
    if (!a.ok()) return usageError("demo", a.error());
    if (o.format != "ascend" && o.format != "kineto")
        return usageError("demo", "--format must be ascend or kineto");
    if (auto s = a.value("scale-op"); s && !parseScaleOps(*s, o.scaleOp))
        return usageError("demo",
                          "--scale-op takes OP=FACTOR[,OP=FACTOR…] with factors between 0.01 and 100 (got '" +
                              *s + "')");
    // a name the demo lacks would inject nothing and a later compare would read PASS
    if (std::string bad = demo::DemoPlan::unknownScaleOps(o); !bad.empty()) return usageError("demo", bad);
    std::string error;
    bool quiet = a.flag("quiet");
    bool ok = demo::generateDemo(a.positional()[0], o, error, [&](int done, int total) {
        if (!quiet) std::fprintf(stderr, "\rdemo: %d/%d ranks written", done, total);
    });
    if (!quiet) std::fprintf(stderr, "\n");
    if (!ok) {
        std::fprintf(stderr, "rankscope: demo failed: %s\n", error.c_str());
        return 1;
    }
    if (!quiet) {
        auto t = demo::demoTruth(o);
        std::printf("wrote a %s demo profile to %s (%d ranks, %d steps, %d layers, seed %llu)\n",
                    o.format.c_str(), a.positional()[0].c_str(), o.ranks, o.steps, o.layers,
                    (unsigned long long)o.seed);
        if (o.shapeSweep)
            std::printf(
                "shape sweep: sequence length 256..2048 by step; MatMulV2 at %d has a bad tiling (x%.1f)\n",
                demo::kBadTilingSeq, demo::kBadTiling);
        for (const auto& [op, f] : o.scaleOp)
            std::printf("every %s kernel takes x%.3f\n", op.c_str(), f);
        if (o.healthy)
            std::printf("healthy: no built-in problems\n");
        else
            printProblems(o, t);
        if (!o.healthy && o.format == "ascend" && t.slowLinkSrc != t.slowLinkDst)
            std::printf(
                "communication_matrix.json: the HCCS link %d -> %d is slow (the other links finish in "
                "%.0f %% of its time)\n",
                t.slowLinkSrc, t.slowLinkDst, t.fastLinkShare * 100);
    }
    return 0;
}

} // namespace rs::cli
