#pragma once
// Parses every file of one rank group, in order (profiler_info → kernel_details → trace_view → the
// rest), emitting rows for the writer. One group per parser thread at a time.
#include "core/import/discovery.h"
#include "core/import/importcontext.h"

#include <string>

namespace rs::import {

struct RankJobResult {
    bool ok = true;
    std::string fatal; ///< set when a file could not be read at all (the import fails)
};

RankJobResult runRankJob(ImportContext& ctx, const RankGroup& group, int fallbackRank);

} // namespace rs::import
