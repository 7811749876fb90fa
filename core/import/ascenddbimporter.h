#pragma once
// Imports an Ascend SQLite export (ascend_pytorch_profiler_<r>.db / ascend_mindspore_profiler_<r>.db),
// read when it is a rank's only source: device tasks (TASK + COMPUTE_TASK_INFO) on Stream tracks, HCCL
// small ops on Plane tracks and collectives on a Group track (COMMUNICATION_*), host API calls
// (PYTORCH_API) and CANN API calls (CANN_API), steps (STEP_TIME), memory curves (MEMORY_RECORD, and per
// CANN module NPU_MODULE_MEM), tensors (OP_MEMORY), the device counters (dbcounters.h) and the rank
// (RANK_DEVICE_MAP); the other tables with rows are named in a diagnostic. All times
// there are ns; names are ids into STRING_IDS. Runs on a parser thread.
#include "core/import/discovery.h"
#include "core/import/importcontext.h"
#include "core/import/rankstate.h"

#include <string>

namespace rs::import {

bool importAscendDb(ImportContext& ctx, RowEmitter& out, RankState& rank, const SourceFile& f, int32_t fileId,
                    std::string& error, int64_t& records);

} // namespace rs::import
