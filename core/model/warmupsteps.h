#pragma once
// The steady-state rule every step statistic follows: a rank's first step is a warm-up (graph compile,
// allocator growth, cold caches) when the rank has three or more, and is left out of its median and p95.
// One rule for the report, the app's Details and compare, so "p95 of rank 5's 19 steps" is one number
// wherever it is said (walk 30: the report's 13.7 ms and compare's 211 ms were both "step p95"). Header only.
#include <cstddef>

namespace rs::model {

constexpr size_t kWarmupMinSteps = 3;

/// How many leading steps of a rank with `steps` steps are warm-up (0 or 1).
constexpr size_t warmupStepsOf(size_t steps) {
    return steps >= kWarmupMinSteps ? 1 : 0;
}

} // namespace rs::model
