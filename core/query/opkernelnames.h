#pragma once
// The kernel names an op type's row stands for, with their counts (sum_op_name, written by the op_cells
// pass): the heatmap's row label and the op summary's rows name them, since one op type may merge kernels
// whose names differ in their template arguments. Runs on the caller's thread with its Db.
#include "core/query/analysisqueries.h"

#include <optional>
#include <utility>

namespace rs::query {

/// Every op type's kernel names on the rank keys `ranks` (all ranks when empty).
std::map<std::string, std::vector<OpKernelName>> loadOpKernelNames(index::Db& db,
                                                                   const std::vector<int64_t>& ranks = {});
/// `names` added up name by name over rank key `rank` (every rank when nullopt): (name, count), the most
/// run first, ties by name.
std::vector<std::pair<std::string, int64_t>> kernelNameCounts(const std::vector<OpKernelName>& names,
                                                              std::optional<int64_t> rank = std::nullopt);

} // namespace rs::query
