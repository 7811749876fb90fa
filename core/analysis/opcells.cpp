#include "core/analysis/opcells.h"

#include "core/analysis/rankcontext.h"
#include "core/stats/robuststats.h"

#include <string>

namespace rs::analysis {

std::map<int32_t, OpCell> opCells(const RankKernels& kernels) {
    std::map<int32_t, stats::QuantileSketch> sketches;
    std::map<std::pair<int32_t, int32_t>, stats::QuantileSketch> byName; // (op type, name)
    std::pair<int32_t, int32_t> last{-1, -1};
    stats::QuantileSketch *cell = nullptr, *nameCell = nullptr;
    for (const Kernel& k : kernels.all()) {
        if (!k.compute) continue;
        if (std::pair(k.opTypeId, k.nameId) != last || !cell) { // consecutive kernels mostly share them
            last = {k.opTypeId, k.nameId};
            cell = &sketches[k.opTypeId];
            nameCell = &byName[last];
        }
        cell->add(k.endNs - k.startNs);
        nameCell->add(k.endNs - k.startNs);
    }
    std::map<int32_t, OpCell> out;
    for (auto& [op, sk] : sketches)
        out[op] = {sk.count(), sk.total(), sk.median(), sk.quantile(0.95), sk.max(), {}};
    for (auto& [opName, sk] : byName)
        out[opName.first].byName[opName.second] = {sk.count(), sk.median()};
    return out;
}

PassInfo OpCellsPass::info() const {
    return {"op_cells", PassScope::RankLocal, {"span", "track", "string"}, {"sum_op", "sum_op_name"}};
}

void OpCellsPass::run(RankContext& ctx) {
    const auto cells = opCells(ctx.kernels());
    auto name = ctx.db.prepare("SELECT value FROM string WHERE id = ?");
    auto ins = ctx.db.prepare("INSERT INTO sum_op(rank, op_type, count, total_ns, median_ns, p95_ns, max_ns) "
                              "VALUES(?,?,?,?,?,?,?)");
    auto insName =
        ctx.db.prepare("INSERT INTO sum_op_name(rank, op_type, name, count, median_ns) VALUES(?,?,?,?,?)");
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
        for (const auto& [nameId, n] : c.byName) {
            name.bind(1, int64_t(nameId));
            const std::string kernel = name.step() ? name.text(0) : std::string();
            name.reset();
            insName.bind(1, ctx.rank)
                .bind(2, opType)
                .bind(3, kernel)
                .bind(4, n.count)
                .bind(5, n.median)
                .exec();
        }
    }
}

} // namespace rs::analysis
