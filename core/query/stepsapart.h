#pragma once
// Why a step some file numbers is not on the timeline: a rank's step list lay on another clock than its
// device ops with no sync record relating the two (analysis/clockcheck.h), so the index kept it apart
// (step_src) and gave the rank its whole trace instead. `export --step 1` of run_2/normal_run said only "no
// step 1 on the ranks shown" (walk 30). Reads the index; the calling thread's connection.
#include "core/index/sqlite.h"

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace rs::query {

/// "step 1 is known only from rank 1's step_trace_raw, on another clock than the device ops (no sync record):
/// the timeline cannot place it" when some of `ranks` (rank keys) holds `step` in a step list kept apart;
/// "" otherwise. `dataRank` maps keys to the producer's numbers (a key it lacks is kept).
std::string stepOnOtherClockText(index::Db& db, const std::vector<int>& ranks, int64_t step,
                                 const std::map<int, int>& dataRank);

} // namespace rs::query
