#include "core/analysis/runs.h"
#include "core/index/diagnosticsink.h"
#include "core/model/sourcerows.h"

#include <algorithm>
#include <cstdlib>
#include <set>
#include <string>
#include <tuple>
#include <vector>

namespace rs::analysis {

using index::Db;

namespace {

/// Before 2000-01-01 a time is on a clock of the profiler's own (legacy MindSpore counts from 0), not a wall
/// clock: two such windows that overlap say nothing about belonging to one job.
constexpr int64_t kWallClockNs = 946684800LL * 1000000000LL;

struct RankWindow {
    int rank, dataRank;
    std::set<int> peers;
    std::optional<int64_t> worldSize;
    std::string family, source;
    int64_t start = INT64_MAX, end = INT64_MIN;
    std::string place; ///< the folder of its files, digits dropped (rank-0/… and rank-1/… are one place)
    std::string dir;   ///< the folder of its first file as written (digits kept)
    bool groupCollective = false; ///< it took part in a collective of a group (not a Send or Receive)
    bool known() const { return start <= end; }
    bool ownClock() const { return known() && start < kWallClockNs; }
};

struct Run {
    std::string family;
    std::optional<int64_t> worldSize;
    std::set<int> dataRanks, peers;
    std::vector<int> ranks;
    std::set<std::string> sources, places;
    int64_t start = INT64_MAX, end = INT64_MIN;
    bool ownClock = false;
    bool groupCollective = false; ///< a rank of it took part in a collective of a group
};

std::string familyOf(const std::string& source) {
    if (source.find("legacy") != std::string::npos) return "mindspore-legacy";
    if (source.find("ascend") != std::string::npos) return "ascend";
    if (source.find("kineto") != std::string::npos || source.find("chrome") != std::string::npos)
        return "trace";
    return source;
}

/// Each rank's facts as the rank-local passes and the importers left them in rank_info.
std::vector<RankWindow> rankWindows(Db& db) {
    std::vector<RankWindow> out;
    auto q =
        db.prepare("SELECT rank, coalesce(data_rank, rank), world_size, source, coalesce(peers, ''), "
                   "coalesce(place, ''), start_ns, end_ns, coalesce(dir, '') FROM rank_info ORDER BY rank");
    while (q.step()) {
        RankWindow w{int(q.i64(0)), int(q.i64(1)), {},        std::nullopt, familyOf(q.text(3)),
                     q.text(3),     INT64_MAX,     INT64_MIN, q.text(5),    q.text(8)};
        if (!q.isNull(2)) w.worldSize = q.i64(2);
        std::string peers = q.text(4);
        for (size_t i = 0; i < peers.size();) {
            size_t j = peers.find(',', i);
            if (j == std::string::npos) j = peers.size();
            w.peers.insert(std::atoi(peers.substr(i, j - i).c_str()));
            i = j + 1;
        }
        if (!q.isNull(6) && !q.isNull(7)) w.start = q.i64(6), w.end = q.i64(7);
        out.push_back(std::move(w));
    }
    auto g = db.prepare("SELECT DISTINCT rank FROM sum_arrival WHERE point_to_point = 0");
    std::set<int> inGroups;
    while (g.step())
        inGroups.insert(int(g.i64(0)));
    for (auto& w : out)
        w.groupCollective = inGroups.count(w.rank) > 0;
    return out;
}

bool near(const Run& r, const RankWindow& w) {
    if (!w.known() || r.start > r.end) return true; // nothing to tell them apart by
    int64_t gap = std::max<int64_t>(0, std::max(w.start - r.end, r.start - w.end));
    int64_t shorter = std::min(r.end - r.start, w.end - w.start);
    return gap <= std::max(kJoinGapNs, shorter);
}

bool joins(const Run& r, const RankWindow& w) {
    if (r.family != w.family) return false;
    if (r.worldSize && w.worldSize && *r.worldSize != *w.worldSize) return false;
    if (r.dataRanks.count(w.dataRank)) return false;
    // on their own clocks, nearness in time means nothing: one job's ranks are files of one place
    if ((r.ownClock || w.ownClock()) && !r.places.count(w.place)) return false;
    return near(r, w);
}

/// Ranks in order of their folder, then of their start, each joining the first run it may belong to; runs
/// numbered by start. The folder comes first because two copies of one job (a/rank-*, b/rank-*, the same
/// windows) are told apart by nothing else: in start order alone, b's rank 3 starting before a's joined a's
/// run and a's rank 3 then b's (walk 36: every figure of both runs mixed). The ranks of one job split over
/// folders still join one run (their numbers differ).
std::vector<Run> groupIntoRuns(std::vector<RankWindow> windows) {
    std::sort(windows.begin(), windows.end(), [](const RankWindow& a, const RankWindow& b) {
        return std::tie(a.dir, a.start, a.rank) < std::tie(b.dir, b.start, b.rank);
    });
    std::vector<Run> runs;
    for (const auto& w : windows) {
        auto it = std::find_if(runs.begin(), runs.end(), [&](const Run& r) { return joins(r, w); });
        if (it == runs.end()) {
            runs.push_back(Run{w.family, w.worldSize, {}, {}, {}, {}, {}, INT64_MAX, INT64_MIN});
            it = std::prev(runs.end());
        }
        it->dataRanks.insert(w.dataRank);
        it->ranks.push_back(w.rank);
        it->sources.insert(w.source);
        it->places.insert(w.place);
        it->ownClock = it->ownClock || w.ownClock();
        it->groupCollective = it->groupCollective || w.groupCollective;
        it->peers.insert(w.peers.begin(), w.peers.end());
        if (!it->worldSize) it->worldSize = w.worldSize;
        if (w.known()) it->start = std::min(it->start, w.start), it->end = std::max(it->end, w.end);
    }
    std::stable_sort(runs.begin(), runs.end(), [](const Run& a, const Run& b) { return a.start < b.start; });
    return runs;
}

void insertRun(Db& db, int64_t id, const Run& r) {
    std::string source;
    for (const auto& s : r.sources)
        source += (source.empty() ? "" : "+") + s;
    std::vector<int> absentPeers;
    for (int p : r.peers)
        if (!r.dataRanks.count(p)) absentPeers.push_back(p);
    // a collective of a group has members besides the rank: a run of one rank that took part in one (and no
    // world size of 1 says it ran alone) misses them (profiler/'s CANN raw device 0 waited 34.2 ms in its
    // AllReduce, which the HCCL tasks' dst ranks 1-4 say it shared)
    const bool lone = r.dataRanks.size() == 1 && r.groupCollective && r.worldSize.value_or(0) != 1;
    // a job numbers its ranks from 0 without gaps: ranks 0 and 10 alone miss ranks 1-9 (resource/profiler's
    // legacy pair). Only gaps between the ranks present count: ranks 4-7 may be devices 4-7 of a job of 4.
    const int64_t between =
        r.dataRanks.empty() ? 0
                            : *r.dataRanks.rbegin() - *r.dataRanks.begin() + 1 - int64_t(r.dataRanks.size());
    bool complete = (!r.worldSize || int64_t(r.dataRanks.size()) >= *r.worldSize) && absentPeers.empty() &&
                    !lone && between == 0;
    int64_t world = std::max<int64_t>(
        {r.worldSize.value_or(0),
         int64_t(r.dataRanks.size() + std::max<int64_t>(absentPeers.size(), between)), lone ? 2 : 0});
    std::string note = complete ? ""
                                : std::to_string(r.dataRanks.size()) + " of " +
                                      (r.worldSize ? "" : "at least ") + std::to_string(world) +
                                      " ranks present: the late rank of a collective cannot be named";
    auto ins =
        db.prepare("INSERT INTO run(run_id, world_size, rank_count, start_ns, end_ns, source, complete, "
                   "note) VALUES(?,?,?,?,?,?,?,?)");
    ins.bind(1, id).bind(2, r.worldSize).bind(3, int64_t(r.ranks.size())); // a lower bound stays in the note
    ins.bind(4, r.start <= r.end ? std::optional<int64_t>(r.start) : std::nullopt);
    ins.bind(5, r.start <= r.end ? std::optional<int64_t>(r.end) : std::nullopt);
    ins.bind(6, source).bind(7, int64_t(complete)).bind(8, note).exec();
}

} // namespace

PassInfo RunsPass::info() const {
    return {"runs",
            PassScope::CrossRank,
            {"rank_info", "sum_arrival"},
            {"run", "rank_info.run_id", "diagnostic"}};
}

void RunsPass::run(CrossRankContext& ctx) {
    const std::vector<Run> runs = groupIntoRuns(rankWindows(ctx.db));
    auto upd = ctx.db.prepare("UPDATE rank_info SET run_id = ? WHERE rank = ?");
    for (size_t i = 0; i < runs.size(); ++i) {
        insertRun(ctx.db, int64_t(i), runs[i]);
        for (int rank : runs[i].ranks)
            upd.bind(1, int64_t(i)).bind(2, rank).exec();
    }
    if (runs.size() > 1)
        index::DiagnosticSink(ctx.db).add(
            "(profile)", "info",
            "the folder holds " + std::to_string(runs.size()) +
                " runs (different jobs or sessions): nothing is matched or compared across them",
            int64_t(runs.size()));
}

RunMap loadRuns(Db& db) {
    RunMap m;
    auto q = db.prepare("SELECT rank, coalesce(run_id, 0), coalesce(data_rank, rank) FROM rank_info");
    while (q.step()) {
        m.runOf[int(q.i64(0))] = int(q.i64(1));
        m.dataRank[int(q.i64(0))] = int(q.i64(2));
    }
    auto r = db.prepare("SELECT run_id, complete FROM run");
    while (r.step())
        m.complete[int(r.i64(0))] = r.i64(1) != 0;
    // a rank numbered by us, beside other ranks of its run: a lone one has nothing to be matched with
    auto u = db.prepare("SELECT i.rank FROM rank_info i JOIN label l ON l.rank = i.rank AND l.key = ? "
                        "WHERE (SELECT count(*) FROM rank_info o WHERE coalesce(o.run_id, 0) = "
                        "coalesce(i.run_id, 0)) > 1");
    u.bind(1, std::string(model::kRankOriginLabel));
    while (u.step())
        m.unnamed.insert(int(u.i64(0)));
    return m;
}

} // namespace rs::analysis
