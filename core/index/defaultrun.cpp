#include "core/index/defaultrun.h"

#include <algorithm>

namespace rs::index {

int defaultRunId(Db& db) {
    return int(db.scalar("SELECT r.run_id FROM run r ORDER BY (SELECT count(*) FROM rank_info i WHERE "
                         "i.run_id = r.run_id) DESC, r.run_id LIMIT 1",
                         0));
}

std::string defaultRunWhy(const std::vector<std::pair<int, int64_t>>& ranksByRun, int chosen) {
    int64_t most = 0;
    for (const auto& [run, ranks] : ranksByRun)
        most = std::max(most, ranks);
    std::vector<int> top;
    int64_t mine = -1;
    for (const auto& [run, ranks] : ranksByRun) {
        if (ranks == most) top.push_back(run);
        if (run == chosen) mine = ranks;
    }
    const std::string count = std::to_string(most) + (most == 1 ? " rank" : " ranks");
    if (mine != most) return "as chosen";
    if (top.size() == 1) return "the one with the most ranks, " + std::to_string(most);
    if (top.size() == ranksByRun.size())
        return "all " + std::to_string(top.size()) + " runs have " + count + ": the earliest";
    std::string list;
    for (size_t i = 0; i < top.size(); ++i)
        list += (i == 0 ? "" : i + 1 == top.size() ? " and " : ", ") + std::to_string(top[i]);
    return "runs " + list + " have the most ranks, " + std::to_string(most) + ": the earliest";
}

std::string defaultRunWhy(Db& db, int chosen) {
    std::vector<std::pair<int, int64_t>> counts;
    auto q =
        db.prepare("SELECT r.run_id, (SELECT count(*) FROM rank_info i WHERE i.run_id = r.run_id) FROM run r "
                   "ORDER BY r.run_id");
    while (q.step())
        counts.push_back({int(q.i64(0)), q.i64(1)});
    return defaultRunWhy(counts, chosen);
}

} // namespace rs::index
