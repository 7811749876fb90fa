#include "core/query/stubsteps.h"

#include "core/model/timetext.h"

namespace rs::query {

std::vector<StubStep> stubSteps(index::Db& db) {
    // compute_ns NULL means no kernel measured it (unknown, not idle): never a stub
    auto st = db.prepare("SELECT s.rank, s.step, s.wall_ns FROM step_stat s "
                         "WHERE s.step = (SELECT max(step) FROM step_stat l WHERE l.rank = s.rank) "
                         "AND s.compute_ns = 0 AND coalesce(s.comm_ns, 0) = 0 "
                         "AND EXISTS (SELECT 1 FROM step_stat w WHERE w.rank = s.rank AND w.step <> s.step "
                         "AND (w.compute_ns > 0 OR w.comm_ns > 0)) ORDER BY s.rank, s.step");
    std::vector<StubStep> out;
    while (st.step())
        out.push_back({st.i64(0), st.i64(1), st.i64(2)});
    return out;
}

std::set<std::pair<int64_t, int64_t>> stubStepKeys(index::Db& db) {
    std::set<std::pair<int64_t, int64_t>> keys;
    for (const auto& s : stubSteps(db))
        keys.insert({s.rank, s.step});
    return keys;
}

std::string stubStepWhy() {
    return "the rank's last step, cut by the profile's end, with no device work in it";
}

std::string stubStepReason(const StubStep& s) {
    return "step " + std::to_string(s.step) + " (" + model::formatDuration(s.wallNs) +
           ") left out of step statistics: " + stubStepWhy();
}

std::vector<std::string> stubStepNotes(index::Db& db) {
    std::vector<std::string> out;
    auto rank = db.prepare("SELECT coalesce(data_rank, rank) FROM rank_info WHERE rank = ?");
    for (const auto& st : stubSteps(db)) {
        rank.reset();
        rank.bind(1, st.rank);
        const int64_t shown = rank.step() ? rank.i64(0) : st.rank;
        out.push_back("rank " + std::to_string(shown) + ": " + stubStepReason(st));
    }
    return out;
}

} // namespace rs::query
