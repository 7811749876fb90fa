#pragma once
// Parses every file of one rank group, in order (profiler_info → kernel_details → trace_view → the
// rest), emitting rows for the writer. One group per parser thread at a time.
#include "core/import/discovery.h"
#include "core/import/importcontext.h"
#include "core/import/rankstate.h"

#include <string>

namespace rs::import {

/// A file that cannot be read is a diagnostic (ctx.filesUnreadable counts them); the others still load.
/// The batches go to `to` (null: ctx.queue).
void runRankJob(ImportContext& ctx, const RankGroup& group, int fallbackRank, BatchQueue* to = nullptr);

/// Runs the importer of `f`'s kind on it: its rows go to `out`, what it learns about the rank to `rank`.
/// `rankHasTraceView`: kernel_details rows become spans only when the rank has no trace_view. False on a
/// file that cannot be read (`error` names it) or when cancelled; `records` = records read.
bool importFile(ImportContext& ctx, RowEmitter& out, RankState& rank, const SourceFile& f, int32_t fileId,
                bool rankHasTraceView, std::string& error, int64_t& records);

} // namespace rs::import
