#pragma once
// Lengths of unions and intersections of half-open ns intervals [first, second). Pure.
#include <cstdint>
#include <utility>
#include <vector>

namespace rs::model {

using Intervals = std::vector<std::pair<int64_t, int64_t>>;

/// Total length of the union of `v` (reorders and merges `v`).
int64_t unionLength(Intervals& v);
/// Length of the intersection of two interval unions (both reordered and merged in place).
int64_t intersectionLength(Intervals& a, Intervals& b);

} // namespace rs::model
