#include "core/query/runreport.h"

#include "core/index/showntensors.h"
#include "core/query/bankcheck.h"
#include "core/query/producersummary.h"
#include "core/query/report.h"
#include "core/query/reportranks.h"
#include "core/query/stragglercheck.h"
#include "core/query/uncollectedcalls.h"

#include <cstdint>
#include <set>
#include <string>

namespace rs::query {

using nlohmann::json;

namespace {

/// The counts {count, rows, notes, note_rows} of the diagnostics matching `where` (an SQL condition on `d`).
json diagnosticCounts(index::Db& db, const std::string& where) {
    auto of = [&](const char* what, const char* severity) {
        return db.scalar(std::string("SELECT ") + what + " FROM diagnostic d WHERE d.severity " + severity +
                         " AND " + where);
    };
    return {{"count", of("coalesce(sum(d.count),0)", "<> 'info'")},
            {"rows", of("count(*)", "<> 'info'")},
            {"notes", of("coalesce(sum(d.count),0)", "= 'info'")},
            {"note_rows", of("count(*)", "= 'info'")}};
}

/// The diagnostics' counts of one run: those of its ranks' files, as its damaged files are taken (walk 24
/// #6: run 1 of the hta folder said "34374 notes", the six runs' total, where its own files hold 20); those
/// of files of no known rank (a folder, an unread file) apart as `folder_wide`, counted under no run (walk:
/// profiler's run 0 said "84 notes", run 2 "86", the folder 86: its 84 folder notes under each run).
void narrowDiagnostics(index::Db& db, const std::string& in, int run, json& d) {
    // the folder's counts are kept beside them: the Details pane showed a run's "84 notes in 4 groups" where
    // the report and the Diagnostics dialog count the folder's 86 (walk 27 #4)
    d["folder"] = {{"count", d["count"]},
                   {"rows", d["rows"]},
                   {"notes", d["notes"]},
                   {"note_rows", d["note_rows"]},
                   {"files_not_read", d.value("files_not_read", int64_t(0))}};
    d.erase("files_not_read"); // the folder's: no file of a run is one discovery left unread
    // an analysis note is filed under "rank KEY" (clockcheck, memorysessions): its rank's run's alone (walk
    // 29: run 2's Details counted run 0's clock warning, "rank 0 (index key 10000)", as its own)
    // and one filed under "run N" (collectives.cpp: its collectives with ranks missing) is run N's (r55a:
    // the profiler folder's 80 such notes of run 0 were counted among the files of no run)
    std::string ofRun = "(CASE WHEN d.file GLOB 'rank [0-9]*' THEN CAST(substr(d.file, 6) AS INTEGER) IN (";
    ofRun.append(in)
        .append(") WHEN d.file GLOB 'run [0-9]*' THEN d.file = 'run ")
        .append(std::to_string(run))
        .append("' ELSE EXISTS (SELECT 1 FROM source_file f WHERE f.path = d.file AND f.rank IN (")
        .append(in)
        .append(")) END)");
    d["folder_wide"] = diagnosticCounts(
        db, "d.file NOT GLOB 'rank [0-9]*' AND d.file NOT GLOB 'run [0-9]*' AND NOT EXISTS (SELECT 1 FROM "
            "source_file f WHERE f.path = d.file AND f.rank IS NOT NULL)");
    // its groups too: the folder's group count beside the run's notes said "84 notes in 4 groups"
    const json own = diagnosticCounts(db, ofRun); // named: items() keeps no copy
    for (const auto& [key, n] : own.items())
        d[key] = n;
    addStubStepNotes(d); // the run's, kept by keepRanks before this
}

/// Keeps the elements of the array `a` whose "rank" is one of `ranks`.
void keepRanks(json& a, const std::set<int64_t>& ranks) {
    json kept = json::array();
    for (auto& x : a)
        if (x.contains("rank") && x["rank"].is_number_integer() && ranks.count(x["rank"].get<int64_t>()))
            kept.push_back(std::move(x));
    a = std::move(kept);
}

/// `SELECT count(...) FROM what WHERE <rank column> IN (ranks)`.
int64_t countIn(index::Db& db, const std::string& what, const std::string& rankColumn,
                const std::string& in) {
    return db.scalar("SELECT count(*) FROM " + what + " WHERE " + rankColumn + " IN (" + in + ")");
}

} // namespace

json runCounts(index::Db& db, const json& run) {
    std::string in;
    for (const auto& k : run["ranks"])
        in += (in.empty() ? "" : ",") + std::to_string(k.get<int64_t>());
    if (in.empty()) in = "NULL";
    const json steps = stepCounts(db, in);
    return {
        {"steps", steps["count"]},
        {"whole_trace_rows", steps["whole_trace_rows"]}, // ranks without step marks, said beside the steps
        {"spans", countIn(db, "span s JOIN track t ON t.track_id = s.track_id", "t.rank", in)},
        {"collectives", countIn(db, "collective", "rank", in)},
        {"tensors", db.scalar("SELECT count(*) FROM tensor t WHERE t.rank IN (" + in + ") AND " +
                              index::shownTensorSql("t"))}};
}

json runReport(index::Db& db, json r, int run) {
    if (r["runs"].size() < 2) return r;
    json shown;
    for (const auto& x : r["runs"])
        if (x["run"].get<int64_t>() == run) shown = x;
    if (shown.is_null()) return r;
    std::set<int64_t> ranks;
    std::string in;
    for (const auto& k : shown["ranks"]) {
        ranks.insert(k.get<int64_t>());
        in += (in.empty() ? "" : ",") + std::to_string(k.get<int64_t>());
    }
    r["shown_run"] = {{"run", run}, {"of", r["runs"].size()}};
    r["runs"] = json::array({shown});
    r["ranks"] = shown["ranks"];
    keepRanks(r["steps"]["per_rank"], ranks);
    // run 1's report named run 0's rank 10 under its Steps (walk 53b)
    keepRanks(r["steps"]["without_communication"], ranks);
    r["steps"].update(stepCounts(db, in));
    r["steps"].erase("over_runs"); // one run's now
    r["counts"].erase("over_runs");
    keepRanks(r["stragglers"], ranks);
    {
        const StragglerCheck check = stragglerCheck(db, run);
        r["straggler_check"] = {{"possible", check.possible}, {"why", check.why}};
    }
    { // of the run's ranks, as its bank anomalies below (another run's placed tensors say nothing of it)
        const BankCheck check = bankCheck(db, run);
        r["bank_check"] = {{"possible", check.possible}, {"why", check.why}};
    }
    keepRanks(r["outlier_steps"], ranks);
    r["producer_cluster_summary"] = producerSummaryOfRun(r["producer_cluster_summary"], run);
    json& cw = r["comm_wait"];
    keepRanks(cw["by_rank"], ranks);
    int64_t total = 0;
    json bySource = json::object();
    for (const auto& x : cw["by_rank"]) {
        total += x["wait_ns"].get<int64_t>();
        const json rankSources = x.value("by_source", json::object()); // named: items() keeps no copy
        for (const auto& [source, ns] : rankSources.items())
            bySource[source] = bySource.value(source, int64_t(0)) + ns.get<int64_t>();
    }
    cw["total_wait_ns"] = total;
    cw["by_source"] = bySource;
    cw.erase("by_run"); // one run's: its total is a figure again
    cw.erase("total_note");
    markUnknownWait(r); // of the run shown
    json last = json::object();
    for (auto& [k, v] : cw["last_arrival_counts"].items())
        if (ranks.count(std::stoll(k))) last[k] = v;
    cw["last_arrival_counts"] = last;
    json arrivals = json::object();
    for (auto& [k, v] : cw["last_arrivals"].items())
        if (ranks.count(std::stoll(k))) arrivals[k] = v;
    cw["last_arrivals"] = arrivals;
    keepRanks(cw["idle_gaps"], ranks);
    cw["collectives"] = countIn(db, "collective", "rank", in);
    keepRanks(r["memory"]["per_rank"], ranks);
    keepRanks(r["memory"]["bank_anomalies"], ranks);
    json findings = json::array();
    for (auto& f : r["findings"])
        if (f["run"].is_null() ? (f["rank"].is_null() || ranks.count(f["rank"].get<int64_t>()))
                               : f["run"].get<int64_t>() == run)
            findings.push_back(std::move(f));
    r["findings"] = std::move(findings);
    r["counts"]["spans"] = countIn(db, "span s JOIN track t ON t.track_id = s.track_id", "t.rank", in);
    r["counts"]["tracks"] = countIn(db, "track", "rank", in);
    r["counts"]["collectives"] = cw["collectives"];
    r["counts"].erase("uncollected_communication_calls");
    if (r["counts"]["collectives"] == 0)
        if (auto calls = uncollectedCallsJson(db, in); !calls.is_null())
            r["counts"]["uncollected_communication_calls"] = std::move(calls);
    r["counts"]["tensors"] = db.scalar("SELECT count(*) FROM tensor t WHERE t.rank IN (" + in + ") AND " +
                                       index::shownTensorSql("t"));
    // walk 23a: the whole hta folder's trace_filter run listed amd_trace's stub step as "rank 30000"
    keepRanks(r["diagnostics"]["stub_steps"], ranks);
    narrowDiagnostics(db, in, run, r["diagnostics"]);
    // the run's damaged files, as the Findings panel and the notes count them (timelinequery.cpp): a file
    // of no known rank is every run's (walk 23: Details counted the whole folder's)
    json damaged = json::array();
    for (auto& f : r["damaged_files"])
        if (!f["rank"].is_number_integer() || ranks.count(f["rank"].get<int64_t>())) damaged.push_back(f);
    r["damaged_files"] = std::move(damaged);
    renameRanks(r, dataRanksOf(db, ranks)); // after every rank filter above: they filter by key
    orderByRank(r); // by the numbers shown, not the keys (hta run 1: rank 1 is key 10001, rank 0 key 20000)
    return r;
}

} // namespace rs::query
