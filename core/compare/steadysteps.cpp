#include "core/compare/steadysteps.h"

#include "core/query/stubsteps.h"

namespace rs::compare {

std::map<int64_t, int64_t> steadyStepsOfRank(index::Db& db, int rankKey) {
    std::map<int64_t, int64_t> walls;
    auto st = db.prepare("SELECT step, wall_ns FROM step_stat WHERE rank = ? ORDER BY step");
    st.bind(1, rankKey);
    while (st.step())
        walls[st.i64(0)] = st.i64(1);
    for (const auto& [rank, step] : query::stubStepKeys(db)) // no step, as in the record
        if (rank == rankKey) walls.erase(step);
    for (size_t n = warmupStepsOf(walls.size()); n > 0; --n)
        walls.erase(walls.begin());
    return walls;
}

} // namespace rs::compare
