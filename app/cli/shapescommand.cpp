#include "app/cli/commands.h"

#include "app/cli/profileopener.h"
#include "core/model/plural.h"
#include "core/model/shortkernelname.h"
#include "core/model/timetext.h"
#include "core/query/rankqueries.h"
#include "core/shapes/shapetable.h"
#include "core/shapes/unlinkedshapes.h"

#include <cstdio>

namespace rs::cli {

namespace {
std::string cut(const std::string& s, size_t n) {
    return s.size() <= n ? s : s.substr(0, n - 3) + "...";
}

void printTable(const shapes::OpShapeTable& t, size_t maxShapes) {
    // a C++ kernel signature by its function's name, as `stats` prints it (the JSON keeps the whole name)
    // the figures pool every rank's kernels: a rank's median (the Op summary's) may lie elsewhere (r50d #5)
    std::printf("%s: %s, %s of kernel time; count, median (lower middle) and p95 pooled over %s\n",
                model::shortKernelName(t.opType, 100).c_str(),
                model::counted(int64_t(t.shapes.size()), "shape", "shapes").c_str(),
                model::formatDuration(int64_t(t.totalNs)).c_str(),
                model::counted(int64_t(t.ranks), "rank", "ranks").c_str());
    for (const auto& m : t.models)
        std::printf("  work model %s, dims %s: %s + %.4g ns per element (Theil-Sen over %d sizes)\n",
                    m.dtype.empty() ? "(no dtype)" : cut(m.dtype, 24).c_str(), cut(m.layout, 24).c_str(),
                    model::formatDuration(int64_t(m.fixedNs)).c_str(), m.nsPerElement, m.shapes);
    std::printf("  %7s %10s %10s %10s %10s %12s  %-10s %s\n", "count", "total", "mean", "median", "p95",
                "ns/element", "dtype", "input shapes");
    for (size_t i = 0; i < t.shapes.size() && i < maxShapes; ++i) {
        const auto& s = t.shapes[i];
        char per[32] = "-";
        if (s.nsPerElement >= 0) std::snprintf(per, sizeof per, "%.4g", s.nsPerElement);
        std::printf("  %7lld %10s %10s %10s %10s %12s  %-10s %s\n", static_cast<long long>(s.count),
                    model::formatDuration(int64_t(s.totalNs)).c_str(),
                    model::formatDuration(int64_t(s.meanNs)).c_str(),
                    model::formatDuration(int64_t(s.medianNs)).c_str(),
                    model::formatDuration(int64_t(s.p95Ns)).c_str(), per, cut(s.dtype, 10).c_str(),
                    cut(s.inputShapes, 80).c_str());
    }
    if (t.shapes.size() > maxShapes)
        std::printf("  … %zu more (--json lists all)\n", t.shapes.size() - maxShapes);
    for (const auto& s : t.outliers)
        std::printf("  outlier: %s (%s) takes %.2fx what the work model predicts: median %s over %s\n",
                    cut(s.inputShapes, 80).c_str(), s.dtype.c_str(), s.ratio,
                    model::formatDuration(int64_t(s.medianNs)).c_str(),
                    model::counted(int64_t(s.count), "kernel", "kernels").c_str());
}
} // namespace

int runShapes(const ArgList& argv) {
    auto vo = indexValueOptions();
    vo.insert({"op", "rank", "top"});
    Args a(argv, vo, indexFlags({"json", "quiet"}));
    if (!a.ok()) return usageError("shapes", a.error());
    if (a.positional().size() != 1) return usageError("shapes", "shapes needs exactly one profile DIR");
    shapes::ShapeQuery q;
    q.opType = a.value("op");
    if (a.value("rank")) q.dataRank = int(a.intValue("rank", 0, 0, 1 << 30));
    const int top = int(a.intValue("top", 15, 1, 1000000));
    if (!a.ok()) return usageError("shapes", a.error());
    pipeline::BuildOptions opts;
    std::string error;
    if (!indexOptionsFrom(a, a.positional()[0], opts, error)) return usageError("shapes", error);
    auto res = openProfile(a.positional()[0], opts, a.flag("quiet") || a.flag("json"));
    if (!res.ok) return 1;
    index::Db db(res.dbPath, true);
    query::LaneReader lanes(db, res.dbPath);
    std::vector<int> unread;
    const auto tables = query::shapeTables(lanes, q, &unread);
    if (!unread.empty()) { // on stderr, so --json stays one document
        std::string ranks;
        for (int r : unread)
            ranks += (ranks.empty() ? "" : ", ") + std::to_string(r);
        std::fprintf(
            stderr,
            "rankscope shapes: %s %s not counted: their shard of the cluster index is missing or changed\n",
            unread.size() == 1 ? "rank" : "ranks", ranks.c_str());
    }
    if (a.flag("json")) {
        std::printf("%s\n", shapes::shapesJson(tables).c_str());
        return 0;
    }
    // the kernels no shape was linked to are left out of every table: say how many and why
    const std::string unlinked = shapes::unlinkedShapesText(shapes::unlinkedShapeKernels(db));
    if (tables.empty()) {
        std::printf(
            "no kernel carries its input shapes in this profile%s (shapes come from kernel_details.csv "
            "\"Input Shapes\", the .db's COMPUTE_TASK_INFO, or for Kineto the \"Input Dims\" of the cpu_op "
            "that launched the kernel, recorded with record_shapes=True)\n",
            q.opType ? (" for " + *q.opType).c_str() : "");
        if (!unlinked.empty()) std::printf("%s\n", unlinked.c_str());
        return 0;
    }
    for (const auto& t : tables)
        printTable(t, size_t(top));
    if (!unlinked.empty() && !q.opType) std::printf("%s\n", unlinked.c_str());
    return 0;
}

} // namespace rs::cli
