#pragma once
// Parses every file of one rank group, in order (profiler_info → kernel_details → trace_view → the
// rest), emitting rows for the writer. One group per parser thread at a time.
#include "core/import/discovery.h"
#include "core/import/importcontext.h"

#include <string>

namespace rs::import {

/// A file that cannot be read is a diagnostic (ctx.filesUnreadable counts them); the others still load.
void runRankJob(ImportContext& ctx, const RankGroup& group, int fallbackRank);

} // namespace rs::import
