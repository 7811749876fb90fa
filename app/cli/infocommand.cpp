#include "app/cli/commands.h"

#include "app/cli/profileopener.h"
#include "core/index/indexcounts.h"
#include "core/index/sqlite.h"
#include "core/model/plural.h"
#include "core/query/clustercounts.h"
#include "core/query/collidedranknames.h"
#include "core/query/presentedranks.h"
#include "core/query/ranknumberorder.h"
#include "core/query/report.h"
#include "core/query/spancount.h"
#include "core/query/stubsteps.h"

#include <cstdio>
#include <map>
#include <nlohmann/json.hpp>
#include <set>

namespace rs::cli {

using nlohmann::json;

namespace {

/// Every rank with what the files say about it (its labels): run by run, each run's ranks by their numbers
/// as the report lists them (walk 24 #2: key order read "rank 1 … run 1" before "rank 0 … run 1").
json ranksJson(index::Db& db) {
    json ranks = json::array();
    auto r = db.prepare(
        "SELECT rank, device_id, host, source, clock_offset_ns, run_id, coalesce(data_rank, rank), "
        "world_size FROM rank_info ORDER BY run_id, " +
        std::string(query::kRankNumberOrder));
    while (r.step())
        ranks.push_back({{"rank", r.i64(0)},
                         {"device_id", r.isNull(1) ? json(nullptr) : json(r.i64(1))},
                         {"host", r.text(2)},
                         {"source", r.text(3)},
                         {"clock_offset_ns", r.i64(4)},
                         {"run", r.isNull(5) ? json(nullptr) : json(r.i64(5))},
                         {"data_rank", r.i64(6)},
                         {"world_size", r.isNull(7) ? json(nullptr) : json(r.i64(7))}});
    {
        std::map<int64_t, json> labelsOf;
        auto l = db.prepare("SELECT rank, key, value FROM label ORDER BY rank, key");
        while (l.step())
            labelsOf[l.i64(0)][l.text(1)] = l.text(2);
        for (auto& x : ranks) {
            auto it = labelsOf.find(x["rank"].get<int64_t>());
            x["labels"] = it == labelsOf.end() ? json::object() : it->second;
        }
    }
    return ranks;
}

/// Input files by format: how many, their bytes and records.
json filesJson(index::Db& db) {
    json files = json::object();
    auto f = db.prepare("SELECT format, count(*), sum(size_bytes), sum(records) FROM source_file GROUP BY "
                        "format ORDER BY format");
    while (f.step())
        files[f.text(0)] = {{"files", f.i64(1)}, {"bytes", f.i64(2)}, {"records", f.i64(3)}};
    return files;
}

json diagnosticsJson(index::Db& db) {
    json diags = json::array();
    const auto names = query::collidedRankNames(db);
    auto named = [&](const std::string& text) { return query::withRankNames(text, names); };
    auto d = db.prepare(
        "SELECT file, severity, what, count, first_offset, excerpt FROM diagnostic ORDER BY severity, file");
    while (d.step())
        diags.push_back({{"file", named(d.text(0))},
                         {"severity", d.text(1)},
                         {"what", named(d.text(2))},
                         {"count", d.i64(3)},
                         {"first_offset", d.i64(4)},
                         {"excerpt", named(d.text(5))}});
    // steps the statistics leave out, with why: found when read, not stored (stubsteps.h)
    for (const auto& note : query::stubStepNotes(db))
        diags.push_back({{"file", ""},
                         {"severity", "info"},
                         {"what", note},
                         {"count", 1},
                         {"first_offset", -1},
                         {"excerpt", ""}});
    return diags;
}

/// The index's summary: what `info --json` prints.
json infoJson(index::Db& db, const std::string& dbPath) {
    json j;
    j["index"] = dbPath;
    j["schema_version"] = db.scalarText("SELECT value FROM meta WHERE key='schema_version'");
    j["ranks"] = ranksJson(db);
    j["runs"] = query::runsJson(db);
    j["files"] = filesJson(db);
    // kept by the build (a recount where they are not: a cluster index), so a reopen scans no span table;
    // the steps from the small step table, counted as the report counts them
    // a cluster index: the shards' (walk 22b read "spans 0 … tracks 0" and "0 .. 0 ns" for one)
    const auto cluster = query::clusterCounts(db, dbPath);
    const auto counts = cluster ? cluster->counts : index::IndexCounts::of(db);
    const json steps = query::stepCounts(db);
    j["counts"] = {{"spans", cluster ? cluster->spans : query::spanCount(db)},
                   {"tracks", counts.tracks},
                   // step numbers of ranks with step marks (not rank × step rows: "steps" below tells the
                   // two apart)
                   {"steps", steps["count"]},
                   {"collectives", counts.collectives},
                   {"tensors", counts.tensors},
                   {"memory_samples", counts.memorySamples},
                   {"counters", counts.counters}};
    j["steps"] = steps;
    j["time_range_ns"] = {counts.spanStartNs, counts.spanEndNs};
    if (cluster) j["shards_not_counted"] = cluster->unread;
    j["diagnostics"] = diagnosticsJson(db);
    json ignored = json::array();
    auto ig = db.prepare("SELECT substr(key, 9) FROM meta WHERE key LIKE 'ignored:%'");
    while (ig.step())
        ignored.push_back(ig.text(0));
    j["ignored"] = ignored;
    return j;
}

void printRuns(const json& j) {
    std::printf("runs:   %zu%s\n", j["runs"].size(),
                j["runs"].size() > 1 ? " (different jobs or sessions: nothing is compared across them)" : "");
    for (auto& run : j["runs"]) {
        const std::string folder = run.value("folder", std::string());
        std::printf("  run %lld  %s%s  %s", (long long)run["run"].get<int64_t>(),
                    run["source"].get<std::string>().c_str(), folder.empty() ? "" : (" in " + folder).c_str(),
                    model::counted(int64_t(run["ranks"].size()), "rank", "ranks").c_str());
        if (!run["world_size"].is_null())
            std::printf(" of %lld", (long long)run["world_size"].get<int64_t>());
        if (!run["start_ns"].is_null())
            std::printf("  %lld .. %lld ns", (long long)run["start_ns"].get<int64_t>(),
                        (long long)run["end_ns"].get<int64_t>());
        if (!run["note"].get<std::string>().empty())
            std::printf("  (%s)", run["note"].get<std::string>().c_str());
        std::printf("\n");
        std::string labels;
        for (auto& [k, v] : run["labels"].items())
            labels += (labels.empty() ? "" : " · ") + k + " " + v.get<std::string>();
        if (!labels.empty()) std::printf("         %s\n", labels.c_str());
    }
}

void printInfo(const json& j) {
    std::printf("index:  %s\n", j["index"].get<std::string>().c_str());
    printRuns(j);
    std::printf("ranks:  %zu\n", j["ranks"].size());
    for (auto& x : j["ranks"]) {
        // the number its files write, as the report and the lanes name it; the index key only where it
        // differs
        std::printf("  rank %lld  device %s  %s  %s", (long long)x["data_rank"].get<int64_t>(),
                    x["device_id"].is_null() ? "-" : std::to_string(x["device_id"].get<int64_t>()).c_str(),
                    x["host"].get<std::string>().c_str(), x["source"].get<std::string>().c_str());
        if (!x["run"].is_null()) std::printf("  run %lld", (long long)x["run"].get<int64_t>());
        if (x["data_rank"].get<int64_t>() != x["rank"].get<int64_t>())
            std::printf("  (index key %lld: another run has a rank %lld too)",
                        (long long)x["rank"].get<int64_t>(), (long long)x["data_rank"].get<int64_t>());
        std::printf("\n");
    }
    std::printf("files:\n");
    for (auto& [k, v] : j["files"].items())
        std::printf("  %-28s %4lld files  %12lld bytes  %10lld records\n", k.c_str(),
                    (long long)v["files"].get<int64_t>(), (long long)v["bytes"].get<int64_t>(),
                    (long long)v["records"].get<int64_t>());
    std::printf("counts:");
    for (auto& [k, v] : j["counts"].items())
        std::printf("  %s %lld", k.c_str(), (long long)v.get<int64_t>());
    if (j.contains("shards_not_counted"))
        for (auto& why : j["shards_not_counted"])
            std::printf("\n        not counted: %s", why.get<std::string>().c_str());
    // the steps view (and the app's Steps table) lists a row per rank and step: said beside the count
    const json& st = j["steps"];
    std::printf("\nsteps:  %s; the steps view has %s, one per rank and step",
                query::stepCountText(st).c_str(),
                model::counted(st["rows"].get<int64_t>(), "row", "rows").c_str());
    if (st["whole_trace_rows"].get<int64_t>() > 0)
        std::printf(" (%lld of them a rank's whole trace, step 0)",
                    (long long)st["whole_trace_rows"].get<int64_t>());
    if (j["runs"].size() > 1) { // runs on other clocks or days: one extent over them all means nothing
        std::printf("\ntime:   per run (above)\n");
    } else if (!j["time_range_ns"][0].is_null()) {
        int64_t t0 = j["time_range_ns"][0].get<int64_t>(), t1 = j["time_range_ns"][1].get<int64_t>();
        std::printf("\ntime:   %lld .. %lld ns (%.3f s)\n", (long long)t0, (long long)t1,
                    double(t1 - t0) / 1e9);
    } else {
        std::printf("\ntime:   no timed events\n");
    }
    // problems and notes apart, each in groups (rows below) and occurrences, and the files not read, in the
    // words of the report and File ▸ Diagnostics (r54c #3: "7 groups, 89 occurrences" here beside the
    // report's "1 record problem in 1 group; 88 notes in 6 groups" and the dialog's 92 notes: its 4 were
    // the files not read, listed as "ignored" here)
    json counts = {{"count", 0}, {"rows", 0}, {"notes", 0}, {"note_rows", 0}};
    for (auto& x : j["diagnostics"]) {
        const bool note = x["severity"].get<std::string>() == "info";
        counts[note ? "notes" : "count"] =
            counts[note ? "notes" : "count"].get<int64_t>() + x["count"].get<int64_t>();
        counts[note ? "note_rows" : "rows"] = counts[note ? "note_rows" : "rows"].get<int64_t>() + 1;
    }
    counts["files_not_read"] = j["ignored"].size();
    std::printf("diagnostics: %s%s\n", query::diagnosticsCountText(counts).c_str(),
                j["ignored"].empty() ? "" : " (the files not read are the \"ignored\" lines below)");
    for (auto& x : j["diagnostics"]) {
        // a byte offset (JSON) or a line (CSV, said in `what`); -1: not at one place (a table, a whole file)
        int64_t at = x["first_offset"].get<int64_t>();
        std::string where = at >= 0 ? ", first at " + std::to_string(at) : "";
        // a note of no file (a stub step) or no excerpt leaves no empty ": " or trailing blank behind
        const std::string file = x["file"].get<std::string>(), excerpt = x["excerpt"].get<std::string>();
        std::printf("  [%s] %s%s (x%lld%s)%s%s\n", x["severity"].get<std::string>().c_str(),
                    file.empty() ? "" : (file + ": ").c_str(), x["what"].get<std::string>().c_str(),
                    (long long)x["count"].get<int64_t>(), where.c_str(), excerpt.empty() ? "" : " ",
                    excerpt.c_str());
    }
    for (auto& x : j["ignored"])
        std::printf("ignored: %s\n", x.get<std::string>().c_str());
}

} // namespace

int runInfo(const ArgList& argv) {
    Args a(argv, indexValueOptions(), indexFlags({"json", "quiet"}));
    if (!a.ok()) return usageError("info", a.error());
    if (a.positional().size() != 1) return usageError("info", "info needs exactly one profile DIR");
    pipeline::BuildOptions opts;
    std::string error;
    if (!indexOptionsFrom(a, a.positional()[0], opts, error)) return usageError("info", error);
    auto res = openProfile(a.positional()[0], opts, a.flag("quiet") || a.flag("json"));
    if (!res.ok) return 1;
    index::Db db(res.dbPath, true);
    json j = infoJson(db, res.dbPath);
    if (a.flag("json")) {
        // a folder of runs: every rank by its number and run, not the index's key (presentedranks.h)
        query::presentRunRanks(j, query::runRankOfKeys(j["runs"]));
        std::printf("%s\n", j.dump(2, ' ', false, nlohmann::json::error_handler_t::replace).c_str());
    } else
        printInfo(j);
    return 0;
}

} // namespace rs::cli
