#pragma once
// Stub steps: a ProfilerStep the profile's end cut short, with no device work in it on its rank. It is the
// rank's last step, its compute and communication were measured and are 0, and an earlier step of the rank
// has device work (so a CPU-only trace, where no step has any, keeps its steps). amd_trace ends with such a
// 49 µs ProfilerStep#2 after a 9.29 ms step: a median over both is no step. Step statistics (the report,
// the baseline record, `compare`, the app) leave stub steps out, and the report's and the app's
// diagnostics count each one with its reason, never silently. Reads the index (step_stat); any thread
// with its own Db.
#include "core/index/sqlite.h"

#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace rs::query {

struct StubStep {
    int64_t rank = 0; ///< index rank key
    int64_t step = 0;
    int64_t wallNs = 0;
    /// The name of a file of the rank that was cut or not read ("" when none): its device work may be in
    /// what was not read, so the step is not known to be cut by the profile's end (walk18a #1: a Kineto
    /// trace cut at 60 % lost step 552's kernels, and the report blamed the profile's end).
    std::string cutFile;
};

/// Every stub step of the index, by rank then step.
std::vector<StubStep> stubSteps(index::Db& db);
/// The same as (rank key, step) pairs, for filtering step rows.
std::set<std::pair<int64_t, int64_t>> stubStepKeys(index::Db& db);
/// Each rank's warm-up step (model/warmupsteps.h) by the rule the step statistics use: the first of its
/// steps that are not stubs, when it has kWarmupMinSteps or more of them (a stub counted made a rank of two
/// steps and a stub name its step 1 "warm-up" while its statistics kept it). Rank key → step.
std::map<int64_t, int64_t> warmupSteps(index::Db& db);
/// One line per stub step for the diagnostics lists, the rank under its producer number (rank_info's
/// data rank): "rank 0: step 2 (49.1 µs) left out of step statistics: …".
std::vector<std::string> stubStepNotes(index::Db& db);
/// "step 2 (49.1 µs) left out of step statistics: the rank's last step, cut by the profile's end, with no
/// device work in it"; where the rank's file was cut, that cut is named instead of the profile's end.
std::string stubStepReason(const StubStep& s);
/// The rule alone: "the rank's last step, cut by the profile's end, with no device work in it"; with
/// `cutFile`, "the rank's last step, with no device work read in it: sampled_rank-1.json was cut, so its
/// device work may be in the part not read".
std::string stubStepWhy(const std::string& cutFile = {});

} // namespace rs::query
