#pragma once
// Step breakdown per rank and step (wall, compute, communication overlapped / not overlapped, wait,
// idle, preparing) and outlier steps by median/MAD with a named cause. Uses step_trace_time.csv where
// Ascend provides it (cross-checked against the events), the events otherwise. Needs the collective and
// wait tables. Runs on the index-building thread.
#include "core/analysis/analysisoptions.h"
#include "core/analysis/stepindex.h"
#include "core/index/sqlite.h"

namespace rs::analysis {

void analyseSteps(index::Db& db, const StepIndex& steps, const AnalysisOptions& opts);

/// Total length of the union of intervals [first, second) (reorders `v`).
int64_t unionLength(std::vector<std::pair<int64_t, int64_t>>& v);
/// Length of the intersection of two interval unions (both reordered and merged in place).
int64_t intersectionLength(std::vector<std::pair<int64_t, int64_t>>& a,
                           std::vector<std::pair<int64_t, int64_t>>& b);

} // namespace rs::analysis
