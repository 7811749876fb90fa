#pragma once
// Which blamed collective instances each rank took part in, as SQL: the report's "arrived last in X of N"
// (core/query/lastarrivals) and the slow- and late-rank findings' "of N" (core/analysis/rootcausefindings)
// count the same N, so one rule writes both (walk17b #3: the findings used the run's count).
#include <string>

namespace rs::index {

/// A WITH clause of two tables over `collective`: `k` (match_key, m = ranks in the instance, last = its last
/// rank) and `rk` (rank, match_key), one row per rank per blamed instance. Join them USING(match_key).
std::string collectiveSharesSql();

} // namespace rs::index
