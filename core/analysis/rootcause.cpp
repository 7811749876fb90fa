#include "core/analysis/rootcause.h"

#include "core/analysis/lateevents.h"
#include "core/analysis/rootcausefindings.h"
#include "core/analysis/runs.h"

#include <map>
#include <vector>

namespace rs::analysis {

using index::Db;

namespace {

/// Blamed collective instances per run (a straggler finding's: whether the run has collectives at all).
std::map<int, int64_t> instancesPerRun(Db& db, const RunMap& runs) {
    std::map<int, int64_t> out;
    auto q = db.prepare(
        "SELECT match_key, min(rank) FROM collective WHERE match_key IS NOT NULL AND last_rank IS NOT "
        "NULL GROUP BY match_key");
    while (q.step())
        ++out[runs.run(int(q.i64(1)))];
    return out;
}

int64_t runWall(const Walls& walls, int run) {
    int64_t n = 0;
    for (const auto& [runStep, w] : walls)
        if (runStep.first == run) n += w;
    return n;
}

} // namespace

PassInfo RootCausePass::info() const {
    return {"root_causes",
            PassScope::CrossRank,
            {"collective", "wait", "step_stat", "op_stat", "rank_info", "run", "sum_step"},
            {"finding", "op_stat.flagged"}};
}

void RootCausePass::run(CrossRankContext& ctx) {
    Db& db = ctx.db;
    const RunMap runs = loadRuns(db);
    const Walls walls = jobStepWalls(db);
    const auto events = lateEvents(db, runs);
    auto flags = stragglerFlags(db);
    const StallTest isStall(events, ctx.opts);
    auto instances = instancesPerRun(db, runs);
    std::map<std::pair<int, int64_t>, std::vector<const LateEvent*>> stalls;
    std::map<int, std::vector<const LateEvent*>> late;
    for (const auto& e : events) {
        if (isStall(e, wallOf(walls, e.run, e.step)))
            stalls[{e.culprit, e.step}].push_back(&e);
        else
            late[e.culprit].push_back(&e);
    }
    std::vector<Finding> causes;
    for (auto& [key, evs] : stalls)
        causes.push_back(
            stallFinding(key.first, key.second, evs, wallOf(walls, evs.front()->run, key.second)));
    const auto shares = arrivalShares(db);
    for (auto& [rank, evs] : late) {
        // a rank that is last no more often than chance (ranks of a pair taking turns) is jitter, not a cause
        auto sh = shares.find(rank);
        if (sh != shares.end() && !consistentlyLast(int64_t(evs.size()), sh->second)) continue;
        auto fl = flags.find(rank);
        // "last in X of N": N the collectives this rank took part in, not the run's (walk17b #3:
        // cluster_propose's rank 3 was last in 887 "of 2150", 445 of them the rank 0–1 pair's)
        causes.push_back(lateRankFinding(rank, evs, fl == flags.end() ? nullptr : &fl->second, walls,
                                         sh == shares.end() ? 0 : sh->second.instances));
        if (fl != flags.end()) flags.erase(fl); // told in the slow_rank finding
    }
    for (auto& [rank, fl] : flags) {
        const int run = runs.run(rank);
        causes.push_back(stragglerFinding(run, rank, fl, runWall(walls, run), instances[run]));
    }
    auto outliers = outlierStepFindings(outlierRows(db), causes, walls);
    causes.insert(causes.end(), outliers.begin(), outliers.end());
    for (const auto& f : causes)
        if (aboveFloor(f)) insertFinding(db, f);
    // One rule for the heatmap's outlines, the report's straggler list and the findings: a cell stays
    // flagged only where a finding tells it (its rank's straggler or slow_rank finding passed the floor).
    db.exec("UPDATE op_stat SET flagged = 0 WHERE flagged = 1 AND rank NOT IN (SELECT rank FROM finding "
            "WHERE kind "
            "IN ('straggler', 'slow_rank') AND rank IS NOT NULL)");
}

} // namespace rs::analysis
