#include "core/query/stragglercheck.h"

#include "core/model/stragglerrule.h"

namespace rs::query {

StragglerCheck stragglerCheck(index::Db& db, std::optional<int64_t> run) {
    // the most ranks any op type of any run had judged (cells with enough kernels and a ratio: a kernel
    // shared with another rank), and whether any
    // op statistics exist at all
    auto q = db.prepare(
        "SELECT coalesce(max(n), 0), (SELECT count(*) FROM op_stat) FROM (SELECT count(*) AS "
        "n FROM op_stat o "
        "LEFT JOIN rank_info r ON r.rank = o.rank WHERE o.count >= ?1 AND o.ratio_to_median IS NOT NULL "
        "AND (?2 IS NULL OR "
        "coalesce(r.run_id, 0) = ?2) "
        "GROUP BY coalesce(r.run_id, 0), o.op_type)");
    q.bind(1, int64_t(model::kStragglerMinKernels)).bind(2, run);
    const int judged = q.step() ? int(q.i64(0)) : 0;
    const bool anyStats = q.i64(1) > 0;
    StragglerCheck c;
    c.possible = judged >= model::kStragglerMinRanks;
    if (c.possible) return c;
    if (!anyStats)
        c.why = "no device kernels with op statistics";
    else if (judged <= 1)
        c.why = "only one rank's kernels can be judged: nothing to compare them with";
    else
        c.why = "two ranks: a difference between two cannot say which one is slow";
    return c;
}

} // namespace rs::query
