#pragma once
// The communication matrix of an Ascend .db export that has no matrix of its own: COMMUNICATION_TASK_INFO
// (one row per HCCL task: srcRank, dstRank, transportType, linkType, size in bytes, opId, groupName) joined
// to TASK (startNs, endNs) — per step (STEP_TIME), group, op and link, the bytes of the tasks that moved
// data (size > 0) and the sum of their durations, as the producer's own matrix counts them. srcRank or
// dstRank 0xFFFFFFFF name no link (a Level0 export has only those): such rows are counted, never drawn.
// Transport as the matrix names it: LOCAL for a rank's own copy, RDMA, else the SDMA task's link type
// (HCCS, PCIE, SIO). Groups are named by model::hcclGroupHash of the comm name, as in the JSON. Parser
// thread; reads the already opened, guarded export.
#include "core/import/dbcolumns.h"
#include "core/import/discovery.h"
#include "core/import/importcontext.h"
#include "core/import/rankstate.h"
#include "core/index/sqlite.h"

#include <string>
#include <unordered_map>

namespace rs::import {

/// `names` is the export's STRING_IDS (id → value).
void readCommTaskLinks(index::Db& db, const DbColumns& cols,
                       const std::unordered_map<int64_t, std::string>& names, const RankState& rank,
                       const SourceFile& f, RowEmitter& out);

/// The matrix's transport for a task: "LOCAL" when src == dst, "RDMA", else the link type of an SDMA task
/// (HCCS, PCIE, SIO, HCCS_SW) or "SDMA" when it names none. Names as in the ENUM_HCCL_* tables.
std::string taskTransport(int64_t src, int64_t dst, const std::string& transport, const std::string& link);

} // namespace rs::import
