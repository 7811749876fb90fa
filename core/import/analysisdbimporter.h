#pragma once
// analysis.db beside an Ascend .db export (ASCEND_PROFILER_OUTPUT/analysis.db): its CommAnalyzerMatrix
// table is the communication matrix in rows — hccl_op_name ("allreduce-total", "allreduce-top1", or an op
// instance), group_name (the hash), src_rank, dst_rank (group-local), transport_type, transit_size (MB),
// transit_time (ms), bandwidth (GB/s), step ("step50"), type (p2p / collective), op_name — read like
// communication_matrix.json (commmatrixjson.h), with the same checks. Its StepTraceTime table is
// step_trace_time.csv's breakdown (µs), read into the same rows. The other tables repeat what the
// profiler .db holds and are not read. Untrusted file: guarded like the other .db inputs. Parser thread.
#include "core/import/discovery.h"
#include "core/import/importcontext.h"
#include "core/import/rankstate.h"

#include <string>

namespace rs::import {

bool importAnalysisDb(ImportContext& ctx, RowEmitter& out, RankState& rank, const SourceFile& f,
                      std::string& error, int64_t& records);

} // namespace rs::import
