#pragma once
// The times of step-placed tensors, taken from the file that records them. memory_usage.csv places each
// allocation by a step position rounded to 4 decimals (±0.00005 of a step), turned into ns through the
// step's window; operator_memory.csv (or the .db's OP_MEMORY) records the same allocation again, without an
// address, at its time in µs (formats.md §2.6: Allocation Time(us), Release Time(us)). The views show the
// addressed row and cite the other ("also operator_memory.csv line 34"), so the times shown are the cited
// line's (walk 52: the demo's t0_s1_a0 read +296 µs, 295.901 µs in a saved selection, while the line it
// cites records 295.329 µs, when MatMulV2-op1 ends). Pure; any thread.
#include "core/analysis/ranktensors.h"

#include <cstddef>
#include <vector>

namespace rs::analysis {

/// Gives each step-placed row of `rows` (one rank's) the allocation time of its address-less twin with a
/// recorded time (same size, another file, allocated within model::kTwinToleranceNs), and its release time
/// when both record one — only when the pairing is unambiguous both ways: the row has that one twin and the
/// twin no other addressed candidate (the drill-down's pairing rule, core/query/tensortwins.h). Returns the
/// indexes of the rows whose times changed.
std::vector<size_t> adoptTwinTimes(std::vector<TensorRow>& rows);

} // namespace rs::analysis
