#include "core/query/report.h"

#include "core/index/showntensors.h"
#include "core/model/findingtext.h"
#include "core/model/intervals.h"
#include "core/model/pathtext.h"
#include "core/model/plural.h"
#include "core/model/sourcerows.h"
#include "core/model/stragglerrule.h"
#include "core/model/timetext.h"
#include "core/model/typicalstep.h"
#include "core/model/waitalonetext.h"
#include "core/model/waitkind.h"
#include "core/query/absentwaits.h"
#include "core/query/bankcheck.h"
#include "core/query/damagedinput.h"
#include "core/query/lastarrivals.h"
#include "core/query/memorysources.h"
#include "core/query/nofindings.h"
#include "core/query/producersummary.h"
#include "core/query/ranknumberorder.h"
#include "core/query/ranksmedian.h"
#include "core/query/reportoutliers.h"
#include "core/query/reportranks.h"
#include "core/query/reportsummary.h"
#include "core/query/runfolders.h"
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

using nlohmann::json;

namespace {

std::string ms(double ns) {
    return model::formatDuration(int64_t(ns));
}

/// The runs of a folder that holds several, incomplete runs, and what the files say about each.
void formatRuns(std::ostringstream& o, const json& r) {
    if (r["runs"].size() > 1) {
        o << "This folder holds " << r["runs"].size()
          << " runs (nothing is matched or compared across them):\n";
        for (auto& run : r["runs"]) {
            o << "  run " << run["run"].get<int64_t>() << ": " << run["source"].get<std::string>();
            if (const std::string folder = run.value("folder", std::string()); !folder.empty())
                o << " in " << folder;
            o << ", ranks";
            if (summarisesRanks(run["data_ranks"].size()))
                o << " " << rankRanges(run["data_ranks"].get<std::vector<int64_t>>());
            else
                for (auto& x : run["data_ranks"])
                    o << " " << x.get<int64_t>();
            if (!run["world_size"].is_null()) o << " (world size " << run["world_size"].get<int64_t>() << ")";
            if (const json& c = run.value("counts", json()); c.is_object())
                o << ": "
                  << stepCountText({{"count", c["steps"]},
                                    {"whole_trace_rows", c.value("whole_trace_rows", int64_t(0))}})
                  << ", " << model::counted(c["spans"].get<int64_t>(), "span", "spans") << ", "
                  << model::counted(c["collectives"].get<int64_t>(), "collective", "collectives") << ", "
                  << model::counted(c["tensors"].get<int64_t>(), "tensor", "tensors");
            o << "\n";
        }
    }
    for (auto& run : r["runs"])
        if (!run["complete"].get<bool>())
            o << "Run " << run["run"].get<int64_t>() << ": " << run["note"].get<std::string>() << "\n";
    for (auto& run : r["runs"])
        for (auto& x : run.value("assigned_ranks", json::array()))
            o << "Run " << run["run"].get<int64_t>() << ": rank " << x.get<int64_t>()
              << " numbered by Rankscope (its files name no rank)\n";
    for (auto& run : r["runs"]) {
        if (run["labels"].empty()) continue;
        std::string line;
        for (auto& [k, v] : run["labels"].items())
            line += (line.empty() ? "" : " · ") + k + " " + v.get<std::string>();
        o << "Run " << run["run"].get<int64_t>() << ": " << line << "\n";
    }
}

/// Many ranks' outlier steps, one line per step: how many ranks, the wall time's range, the typical step;
/// the longest first, at most kMostOutliersListed lines.
void formatOutlierStepsByStep(std::ostringstream& o, const json& r) {
    const auto groups = outlierStepsByStep(r);
    for (size_t i = 0; i < groups.size(); ++i) {
        if (i == kMostOutliersListed) {
            o << "  … and " << (groups.size() - i) << " more steps (--json lists them)\n";
            break;
        }
        const auto& g = groups[i];
        o << "  step " << outlierStepGroupLabel(g) << " on "
          << model::counted(int64_t(g.ranks.size()), "rank", "ranks") << " (" << rankRanges(g.ranks)
          << "): " << wallRangeText(g) << " (typical " << ms(double(g.typicalNs)) << ")\n";
    }
}

/// The outlier steps, a line each with why, as the HTML report's table (by step when the ranks are
/// summarised).
void formatLongSteps(std::ostringstream& o, const json& r) {
    if (summarisesRanks(r["ranks"].size())) return formatOutlierStepsByStep(o, r);
    for (auto& x : r["outlier_steps"]) {
        const std::string why = x.value("cause", std::string());
        o << "  " << rankName(r, x["rank"].get<int64_t>()) << " step " << outlierStepLabel(x) << ": "
          << model::formatDuration(x["wall_ns"].get<int64_t>()) << " (typical "
          << model::formatDuration(x["typical_ns"].get<int64_t>()) << ")" << (why.empty() ? "" : ": " + why)
          << "\n";
    }
}

/// The headline's first word when files were not read in full: every claim below is about what was read
/// (walk17b #1a: "No problems found" beside a .db that was not read).
void formatDamagedFiles(std::ostringstream& o, const json& r) {
    const json& d = r.value("damaged_files", json::array());
    if (d.empty()) return;
    o << "Not read in full: " << model::counted(int64_t(d.size()), "source file", "source files")
      << "; what follows is only what could be read:\n";
    for (const auto& f : d)
        o << "  " << f.value("text", std::string()) << "\n";
}

/// "no bank anomalies" where banks were checked, else "banks not checked (why)" (core/query/bankcheck.h).
std::string banksText(const json& r) {
    const json& check = r.value("bank_check", json::object());
    return check.value("possible", true) ? "no bank anomalies"
                                         : "banks not checked (" + check.value("why", "") + ")";
}

void formatFindings(std::ostringstream& o, const json& r, int top) {
    const json& f = r["findings"];
    if (f.empty()) {
        // the words of an empty list are nofindings.h's, as the HTML report's and the Findings panel's
        const NoFindingsFacts facts = noFindingsFacts(r);
        const NoFindingsWording none = noFindingsWording(facts);
        // long steps that cost the job nothing (they ended with the other ranks') are listed below, not
        // denied here
        const size_t longSteps = r["outlier_steps"].size();
        const std::string steps = longSteps
                                      ? ", no outlier step that cost the job time (the " +
                                            model::counted(int64_t(longSteps), "long step", "long steps") +
                                            " below ended with the other ranks' steps)"
                                      : ", no outlier steps";
        // "no stragglers" only where one could have been named (core/query/stragglercheck.h)
        const json& check = r.value("straggler_check", json::object());
        const std::string stragglers = check.value("possible", true)
                                           ? "no stragglers"
                                           : "no straggler can be named (" + check.value("why", "") + ")";
        if (facts.damagedFiles > 0)
            o << none.headline << ": " << none.reason
              << " (above): nothing can be found in what was not read.\n";
        else
            o << none.headline << ": " << stragglers << steps << ", " << banksText(r)
              << (none.reason.empty() ? "" : "; " + none.reason) << ".\n";
        formatLongSteps(o, r);
    } else {
        o << "Findings, by time lost:\n";
        int n = 0;
        for (auto& x : f) {
            if (n++ >= top) {
                o << "  … " << (f.size() - size_t(top)) << " more (use --top or --json)\n";
                break;
            }
            o << "  " << n << ". [" << x["kind"].get<std::string>() << "] ";
            if (r["runs"].size() > 1 && !x["run"].is_null()) o << "run " << x["run"].get<int64_t>() << ": ";
            o << x["text"].get<std::string>();
            if (x["lost_ns"].get<int64_t>() > 0)
                o << (x["kind"] == "pipeline_wait" ? "  (wall time waiting " : "  (job lost ")
                  << ms(double(x["lost_ns"].get<int64_t>())) << ")";
            o << "\n";
        }
        // long steps no finding tells (they only began earlier) are still listed, never silently dropped
        if (!outlierStepsTold(r) && !r["outlier_steps"].empty()) {
            o << "No outlier step cost the job time (the "
              << model::counted(int64_t(r["outlier_steps"].size()), "long step", "long steps")
              << " below ended with the other ranks' steps):\n";
            formatLongSteps(o, r);
        }
        // a list without a bank anomaly does not say none was looked for where none could be
        if (const json& check = r.value("bank_check", json::object()); !check.value("possible", true))
            o << "Banks not checked: " << check.value("why", "") << ".\n";
    }
}

/// Each incomplete run's ranks that waited for members who may be absent (core/query/absentwaits.h).
void formatAbsentWaits(std::ostringstream& o, const json& r) {
    for (const auto& run : r["runs"]) {
        std::string line = absentWaitsText(run.value("absent_member_waits", json::array()),
                                           [&r](int64_t key) { return rankName(r, key); });
        if (line.empty()) continue;
        if (r["runs"].size() > 1)
            line = "Run " + std::to_string(run["run"].get<int64_t>()) + ": " + line;
        else
            line[0] = char(std::toupper(static_cast<unsigned char>(line[0])));
        o << line << ".\n";
    }
}

/// Shipped walls the events cover clearly less of, one line each (the first few): never silently another
/// number.
void formatPartialSteps(std::ostringstream& o, const json& r) {
    constexpr int kShown = 5;
    int n = 0;
    for (const auto& p : r["steps"]["per_rank"])
        for (const auto& x : p.value("partial_steps", json::array()))
            if (n++ < kShown)
                o << "\n  " << p.value("wall_source", std::string()) << " "
                  << rankName(r, p["rank"].get<int64_t>()) << " step " << x["step"].get<int64_t>() << ": "
                  << x["text"].get<std::string>();
    if (n > kShown) o << "\n  … " << (n - kShown) << " more such steps (--json lists them)";
}

/// The steps a rank's median and p95 are over: its steps but the warm-up (core/model/warmupsteps.h).
int64_t steadySteps(const json& p) {
    return p.value("steps", int64_t(0)) - p.value("warmup_steps", int64_t(0));
}

/// Whether every rank listed has its median / p95 over the same number of steps: the heading may then say
/// it once; else each rank says its own (profiler: "each rank's 40 steps" was one rank's count of four).
bool sharedStepCount(const json& r) {
    std::set<int64_t> counts;
    for (const auto& p : r["steps"]["per_rank"]) {
        if (p.value("whole_trace", false) || p.contains("walls_ns")) return false;
        counts.insert(steadySteps(p));
    }
    return counts.size() == 1;
}

/// Which steps the per-rank median and p95 are over: " of each rank's 19 steady steps (the warm-up left
/// out)" (the count where every rank summarised has the same), in compare's words for the same figure
/// (walk 30); "" where no rank is summarised (whole traces, or under three steps: the steps are listed).
std::string stepStatisticsOver(const json& r) {
    std::set<int64_t> counts;
    for (const auto& p : r["steps"]["per_rank"])
        if (!p.value("whole_trace", false) && !p.contains("walls_ns")) counts.insert(steadySteps(p));
    if (counts.empty()) return {};
    return sharedStepCount(r)
               ? " of each rank's " + model::counted(*counts.begin(), "steady step", "steady steps") +
                     " (the warm-up left out)"
               : std::string(" of each rank's steady steps (the warm-up left out)");
}

/// The one source every rank's walls come from, "" when they differ.
std::string commonWallSource(const json& r) {
    std::set<std::string> sources;
    for (const auto& p : r["steps"]["per_rank"])
        if (!p.value("whole_trace", false)) sources.insert(p.value("wall_source", std::string()));
    return sources.size() == 1 ? *sources.begin() : std::string();
}

/// The outlier steps a finding tells, listed under the steps as the HTML report lists them (walk 30: the
/// text's p95 hid step 11's stall and no line named it); the others are listed under the findings.
void formatToldOutlierSteps(std::ostringstream& o, const json& r) {
    if (r["outlier_steps"].empty() || !outlierStepsTold(r)) return;
    std::ostringstream lines;
    formatLongSteps(lines, r);
    std::string text = lines.str();
    if (!text.empty() && text.back() == '\n') text.pop_back(); // the next section starts its own line
    o << "\nOutlier steps:\n" << text;
}

/// Steps without any recorded communication beside steps with it (silentsteps.h): counted among the steady
/// steps, so the line says what they lack.
void formatSilentSteps(std::ostringstream& o, const json& r) {
    for (const auto& s : r["steps"].value("without_communication", json::array()))
        o << "\n  " << rankName(r, s["rank"].get<int64_t>()) << ": " << s["text"].get<std::string>();
}

void formatSteps(std::ostringstream& o, const json& r) {
    if (summarisesRanks(r["ranks"].size())) {
        const SectionSummary s = stepsSummary(r);
        o << "\n" << s.line << "\n  outlying: " << outliersText(s);
        formatPartialSteps(o, r);
        formatSilentSteps(o, r);
        formatToldOutlierSteps(o, r);
        return;
    }
    if (r["steps"]["per_rank"].empty()) {
        // a heading with nothing under it read as a fault (walk 16: a run of framework_raw_1.csv only)
        o << "\nSteps: none (its files hold no step mark and no timed event to take as one step)";
        return;
    }
    const std::string common = commonWallSource(r);
    const bool shared = sharedStepCount(r);
    o << "\nSteps (median (lower middle) / p95 wall time" << stepStatisticsOver(r)
      << (common.empty() ? "" : ", from " + common) << "):";
    int k = 0;
    for (auto& p : r["steps"]["per_rank"]) {
        if (k++ % 4 == 0) o << "\n ";
        o << "  " << rankName(r, p["rank"].get<int64_t>()) << ": ";
        if (p.value("whole_trace", false) && p.contains("steps_on_other_clock")) {
            const int64_t n = p["steps_on_other_clock"].get<int64_t>();
            o << (n > 0 ? model::counted(n, "step mark", "step marks") : std::string("step marks"))
              << " on another clock than its device ops, not used (no sync record; the whole trace, "
              << ms(double(p["median_ns"].get<int64_t>())) << ")";
        } else if (p.value("whole_trace", false)) {
            o << "no step marks (the whole trace, " << ms(double(p["median_ns"].get<int64_t>())) << ")";
        } else if (p.contains("walls_ns"))
            o << model::typicalStepText(p["walls_ns"].get<std::vector<double>>())
              << (common.empty() ? " (" + p.value("wall_source", std::string()) + ")" : "");
        else
            o << (shared ? "" : model::counted(steadySteps(p), "steady step", "steady steps") + ": ")
              << ms(double(p["median_ns"].get<int64_t>())) << " / " << ms(double(p["p95_ns"].get<int64_t>()))
              << (common.empty() ? " (" + p.value("wall_source", std::string()) + ")" : "");
    }
    formatPartialSteps(o, r);
    formatSilentSteps(o, r);
    formatToldOutlierSteps(o, r);
}

/// A folder of several runs: each run's wait apart, beside the total over all their ranks (walk 37: the
/// folder's 3.50 s was two jobs' 1.72 s and 1.78 s, the only figure given).
void formatCommWaitByRun(std::ostringstream& o, const json& r) {
    if (const std::string line = waitByRunText(r, [](int64_t ns) { return ms(double(ns)); }); !line.empty())
        o << "\n  " << line;
}

void formatCommWait(std::ostringstream& o, const json& r) {
    o << "\n\nCommunication wait: "
      << commWaitText(r, totalWaitText(r, [](int64_t ns) { return ms(double(ns)); }));
    // measured and inferred waits are told apart (a total of both read as measured)
    if (const std::string sources = model::waitSourcesText(waitSourcesOf(r)); !sources.empty())
        o << " (" << sources << ")";
    const std::string last = lastArrivalTextByRun(r["comm_wait"].value("last_arrivals", json::object()),
                                                  r["runs"], [&](int64_t rank) { return rankName(r, rank); });
    if (!last.empty()) o << "; " << last;
    // the hatching is not the producer's Communication(Not Overlapped): said where that figure is at hand
    // (on its own line: the last arrivals belong to the wait figure, not to this sentence)
    if (const std::string vs = waitVsProducerText(r); !vs.empty()) o << "\n  This is " << vs << ".";
    formatCommWaitByRun(o, r);
    // few ranks: the total says it; many: how the wait spreads over them and who stands out
    if (summarisesRanks(r["ranks"].size()) && !r["comm_wait"]["by_rank"].empty()) {
        const SectionSummary s = waitSummary(r);
        o << "\n" << s.line << "\n  outlying: " << outliersText(s);
        if (const std::string shared = blamedSharedText(r, ms); !shared.empty()) o << "\n  " << shared;
    }
}

void formatMemoryPeaks(std::ostringstream& o, const json& r, const std::vector<const json*>& withMemory) {
    if (summarisesRanks(r["ranks"].size())) {
        const SectionSummary s = memorySummary(r);
        o << "\n" << s.line << "\n  outlying: " << outliersText(s);
        return;
    }
    o << "\nMemory peaks (allocated / reserved):";
    // four ranks a line, or one where a rank's figures carry a note of what they leave out (two such
    // ranks made one line of 180 characters)
    const bool noted = std::any_of(withMemory.begin(), withMemory.end(), [](const json* p) {
        return !p->value("components_beyond", json::array()).empty() ||
               (p->contains("peak_ts_ns") && (*p)["peak_ts_ns"].is_null());
    });
    const int perLine = noted ? 1 : 4;
    int k = 0;
    for (const json* p : withMemory) {
        if (k++ % perLine == 0) o << "\n ";
        o << "  " << rankName(r, (*p)["rank"].get<int64_t>()) << ": "
          << formatGiB(double((*p)["peak_allocated_bytes"].get<int64_t>())) << " / ";
        const int64_t reserved = (*p)["peak_reserved_bytes"].get<int64_t>();
        o << (reserved > 0 ? formatGiB(double(reserved)) : std::string("not recorded"));
        // the component the peaks are of, as the Memory tab's legend names it (PTA, not PTA+GE or APP)
        // and, for a peak no timed row reaches (no measured moment), what it rests on (untimedpeak.h)
        const std::string c = p->value("component", std::string());
        const std::string untimed = p->contains("peak_ts_ns") && (*p)["peak_ts_ns"].is_null()
                                        ? untimedPeakText(p->value("peak_untimed_rows", int64_t(0)), "")
                                        : std::string();
        if (!c.empty() || !untimed.empty())
            o << " (" << c << (c.empty() || untimed.empty() ? "" : ", ") << untimed << ")";
        // a component above the figures is not in them: said, not added (core/query/memorybeyond.h)
        for (const auto& b : p->value("components_beyond", json::array()))
            o << " [" << b["component"].get<std::string>() << " reserved up to "
              << formatGiB(double(b["peak_reserved_bytes"].get<int64_t>())) << ": not in these figures]";
    }
}

void formatMemory(std::ostringstream& o, const json& r) {
    // only ranks with memory records: a profile without any says so instead of printing 0.00 GiB
    std::vector<const json*> withMemory;
    for (auto& p : r["memory"]["per_rank"])
        if (p["peak_allocated_bytes"].get<int64_t>() > 0 || p["peak_reserved_bytes"].get<int64_t>() > 0)
            withMemory.push_back(&p);
    if (withMemory.empty())
        o << "\nMemory: no memory data in this profile";
    else
        formatMemoryPeaks(o, r, withMemory);
    // the others, each with why: their files may hold memory rows that were all left out
    for (const std::string& line : noMemoryDataLines(r, !withMemory.empty()))
        o << "\n  " << line;
}

/// A count with its noun in the right number ("1 rank", not "1 ranks").
std::string counted(int64_t v, const char* noun) {
    return std::to_string(v) + " " + noun + (v == 1 ? "" : "s");
}

} // namespace

