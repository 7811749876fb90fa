#include "core/query/waitknowledge.h"

#include "core/query/damagedinput.h"

namespace rs::query {

std::map<int, std::string> loadRunWaitUnknown(index::Db& db) {
    std::map<int, std::string> out;
    const bool damaged = !damagedFiles(db).empty();
    for (auto& [run, f] : stats::loadRunWaitFacts(db)) {
        f.filesDamaged = damaged;
        out[run] = waitUnknownReason(f);
    }
    return out;
}

std::map<int, std::string> loadRankWaitUnknown(index::Db& db) {
    const auto runs = loadRunWaitUnknown(db);
    std::map<int, std::string> out;
    auto q = db.prepare("SELECT rank, run_id FROM rank_info WHERE run_id IS NOT NULL");
    while (q.step()) {
        auto it = runs.find(int(q.i64(1)));
        if (it != runs.end() && !it->second.empty()) out[int(q.i64(0))] = it->second;
    }
    return out;
}

std::set<int> loadRanksAlone(index::Db& db) {
    const auto unknown = loadRunWaitUnknown(db);
    std::set<int> out;
    auto q = db.prepare(
        "SELECT r.rank, r.run_id FROM rank_info r JOIN run u ON u.run_id = r.run_id WHERE u.world_size = 1");
    while (q.step())
        if (auto it = unknown.find(int(q.i64(1))); it != unknown.end() && it->second.empty())
            out.insert(int(q.i64(0)));
    return out;
}

} // namespace rs::query
