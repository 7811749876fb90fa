#pragma once
// The step a span belongs to, as SQL (the `spans` view and a span's details use the same rule) and as a
// predicate for callers without SQL (the timeline's tooltip, through query::spanStepOf): the last step of
// its rank starting at or before the span; a host span after the last step's own end is outside every
// step window and belongs to none (walk15a #4: cpu_only's gloo spans at +234…+1287 ms were "step 551",
// which ends at +214.4 ms). Device spans keep the last step: a kernel launched inside the step runs after
// its end (ns_resolution_trace: Stream 7 kernels up to 89 ms after step 105), and the index keeps no launch
// link to tell one launched later. Windows of the other steps reach the next step's start.
#include <cstdint>
#include <string>

namespace rs::index {

/// A scalar subquery: the step (or NULL) of span alias `span` on track alias `track`.
std::string spanStepSql(const std::string& span, const std::string& track);

/// Whether a span starting at `ns` (ns) keeps the last step of its rank starting at or before it, which
/// ends at `stepEndNs` (ns) and is followed by another step of the rank when `hasNext`: spanStepSql's rule.
/// `hostTrack`: the span is on a track of kind 'host'.
bool keepsStep(bool hostTrack, int64_t ns, int64_t stepEndNs, bool hasNext);

} // namespace rs::index