std::string diagnosticsCountText(const json& d) {
    // groups as `info` and File ▸ Diagnostics list them, occurrences counted ("7 notes" beside info's 4 rows
    // read as two counts); a count of none left out ("0 record problems in 0 groups; 84 notes …")
    std::vector<std::string> parts;
    if (const int64_t n = d.value("count", int64_t(0)))
        parts.push_back(counted(n, "record problem") + " in " +
                        counted(d.value("rows", int64_t(0)), "group"));
    if (const int64_t n = d.value("notes", int64_t(0)))
        parts.push_back(counted(n, "note") + " in " + counted(d.value("note_rows", int64_t(0)), "group"));
    if (const int64_t n = d.value("files_not_read", int64_t(0)))
        parts.push_back(counted(n, "file") + " not read");
    if (parts.empty()) return "none";
    std::string t = parts.front();
    for (size_t i = 1; i < parts.size(); ++i)
        t.append("; ").append(parts[i]);
    return t;
}

bool outlierStepsTold(const json& r) {
    const json findings = r.value("findings", json::array());
    return std::any_of(findings.begin(), findings.end(), [](const json& x) {
        return x.value("kind", "") == "outlier_step" ||
               x.value("affected", json::object()).contains("outlier_steps");
    });
}

std::string outlierStepLabel(const json& x) {
    const std::string n = std::to_string(x["step"].get<int64_t>());
    return x.value("warmup", false) ? n + " (warm-up outlier)" : n;
}

