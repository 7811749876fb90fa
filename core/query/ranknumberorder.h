#pragma once
// The order in which rank_info rows are listed wherever ranks are shown (report, info, the command line's
// rank choices): by the number their files write (data_rank), the index key only breaking ties. The keys
// follow the order the sources were claimed in: a folder of several runs read run 1 as "ranks 1 0", its
// rank 1 being key 10001 and its rank 0 key 20000 (walk 24 #13, #2). SQL text; no state.

namespace rs::query {

/// The terms of an ORDER BY over rank_info ("... ORDER BY " + kRankNumberOrder); prefix "run_id, " to keep
/// each run's ranks together.
inline constexpr const char* kRankNumberOrder = "coalesce(data_rank, rank), rank";

} // namespace rs::query
