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
/// `v` as its union: sorted, disjoint, empty intervals dropped.
Intervals merged(Intervals v);
/// The part of a merged union (merged()) inside [from, to): the intervals that overlap it, clipped to it.
Intervals clippedTo(const Intervals& merged, int64_t from, int64_t to);

} // namespace rs::model
