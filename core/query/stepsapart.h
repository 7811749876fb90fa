#pragma once
// Why a step some file numbers is not on the timeline: a rank's step list lay on another clock than its
// device ops with no sync record relating the two (analysis/clockcheck.h), so the index kept it apart
// (step_src) and gave the rank its whole trace instead. `export --step 1` of run_2/normal_run said only "no
// step 1 on the ranks shown" (walk 30); the app's Steps table, drill-down and Area statistics said nothing
// or less (r48d). The summary holds the lists kept apart (loadStepsApart); the CLI and every view ask
// stepOnOtherClockText. loadStepsApart reads the index on the calling thread's connection; the text is pure.
#include "core/index/sqlite.h"
#include "core/query/timelinequery.h"

#include <cstdint>
#include <set>
#include <string>
#include <vector>

namespace rs::query {

/// The step lists of `shown` (rank keys) kept apart on another clock into `s.stepsApart`. A cluster index
/// keeps no step_src rows: nothing found, nothing said.
void loadStepsApart(index::Db& db, const std::set<int>& shown, ProfileSummary& s);

/// "step 1 is known only from rank 1's step_trace_raw, on another clock than the device ops (no sync record):
/// the timeline cannot place it" when some of `ranks` (rank keys) holds `step` in a step list kept apart
/// (the data's rank numbers said); "" otherwise.
std::string stepOnOtherClockText(const ProfileSummary& s, const std::vector<int>& ranks, int64_t step);

} // namespace rs::query
