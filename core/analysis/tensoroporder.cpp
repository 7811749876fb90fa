#include "core/analysis/tensoroporder.h"

#include "core/model/opbytesranking.h"

#include <map>
#include <string>

namespace rs::analysis {

PassInfo TensorOpOrderPass::info() const {
    return {"tensor_op_order", PassScope::CrossRank, {"sum_tensor_op"}, {"tensor_op_order"}};
}

void TensorOpOrderPass::run(CrossRankContext& ctx) {
    model::OpBytesRanking ops;
    std::map<std::string, int64_t> ranks; // how many ranks allocated with the op: for SQL readers
    auto q = ctx.db.prepare("SELECT op_name, tensors, bytes FROM sum_tensor_op");
    while (q.step()) {
        ops.add(q.text(0), q.i64(2), q.i64(1));
        ++ranks[q.text(0)];
    }
    auto ins =
        ctx.db.prepare("INSERT INTO tensor_op_order(ord, op_name, tensors, bytes, ranks) VALUES(?,?,?,?,?)");
    int64_t ord = 0;
    for (const auto& op : ops.ranked())
        ins.bind(1, ord++)
            .bind(2, op.name)
            .bind(3, op.tensors)
            .bind(4, op.bytes)
            .bind(5, ranks[op.name])
            .exec();
}

} // namespace rs::analysis
