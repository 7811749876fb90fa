#include "core/analysis/opcells.h"

#include "core/analysis/rankcontext.h"
#include "core/stats/robuststats.h"

#include <string>
#include <vector>

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

namespace {

/// One rank's cells with their names looked up, in the order they are written.
struct OpCellsResult : RankResult {
    struct Name {
        std::string kernel;
        OpNameCell cell;
    };
    struct Row {
        std::string opType;
        OpCell cell;
        std::vector<Name> names;
    };
    std::vector<Row> rows;
};

} // namespace

std::unique_ptr<RankResult> OpCellsPass::compute(RankReadContext& ctx) const {
    auto out = std::make_unique<OpCellsResult>();
    auto cells = opCells(ctx.kernels());
    auto name = ctx.db.prepare("SELECT value FROM string WHERE id = ?");
    auto text = [&](int32_t id) {
        name.bind(1, int64_t(id));
        std::string s = name.step() ? name.text(0) : std::string();
        name.reset();
        return s;
    };
    for (auto& [op, c] : cells) {
        OpCellsResult::Row row{text(op), std::move(c), {}};
        for (const auto& [nameId, n] : row.cell.byName)
            row.names.push_back({text(nameId), n});
        out->rows.push_back(std::move(row));
    }
    return out;
}

void OpCellsPass::apply(RankContext& ctx, RankResult& result) {
    const auto& res = static_cast<const OpCellsResult&>(result);
    auto ins = ctx.db.prepare("INSERT INTO sum_op(rank, op_type, count, total_ns, median_ns, p95_ns, max_ns) "
                              "VALUES(?,?,?,?,?,?,?)");
    auto insName =
        ctx.db.prepare("INSERT INTO sum_op_name(rank, op_type, name, count, median_ns) VALUES(?,?,?,?,?)");
    for (const auto& row : res.rows) {
        const OpCell& c = row.cell;
        ins.bind(1, ctx.rank)
            .bind(2, row.opType)
            .bind(3, c.count)
            .bind(4, c.total)
            .bind(5, c.median)
            .bind(6, c.p95);
        ins.bind(7, c.max).exec();
        for (const auto& n : row.names)
            insName.bind(1, ctx.rank)
                .bind(2, row.opType)
                .bind(3, n.kernel)
                .bind(4, n.cell.count)
                .bind(5, n.cell.median)
                .exec();
    }
}

void OpCellsPass::run(RankContext& ctx) {
    apply(ctx, *compute(ctx.reading()));
}

} // namespace rs::analysis
