#pragma once
// The addressed twin of an address-less tensor row. A rank with device addresses records each allocation
// twice: memory_usage.csv with its address, operator_memory.csv without one, a fraction of a µs apart. The
// drill-down's list of an op catches the rows named after the op and allocated while it ran, which may be the
// address-less record only (walk 27: MatMulV2-op1 of the demo's step 1 listed "operator_memory.csv line 34",
// address none recorded, while memory_usage.csv has it 0.57 µs after the op's end at 0x12c100000000, bank
// 1). Pairing shows the twin's address, bank and lifetime instead. Runs on the caller's thread with its Db.
#include "core/model/memoryrows.h"
#include "core/query/analysisqueries.h"

#include <vector>

namespace rs::query {

/// How far apart (ns) two records of one allocation may be and still be paired (model/memoryrows.h says why).
inline constexpr int64_t kTwinToleranceNs = model::kTwinToleranceNs;

/// Replaces each address-less row of `rows` (rank `rank`) that has exactly one addressed twin in another file
/// (same rank and size, allocated within kTwinToleranceNs) by that twin, marked twinOf; a twin already listed
/// is listed once. A row with several candidates stays, its twinCandidates saying how many. Returns how many
/// address-less rows were paired (each now shown as its twin).
int64_t pairAddressTwins(index::Db& db, int rank, std::vector<TensorItem>& rows);

} // namespace rs::query
