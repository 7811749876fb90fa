#pragma once
// The pseudo step of a rank without step marks: the index numbers it 0 and it covers the rank's whole trace.
// The report counts it apart ("0 steps (+1 whole trace)"), so no view may call it "step 0" (walk 28: the
// ruler read "Step 0" and Details "step 0" on a profile without a step). Pure functions; any thread.
#include "core/query/timelinequery.h"

#include <cstdint>
#include <vector>

namespace rs::query {

/// Whether `step` of `rank` (index keys) is its whole trace rather than a step the files mark.
bool isWholeTraceStep(const ProfileSummary& s, int rank, int64_t step);
/// Whether every rank that has a `step` has it as its whole trace (and some rank has it): a picture of
/// "step 0" of a profile without step marks.
bool isWholeTraceOnly(const ProfileSummary& s, int64_t step);
/// When some of `ranks` mark `step`, the others whose `step` is their whole trace are taken out of `ranks`
/// and returned: a step's figures pooled with a whole trace's describe neither. Else nothing changes.
std::vector<int> takeWholeTracesBesideSteps(const ProfileSummary& s, int64_t step, std::vector<int>& ranks);

/// `step` on a set of shown ranks: the bounds of the first that marks it, else (none marks it) of the first
/// whose whole trace it is (what `--step 0` of a profile without step marks asks); null when none has it.
/// `lacking`: the shown ranks without it, a whole trace beside a marked step among them.
struct StepOnRanks {
    const StepDesc* step = nullptr; ///< into the summary's steps
    std::vector<int> lacking;       ///< index keys, in the order shown
};
StepOnRanks stepOnRanks(const ProfileSummary& s, const std::vector<int>& shown, int64_t step);
/// Why `lacking` (keys) have no `step`, in the data's rank numbers: "rank 1 has no step 1: step 1 is known
/// only from rank 1's step_trace_raw, on another clock …" (query/stepsapart.h), "rank 1 has no step marks
/// (a whole trace is no step)", "ranks 2-3 have no step 7 (their steps: 1-4)", joined by "; "; "" for none.
std::string lackingStepText(const ProfileSummary& s, const std::vector<int>& lacking, int64_t step);
/// The refusal when none of the ranks asked has `step`: "no step 9 on the ranks shown: <why>" (`why`:
/// lackingStepText's, or stepOnOtherClockText's; "" says no more). One text for `export --step` and
/// `stats --step`.
std::string noStepText(int64_t step, const std::string& why);
/// Whose whole trace `step` is among `ranks` (keys), in the data's numbers: "the whole trace of rank 1 (no
/// step marks)", "the whole traces of ranks 0-1 (no step marks)"; "" when it is none's. A picture or a
/// figure of `--step 0` beside ranks marking other steps must say whose trace it is (r48d).
std::string wholeTraceText(const ProfileSummary& s, const std::vector<int>& ranks, int64_t step);

} // namespace rs::query
