// `rankscope stats DIR (--range T0:T1 | --step S | --annotation ID) [--ranks 0,3-5] [--per-rank]
// [--kinds K,…] [--run N] [--top N] [--json]`: the statistics of an area (core/query/areastats.h) — the same
// figures as the app's Area statistics panel; --annotation: a box's or a range's time over exactly its lanes
// (core/query/annotationarea.h).
#include "app/cli/commands.h"

#include "app/cli/profileopener.h"
#include "app/cli/runranks.h"
#include "core/annotate/annotationset.h"
#include "core/index/defaultrun.h"
#include "core/model/durationparse.h"
#include "core/model/plural.h"
#include "core/model/shortkernelname.h"
#include "core/model/timetext.h"
#include "core/query/annotationarea.h"
#include "core/query/areastats.h"
#include "core/query/stepsapart.h"
#include "core/query/wholetracestep.h"

#include <algorithm>
#include <cstdio>
#include <map>

namespace rs::cli {

namespace {

// middle-elided: op names of one model differ at their end (walk 23a: sixteen rows read
// "Gradients/Default/network-Transformer..." when cut at the end); a kernel signature by its function's
// name (walk 24 #4: "void split_embeddi...float, float, long)")
std::string cut(const std::string& s, size_t n) {
    return model::shortKernelName(s, n);
}

std::string valueText(double v, bool bytes) {
    char b[40];
    if (bytes)
        std::snprintf(b, sizeof b, "%.3f GiB", v / double(int64_t(1) << 30));
    else
        std::snprintf(b, sizeof b, "%g", v);
    return b;
}

void printOps(const query::AreaStats& s, const std::map<int, int>& dataRank, size_t top) {
    std::printf("%-40s %-13s %5s %7s %10s %10s %10s %10s %10s %10s\n", "op", "kind", "rank", "count", "total",
                "self", "avg", "min", "max", "p95");
    for (size_t i = 0; i < s.rows.size() && i < top; ++i) {
        const auto& r = s.rows[i];
        const auto d = [](int64_t ns) { return model::formatDuration(ns); };
        const std::string rank =
            r.rank < 0 ? query::pooledRanksText(r, dataRank) : std::to_string(dataRank.at(r.rank));
        std::printf("%-40s %-13s %5s %7lld %10s %10s %10s %10s %10s %10s\n", cut(r.name, 40).c_str(),
                    r.kind.c_str(), rank.c_str(), static_cast<long long>(r.count), d(r.totalNs).c_str(),
                    d(r.selfNs).c_str(), d(int64_t(r.avgNs + 0.5)).c_str(), d(r.minNs).c_str(),
                    d(r.maxNs).c_str(), d(r.p95Ns).c_str());
    }
    if (s.rows.size() > top) std::printf("… %zu more (--top N, or --json for all)\n", s.rows.size() - top);
}

void printCounters(const query::AreaStats& s, const std::map<int, int>& dataRank) {
    if (s.counters.empty()) return;
    std::printf("\ncounters (first: the first sample at the area's start in file order, else the last before "
                "it; last: the last before its end; min, max: over the values in force in the area; 0 "
                "samples: every figure is the value held from before the area)\n");
    std::printf("%5s %-44s %14s %14s %14s %14s %8s\n", "rank", "lane", "first", "last", "min", "max",
                "samples");
    for (const auto& c : s.counters)
        std::printf("%5d %-44s %14s %14s %14s %14s %8lld\n", dataRank.at(c.rank), cut(c.name, 44).c_str(),
                    c.first ? valueText(*c.first, c.bytes).c_str() : "-", valueText(c.last, c.bytes).c_str(),
                    valueText(c.min, c.bytes).c_str(), valueText(c.max, c.bytes).c_str(),
                    static_cast<long long>(c.samples));
}

void printText(const query::AreaStats& s, const RunRanks& run, int runId, const std::string& area,
               size_t top) {
    std::string ranks;
    for (const auto& w : s.windows)
        ranks.append(ranks.empty() ? "" : ",").append(std::to_string(run.dataRank.at(w.rank)));
    std::printf("area: run %d, %s, %s %s\n", runId, area.c_str(), s.windows.size() == 1 ? "rank" : "ranks",
                ranks.c_str());
    std::printf("%s on %s; times are the part inside the area; p95 by nearest rank\n\n",
                model::counted(s.spans, "span", "spans").c_str(),
                model::counted(s.lanes, "lane", "lanes").c_str());
    if (s.rows.empty())
        std::printf("no span in this area\n");
    else
        printOps(s, run.dataRank, top);
    printCounters(s, run.dataRank);
    for (const auto& n : s.notes)
        std::printf("note: %s\n", n.c_str());
}

/// A step area's name: a rank's whole trace is no step (query/wholetracestep.h); "step 0" of run_2, whose
/// only rank has no step marks, read as a step the report does not count (walk 30). Whole traces beside
/// marked steps are left out of the area before (takeWholeTracesBesideSteps).
std::string stepAreaText(const query::ProfileSummary& s, const std::vector<query::AreaWindow>& windows,
                         int64_t step) {
    if (!windows.empty() &&
        std::all_of(windows.begin(), windows.end(), [](const auto& w) { return w.wholeTrace; })) {
        std::vector<int> ranks; // whose: beside ranks marking other steps it named nobody (r48d)
        for (const auto& w : windows)
            ranks.push_back(w.rank);
        return query::wholeTraceText(s, ranks, step);
    }
    return "step " + std::to_string(step) + " (each rank's own extent)";
}

/// --kinds K,… into `q`; a usage error's text, else empty.
std::string takeKinds(const Args& a, query::AreaQuery& q) {
    auto k = a.value("kinds");
    if (!k) return {};
    q.kinds.clear();
    for (size_t at = 0; at <= k->size();) {
        const size_t comma = std::min(k->find(',', at), k->size());
        q.kinds.insert(k->substr(at, comma - at));
        at = comma + 1;
    }
    for (const auto& kind : q.kinds)
        if (!query::AreaQuery::defaultKinds().count(kind) && kind != "overlap")
            return "--kinds takes compute, runtime, communication, host, other, overlap, counter, memory "
                   "(got '" +
                   kind + "')";
    return {};
}

/// The area of annotation `id` (its time, its ranks, exactly its lanes) into `q`; false with `error` set.
bool annotationQuery(const std::string& dbPath, query::LaneReader& lanes, const RunRanks& run, int runId,
                     const std::string& id, query::AreaQuery& q, std::string& area, std::string& error) {
    annotate::AnnotationSet set;
    if (!set.load(annotate::annotationsPath(dbPath), error)) return false;
    const annotate::Annotation* a = set.find(id);
    if (!a) {
        error = "no annotation " + id + " (rankscope annotate DIR list names them)";
        return false;
    }
    if (a->anchor.run != runId) {
        error = "annotation " + id + " is on run " + std::to_string(a->anchor.run) + " (--run " +
                std::to_string(a->anchor.run) + ")";
        return false;
    }
    auto asked = query::annotationArea(*a, *lanes.summary(runId), error);
    if (!asked) return false;
    asked->perRank = q.perRank;
    q = std::move(*asked);
    area = annotate::kindName(a->kind) + " " + id + " \"" + a->text + "\", +" +
           model::formatDuration(a->anchor.t0Ns - run.startNs) + " .. +" +
           model::formatDuration(a->anchor.t1Ns - run.startNs) + " from the run's start (" +
           model::formatDuration(a->anchor.t1Ns - a->anchor.t0Ns) + ")" +
           (q.trackIds.empty() ? ", every lane of its ranks" : ", exactly its lanes");
    return true;
}

} // namespace

int runStats(const ArgList& argv) {
    auto vo = indexValueOptions();
    vo.insert({"range", "step", "ranks", "kinds", "run", "top", "annotation"});
    Args a(argv, vo, indexFlags({"json", "quiet", "per-rank"}), {"ranks", "kinds"});
    if (!a.ok()) return usageError("stats", a.error());
    if (a.positional().size() != 1) return usageError("stats", "stats needs exactly one profile DIR");
    const auto range = a.value("range");
    const bool byStep = a.value("step").has_value();
    const auto annotation = a.value("annotation");
    if (int(range.has_value()) + int(byStep) + int(annotation.has_value()) != 1)
        return usageError("stats", "stats needs one of --range T0:T1, --step S or --annotation ID");
    if (annotation && (a.value("ranks") || a.value("kinds")))
        return usageError("stats", "--annotation has its own ranks and lanes (no --ranks or --kinds)");
    std::optional<std::pair<int64_t, int64_t>> offsets;
    if (range && !(offsets = model::parseTimeRange(*range)))
        return usageError("stats", "--range needs T0:T1 with units from the run's start, e.g. 320ms:345ms");
    if (offsets && offsets->second <= offsets->first)
        return usageError("stats", "--range T0:T1 needs T1 after T0");
    const int64_t step = a.intValue("step", 0, 0, int64_t(1) << 40);
    const size_t top = size_t(a.intValue("top", 30, 1, 100000000));
    std::vector<int> asked;
    if (auto s = a.value("ranks"); s && !parseRankList(*s, asked))
        return usageError("stats", "--ranks must be a list like 0,3-5");
    query::AreaQuery q;
    q.perRank = a.flag("per-rank");
    if (std::string why = takeKinds(a, q); !why.empty()) return usageError("stats", why);
    if (!a.ok()) return usageError("stats", a.error());
    pipeline::BuildOptions opts;
    std::string error;
    if (!indexOptionsFrom(a, a.positional()[0], opts, error)) return usageError("stats", error);
    auto res = openProfile(a.positional()[0], opts, a.flag("quiet") || a.flag("json"));
    if (!res.ok) return 1;
    index::Db db(res.dbPath, true);
    const int runId = a.value("run") ? int(a.intValue("run", 0, 0, 1 << 30)) : index::defaultRunId(db);
    const RunRanks run = runRanks(db, runId);
    if (run.keys.empty()) {
        std::fprintf(stderr, "rankscope stats: run %d has no rank in this profile\n", runId);
        return 1;
    }
    std::vector<int> keys;
    if (asked.empty())
        keys = run.keys;
    else if (!chooseRanks(run, asked, keys, error))
        return usageError("stats", error + " (rankscope info lists the runs and their ranks)");
    std::string area;
    std::vector<int> wholeTraces; // keys whose whole trace is left out beside ranks marking the step
    query::LaneReader lanes(db, res.dbPath);
    if (annotation) {
        if (!annotationQuery(res.dbPath, lanes, run, runId, *annotation, q, area, error)) {
            std::fprintf(stderr, "rankscope stats: %s\n", error.c_str());
            return 1;
        }
    } else if (byStep) {
        q.step = step;
        q.stepRanks = keys;
        // beside ranks that mark the step, a rank's whole trace (the index's step 0) is left out, and said
        // with the ranks lacking the step, in export's words (lackingStepText)
        wholeTraces = query::takeWholeTracesBesideSteps(*lanes.summary(runId), step, q.stepRanks);
    } else {
        q.windows = query::rangeWindows(keys, run.startNs + offsets->first, run.startNs + offsets->second);
        area = "+" + model::formatDuration(offsets->first) + " .. +" +
               model::formatDuration(offsets->second) + " from the run's start (" +
               model::formatDuration(offsets->second - offsets->first) + ")";
    }
    auto stats = query::computeAreaStats(lanes, q);
    if (byStep) {
        query::markWholeTraces(*lanes.summary(runId), step, stats.windows);
        area = stepAreaText(*lanes.summary(runId), stats.windows, step);
    }
    // which ranks lack the step and why (a step list kept apart on another clock, no step marks), in the
    // words the app's Area statistics and `export --step` use
    std::vector<int> lacking = wholeTraces;
    lacking.insert(lacking.end(), stats.ranksWithoutStep.begin(), stats.ranksWithoutStep.end());
    const std::string why = query::lackingStepText(*lanes.summary(runId), lacking, step);
    if (byStep && stats.windows.empty()) {
        std::fprintf(stderr, "rankscope stats: %s\n", query::noStepText(step, why).c_str());
        return 1;
    }
    if (!why.empty()) std::fprintf(stderr, "rankscope stats: %s\n", why.c_str());
    if (a.flag("json"))
        std::printf("%s\n", query::areaStatsJson(stats, run.dataRank).c_str());
    else
        printText(stats, run, runId, area, top);
    return 0;
}

} // namespace rs::cli
