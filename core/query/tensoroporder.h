#pragma once
// The profile's tensor ops in the order the memory map hands out its hues (most bytes over all ranks
// first: core/model/opbytesranking.h), as the analysis stored it (tensor_op_order). Reads a few rows of a
// small table, so a rank switch costs no sum over every rank's tensors. Any thread with its own Db.
#include "core/index/sqlite.h"

#include <string>
#include <vector>

namespace rs::query {

/// The first `limit` ops of `db`'s profile order; empty where the analysis stored none (a shard, whose
/// cross-rank passes have not run; the cluster index holds its profile's order).
std::vector<std::string> loadTensorOpOrder(index::Db& db, size_t limit);

} // namespace rs::query
