#include "app/cli/runranks.h"

#include "core/query/ranknumberorder.h"

#include <cstdio>

namespace rs::cli {

std::string RunRanks::listText() const {
    std::string out;
    for (int key : keys)
        out += (out.empty() ? "" : ", ") + std::to_string(dataRank.at(key));
    return out.empty() ? "none" : out;
}

RunRanks runRanks(index::Db& db, int run) {
    RunRanks r;
    r.run = run;
    auto q = db.prepare("SELECT rank, coalesce(data_rank, rank) FROM rank_info WHERE coalesce(run_id, 0) = ? "
                        "ORDER BY " +
                        std::string(query::kRankNumberOrder));
    q.bind(1, run);
    while (q.step()) {
        r.keys.push_back(int(q.i64(0)));
        r.dataRank[int(q.i64(0))] = int(q.i64(1));
    }
    auto s = db.prepare("SELECT coalesce(start_ns, 0) FROM run WHERE run_id = ?");
    s.bind(1, run);
    if (s.step()) r.startNs = s.i64(0);
    return r;
}

bool requireRun(index::Db& db, const char* command, int run) {
    if (!runRanks(db, run).keys.empty()) return true;
    std::string runs;
    auto q = db.prepare("SELECT DISTINCT coalesce(run_id, 0) FROM rank_info ORDER BY 1");
    while (q.step())
        runs += (runs.empty() ? "" : ", ") + std::to_string(q.i64(0));
    std::fprintf(stderr, "rankscope %s: run %d is not in this profile (its runs: %s)\n", command, run,
                 runs.empty() ? "none" : runs.c_str());
    return false;
}

bool chooseRanks(const RunRanks& run, const std::vector<int>& asked, std::vector<int>& keys,
                 std::string& error) {
    for (int want : asked) {
        bool found = false;
        for (const auto& [key, data] : run.dataRank)
            if (data == want) keys.push_back(key), found = true;
        if (!found) {
            error = "rank " + std::to_string(want) + " is not in run " + std::to_string(run.run) +
                    " (its ranks: " + run.listText() + ")";
            return false;
        }
    }
    return true;
}

} // namespace rs::cli
