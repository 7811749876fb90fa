#pragma once
// The one rule naming a rank's memory component: the header's peaks (MemoryPeaksPass), the timeline's
// memory lane (MemoryCurvePass) and the Memory panel's curve (memory_summary.curve_component) all describe
// this component, so no figure contradicts a curve drawn beside it. Any thread with its own connection.
#include "core/index/sqlite.h"

#include <optional>
#include <string>

namespace rs::analysis {

/// The component holding the highest allocated value on `rank` (an Ascend rank records PTA, GE, their
/// sum PTA+GE and the process's APP; the sum wins over its parts). Ties go to the larger total, then the
/// more samples, then the name, so every reader picks the same. nullopt when no sample has an allocated
/// value.
std::optional<std::string> memoryComponent(index::Db& db, int rank);

} // namespace rs::analysis
