#include "core/analysis/opstats.h"

#include "core/analysis/runs.h"
#include "core/index/diagnosticsink.h"
#include "core/model/median.h"
#include "core/stats/robuststats.h"

#include <algorithm>
#include <cmath>
#include <map>

namespace rs::analysis {

using stats::mad;
using stats::median;
using stats::robustZ;

namespace {

/// The kernels of a cell: its names, or the cell itself as one kernel.
std::vector<OpStatName> kernelsOf(const OpStatCell& c) {
    if (!c.names.empty()) return c.names;
    return {{std::string(), c.count, c.median}};
}

/// A kernel name's reference: the lower median (core/model/median.h) of the medians of the ranks that ran
/// it, and how many did. The lower median, as every median shown: the column says "× same kernels' median
/// over ranks", and of two ranks their mean made the slower 1.42× and the faster 0.58× (hta trace_filter,
/// 28.6 ms against 11.7 ms: 2.44×); now the faster reads 1.00× and the slower 2.44×.
struct NameReference {
    double median = 0;
    int ranks = 0;
};

/// Each kernel name's cross-rank reference.
std::map<std::string, NameReference> nameReferences(const std::vector<OpStatCell>& cells) {
    std::map<std::string, std::vector<double>> medians;
    for (const auto& c : cells)
        for (const auto& k : kernelsOf(c))
            if (k.count > 0) medians[k.name].push_back(double(k.median));
    std::map<std::string, NameReference> out;
    for (auto& [name, v] : medians)
        out[name] = {model::lowerMedian(v), int(v.size())};
    return out;
}

/// The cell's ratio to a typical rank running the same kernels as often, and that rank's median, over the
/// kernel names at least one other rank ran too: a name only this rank ran would be compared with itself
/// and pull the ratio to 1 (walk17b #6: test_data's Cast on rank 0 read 1.01, its one shared kernel 1.27×).
/// No shared name: no ratio.
void compareWithTypical(OpStatCell& c, const std::map<std::string, NameReference>& references) {
    double own = 0, typical = 0, ownAll = 0;
    for (const auto& k : kernelsOf(c)) {
        const NameReference& ref = references.at(k.name);
        if (k.count <= 0) continue;
        ownAll += double(k.count) * double(k.median);
        if (ref.ranks < 2) continue;
        own += double(k.count) * double(k.median);
        typical += double(k.count) * ref.median;
    }
    c.ratio.reset();
    c.reference = 0;
    // walk 22: the extra time of a straggler's op type counted the kernels no other rank ran (they have no
    // typical time to exceed); the total is split by count × median, the measure the ratio is taken on
    c.sharedTotal = own >= ownAll ? c.total : ownAll > 0 ? std::llround(double(c.total) * own / ownAll) : 0;
    if (typical <= 0) return;
    c.ratio = own / typical;
    c.reference = *c.ratio > 0 ? double(c.median) / *c.ratio : 0;
}

} // namespace

double judgeOpType(std::vector<OpStatCell>& cells, int ranksInRun, const AnalysisOptions& opts) {
    const auto references = nameReferences(cells);
    std::vector<double> medians, ratios;
    for (auto& c : cells) {
        compareWithTypical(c, references);
        medians.push_back(double(c.median));
        if (c.ratio && c.count >= opts.minOpCount) ratios.push_back(*c.ratio);
    }
    const double medRatio = ratios.empty() ? 1 : median(ratios);
    const double madRatio = mad(ratios, medRatio);
    for (auto& c : cells)
        c.flagged = ranksInRun >= 2 && cells.size() >= 2 && c.ratio && c.count >= opts.minOpCount &&
                    *c.ratio >= opts.stragglerRatio &&
                    robustZ(*c.ratio, medRatio, std::max(madRatio, 0.01)) > opts.robustZ;
    return model::lowerMedian(medians);
}

PassInfo OpStatsPass::info() const {
    return {"op_stats", PassScope::CrossRank, {"sum_op", "sum_op_name", "rank_info"}, {"op_stat"}};
}

namespace {
/// The ranks an op type's cells are compared across: a run's. A rank Rankscope numbered itself (the data
/// names none, runs.h RunMap::unnamed) is a group of its own: nothing says its file is of the job its
/// neighbours are (one device's trace split in files, an unrelated run), so it is no straggler beside
/// them, nor they beside it.
int comparisonGroup(const RunMap& runs, int rank) {
    return runs.unnamed.count(rank) ? -1 - rank : runs.run(rank);
}
} // namespace

void OpStatsPass::attachNames(index::Db& db, const RunMap& runs, CellsByRunOp& byOp) {
    auto q = db.prepare("SELECT rank, op_type, name, count, median_ns FROM sum_op_name ORDER BY rank, name");
    while (q.step()) {
        const int rank = int(q.i64(0));
        const auto cells = byOp.find({comparisonGroup(runs, rank), q.text(1)});
        if (cells == byOp.end()) continue;
        for (auto& c : cells->second)
            if (c.rank == rank) c.names.push_back({q.text(2), q.i64(3), q.i64(4)});
    }
}

void OpStatsPass::run(CrossRankContext& ctx) {
    // each op type is compared across the ranks of one run only
    const RunMap runs = loadRuns(ctx.db);
    std::map<int, int> ranksInRun;
    for (const auto& entry : runs.runOf)
        ++ranksInRun[comparisonGroup(runs, entry.first)];
    if (!runs.unnamed.empty())
        index::DiagnosticSink(ctx.db).add(
            "(profile)", "info",
            "kernels of ranks not named by the data (numbered by Rankscope, one per file) are not compared "
            "across files: no straggler or slow-rank finding and no ratio to the other ranks for them",
            int64_t(runs.unnamed.size()));
    CellsByRunOp byOp;
    auto q = ctx.db.prepare(
        "SELECT rank, op_type, count, total_ns, median_ns, p95_ns, max_ns FROM sum_op ORDER BY "
        "op_type, rank");
    while (q.step()) {
        const int rank = int(q.i64(0));
        OpStatCell c;
        c.rank = rank;
        c.count = q.i64(2), c.total = q.i64(3), c.median = q.i64(4), c.p95 = q.i64(5), c.max = q.i64(6);
        byOp[{comparisonGroup(runs, rank), q.text(1)}].push_back(std::move(c));
    }
    attachNames(ctx.db, runs, byOp);
    auto ins = ctx.db.prepare(
        "INSERT INTO op_stat(op_type, rank, count, total_ns, mean_ns, median_ns, p95_ns, "
        "max_ns, ratio_to_median, flagged, cluster_median_ns, shared_total_ns) VALUES(?,?,?,?,?,?,?,?,?,?,?,"
        "?)");
    for (auto& [runOp, cells] : byOp) {
        judgeOpType(cells, ranksInRun[runOp.first], ctx.opts);
        for (const auto& c : cells) {
            ins.bind(1, runOp.second).bind(2, c.rank).bind(3, c.count).bind(4, c.total);
            ins.bind(5, c.count ? c.total / c.count : 0).bind(6, c.median).bind(7, c.p95).bind(8, c.max);
            ins.bind(9, c.ratio)
                .bind(10, int64_t(c.flagged))
                .bind(11, c.ratio ? std::optional<int64_t>(std::llround(c.reference)) : std::nullopt)
                .bind(12, c.sharedTotal)
                .exec();
        }
    }
}

} // namespace rs::analysis
