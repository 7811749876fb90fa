#include "core/analysis/tensorops.h"

#include "core/analysis/rankcontext.h"
#include "core/analysis/rankreadcontext.h"
#include "core/model/opbytesranking.h"

#include <algorithm>

namespace rs::analysis {

PassInfo TensorOpsPass::info() const {
    return {"tensor_ops", PassScope::RankLocal, {"tensor"}, {"sum_tensor_op"}};
}

namespace {

struct TensorOpsResult : RankResult {
    std::vector<model::OpBytesRanking::Op> ops;
};

} // namespace

std::unique_ptr<RankResult> TensorOpsPass::compute(RankReadContext& ctx) const {
    auto out = std::make_unique<TensorOpsResult>();
    const std::vector<TensorRow>& tensors = ctx.tensors();
    const bool addressed =
        std::any_of(tensors.begin(), tensors.end(), [](const TensorRow& t) { return t.addr; });
    model::OpBytesRanking ops;
    for (const auto& t : tensors)
        if (!addressed || t.addr) ops.add(t.opName.value_or(std::string()), t.sizeBytes);
    out->ops = ops.ranked();
    return out;
}

void TensorOpsPass::apply(RankContext& ctx, RankResult& result) {
    const auto& res = static_cast<const TensorOpsResult&>(result);
    auto ins = ctx.db.prepare("INSERT INTO sum_tensor_op(rank, op_name, tensors, bytes) VALUES(?,?,?,?)");
    for (const auto& op : res.ops)
        ins.bind(1, ctx.rank).bind(2, op.name).bind(3, op.tensors).bind(4, op.bytes).exec();
}

void TensorOpsPass::run(RankContext& ctx) {
    apply(ctx, *compute(ctx.reading()));
}

} // namespace rs::analysis