/// The header's counts of one job: its missing ranks, steps, spans, collectives and tensors.
static void formatCounts(std::ostringstream& o, const json& r) {
    // the job's ranks that are not here are named, so no reader takes their absence for idleness
    if (const auto missing = missingRanks(r); !missing.empty())
        o << missing.size() << " missing (" << rankRanges(missing) << "), ";
    o << stepCountText(r["steps"]) << ", ";
    if (r.contains("cluster")) {
        // the spans and tensors are in the shards, not counted here: 0 would read as an empty profile
        const std::string missing = r["cluster"]["missing"].get<std::string>();
        o << counted(r["counts"]["collectives"].get<int64_t>(), "collective") << "\nCluster index of "
          << counted(r["cluster"]["shards"].get<int64_t>(), "shard")
          << (missing.empty() ? std::string() : " (missing: shard " + missing + ")")
          << ": spans, tensors and memory samples stay in the shards\n";
        for (const auto& p : r["cluster"].value("unreadable", json::array()))
            o << "  " << p.get<std::string>() << ": its ranks' events cannot be read\n";
    } else {
        o << counted(r["counts"]["spans"].get<int64_t>(), "span") << ", "
          << counted(r["counts"]["collectives"].get<int64_t>(), "collective")
          << uncollectedCallsText(r["counts"]) << ", "
          << counted(r["counts"]["tensors"].get<int64_t>(), "tensor") << "\n";
    }
}

