#pragma once
// The step a span belongs to, as SQL (the `spans` view and a span's details use the same rule): the last
// step of its rank starting at or before the span; a host span after the last step's own end is outside
// every step window and belongs to none (walk15a #4: cpu_only's gloo spans at +234…+1287 ms were "step
// 551", which ends at +214.4 ms). Device spans keep the last step: a kernel launched inside the step runs
// after its end (ns_resolution_trace: Stream 7 kernels up to 89 ms after step 105), and the index keeps
// no launch link to tell one launched later. Windows of the other steps reach the next step's start.
#include <string>

namespace rs::index {

/// A scalar subquery: the step (or NULL) of span alias `span` on track alias `track`.
std::string spanStepSql(const std::string& span, const std::string& track);

} // namespace rs::index
