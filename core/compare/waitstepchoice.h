#pragma once
// Which step the comparison's span strip shows for a collective-wait delta: the median step unless the
// wait change sits in other steps. Walk 10: d8's 200 ms stall was in step 2 alone, invisible in the median
// step; walk 19: the strip then said "the median step, 18, does not show it" where step 18 had changed as
// much as the step it chose. Pure function; any thread.
#include <cstdint>
#include <map>
#include <set>
#include <string>

namespace rs::compare {

struct WaitStepChoice {
    int64_t step = -1; ///< the step to show
    std::string note;  ///< why this step (empty only when no step is in both runs)
};

/// `baseline`/`candidate`: step → the rank's collective wait (ns); `common`: the steps both runs have;
/// `medianStep`: the typical step. The most changed step is shown when the median step carries less than
/// half its change; the note says which rule chose the step and the changes it weighed.
WaitStepChoice chooseWaitStep(const std::map<int64_t, int64_t>& baseline,
                              const std::map<int64_t, int64_t>& candidate, const std::set<int64_t>& common,
                              int64_t medianStep);

} // namespace rs::compare
