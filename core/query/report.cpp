#include "core/query/report.h"
#include "core/query/runfolders.h"

#include "core/index/showntensors.h"
#include "core/model/plural.h"
#include "core/model/waitkind.h"

#include "core/model/findingtext.h"
#include "core/model/intervals.h"
#include "core/model/pathtext.h"
#include "core/model/sourcerows.h"
#include "core/model/stragglerrule.h"
#include "core/model/timetext.h"
#include "core/model/typicalstep.h"
#include "core/model/waitalonetext.h"
#include "core/model/warmupsteps.h"
#include "core/query/absentwaits.h"
#include "core/query/bankcheck.h"
#include "core/query/damagedinput.h"
#include "core/query/lastarrivals.h"
#include "core/query/memorybeyond.h"
#include "core/query/memorysources.h"
#include "core/query/nofindings.h"
#include "core/query/producersummary.h"
#include "core/query/ranknumberorder.h"
#include "core/query/ranksmedian.h"
#include "core/query/reportoutliers.h"
#include "core/query/reportranks.h"
#include "core/query/reportsummary.h"
#include "core/query/runreport.h"
#include "core/query/silentsteps.h"
#include "core/query/slowlinkfindings.h"
#include "core/query/spancount.h"
#include "core/query/stepwalls.h"
#include "core/query/stragglercheck.h"
#include "core/query/stubsteps.h"
#include "core/query/uncollectedcalls.h"
#include "core/query/untimedpeak.h"
#include "core/query/waitknowledge.h"
#include "core/stats/robuststats.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cstdint>
#include <cstdio>
#include <map>
#include <optional>
#include <set>
#include <sstream>

