#pragma once
// Which device tasks count as compute. Ascend's device streams also carry synchronisation and
// housekeeping tasks (EVENT_WAIT, Notify Wait, PROFILING_ENABLE, …) and every backend has collective
// kernels; none of them is computation, and counting them would inflate "Computing" (10× on a real
// torch_npu sample) and hide stragglers. Pure functions / one query.
#include "core/index/sqlite.h"

#include <set>
#include <string_view>

namespace rs::analysis {

/// A collective kernel (hcom_*, nccl*).
bool isCollectiveName(std::string_view name);
/// A device task that is not computation: collectives, notify/event waits and records, placeholders
/// (all-caps task names such as EVENT_WAIT or PROFILING_ENABLE).
bool isNonComputeTask(std::string_view name);
/// Ids (in the string table) of every name for which isNonComputeTask holds.
std::set<int64_t> nonComputeNameIds(index::Db& db);

} // namespace rs::analysis
