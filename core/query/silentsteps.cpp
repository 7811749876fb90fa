#include "core/query/silentsteps.h"

#include "core/model/plural.h"

#include <map>
#include <set>
#include <utility>

namespace rs::query {

std::vector<SilentSteps> stepsWithoutCommunication(index::Db& db) {
    // one pass over the collectives (no per-step statement: a 4 096-rank index has no (rank, step) index on
    // collective)
    std::set<std::pair<int64_t, int64_t>> withComm;
    std::map<int64_t, int64_t> commSteps;
    auto c = db.prepare("SELECT rank, step FROM collective WHERE step IS NOT NULL GROUP BY rank, step");
    while (c.step())
        if (withComm.insert({c.i64(0), c.i64(1)}).second) ++commSteps[c.i64(0)];
    std::vector<SilentSteps> out;
    auto s = db.prepare("SELECT rank, step FROM step WHERE source <> 'whole-trace' ORDER BY rank, step");
    SilentSteps open;
    bool inRun = false;
    auto close = [&] {
        if (inRun) out.push_back(open);
        inRun = false;
    };
    int64_t lastRank = -1;
    while (s.step()) {
        const int64_t rank = s.i64(0), step = s.i64(1);
        if (rank != lastRank) close();
        lastRank = rank;
        const auto n = commSteps.find(rank);
        if (n == commSteps.end() || withComm.count({rank, step})) {
            close();
            continue;
        }
        if (!inRun) open = {rank, step, step, 0, n->second};
        inRun = true;
        open.last = step;
        ++open.count;
    }
    close();
    return out;
}

std::string silentStepsText(const SilentSteps& s) {
    std::string t = s.count == 1 ? std::string("step ") : std::string("steps ");
    t.append(std::to_string(s.first));
    if (s.count > 1) t.append("\u2013").append(std::to_string(s.last));
    t.append(s.count == 1 ? " records" : " record");
    t.append(" no communication (its other ")
        .append(model::counted(s.withComm, "step does", "steps do"))
        .append("): their communication and waits are not known; their walls are measured and count among "
                "the steady steps");
    return t;
}

} // namespace rs::query