std::string formatReport(const json& r, int top) {
    std::ostringstream o;
    o << "Rankscope report: " << r.value("profile", std::string()) << "\n";
    if (r["counts"].contains("over_runs")) {
        // runs of different jobs: their ranks, steps, spans, collectives and tensors are counted each run
        // apart (formatRuns), never added into one figure (r49d #2; walk 37: "16 ranks" was two jobs' 8)
        std::string ranks;
        for (const auto& run : r["runs"])
            ranks += (ranks.empty() ? "" : " + ") + std::to_string(run["ranks"].size());
        o << r["runs"].size() << " runs (" << ranks
          << " ranks): each run's counts below (different runs' are not added)\n";
    } else {
        o << counted(int64_t(r["ranks"].size()), "rank") << ", ";
        formatCounts(o, r);
    }
    if (r.contains("shown_run"))
        o << "Run " << r["shown_run"]["run"].get<int64_t>() << " of the "
          << r["shown_run"]["of"].get<int64_t>()
          << " runs in this folder: the figures below are this run's ranks only (rankscope report DIR covers "
             "them all)\n";
    formatRuns(o, r);
    o << "\n";
    formatDamagedFiles(o, r);
    formatFindings(o, r, top);
    formatAbsentWaits(o, r);
    formatSteps(o, r);
    formatCommWait(o, r);
    formatMemory(o, r);
    o << formatProducerSummary(r.value("producer_cluster_summary", json()));
    const json& d = r["diagnostics"];
    // a run's counts say whose they are, then the folder's files of no run and the other runs', which add
    // up to the whole folder's, as File ▸ Diagnostics and `info` count it (r54c #3: Details, the dialog and
    // info said 88, 92 and 89 of the legacy profiler folder, none saying what it counted)
    if (r.contains("shown_run") && d.contains("folder")) {
        const json& folder = d["folder"];
        const json none = {{"count", 0}, {"rows", 0}, {"notes", 0}, {"note_rows", 0}};
        const json& wide = d.contains("folder_wide") ? d["folder_wide"] : none;
        json others = none;
        for (const char* key : {"count", "rows", "notes", "note_rows"})
            others[key] =
                folder.value(key, int64_t(0)) - d.value(key, int64_t(0)) - wide.value(key, int64_t(0));
        o << "\nDiagnostics of run " << r["shown_run"]["run"].get<int64_t>()
          << "'s files: " << diagnosticsCountText(d) << ". Files of no run: " << diagnosticsCountText(wide)
          << ". The other runs' files: " << diagnosticsCountText(others)
          << ". The whole folder, as File ▸ Diagnostics and rankscope info count it: "
          << diagnosticsCountText(folder);
    } else {
        o << "\nDiagnostics: " << diagnosticsCountText(d);
    }
    if (d.value("notes", int64_t(0)) || d.value("folder", json::object()).value("notes", int64_t(0)))
        o << " (notes: information, not problems)";
    const json& all = d.contains("folder") ? d["folder"] : d;
    o << (diagnosticsCountText(all) != "none" ? " (rankscope info DIR lists them)" : "") << "\n";
    for (const auto& st : r["diagnostics"].value("stub_steps", json::array()))
        o << "  " << rankName(r, st["rank"].get<int64_t>()) << ": " << st["reason"].get<std::string>()
          << "\n";
    return o.str();
}

} // namespace rs::query
