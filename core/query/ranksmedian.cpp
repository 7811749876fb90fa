#include "core/query/ranksmedian.h"
#include "core/model/median.h"

#include <vector>

namespace rs::query {

int64_t runOfRank(index::Db& db, int64_t rank) {
    auto q = db.prepare("SELECT coalesce(run_id, 0) FROM rank_info WHERE rank = ?");
    q.bind(1, rank);
    return q.step() ? q.i64(0) : 0;
}

RanksMedian ranksMedianOf(index::Db& db, const std::string& opType, int64_t run) {
    std::vector<double> medians;
    auto q = db.prepare("SELECT o.median_ns FROM op_stat o LEFT JOIN rank_info r ON r.rank = o.rank "
                        "WHERE o.op_type = ? AND coalesce(r.run_id, 0) = ? AND o.count > 0");
    q.bind(1, opType).bind(2, run);
    while (q.step())
        medians.push_back(double(q.i64(0)));
    if (medians.empty()) return {};
    return {int64_t(model::lowerMedian(medians)), int(medians.size())}; // one rank's median, shown
}

} // namespace rs::query
