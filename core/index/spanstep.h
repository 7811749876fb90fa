#pragma once
// The step a span belongs to, as SQL (the `spans` view and a span's details use the same rule) and as a
// predicate for callers without SQL (the timeline's tooltip, through query::spanStepOf): the last step of
// its rank starting at or before the span; a span after the last step's own end is outside every step
// window and belongs to none. Windows of the other steps reach the next step's start.
// A device span's step is the one its device start falls in, as the step breakdown and `stats --step`
// count it: on a Kineto trace the device runs about a step behind the host's ProfilerStep marks, so a
// step's window holds kernels launched in the step before. Kernels running after the last step's end were
// launched in it, but giving them that step too made it hold two steps of kernels (walk 52:
// ns_resolution_trace's step 105 held 1 701 kernels, 831 of its window and 831 run after its end — Python
// over the trace's correlation ids — and read twice as long as steps 103–104 in the op × step heatmap).
// Host spans past the last step were already in none (walk15a #4: cpu_only's gloo spans at +234…+1287 ms).
#include <cstdint>
#include <string>

namespace rs::index {

/// A scalar subquery: the step (or NULL) of span alias `span` on track alias `track`.
std::string spanStepSql(const std::string& span, const std::string& track);

/// Whether a span starting at `ns` (ns) keeps the last step of its rank starting at or before it, which
/// ends at `stepEndNs` (ns) and is followed by another step of the rank when `hasNext`: spanStepSql's rule.
bool keepsStep(int64_t ns, int64_t stepEndNs, bool hasNext);

} // namespace rs::index
