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

/// Each part's share of the union of `parts` when every instant counts once, for the first part (lowest
/// index) that covers it: the shares add up to the union's length. `shared` (when given) gets the length
/// covered by two parts or more. Parts may overlap themselves (merged first).
std::vector<int64_t> firstCoverLengths(const std::vector<Intervals>& parts, int64_t* shared = nullptr);

} // namespace rs::model
