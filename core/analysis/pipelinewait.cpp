#include "core/analysis/pipelinewait.h"

#include "core/analysis/runs.h"
#include "core/model/collectivefacts.h"
#include "core/model/intervals.h"
#include "core/model/median.h"

#include <algorithm>
#include <set>

namespace rs::analysis {

using index::Db;
using nlohmann::json;

namespace {

using RankStepKey = std::pair<int, int64_t>;

/// Per step: when the last rank of the run began it (steps fewer than two ranks recorded are left out).
std::map<int64_t, int64_t> lastStarts(const PipelineWaitFacts& f) {
    std::map<int64_t, std::pair<int64_t, int>> seen; // step → (latest start, ranks)
    for (const auto& [key, s] : f.steps) {
        auto& [start, n] = seen.try_emplace(key.second, s.startNs, 0).first->second;
        start = std::max(start, s.startNs);
        ++n;
    }
    std::map<int64_t, int64_t> out;
    for (const auto& [step, v] : seen)
        if (v.second >= 2) out[step] = v.first;
    return out;
}

/// The receives' waits per (rank, step), each clipped to the part of its step every rank had begun; also
/// the receive with the largest clipped wait per rank (where the finding points).
struct ClippedWaits {
    std::map<RankStepKey, int64_t> perRankStep;
    std::map<int, const ReceiveWait*> worst;
    std::map<int, int64_t> worstNs;
    std::map<int, std::set<std::string>> ops;
    std::map<int, std::map<std::string, int64_t>> bySource; ///< rank → wait.source → clipped wait
};

ClippedWaits clipWaits(const PipelineWaitFacts& f, const std::map<int64_t, int64_t>& last) {
    std::map<RankStepKey, model::Intervals> spans;
    ClippedWaits out;
    for (const auto& r : f.receives) {
        auto st = f.steps.find({r.rank, r.step});
        auto l = last.find(r.step);
        if (st == f.steps.end() || l == last.end() || r.waitNs <= 0) continue;
        const int64_t a = std::max(r.startNs, l->second);
        const int64_t b = std::min(r.startNs + r.waitNs, st->second.startNs + st->second.wallNs);
        if (b <= a) continue;
        spans[{r.rank, r.step}].emplace_back(a, b);
        out.ops[r.rank].insert(r.name);
        if (!r.source.empty()) out.bySource[r.rank][r.source] += b - a;
        if (b - a > out.worstNs[r.rank]) out.worstNs[r.rank] = b - a, out.worst[r.rank] = &r;
    }
    for (auto& [key, v] : spans)
        out.perRankStep[key] = model::unionLength(v);
    return out;
}

/// The counted steps' wall time per rank, from when every rank had begun each (as the waits are clipped).
std::map<int, int64_t> countedWalls(const PipelineWaitFacts& f, const std::map<int64_t, int64_t>& last) {
    std::map<int, int64_t> out;
    for (const auto& [key, s] : f.steps)
        if (auto l = last.find(key.second); l != last.end())
            out[key.first] += std::max<int64_t>(0, s.startNs + s.wallNs - std::max(s.startNs, l->second));
    return out;
}

int dataRankOf(const PipelineWaitFacts& f, int rank) {
    auto it = f.dataRank.find(rank);
    return it == f.dataRank.end() ? rank : it->second;
}

/// What the ranks that do not wait did per step (median): their computation where measured, else their
/// time outside communication — the data's only word on what the waiting ranks waited for.
json othersJson(const PipelineWaitFacts& f, const std::set<int>& waiting,
                const std::map<int64_t, int64_t>& last) {
    std::map<int, std::vector<double>> busy;
    bool measured = true;
    for (const auto& [key, s] : f.steps) {
        if (waiting.count(key.first) || !last.count(key.second)) continue;
        if (s.computeNs)
            busy[key.first].push_back(double(*s.computeNs));
        else if (s.commNs)
            busy[key.first].push_back(double(s.wallNs - *s.commNs)), measured = false;
    }
    json ranks = json::array(), perStep = json::array();
    for (auto& [rank, v] : busy) {
        ranks.push_back(dataRankOf(f, rank));
        perStep.push_back(int64_t(model::lowerMedian(v))); // shown in the finding: a step's figure
    }
    return {{"ranks", ranks}, {"busy_ns", perStep}, {"busy", measured ? "compute" : "outside_communication"}};
}

/// The ranks that send to the waiting ranks, when every waiting rank's receives are in groups of two with
/// known global members (the peer is the other one); else null (not known).
json senders(const PipelineWaitFacts& f, const std::set<int>& waiting) {
    std::set<int64_t> out;
    for (const auto& r : f.receives) {
        if (!waiting.count(r.rank)) continue;
        auto g = f.groupMembers.find(r.group);
        const int64_t me = dataRankOf(f, r.rank);
        if (g == f.groupMembers.end() || g->second.size() != 2 ||
            std::find(g->second.begin(), g->second.end(), me) == g->second.end())
            return nullptr;
        out.insert(g->second[0] == me ? g->second[1] : g->second[0]);
    }
    return out.empty() ? json(nullptr) : json(out);
}

} // namespace

std::optional<Finding> pipelineWaitFinding(const PipelineWaitFacts& f) {
    const auto last = lastStarts(f);
    const ClippedWaits waits = clipWaits(f, last);
    const auto walls = countedWalls(f, last);
    std::map<int, int64_t> perRank;
    for (const auto& [key, ns] : waits.perRankStep)
        perRank[key.first] += ns;
    std::set<int> waiting;
    int top = -1;
    for (const auto& [rank, ns] : perRank) {
        auto w = walls.find(rank);
        if (w == walls.end() || double(ns) < kPipelineWaitShare * double(w->second)) continue;
        waiting.insert(rank);
        if (top < 0 || ns > perRank[top]) top = rank;
    }
    if (waiting.empty()) return std::nullopt;
    // the job's wall time in the wait: per step, the longest of the waiting ranks' (they wait side by side)
    std::map<int64_t, int64_t> perStep;
    Finding out;
    for (const auto& [key, ns] : waits.perRankStep)
        if (waiting.count(key.first)) {
            perStep[key.second] = std::max(perStep[key.second], ns);
            out.waited += ns;
        }
    std::vector<double> stepWaits, stepWalls;
    json steps = json::array(), waitingKeys = json::array(), waitingData = json::array(), ops = json::array();
    for (const auto& [step, ns] : perStep) {
        out.lost += ns;
        steps.push_back(step);
        stepWaits.push_back(double(ns));
        auto jw = f.jobWall.find(step);
        const int64_t wall = jw == f.jobWall.end() ? 0 : jw->second;
        out.affectedWall += wall;
        stepWalls.push_back(double(wall));
    }
    std::set<std::string> opNames;
    json sources =
        json::object(); // the receives' waits are measured only (sum_arrival holds no inferred one)
    for (int r : waiting) {
        if (auto it = waits.bySource.find(r); it != waits.bySource.end())
            for (const auto& [source, ns] : it->second)
                sources[source] = sources.value(source, int64_t(0)) + ns;
        waitingKeys.push_back(r);
        waitingData.push_back(dataRankOf(f, r));
        opNames.insert(waits.ops.at(r).begin(), waits.ops.at(r).end());
    }
    for (const auto& n : opNames)
        ops.push_back(n);
    const ReceiveWait* worst = waits.worst.at(top);
    out.run = f.run;
    out.kind = model::FindingKind::PipelineWait;
    out.rank = top;
    out.step = worst->step;
    out.subject = worst->name;
    out.startNs = worst->startNs;
    out.endNs = worst->startNs + std::max(worst->durNs, worst->waitNs);
    out.spanId = worst->spanId;
    out.affected = {{"steps", steps},
                    {"waiting_ranks", waitingKeys},
                    {"waiting_data_ranks", waitingData},
                    {"ops", ops},
                    {"per_step_wait_ns", int64_t(model::lowerMedian(stepWaits))},
                    {"per_step_wall_ns", int64_t(model::lowerMedian(stepWalls))},
                    {"others", othersJson(f, waiting, last)},
                    {"sender", senders(f, waiting)},
                    {"wait_sources", sources}};
    return out;
}

PassInfo PipelineWaitPass::info() const {
    return {"pipeline_waits",
            PassScope::CrossRank,
            {"sum_arrival", "sum_step", "step_stat", "comm_group", "rank_info", "run"},
            {"finding"}};
}

namespace {

void loadReceives(Db& db, const RunMap& runs, std::map<int, PipelineWaitFacts>& facts) {
    auto q = db.prepare(
        "SELECT rank, step, name, op_type, start_ns, dur_ns, coalesce(wait_json_ns, wait_events_ns), "
        "coalesce(span_id, 0), coalesce(group_name, ''), CASE WHEN wait_json_ns IS NULL THEN 'Notify_Wait' "
        "ELSE replace(source, 'events+', '') END FROM sum_arrival WHERE point_to_point = 1 AND "
        "coalesce(wait_json_ns, wait_events_ns) > 0");
    while (q.step()) {
        if (!model::receivesOnly(q.text(3))) continue;
        const int rank = int(q.i64(0));
        facts[runs.run(rank)].receives.push_back(
            {rank, q.i64(1), q.text(2), q.i64(4), q.i64(5), q.i64(6), q.i64(7), q.text(8), q.text(9)});
    }
}

/// The groups whose members comm_group lists as global ranks, per run.
void loadGroups(Db& db, std::map<int, PipelineWaitFacts>& facts) {
    auto q = db.prepare("SELECT run_id, group_name, members FROM comm_group WHERE rank_scope = 'global'");
    while (q.step()) {
        auto it = facts.find(int(q.i64(0)));
        const json m = json::parse(q.text(2), nullptr, false);
        if (it == facts.end() || !m.is_array()) continue;
        auto& members = it->second.groupMembers[q.text(1)];
        for (const auto& v : m)
            if (v.is_number_integer()) members.push_back(v.get<int64_t>());
    }
}

void loadSteps(Db& db, const RunMap& runs, std::map<int, PipelineWaitFacts>& facts) {
    auto q =
        db.prepare("SELECT rank, step, start_ns, wall_ns, comm_ns, compute_ns FROM sum_step WHERE wall_ns "
                   "IS NOT NULL AND wall_ns > 0");
    while (q.step()) {
        const int rank = int(q.i64(0));
        auto it = facts.find(runs.run(rank));
        if (it == facts.end()) continue; // a run without receives: nothing to tell
        RankStep s{q.i64(2), q.i64(3), std::nullopt, std::nullopt};
        if (!q.isNull(4)) s.commNs = q.i64(4);
        if (!q.isNull(5)) s.computeNs = q.i64(5);
        it->second.steps[{rank, q.i64(1)}] = s;
    }
}

} // namespace

void PipelineWaitPass::run(CrossRankContext& ctx) {
    const RunMap runs = loadRuns(ctx.db);
    std::map<int, PipelineWaitFacts> facts;
    loadReceives(ctx.db, runs, facts);
    if (facts.empty()) return;
    loadSteps(ctx.db, runs, facts);
    loadGroups(ctx.db, facts);
    const Walls walls = jobStepWalls(ctx.db);
    for (auto& [run, f] : facts) {
        f.run = run;
        for (const auto& [rank, data] : runs.dataRank)
            if (runs.run(rank) == run) f.dataRank[rank] = data;
        for (const auto& [runStep, wall] : walls)
            if (runStep.first == run) f.jobWall[runStep.second] = wall;
        auto finding = pipelineWaitFinding(f);
        if (finding && aboveFloor(*finding)) insertFinding(ctx.db, *finding);
    }
}

} // namespace rs::analysis
