#pragma once
// Communication waits with blame. Finds every collective instance (Ascend hcom_* big ops on the HCCL
// Group tracks, Kineto nccl kernels; communication.json rows where no events exist), measures its wait
// (Ascend: the Notify_Wait ops on the lowest-numbered Plane inside the op, cross-checked against
// communication.json; Kineto: inferred from the arrival of the same collective on every rank), matches
// instances across ranks by (step, op type, sequence), names the last-arriving rank, finds the idle gap
// before each collective, estimates per-rank clock offsets, and writes the collective and wait tables.
// Runs on the index-building thread.
#include "core/analysis/analysisoptions.h"
#include "core/analysis/stepindex.h"
#include "core/index/sqlite.h"

namespace rs::analysis {

void analyseCollectives(index::Db& db, const StepIndex& steps, const AnalysisOptions& opts);

} // namespace rs::analysis
