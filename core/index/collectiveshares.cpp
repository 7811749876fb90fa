#include "core/index/collectiveshares.h"

namespace rs::index {

std::string collectiveSharesSql() {
    // one row per (rank, collective): a collective's rows share its match_key and last rank
    return "WITH k AS (SELECT match_key, count(DISTINCT rank) AS m, max(last_rank) AS last FROM collective "
           "WHERE last_rank IS NOT NULL GROUP BY match_key), "
           "rk AS (SELECT DISTINCT rank, match_key FROM collective WHERE last_rank IS NOT NULL) ";
}

} // namespace rs::index
