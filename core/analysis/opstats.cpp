#include "core/analysis/opstats.h"

#include "core/analysis/runs.h"
#include "core/stats/robuststats.h"

#include <algorithm>
#include <cmath>
#include <map>

namespace rs::analysis {

using stats::mad;
using stats::median;
using stats::robustZ;

double judgeOpType(std::vector<OpStatCell>& cells, int ranksInRun, const AnalysisOptions& opts) {
    std::vector<double> meds;
    for (const auto& c : cells)
        if (c.count >= opts.minOpCount) meds.push_back(double(c.median));
    const double clusterMed = meds.empty() ? 0 : median(meds);
    std::vector<double> ratios;
    for (const auto& c : cells)
        if (c.count >= opts.minOpCount && clusterMed > 0) ratios.push_back(double(c.median) / clusterMed);
    const double medRatio = ratios.empty() ? 1 : median(ratios);
    const double madRatio = mad(ratios, medRatio);
    for (auto& c : cells) {
        c.ratio = clusterMed > 0 ? double(c.median) / clusterMed : 1.0;
        c.flagged = ranksInRun >= 2 && cells.size() >= 2 && c.count >= opts.minOpCount &&
                    c.ratio >= opts.stragglerRatio &&
                    robustZ(c.ratio, medRatio, std::max(madRatio, 0.01)) > opts.robustZ;
    }
    return clusterMed;
}

PassInfo OpStatsPass::info() const {
    return {"op_stats", PassScope::CrossRank, {"sum_op", "rank_info"}, {"op_stat"}};
}

void OpStatsPass::run(CrossRankContext& ctx) {
    // each op type is compared across the ranks of one run only
    const RunMap runs = loadRuns(ctx.db);
    std::map<int, int> ranksInRun;
    for (const auto& [r, run] : runs.runOf)
        ++ranksInRun[run];
    std::map<std::pair<int, std::string>, std::vector<OpStatCell>> byOp; // (run, op type)
    auto q = ctx.db.prepare(
        "SELECT rank, op_type, count, total_ns, median_ns, p95_ns, max_ns FROM sum_op ORDER BY "
        "op_type, rank");
    while (q.step()) {
        const int rank = int(q.i64(0));
        byOp[{runs.run(rank), q.text(1)}].push_back({rank, q.i64(2), q.i64(3), q.i64(4), q.i64(5), q.i64(6)});
    }
    auto ins =
        ctx.db.prepare("INSERT INTO op_stat(op_type, rank, count, total_ns, mean_ns, median_ns, p95_ns, "
                       "max_ns, ratio_to_median, flagged, cluster_median_ns) VALUES(?,?,?,?,?,?,?,?,?,?,?)");
    for (auto& [runOp, cells] : byOp) {
        const double clusterMed = judgeOpType(cells, ranksInRun[runOp.first], ctx.opts);
        for (const auto& c : cells) {
            ins.bind(1, runOp.second).bind(2, c.rank).bind(3, c.count).bind(4, c.total);
            ins.bind(5, c.count ? c.total / c.count : 0).bind(6, c.median).bind(7, c.p95).bind(8, c.max);
            ins.bind(9, c.ratio)
                .bind(10, int64_t(c.flagged))
                .bind(11, int64_t(std::llround(clusterMed)))
                .exec();
        }
    }
}

} // namespace rs::analysis
