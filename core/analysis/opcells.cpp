#include "core/analysis/opcells.h"

#include "core/analysis/rankcontext.h"
#include "core/stats/robuststats.h"

#include <string>

namespace rs::analysis {

std::map<int32_t, OpCell> opCells(const RankKernels& kernels) {
    std::map<int32_t, stats::QuantileSketch> sketches;
    int32_t lastOp = -1;
    stats::QuantileSketch* cell = nullptr;
    for (const Kernel& k : kernels.all()) {
        if (!k.compute) continue;
        if (k.opTypeId != lastOp || !cell) { // consecutive kernels mostly share their op type
            cell = &sketches[k.opTypeId];
            lastOp = k.opTypeId;
        }
        cell->add(k.endNs - k.startNs);
    }
    std::map<int32_t, OpCell> out;
    for (auto& [op, sk] : sketches)
        out[op] = {sk.count(), sk.total(), sk.median(), sk.quantile(0.95), sk.max()};
    return out;
}

PassInfo OpCellsPass::info() const {
    return {"op_cells", PassScope::RankLocal, {"span", "track", "string"}, {"sum_op"}};
}

void OpCellsPass::run(RankContext& ctx) {
    const auto cells = opCells(ctx.kernels());
    auto name = ctx.db.prepare("SELECT value FROM string WHERE id = ?");
    auto ins = ctx.db.prepare("INSERT INTO sum_op(rank, op_type, count, total_ns, median_ns, p95_ns, max_ns) "
                              "VALUES(?,?,?,?,?,?,?)");
    for (const auto& [op, c] : cells) {
        name.bind(1, int64_t(op));
        const std::string opType = name.step() ? name.text(0) : std::string();
        name.reset();
        ins.bind(1, ctx.rank)
            .bind(2, opType)
            .bind(3, c.count)
            .bind(4, c.total)
            .bind(5, c.median)
            .bind(6, c.p95);
        ins.bind(7, c.max).exec();
    }
}

} // namespace rs::analysis
