#pragma once
// An op type's median over the ranks of one run: the (lower, core/model/median.h) median of each rank's
// median kernel duration (op_stat.median_ns, every kernel name, the rank asked about included). The one
// figure the duration histogram marks as "ranks' median" and the report's table of slow op types lists
// beside a rank's median (walk 23: 139 µs on the histogram, 140 µs in the report, which showed the
// same-kernels reference). Reads op_stat and rank_info; call on the thread that owns `db`. Times in ns.
#include "core/index/sqlite.h"

#include <cstdint>
#include <string>

namespace rs::query {

struct RanksMedian {
    int64_t ns = 0;  ///< 0: no rank of the run ran the op type
    int counted = 0; ///< how many ranks' medians it is the median of
};

/// The run of rank key `rank` (rank_info.run_id; 0 when it has none).
int64_t runOfRank(index::Db& db, int64_t rank);
/// `opType`'s median over the ranks of run `run` that ran it.
RanksMedian ranksMedianOf(index::Db& db, const std::string& opType, int64_t run);

} // namespace rs::query