namespace rs::query {

using stats::percentile;

using nlohmann::json;

std::map<std::string, std::string> runLabels(index::Db& db, int run) {
    std::map<std::string, std::set<std::string>> values;
    auto st = db.prepare("SELECT l.key, l.value FROM label l JOIN rank_info r ON r.rank = l.rank WHERE "
                         "coalesce(r.run_id, 0) = ?");
    st.bind(1, run);
    while (st.step())
        if (st.text(0) != model::kRankOriginLabel) // a fact about one rank, said where that rank is named
            values[st.text(0)].insert(st.text(1));
    std::map<std::string, std::string> out;
    for (const auto& [key, vs] : values) {
        std::string joined;
        for (const auto& v : vs)
            joined += (joined.empty() ? "" : " | ") + v;
        out[key] = joined;
    }
    return out;
}

json stepCounts(index::Db& db, const std::string& rankKeys) {
    const std::string in = rankKeys.empty() ? std::string() : " AND rank IN (" + rankKeys + ")";
    // walk 14: profiler/'s 43 Steps rows read "41 steps", its distinct numbers, one of them the pseudo
    // step 0 of two ranks' whole traces
    return {{"count", db.scalar("SELECT count(DISTINCT step) FROM step WHERE coalesce(source, '') <> "
                                "'whole-trace'" +
                                in)},
            {"rows", db.scalar("SELECT count(*) FROM step WHERE 1" + in)},
            {"whole_trace_rows", db.scalar("SELECT count(*) FROM step WHERE source = 'whole-trace'" + in)}};
}

std::string stepCountText(const json& steps) {
    std::string t = model::counted(steps.value("count", int64_t(0)), "step", "steps");
    if (const int64_t whole = steps.value("whole_trace_rows", int64_t(0)); whole > 0)
        t += " (+" + model::counted(whole, "whole trace", "whole traces") + ": " +
             (whole == 1 ? "a rank" : "ranks") + " without step marks)";
    return t;
}

json runsJson(index::Db& db) {
    // each run's ranks in their numbers' order (walk 24 #13: the hta folder's run 1 read "ranks 1 0", its
    // rank 1 being key 10001 and its rank 0 key 20000); "ranks" (the keys) stay beside "data_ranks"
    json runs = json::array();
    auto q = db.prepare(
        "SELECT run_id, world_size, start_ns, end_ns, source, complete, note FROM run ORDER BY run_id");
    auto members = db.prepare("SELECT rank, coalesce(data_rank, rank), coalesce(peers, ''), EXISTS(SELECT 1 "
                              "FROM label l WHERE l.rank = rank_info.rank AND l.key = 'rank_origin') FROM "
                              "rank_info WHERE run_id = ? ORDER BY " +
                              std::string(kRankNumberOrder));
    const auto waitUnknown = loadRunWaitUnknown(db);
    const auto absent = loadAbsentWaits(db);
    const auto folders = runFolders(db);
    while (q.step()) {
        json rk = json::array(), data = json::array(), assigned = json::array();
        std::set<int64_t> present, expected; // the job's ranks: below its world size, or named as peers
        // every rank of a job usually names the same peers: each list is read once (512 ranks of 512 peers
        // were 0.11 G instructions of `info`, growing with the square of the ranks)
        std::set<std::string> peerLists;
        // a world size a file got wrong (2^31) must not make a report of billions of missing ranks
        constexpr int64_t kMostRanks = int64_t(1) << 20;
        for (int64_t r = 0; !q.isNull(1) && r < std::min(q.i64(1), kMostRanks); ++r)
            expected.insert(r);
        members.bind(1, q.i64(0));
        while (members.step()) {
            rk.push_back(members.i64(0));
            data.push_back(members.i64(1));
            present.insert(members.i64(1));
            if (members.i64(3)) assigned.push_back(members.i64(1)); // numbered by us: its files name none
            if (!peerLists.insert(members.text(2)).second) continue;
            std::istringstream peers(members.text(2));
            for (std::string p; std::getline(peers, p, ',');) {
                int64_t peer = 0; // a peer that is not a number names no rank (as the runs pass reads them)
                const auto [end, ec] = std::from_chars(p.data(), p.data() + p.size(), peer);
                if (ec == std::errc() && end == p.data() + p.size() && peer >= 0) expected.insert(peer);
            }
        }
        members.reset();
        // only where the runs pass found the run incomplete: ranks numbered 8-15 of a world of 8 are a whole
        // run, not one missing ranks 0-7
        json missing = json::array();
        for (int64_t r : expected)
            if (!present.count(r) && q.i64(5) == 0) missing.push_back(r);
        auto opt = [&](int c) { return q.isNull(c) ? json(nullptr) : json(q.i64(c)); };
        runs.push_back(
            {{"run", q.i64(0)},
             {"ranks", rk},
             {"data_ranks", data},
             {"assigned_ranks", assigned},
             {"world_size", opt(1)},
             {"start_ns", opt(2)},
             {"end_ns", opt(3)},
             {"source", q.text(4)},
             {"complete", q.i64(5) != 0},
             {"note", q.text(6)},
             {"missing_ranks", missing},
             {"wait_unknown", waitUnknown.count(int(q.i64(0))) ? waitUnknown.at(int(q.i64(0))) : ""},
             {"absent_member_waits",
              absentWaitsJson(absent.count(int(q.i64(0))) ? absent.at(int(q.i64(0)))
                                                          : std::vector<AbsentWait>{})},
             {"labels", runLabels(db, int(q.i64(0)))},
             // where its files lie below the profile's folder: two runs alike told apart (walk 29)
             {"folder", folders.count(int(q.i64(0))) ? folders.at(int(q.i64(0))) : std::string()}});
    }
    return runs;
}

void addStubStepNotes(json& diagnostics) {
    const auto n = int64_t(diagnostics["stub_steps"].size());
    diagnostics["notes"] = diagnostics["notes"].get<int64_t>() + n;
    diagnostics["note_rows"] = diagnostics["note_rows"].get<int64_t>() + n;
}

namespace {

json rankList(index::Db& db) {
    json ranks = json::array();
    auto q = db.prepare("SELECT rank FROM rank_info ORDER BY rank");
    while (q.step())
        ranks.push_back(q.i64(0));
    return ranks;
}

/// Where a rank's step walls come from (the source most of its steps have), and its steps whose
/// shipped wall the events cover clearly less of (core/model/stepwall.h).
void addWallSources(index::Db& db, json& per) {
    std::map<int64_t, std::map<std::string, int>> sources;
    std::map<int64_t, json> partial;
    for (const auto& [key, w] : loadStepWalls(db)) {
        ++sources[key.first][model::wallSourceName(w.source)];
        if (w.partial())
            partial[key.first].push_back({{"step", key.second},
                                          {"wall_ns", w.wallNs},
                                          {"events_ns", w.eventsNs},
                                          {"recorded_ns", w.recordedNs},
                                          {"text", w.partialText()}});
    }
    for (auto& p : per) {
        const int64_t rank = p["rank"].get<int64_t>();
        std::string best;
        int n = 0;
        for (const auto& [name, count] : sources[rank])
            if (count > n) best = name, n = count;
        p["wall_source"] = best;
        p["partial_steps"] = partial.count(rank) ? partial[rank] : json::array();
    }
}

json stepsSection(index::Db& db) {
    json per = json::array();
    auto q = db.prepare("SELECT rank, step, wall_ns FROM step_stat ORDER BY rank, step");
    std::map<int64_t, std::vector<double>> walls;
    std::map<int64_t, int64_t> stubs; // rank → stub steps left out (stubsteps.h; diagnostics list them)
    const auto stubKeys = stubStepKeys(db);
    while (q.step()) {
        if (stubKeys.count({q.i64(0), q.i64(1)}))
            ++stubs[q.i64(0)];
        else
            walls[q.i64(0)].push_back(double(q.i64(2)));
    }
    // ranks whose only step is the whole trace (no step marks, or marks on another clock): not a step time
    std::set<int64_t> whole;
    auto w = db.prepare("SELECT rank FROM step GROUP BY rank HAVING min(source = 'whole-trace') = 1");
    while (w.step())
        whole.insert(w.i64(0));
    // whole-trace ranks whose step marks exist but on another clock (clockcheck.h): how many, where the
    // index still holds them (a cluster index does not: -1)
    std::map<int64_t, int64_t> apart;
    auto a =
        db.prepare("SELECT rank, (SELECT count(*) FROM step_src s WHERE s.rank = r.rank) FROM rank_info r "
                   "WHERE r.clock_note LIKE 'steps not aligned%'");
    while (a.step())
        apart[a.i64(0)] = a.i64(1) > 0 ? a.i64(1) : -1;
    for (auto& [rank, v] : walls) {
        // the steady steps, as compare measures them (warmupsteps.h): one p95 wherever it is said
        const size_t warmup = model::warmupStepsOf(v.size());
        std::vector<double> steady(v.begin() + std::ptrdiff_t(warmup), v.end()), b = steady;
        json p{{"rank", rank},
               {"median_ns", int64_t(model::typicalStepNs(steady))}, // a step that happened (typicalstep.h)
               {"p95_ns", int64_t(percentile(b, 95))},
               {"whole_trace", whole.count(rank) > 0},
               {"steps", v.size()},
               {"warmup_steps", warmup},
               {"stub_steps", stubs.count(rank) ? stubs[rank] : 0}};
        // too few to summarise: the steps themselves, shortest first
        if (v.size() < model::kTypicalStepMinSteps) {
            std::sort(v.begin(), v.end());
            json w = json::array();
            for (double ns : v)
                w.push_back(int64_t(ns));
            p["walls_ns"] = w;
        }
        if (whole.count(rank) && apart.count(rank)) p["steps_on_other_clock"] = apart[rank];
        per.push_back(std::move(p));
    }
    addWallSources(db, per);
    json out = stepCounts(db);
    out["per_rank"] = per;
    // steps whose communication went unrecorded while the rank's other steps have theirs (silentsteps.h)
    json silent = json::array();
    for (const auto& q : stepsWithoutCommunication(db))
        silent.push_back({{"rank", q.rank},
                          {"first_step", q.first},
                          {"last_step", q.last},
                          {"steps", q.count},
                          {"steps_with_communication", q.withComm},
                          {"text", silentStepsText(q)}});
    out["without_communication"] = silent;
    // compare's rule (warmupsteps.h), so "p95 of a rank's steps" is one figure in the report and compare
    out["statistics"] =
        "per rank, over the rank's steady steps (its first step, the warm-up, left out when it "
        "has three or more; stub steps left out): median a step that happened, p95 by nearest "
        "rank (the ⌈0.95·n⌉-th smallest)";
    return out;
}

json stubStepsJson(index::Db& db) {
    json a = json::array();
    for (const auto& st : stubSteps(db))
        a.push_back(
            {{"rank", st.rank}, {"step", st.step}, {"wall_ns", st.wallNs}, {"reason", stubStepReason(st)}});
    return a;
}

json stragglersSection(index::Db& db) {
    json a = json::array();
    auto q =
        db.prepare("SELECT rank, op_type, ratio_to_median, median_ns, cluster_median_ns, count, total_ns, "
                   "shared_total_ns FROM op_stat WHERE flagged = 1 ORDER BY rank, op_type");
    while (q.step())
        a.push_back(
            {{"rank", q.i64(0)},
             {"op_type", q.text(1)},
             {"ratio", q.f64(2)},
             {"median_ns", q.i64(3)},
             {"cluster_median_ns", q.i64(4)},
             // the figure the duration histogram marks (ranksmedian.h), which the report's table shows
             {"ranks_median_ns", ranksMedianOf(db, q.text(1), runOfRank(db, q.i64(0))).ns},
             {"count", q.i64(5)},
             {"total_ns", q.i64(6)},
             {"lost_ns", model::extraKernelNs(q.i64(7), q.f64(2))}});
    std::stable_sort(a.begin(), a.end(), [](const json& x, const json& y) { // most extra kernel time first
        return x["lost_ns"].get<int64_t>() > y["lost_ns"].get<int64_t>();
    });
    return a;
}

json outlierStepsSection(index::Db& db) {
    json a = json::array();
    auto q = db.prepare(
        "SELECT rank, step, wall_ns, typical_ns, late_rank, cause_kind, cause_ns, cause_collective, " +
        std::string(kLateDataRank) +
        " FROM step_stat st WHERE outlier = 1 ORDER BY wall_ns - typical_ns DESC");
    const auto warmup = warmupSteps(db);
    while (q.step()) {
        auto cause = stepCauseAt(q, int(q.i64(0)), 4, 8);
        json o = {{"rank", q.i64(0)},
                  {"step", q.i64(1)},
                  {"wall_ns", q.i64(2)},
                  {"typical_ns", q.i64(3)},
                  {"cause", cause ? model::stepCauseText(*cause) : std::string()}};
        o["late_rank"] = q.isNull(4) ? json(nullptr) : json(q.i64(4));
        const auto w =
            warmup.find(q.i64(0)); // the rank's warm-up step (warmupsteps.h): named so wherever listed
        o["warmup"] = w != warmup.end() && w->second == q.i64(1);
        a.push_back(o);
    }
    return a;
}

/// The source files not read or read in part: [{"file", "rank" (null: not known), "not_read", "text",
/// "kernels_past_cut" {missing, listed} (an Ascend trace cut before kernels its kernel_details.csv lists)}].
json damagedFilesJson(index::Db& db) {
    json a = json::array();
    for (const auto& f : damagedFiles(db)) {
        a.push_back({{"file", f.path},
                     {"rank", f.rank ? json(*f.rank) : json(nullptr)},
                     {"not_read", f.notRead},
                     {"text", damagedFileText(f)}});
        if (f.kernelsPastCut)
            a.back()["kernels_past_cut"] = {{"missing", f.kernelsPastCut->first},
                                            {"listed", f.kernelsPastCut->second}};
    }
    return a;
}

/// Whom a rank waited for, each instant of its wait once (blamedSharedText says the rule): the parts add up
/// to its wait. While it waits for several at once (a pipeline stage's Receive and Send on two streams), the
/// instant goes to a named rank before "unknown", and of named ranks to the lowest-numbered; `shared` gets
/// the length of such instants. Walk 21: rank 0's "rank 1: 11.9 ms, unknown: 854 ms" made 866 ms of an
/// 856 ms wait.
json blamedShares(std::map<std::string, model::Intervals>& byWho, int64_t& shared) {
    std::vector<std::pair<int64_t, std::string>> order; // named ranks by number, then "unknown"
    for (const auto& [who, iv] : byWho)
        order.push_back({who == "unknown" ? INT64_MAX : std::stoll(who), who});
    std::sort(order.begin(), order.end());
    std::vector<model::Intervals> parts;
    for (const auto& [n, who] : order)
        parts.push_back(byWho[who]);
    const std::vector<int64_t> lengths = model::firstCoverLengths(parts, &shared);
    json blamed = json::object();
    for (size_t i = 0; i < order.size(); ++i)
        blamed[order[i].second] = lengths[i];
    return blamed;
}

/// One rank's wait by where it comes from (wait.source): each measured source's own time waiting, and the
/// time it waited in inferred waits only ("arrival order": its wait less every measured instant), so the
/// parts add up to `totalNs` where the measured sources do not overlap (cluster_propose ranks 2-3: steps 1-2
/// measured in hccl_raw, 3-5 inferred).
json waitSources(const std::map<std::string, model::Intervals>& bySource, int64_t totalNs) {
    json out = json::object();
    model::Intervals measured;
    for (const auto& [source, waits] : bySource) {
        if (source == model::kInferredWaitSource || source.empty()) continue;
        model::Intervals own = waits; // unionLength sorts its argument
        out[source] = model::unionLength(own);
        measured.insert(measured.end(), waits.begin(), waits.end());
    }
    const int64_t inferred = totalNs - model::unionLength(measured);
    if (inferred > 0) out[std::string(model::kInferredWaitSource)] = inferred;
    return out;
}

json commWaitSection(index::Db& db, int top) {
    // a rank's waits on parallel streams overlap (cluster_propose's pipeline Receive and Send on streams
    // 48 and 49): its wait is the time it spent waiting, the union of its wait intervals, never their sum
    // (walk 12: "waited 1.34 s" in 0.90 s of steps). Likewise per blamed rank.
    std::map<int64_t, model::Intervals> perRank;
    std::map<int64_t, std::map<std::string, model::Intervals>> perBlamed, perSource;
    auto q =
        db.prepare("SELECT rank, blamed_rank, start_ns, start_ns + dur_ns, coalesce(source, '') FROM wait "
                   "WHERE kind = 'collective_wait'");
    while (q.step()) {
        const int64_t rank = q.i64(0);
        perRank[rank].push_back({q.i64(2), q.i64(3)});
        perBlamed[rank][q.isNull(1) ? "unknown" : std::to_string(q.i64(1))].push_back({q.i64(2), q.i64(3)});
        perSource[rank][q.text(4)].push_back({q.i64(2), q.i64(3)});
    }
    json byRank = json::array();
    int64_t totalWait = 0;
    json totalBySource = json::object();
    for (auto& [rank, waits] : perRank) {
        int64_t shared = 0;
        const int64_t ns = model::unionLength(waits);
        totalWait += ns;
        const json bySource = waitSources(perSource[rank], ns);
        for (auto& [source, v] : bySource.items())
            totalBySource[source] = totalBySource.value(source, int64_t(0)) + v.get<int64_t>();
        byRank.push_back({{"rank", rank},
                          {"wait_ns", ns},
                          {"by_source", bySource},
                          {"blamed_on", blamedShares(perBlamed[rank], shared)},
                          {"blamed_shared_ns", shared}});
    }
    json last = json::object();
    auto l =
        db.prepare("SELECT last_rank, count(DISTINCT match_key) FROM collective WHERE last_rank IS NOT NULL "
                   "GROUP BY last_rank ORDER BY last_rank");
    while (l.step())
        last[std::to_string(l.i64(0))] = l.i64(1);
    json idle = json::array();
    auto g = db.prepare("SELECT rank, step, collective, dur_ns FROM wait WHERE kind = 'idle_gap' ORDER BY "
                        "dur_ns DESC LIMIT ?");
    g.bind(1, int64_t(top));
    while (g.step())
        idle.push_back(
            {{"rank", g.i64(0)}, {"step", g.i64(1)}, {"collective", g.text(2)}, {"idle_ns", g.i64(3)}});
    return {{"total_wait_ns", totalWait},
            {"by_source", totalBySource},
            {"by_rank", byRank},
            {"last_arrival_counts", last},
            {"last_arrivals", lastArrivalsSection(db)},
            {"idle_gaps", idle},
            {"collectives", db.scalar("SELECT count(*) FROM collective")}};
}

/// Why each rank of `per` without memory data has none, in the memory map's words (walk 23b: the report
/// said "no memory data" of msinsight's test_rank_1, whose 51 memory rows were read and all left out).
void addNoMemoryReasons(index::Db& db, json& per) {
    std::set<int64_t> without;
    for (const auto& p : per)
        if (!p["has_memory_data"].get<bool>()) without.insert(p["rank"].get<int64_t>());
    if (without.empty()) return;
    const auto sources = loadMemorySourcesOf(db, without);
    for (auto& p : per)
        if (!p["has_memory_data"].get<bool>())
            p["no_memory_data"] = noMemoryDataText(sources.at(p["rank"].get<int64_t>()), "used");
}

json memoryPerRank(index::Db& db, int top) {
    json per = json::array();
    auto q = db.prepare("SELECT rank, peak_allocated_bytes, peak_reserved_bytes, peak_ts_ns, fragmentation, "
                        "coalesce(curve_component, '') FROM memory_summary ORDER BY rank");
    // every rank's bank bytes in one ordered pass (sum_bank has no rank index: a statement per rank read
    // the whole table each time, 3 s of a 4 096-rank cluster index's report)
    std::map<int64_t, json> bankBytes;
    auto banks = db.prepare("SELECT rank, op_name, bank, bytes FROM sum_bank ORDER BY rank, op_name, bank");
    while (banks.step())
        bankBytes[banks.i64(0)][banks.text(1)][std::to_string(banks.i64(2))] = banks.i64(3);
    auto topT =
        db.prepare("SELECT tensor_id, op_name, size_bytes FROM tensor WHERE rank = ? AND alloc_ns <= ? AND "
                   "(free_ns IS NULL OR free_ns > ?) ORDER BY size_bytes DESC LIMIT ?");
    while (q.step()) {
        int64_t rank = q.i64(0);
        auto found = bankBytes.find(rank);
        json b = found == bankBytes.end() ? json::object() : std::move(found->second);
        json alive = json::array();
        topT.bind(1, rank).bind(2, q.i64(3)).bind(3, q.i64(3)).bind(4, int64_t(top));
        while (topT.step())
            alive.push_back(
                {{"tensor_id", topT.text(0)}, {"op_name", topT.text(1)}, {"size_bytes", topT.i64(2)}});
        topT.reset();
        // what the peaks leave out, said beside them (r50d #3: mstext's APP at 2.06 GiB beside PTA+GE's
        // 1.49 GiB reserved, unsaid)
        json beyond = json::array();
        for (const auto& c : componentsBeyond(db, int(rank), q.text(5), q.i64(2)))
            beyond.push_back({{"component", c.component}, {"peak_reserved_bytes", c.reservedBytes}});
        per.push_back({{"rank", rank},
                       {"peak_allocated_bytes", q.i64(1)},
                       {"peak_reserved_bytes", q.i64(2)},
                       // null where no timed sample reaches the peak (rounded timestamps: walk 51b read 0)
                       {"peak_ts_ns", q.isNull(3) ? nlohmann::json(nullptr) : nlohmann::json(q.i64(3))},
                       // the peak no timed row reaches: what it rests on (untimedpeak.h)
                       {"peak_untimed_rows", q.isNull(3) ? untimedSampleRows(db, int(rank), q.text(5)) : 0},
                       {"fragmentation", q.f64(4)},
                       {"component", q.text(5)},
                       {"components_beyond", beyond},
                       {"has_memory_data", q.i64(1) > 0 || q.i64(2) > 0},
                       {"bank_bytes_by_op", b},
                       {"alive_at_peak", alive}});
    }
    addNoMemoryReasons(db, per);
    return per;
}

json bankAnomalies(index::Db& db) {
    json anomalies = json::array();
    auto a = db.prepare(
        "SELECT b.rank, op_name, banks, other_ranks_banks, bytes, coalesce(r.data_rank, "
        "b.rank) FROM bank_anomaly b LEFT JOIN rank_info r ON r.rank = b.rank ORDER BY b.rank, op_name");
    while (a.step())
        anomalies.push_back({{"rank", a.i64(0)},
                             {"data_rank", a.i64(5)},
                             {"op_name", a.text(1)},
                             {"banks", json::parse(a.text(2))},
                             {"other_ranks_banks", json::parse(a.text(3))},
                             {"bytes", a.i64(4)}});
    return anomalies;
}

/// The typed fields of a finding row of findingsSection's query, rendered by core/model.
std::string findingSentence(const index::Stmt& q, const json& affected) {
    model::FindingFields f;
    f.kind = model::findingKindFromSql(q.text(0)).value_or(model::FindingKind::Stall);
    if (!q.isNull(1)) f.rank = int(q.i64(1));
    f.dataRank = int(q.i64(14));
    if (!q.isNull(2)) f.step = q.i64(2);
    f.subject = q.text(3);
    f.lostNs = q.i64(4);
    f.waitedNs = q.i64(5);
    f.extraNs = q.i64(6);
    f.idleNs = q.i64(12);
    f.instances = q.i64(13);
    f.affected = affected.is_object() ? affected : json::object();
    f.wallNs = q.i64(15);
    f.typicalNs = q.i64(16);
    f.cause = stepCauseAt(q, f.rank.value_or(0), 17, 23);
    f.banks = q.text(21);
    f.otherBanks = q.text(22);
    return model::findingText(f);
}

} // namespace

json findingsJson(index::Db& db) {
    json f = json::array();
    // root causes first by what the job lost, then by extra kernel time; placement findings last. Ties (a
    // placement finding costs nothing) run by run, then by the ranks' numbers, as the report's per-rank lists
    // (r51a #4: the bank anomalies went by op name, then key: rank 10 of one op before rank 2 of another).
    // An outlier step's sentence names its step_stat row, a bank anomaly's its bank_anomaly row.
    auto q = db.prepare(
        "SELECT f.kind, f.rank, f.step, f.subject, f.lost_ns, f.waited_ns, f.extra_ns, f.start_ns, f.end_ns, "
        "f.span_id, f.affected, f.run_id, f.idle_ns, f.instances, coalesce(r.data_rank, f.rank, 0), "
        "st.wall_ns, "
        "st.typical_ns, st.late_rank, st.cause_kind, st.cause_ns, st.cause_collective, b.banks, "
        "b.other_ranks_banks, " +
        std::string(kLateDataRank) +
        " FROM finding f LEFT JOIN rank_info r ON r.rank = f.rank LEFT JOIN step_stat st "
        "ON "
        "f.kind = 'outlier_step' AND st.rank = f.rank AND st.step = f.step LEFT JOIN bank_anomaly b ON "
        "f.kind = "
        "'bank_anomaly' AND b.rank = f.rank AND b.op_name = f.subject ORDER BY f.lost_ns DESC, f.extra_ns "
        "DESC, coalesce(r.run_id, f.run_id, 0), coalesce(r.data_rank, f.rank), f.rank, f.finding_id");
    auto optional = [&](int c) { return q.isNull(c) ? json(nullptr) : json(q.i64(c)); };
    while (q.step()) {
        json affected = q.isNull(10) ? json::object() : json::parse(q.text(10), nullptr, false);
        json o = {{"kind", q.text(0)},
                  {"rank", optional(1)},
                  {"data_rank", q.isNull(1) ? json(nullptr) : json(q.i64(14))}, // the number `text` names
                  {"step", optional(2)},
                  {"subject", q.text(3)},
                  {"lost_ns", q.i64(4)},
                  {"waited_ns", q.i64(5)},
                  {"extra_ns", q.i64(6)},
                  {"start_ns", optional(7)},
                  {"end_ns", optional(8)},
                  {"span_id", optional(9)},
                  {"text", findingSentence(q, affected)},
                  {"run", optional(11)}};
        o["affected"] = affected;
        // `rank` is the culprit; a pipeline wait names none (the sender is not in the data): its row's rank
        // is only where one of the waits it tells lies, with its step and span (waiting_ranks has them all)
        if (o["kind"] == "pipeline_wait") {
            o["example_rank"] = o["rank"];
            o["rank"] = o["data_rank"] = nullptr;
        }
        f.push_back(o);
    }
    // the slow links are judged when read (the matrix's rule, commmatrix.h): merged in by extra time, after
    // the findings that cost the job time, before the placement findings
    for (auto& x : slowLinkFindings(db))
        f.push_back(std::move(x));
    std::stable_sort(f.begin(), f.end(), [](const json& a, const json& b) {
        const auto key = [](const json& x) {
            return std::make_pair(x["lost_ns"].get<int64_t>(), x["extra_ns"].get<int64_t>());
        };
        return key(a) > key(b);
    });
    return f;
}

std::optional<model::StepCause> stepCauseAt(const index::Stmt& q, int rank, int col, int lateDataCol) {
    auto kind = q.isNull(col + 1) ? std::nullopt : model::stepCauseKindFromSql(q.text(col + 1));
    if (!kind) return std::nullopt;
    model::StepCause c;
    c.kind = *kind;
    c.ns = q.i64(col + 2);
    c.collective = q.text(col + 3);
    if (!q.isNull(col)) c.lateRank = int(q.i64(col));
    if (!q.isNull(lateDataCol)) c.lateDataRank = int(q.i64(lateDataCol));
    c.rank = rank;
    return c;
}

namespace {
/// A folder of several runs: each run's counts beside it, and the folder's totals marked as the index's
/// record counts, not one job's (r49d #2: a demo run beside a Kineto copy read "6 steps", its 4 steps and
/// the other's 2 steps counted as one series, and 12 135 spans of two producers' kinds added).
void addRunCounts(index::Db& db, json& r) {
    if (r["runs"].size() < 2) return;
    for (auto& run : r["runs"])
        run["counts"] = runCounts(db, run);
    const std::string apart = "the index's records over the folder's " + std::to_string(r["runs"].size()) +
                              " runs, which are not one job's: each run's own are in runs[].counts";
    r["counts"]["over_runs"] = apart;
    r["steps"]["over_runs"] = "count: the distinct step numbers of every run together, no job's step count; "
                              "each run's own are in runs[].counts.steps";
}
} // namespace

json buildReport(index::Db& db, int top) {
    json r;
    r["profile"] = model::shownPath(db.scalarText("SELECT value FROM meta WHERE key = 'profile'"));
    r["ranks"] = rankList(db);
    r["runs"] = runsJson(db);
    r["steps"] = stepsSection(db);
    r["stragglers"] = stragglersSection(db);
    {
        const StragglerCheck check = stragglerCheck(db);
        r["straggler_check"] = {{"possible", check.possible}, {"why", check.why}};
    }
    {
        const BankCheck check = bankCheck(db);
        r["bank_check"] = {{"possible", check.possible}, {"why", check.why}};
    }
    r["outlier_steps"] = outlierStepsSection(db);
    r["comm_wait"] = commWaitSection(db, top);
    markUnknownWait(r);
    splitWaitByRun(r);
    r["memory"] = {{"per_rank", memoryPerRank(db, top)}, {"bank_anomalies", bankAnomalies(db)}};
    r["findings"] = findingsJson(db);
    r["producer_cluster_summary"] = producerClusterSummary(db); // the producer's figures beside ours
    // problems (warnings, errors) apart from notes (info: e.g. a flow end with no start), which are not
    // faults
    r["damaged_files"] = damagedFilesJson(db);
    r["diagnostics"] = {
        {"count", db.scalar("SELECT coalesce(sum(count),0) FROM diagnostic WHERE severity <> 'info'")},
        {"rows", db.scalar("SELECT count(*) FROM diagnostic WHERE severity <> 'info'")},
        {"notes", db.scalar("SELECT coalesce(sum(count),0) FROM diagnostic WHERE severity = 'info'")},
        {"note_rows", db.scalar("SELECT count(*) FROM diagnostic WHERE severity = 'info'")},
        {"stub_steps", stubStepsJson(db)},
        // the files discovery did not read, each a row of File ▸ Diagnostics and an `ignored` line of info
        // (r54c #3: the dialog counted them among its 92 notes where the report said 88)
        {"files_not_read", db.scalar("SELECT count(*) FROM meta WHERE key LIKE 'ignored:%'")}};
    // a step left out of the statistics is a note as `info` and the app list it (walk 28 #5: amd_trace's
    // report said "6 notes in 2 groups" and listed a seventh beneath, where `info` said 3 groups, 7)
    addStubStepNotes(r["diagnostics"]);
    r["counts"] = {
        {"spans", spanCount(db)},
        {"tracks", db.scalar("SELECT count(*) FROM track")},
        {"collectives", db.scalar("SELECT count(*) FROM collective")},
        {"tensors", db.scalar("SELECT count(*) FROM tensor t WHERE " + index::shownTensorSql("t"))}};
    if (r["counts"]["collectives"] == 0) // CPU collectives (gloo): what the timeline shows, not analysed
        if (auto calls = uncollectedCallsJson(db); !calls.is_null())
            r["counts"]["uncollected_communication_calls"] = std::move(calls);
    addRunCounts(db, r);
    orderByRunRank(r); // per-rank lists run by run, as the text reads them (not by key: keys mix runs)
    nameRunRanks(r);   // and each entry says its run and the number its files write, as the text names it
    // a cluster index (rankscope merge) holds the shards' summaries only: its events stay in the shards
    const std::string shards = db.scalarText("SELECT value FROM meta WHERE key = 'cluster_shards'");
    if (!shards.empty())
        r["cluster"] = {{"shards", std::stoll(shards)},
                        {"missing", db.scalarText("SELECT value FROM meta WHERE key = 'cluster_missing'")}};
    return r;
}

std::string blamedSharedText(const json& report, const std::function<std::string(double)>& ms) {
    std::string each;
    for (const auto& r : report["comm_wait"].value("by_rank", json::array()))
        if (const int64_t ns = r.value("blamed_shared_ns", int64_t(0)); ns > 0)
            each += (each.empty() ? "" : ", ") + rankName(report, r["rank"].get<int64_t>()) + " for " +
                    ms(double(ns));
    if (each.empty()) return {};
    return "Each instant of a wait is counted once, so a rank's \"waited for\" parts add up to its wait: "
           "while it waited for several ranks at once, for a named rank before one not known, and of named "
           "ranks for the lowest-numbered (waiting for several at once: " +
           each + ")";
}

namespace {
/// The runs whose wait is not known (runs[].wait_unknown, core/query/waitknowledge.h) and their distinct
/// reasons joined with "; ".
std::string unknownWaitRuns(const json& report, std::vector<int64_t>& unknownRuns) {
    std::vector<std::string> reasons;
    for (const auto& run : report["runs"]) {
        const std::string why = run.value("wait_unknown", std::string());
        if (why.empty()) continue;
        unknownRuns.push_back(run.value("run", int64_t(0)));
        if (std::find(reasons.begin(), reasons.end(), why) == reasons.end()) reasons.push_back(why);
    }
    std::string because;
    for (const auto& why : reasons)
        because += (because.empty() ? "" : "; ") + why;
    return because;
}

/// "not known in runs 0, 1 (because)" of the runs `unknownRuns` of several; "" when none.
std::string unknownRunsText(const std::vector<int64_t>& unknownRuns, const std::string& because) {
    if (unknownRuns.empty()) return {};
    std::string runs;
    for (int64_t run : unknownRuns)
        runs.append(runs.empty() ? "" : ", ").append(std::to_string(run));
    std::string t = "not known in ";
    return t.append(unknownRuns.size() == 1 ? "run " : "runs ")
        .append(runs)
        .append(" (")
        .append(because)
        .append(")");
}
} // namespace

void markUnknownWait(json& report) {
    std::vector<int64_t> unknownRuns;
    const std::string because = unknownWaitRuns(report, unknownRuns);
    json& cw = report["comm_wait"];
    // a 0 nothing measured is no figure (README: "not known", never "0 ns"); a run known beside runs not
    // known keeps its total, and the reason names the others as the text does (r52c: "" beside the hta
    // folder's five runs not known, whose by_run waits read null with nothing saying why)
    const bool none = !unknownRuns.empty() && unknownRuns.size() == report["runs"].size();
    if (none) cw["total_wait_ns"] = nullptr;
    cw["wait_unknown"] = none ? because : unknownRunsText(unknownRuns, because);
}

namespace {
/// The wait of `run`'s ranks by where it comes from (by_rank[].by_source added over the run's ranks, as a
/// one-run report's comm_wait.by_source): a folder's by_source added two jobs' waits (r52c).
json runWaitSources(const json& report, const json& run) {
    std::set<int64_t> keys;
    for (const auto& k : run["ranks"])
        keys.insert(k.get<int64_t>());
    json out = json::object();
    for (const auto& x : report["comm_wait"].value("by_rank", json::array())) {
        if (!keys.count(x["rank"].get<int64_t>())) continue;
        const json sources = x.value("by_source", json::object()); // named: items() keeps no copy
        for (const auto& [source, ns] : sources.items())
            out[source] = out.value(source, int64_t(0)) + ns.get<int64_t>();
    }
    return out;
}

/// `run`'s ranks' last_arrival_counts and last_arrivals into `e`, keyed by the number the files write (a
/// run's ranks' numbers are its own): the folder's are keyed by the index's keys (10001), which no file says.
void addRunLastArrivals(const json& report, const json& run, json& e) {
    const json& cw = report["comm_wait"];
    json counts = json::object(), arrivals = json::object();
    for (size_t i = 0; i < run["ranks"].size() && i < run["data_ranks"].size(); ++i) {
        const std::string key = std::to_string(run["ranks"][i].get<int64_t>());
        const std::string number = std::to_string(run["data_ranks"][i].get<int64_t>());
        if (cw.contains("last_arrival_counts") && cw["last_arrival_counts"].contains(key))
            counts[number] = cw["last_arrival_counts"][key];
        if (cw.contains("last_arrivals") && cw["last_arrivals"].contains(key))
            arrivals[number] = cw["last_arrivals"][key];
    }
    e["last_arrival_counts"] = std::move(counts);
    e["last_arrivals"] = std::move(arrivals);
}

/// One run's by_run entry: its ranks' waits added where each is known; where some rank's is not (a null
/// wait_ns in by_rank), the known ranks' total with how many ranks it covers and the others named (a run
/// of 8 with rank 3 unknown read null, where its 7 ranks' waits are measured: r51b #5). Null where the run's
/// wait is not known (runs[].wait_unknown) or no rank's is.
json runWaitEntry(const json& report, const json& run,
                  const std::map<int64_t, std::optional<int64_t>>& waitOf) {
    json e = {{"run", run["run"]},
              {"wait_ns", nullptr},
              {"wait_unknown", run.value("wait_unknown", std::string())},
              {"by_source", nullptr}};
    addRunLastArrivals(report, run, e);
    if (!run.value("wait_unknown", std::string()).empty()) return e; // a 0 nothing measured is no figure
    int64_t ns = 0, ranks = 0;
    std::vector<int64_t> unknown;
    for (const auto& k : run["ranks"]) {
        ++ranks;
        const auto it = waitOf.find(k.get<int64_t>());
        if (it == waitOf.end()) continue; // no wait recorded: waited 0
        if (it->second)
            ns += *it->second;
        else
            unknown.push_back(k.get<int64_t>());
    }
    if (int64_t(unknown.size()) == ranks && ranks > 0) return e;
    e["wait_ns"] = ns;
    e["by_source"] = runWaitSources(report, run);
    if (unknown.empty()) return e;
    std::string names;
    for (int64_t k : unknown)
        names.append(names.empty() ? "" : ", ").append(rankName(report, k));
    e["ranks_known"] = ranks - int64_t(unknown.size());
    e["ranks_of_run"] = ranks;
    e["ranks_not_known"] = unknown;
    std::string note = "of ";
    note.append(std::to_string(ranks - int64_t(unknown.size())))
        .append(" of ")
        .append(std::to_string(ranks))
        .append(" ranks; not known on ")
        .append(names);
    e["note"] = note;
    return e;
}
} // namespace

void splitWaitByRun(json& report) {
    json& cw = report["comm_wait"];
    cw.erase("by_run");
    cw.erase("total_note");
    if (report["runs"].size() < 2) return;
    std::map<int64_t, std::optional<int64_t>> waitOf; // rank key → its wait (nullopt: not known)
    for (const auto& x : cw.value("by_rank", json::array()))
        waitOf[x["rank"].get<int64_t>()] =
            x["wait_ns"].is_number() ? std::optional<int64_t>(x["wait_ns"].get<int64_t>()) : std::nullopt;
    json byRun = json::array();
    for (const auto& run : report["runs"])
        byRun.push_back(runWaitEntry(report, run, waitOf));
    cw["by_run"] = std::move(byRun);
    cw["total_wait_ns"] = nullptr;
    cw["by_source"] = nullptr;
    cw["total_note"] = "total_wait_ns and by_source not given: the folder holds " +
                       std::to_string(report["runs"].size()) +
                       " runs (different jobs), whose waits added mean nothing; by_run gives each run's";
}

json waitSourcesOf(const json& report) {
    const json& cw = report["comm_wait"];
    if (cw.contains("by_source") && cw["by_source"].is_object()) return cw["by_source"];
    json added = json::object();
    for (const auto& run : cw.value("by_run", json::array()))
        if (run.contains("by_source") && run["by_source"].is_object())
            for (const auto& [source, ns] : run["by_source"].items())
                added[source] = added.value(source, int64_t(0)) + ns.get<int64_t>();
    return added;
}

std::string waitByRunText(const json& report, const std::function<std::string(int64_t)>& format) {
    const json byRun = report["comm_wait"].value("by_run", json::array());
    if (std::none_of(byRun.begin(), byRun.end(), [](const json& x) { return x["wait_ns"].is_number(); }))
        return {}; // one run, or no run's wait known: the total's line says so
    std::string line;
    for (const auto& run : byRun) {
        line.append(line.empty() ? "" : ", ")
            .append("run ")
            .append(std::to_string(run["run"].get<int64_t>()))
            .append(" ")
            .append(run["wait_ns"].is_number() ? format(run["wait_ns"].get<int64_t>()) : "not known");
        if (run.contains("note")) line.append(" (").append(run["note"].get<std::string>()).append(")");
    }
    return "each run apart (different jobs: the total above is theirs added): " + line;
}

std::string totalWaitText(const json& report, const std::function<std::string(int64_t)>& format) {
    const json& cw = report["comm_wait"];
    const json& total = cw["total_wait_ns"];
    if (total.is_number()) return format(total.get<int64_t>());
    // several runs: the text gives the runs' waits added, and says so (formatCommWaitByRun)
    std::optional<int64_t> added;
    for (const auto& run : cw.value("by_run", json::array()))
        if (run["wait_ns"].is_number()) added = added.value_or(0) + run["wait_ns"].get<int64_t>();
    return added ? format(*added) : std::string();
}

std::string waitVsProducerText(const json& report) {
    bool producer =
        report.contains("producer_cluster_summary") && !report["producer_cluster_summary"].is_null();
    if (report.contains("steps") && report["steps"].contains("per_rank"))
        for (const auto& p : report["steps"]["per_rank"]) {
            const std::string src = p.value("wall_source", std::string());
            producer = producer || src.find("step_trace_time") != std::string::npos ||
                       src.find("StepTraceTime") != std::string::npos;
        }
    return producer ? std::string(model::kWaitIsNotCommNotOverlapped) : std::string();
}

std::string commWaitText(const json& report, const std::string& total) {
    // each run's reason comes from core/query/waitknowledge.h: a 0 nothing could measure is "not known"
    std::vector<int64_t> unknownRuns;
    const std::string because = unknownWaitRuns(report, unknownRuns);
    // every run a job of one rank: nobody to wait for, so no 0 that reads as measured
    const bool alone = std::all_of(report["runs"].begin(), report["runs"].end(), [](const json& run) {
        return run.value("world_size", json()).is_number() && run["world_size"].get<int64_t>() == 1;
    });
    if (unknownRuns.empty() && alone && !report["runs"].empty()) return model::kWaitAloneText;
    // the per-rank union of wait intervals, summed: read "in total", it passed for a sum of the waits (walk
    // 27: cluster_propose's 6.04 s, where the waits add up to 6.98 s with their overlaps counted twice)
    const std::string wall = total + " " + std::string(kCommWaitMeaning);
    // a run some of whose ranks' waits are not known adds its known ranks' (by_run[].note says which)
    std::string partial;
    for (const auto& run : report["comm_wait"].value("by_run", json::array()))
        if (run.contains("note"))
            partial.append(partial.empty() ? "" : "; ")
                .append("run ")
                .append(std::to_string(run["run"].get<int64_t>()))
                .append(" ")
                .append(run["note"].get<std::string>());
    std::string measured = wall;
    measured.append(", where it is measured");
    if (!partial.empty()) measured.append(" (").append(partial).append(")");
    if (unknownRuns.empty()) return partial.empty() ? wall : measured;
    if (unknownRuns.size() == report["runs"].size()) return "not known (" + because + ")";
    return measured.append("; ").append(unknownRunsText(unknownRuns, because));
}

} // namespace rs::query
