#include "core/query/stubsteps.h"

#include "core/model/warmupsteps.h"

#include "core/model/timetext.h"
#include "core/query/damagedinput.h"

#include <map>

namespace rs::query {

std::vector<StubStep> stubSteps(index::Db& db) {
    // compute_ns NULL means no kernel measured it (unknown, not idle): never a stub
    auto st = db.prepare("SELECT s.rank, s.step, s.wall_ns FROM step_stat s "
                         "WHERE s.step = (SELECT max(step) FROM step_stat l WHERE l.rank = s.rank) "
                         "AND s.compute_ns = 0 AND coalesce(s.comm_ns, 0) = 0 "
                         "AND EXISTS (SELECT 1 FROM step_stat w WHERE w.rank = s.rank AND w.step <> s.step "
                         "AND (w.compute_ns > 0 OR w.comm_ns > 0)) ORDER BY s.rank, s.step");
    std::map<int64_t, std::string> cut; // rank key → a damaged file of it
    std::string anyRank;                // a damaged file whose rank is not known: every rank's
    for (const auto& f : damagedFiles(db)) {
        const size_t slash = f.path.rfind('/');
        const std::string name = slash == std::string::npos ? f.path : f.path.substr(slash + 1);
        if (f.rank)
            cut.emplace(*f.rank, name);
        else if (anyRank.empty())
            anyRank = name;
    }
    std::vector<StubStep> out;
    while (st.step()) {
        auto it = cut.find(st.i64(0));
        out.push_back({st.i64(0), st.i64(1), st.i64(2), it != cut.end() ? it->second : anyRank});
    }
    return out;
}

std::set<std::pair<int64_t, int64_t>> stubStepKeys(index::Db& db) {
    std::set<std::pair<int64_t, int64_t>> keys;
    for (const auto& s : stubSteps(db))
        keys.insert({s.rank, s.step});
    return keys;
}

std::map<int64_t, int64_t> warmupSteps(index::Db& db) {
    const auto stubs = stubStepKeys(db);
    std::map<int64_t, std::pair<int64_t, size_t>> firstAndCount;
    auto q = db.prepare("SELECT rank, step FROM step_stat ORDER BY rank, step");
    while (q.step()) {
        if (stubs.count({q.i64(0), q.i64(1)})) continue;
        auto [it, fresh] = firstAndCount.try_emplace(q.i64(0), q.i64(1), 0);
        ++it->second.second;
    }
    std::map<int64_t, int64_t> out;
    for (const auto& [rank, fc] : firstAndCount)
        if (model::warmupStepsOf(fc.second) > 0) out[rank] = fc.first;
    return out;
}

std::string stubStepWhy(const std::string& cutFile) {
    if (!cutFile.empty())
        return "the rank's last step, with no device work read in it: " + cutFile +
               " was cut, so its device work may be in the part not read";
    return "the rank's last step, cut by the profile's end, with no device work in it";
}

std::string stubStepReason(const StubStep& s) {
    return "step " + std::to_string(s.step) + " (" + model::formatDuration(s.wallNs) +
           ") left out of step statistics: " + stubStepWhy(s.cutFile);
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
