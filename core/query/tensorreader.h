#pragma once
// One tensor row read from the `tensor` table into a TensorItem: the column list a query selects and the
// reader of a statement positioned on such a row. Any thread, with the caller's statement.
#include "core/index/sqlite.h"
#include "core/query/analysisqueries.h"

namespace rs::query {

/// The columns readTensor() expects, in its order.
inline constexpr const char* kTensorColumns =
    "tensor_id, op_name, size_bytes, addr, alloc_ns, free_ns, bank, alloc_step, free_step, source";
/// The current row of `q`, which selected kTensorColumns first.
TensorItem readTensor(const index::Stmt& q);

} // namespace rs::query
