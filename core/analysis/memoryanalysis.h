#pragma once
// Memory findings: tensor lifetimes on one time axis (step positions of memory_usage.csv turned into
// ns through the step windows, and the reverse), HBM bank per tensor from the device model, peak
// allocated/reserved and fragmentation per rank (a curve derived from tensor lifetimes when the source
// has no memory samples), and bank anomalies: a rank whose tensors of one op sit in banks none of the
// other ranks use for it. Runs on the index-building thread.
#include "core/analysis/analysisoptions.h"
#include "core/analysis/stepindex.h"
#include "core/index/sqlite.h"

#include <cstdint>

namespace rs::analysis {

void analyseMemory(index::Db& db, const StepIndex& steps, const AnalysisOptions& opts);

/// Bank of `addr` under the model with the given base (may exceed bankCount − 1 for addresses beyond
/// the modelled device; negative below the base).
int64_t bankOf(uint64_t addr, uint64_t base, int64_t bankSizeBytes);
/// The default base: `lowest` rounded down to a multiple of the bank size.
uint64_t defaultBankBase(uint64_t lowest, int64_t bankSizeBytes);

} // namespace rs::analysis
