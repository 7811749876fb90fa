#pragma once
// Stragglers (op type × rank): count, total, mean, median, p95 and max of every device kernel type per
// rank in one pass over the compute tracks; each cell's ratio to the op type's cross-rank median; cells
// flagged beyond a robust threshold; the roll-up per rank as findings. Runs on the index-building thread.
#include "core/analysis/analysisoptions.h"
#include "core/index/sqlite.h"

namespace rs::analysis {

void analyseOps(index::Db& db, const AnalysisOptions& opts);

} // namespace rs::analysis
