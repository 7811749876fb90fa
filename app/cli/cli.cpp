#include "app/cli/commands.h"
#include "core/pipeline/profileinput.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>

namespace rs::cli {

void printHelp() {
    std::printf(
        "Rankscope %s — trace explorer for distributed deep-learning training profiles\n\n"
        "Usage:\n"
        "  rankscope [PROFILE [--state FILE.rsview] | FILE.rsview]\n"
        "                                       open the desktop app (optionally on a profile, a\n"
        "                                       directory or one trace file, or on a saved view;\n"
        "                                       also 'rankscope open PROFILE|FILE.rsview')\n"
        "                                       a folder named like a command: rankscope ./demo\n"
        "  rankscope demo OUTDIR [--ranks N] [--steps N] [--layers N] [--seed S]\n"
        "                        [--format ascend|kineto] [--healthy] [--scale-op OP=F[,OP=F]]\n"
        "                        [--shape-sweep]\n"
        "                                       write the built-in demo profile\n"
        "  rankscope index DIR [--db FILE] [--jobs N] [--force]\n"
        "                                       build (or reuse) the SQLite index of a profile\n"
        "  rankscope index DIR --shard K/N|auto [--shards N] [--out SHARD_DIR]\n"
        "                                       index shard K of N of the profile's ranks (auto: from\n"
        "                                       SLURM_ARRAY_TASK_ID/COUNT, or JOB_COMPLETION_INDEX with\n"
        "                                       --shards N) into SHARD_DIR/shard-K-of-N.sqlite\n"
        "                                       (default DIR/.rankscope/shards)\n"
        "  rankscope merge SHARD_DIR [--out CLUSTER.sqlite]\n"
        "                                       the cluster index from the shards' summaries: the same\n"
        "                                       findings as one index of the whole profile (default\n"
        "                                       SHARD_DIR/cluster.sqlite); missing shards are named\n"
        "  rankscope info DIR [--json]          ranks, files, counts, time range, diagnostics\n"
        "  rankscope report DIR [--json] [--top N] [--html OUT.html] [--markdown OUT.md] [--run N]\n"
        "                                       what is wrong, where, how much (ordered by time lost);\n"
        "                                       --html: one self-contained file with the pictures embedded,\n"
        "                                       --markdown: the same with the pictures beside it;\n"
        "                                       --run N: run N's part (its pictures, of a folder of runs)\n"
        "  rankscope query DIR \"SQL\" [--csv] [--timeout SECONDS]\n"
        "                                       one read-only SQL statement over the documented views\n"
        "                                       (stopped after 30 s unless --timeout says otherwise);\n"
        "                                       rows tab-separated, NULL spelled out; --csv: RFC 4180\n"
        "                                       with a header row of the column names\n"
        "  rankscope export DIR --out FILE|FOLDER [--view all|timeline|heatmap|memory|comm|window]\n"
        "                   [--format png|svg] [--range T0:T1] [--step S] [--ranks 0,3-5]\n"
        "                   [--select op:OP@R|span:ID|step:S@R|tensor:ID@R|link:SRC-DST[/GROUP]]\n"
        "                   [--scale 2] [--width W]\n"
        "                   [--height H] [--state FILE.rsview] [--no-annotations] [--flows] [--counters]\n"
        "                   [--run N]\n"
        "                                       pictures of the views without a display, with a caption;\n"
        "                                       the timeline shows every span lane of the ranks chosen\n"
        "                                       (--flows: and every flow arrow of its window;\n"
        "                                       --counters: and the counter lanes); one FILE\n"
        "                                       without --view: the --state file's whole window\n"
        "  rankscope annotate DIR add TEXT [--rank R] [--at TIME | --range T0:T1]\n"
        "                   [--kind note|range|arrow|box] [--view timeline|heatmap|memory] [--op OP]\n"
        "                   [--tensor ID] [--to RANK@TIME] [--color #rrggbb] [--lane NAME[@R] ...] "
        "[--run N]\n"
        "                   [--force]\n"
        "  rankscope annotate DIR list [--json] | rankscope annotate DIR remove ID\n"
        "                                       annotations beside the index; TIME from the run's start "
        "with\n"
        "                                       a unit (ns, us, ms, s), e.g. --range 320ms:345ms; R: a rank\n"
        "                                       as the run's files number it (as the app and report do);\n"
        "                                       --run N: the folder's run N (default: the one the app\n"
        "                                       opens; rankscope info lists them)\n"
        "  rankscope baseline DIR (--out FILE.json | --append FILE.jsonl) [--label TEXT] [--run N]\n"
        "                                       write the statistics compare needs (a baseline record)\n"
        "  rankscope compare BASELINE CANDIDATE [--json] [--max-latency-delta F] [--max-memory-delta F]\n"
        "                    [--max-wait-delta F] [--min-share F] [--run N]\n"
        "                    [--baseline-run N] [--candidate-run N]\n"
        "                                       compare two runs (profile DIRs or baseline records): exit 0\n"
        "                                       when no delta passes its threshold (defaults 0.03, 0.05, "
        "0.10;\n"
        "                                       op types under 1 %% of device time ignored), 3 when one "
        "does,\n"
        "                                       4 when no verdict can be given (no rank or steady step in "
        "both,\n"
        "                                       two workloads, a side's files damaged), 5 when both sides "
        "are\n"
        "                                       the same data; 1 when it failed, 2 on bad usage\n"
        "                                       (a folder of several runs: --run N measures run N of both,\n"
        "                                       --baseline-run/--candidate-run one side's; default: the run\n"
        "                                       holding the most ranks, then steps, then spans)\n"
        "  rankscope shapes DIR [--op OP] [--rank R] [--top N] [--json]\n"
        "                                       op latency by input shape, and the shapes far from the op\n"
        "                                       type's work model (time = fixed + per element)\n"
        "  rankscope comm DIR [--step S] [--group G|all] [--run N] [--json]\n"
        "                                       the communication matrix: per link (src -> dst rank) the\n"
        "                                       transport, bytes, transit time and bandwidth (GB/s = "
        "MB/ms),\n"
        "                                       slow links marked *, links of small messages (mean under 1 "
        "MB)\n"
        "                                       marked ~ (latency-bound, not judged); one table per group\n"
        "                                       (G: its hash or label);\n"
        "                                       ranks are group-local unless parallel_group_info maps them;\n"
        "                                       Kineto gives logical bytes only\n"
        "  rankscope stats DIR (--range T0:T1 | --step S | --annotation ID) [--ranks 0,3-5] [--per-rank]\n"
        "                  [--kinds compute,runtime,communication,host,other,overlap,counter,memory]\n"
        "                  [--run N] [--top N] [--json]\n"
        "                                       an area's spans by op name: count, total and self time\n"
        "                                       inside it, average, min, max, p95 (nearest rank); counters'\n"
        "                                       first/last/min/max. --range from the run's start (all "
        "ranks'\n"
        "                                       clocks), --step: each rank's own extent of the step; ranks\n"
        "                                       together unless --per-rank; overlap lanes only if asked;\n"
        "                                       a compute lane's waits and copies are kind runtime, its\n"
        "                                       collectives communication\n"
        "                                       --annotation ID: a box's or range's time over exactly its\n"
        "                                       lanes (each on its rank)\n"
        "  rankscope cache [list] [--json] | rankscope cache clean [--unused-for AGE] [--with-annotations]\n"
        "                  [--dry-run]\n"
        "                                       the indexes kept in the user cache dir (profiles in "
        "read-only\n"
        "                                       places); clean removes those whose profile is gone or whose\n"
        "                                       schema is older, and with --unused-for 30d those not used "
        "since\n"
        "                                       (entries with annotations are kept unless asked)\n\n"
        "Index options (index, info, report, query, export, baseline, compare, shapes, comm, stats, "
        "annotate):\n"
        "  --db FILE         index file (default: DIR/.rankscope/index.sqlite, or the user cache dir)\n"
        "  --jobs N          threads: parsers; 2+ also analyse beside the writer (default: all cores)\n"
        "  --break-lock      take over an index lock held from another host whose process is gone\n"
        "  --banks N, --bank-size SIZE, --bank-base ADDR\n"
        "                    HBM device model (default 8 banks of 4GiB from the lowest address;\n"
        "                    also read from DIR/rankscope-device.json)\n\n"
        "  -h, --help        this help      --version   print the version\n",
        RANKSCOPE_VERSION);
}

int usageError(const std::string& command, const std::string& message) {
    std::fprintf(stderr, "rankscope %s: %s\n", command.c_str(), message.c_str());
    std::fprintf(stderr, "Run 'rankscope --help' for usage.\n");
    return 2;
}

const std::vector<std::string>& subCommands() {
    static const std::vector<std::string> names{
        "demo",    "index",  "merge", "info",     "report", "query", "export", "baseline",
        "compare", "shapes", "comm",  "annotate", "stats",  "cache", "open",   "help"};
    return names;
}

namespace {

/// `rankscope demo` beside a folder named demo runs the command (scripts rely on the names), which a user
/// who meant the folder cannot tell (walk 27): says once how to open the path instead. Only for a path the
/// app opens (a folder, a trace file): "to open it" of a notes file would send the user to an error.
void notePathNamedLikeCommand(const std::string& cmd) {
    if (std::find(subCommands().begin(), subCommands().end(), cmd) == subCommands().end()) return;
    std::error_code ec;
    const bool folder = std::filesystem::is_directory(cmd, ec);
    if (!folder && !pipeline::opensAsProfile(cmd)) return;
    std::fprintf(stderr, "rankscope: a %s named %s is here: to open it, run `rankscope ./%s`\n",
                 folder ? "folder" : "trace file", cmd.c_str(), cmd.c_str());
}

/// Levenshtein distance, for "did you mean" on a mistyped sub-command.
size_t editDistance(const std::string& a, const std::string& b) {
    std::vector<size_t> row(b.size() + 1);
    for (size_t j = 0; j <= b.size(); ++j)
        row[j] = j;
    for (size_t i = 1; i <= a.size(); ++i) {
        size_t diag = row[0];
        row[0] = i;
        for (size_t j = 1; j <= b.size(); ++j) {
            size_t up = row[j];
            row[j] = std::min({row[j] + 1, row[j - 1] + 1, diag + (a[i - 1] == b[j - 1] ? 0 : 1)});
            diag = up;
        }
    }
    return row[b.size()];
}

bool hasDisplay() {
    auto set = [](const char* v) { return std::getenv(v) && *std::getenv(v); };
    return set("DISPLAY") || set("WAYLAND_DISPLAY") || set("QT_QPA_PLATFORM");
}

bool isViewStateFile(const std::filesystem::path& p) {
    std::error_code ec;
    return p.extension() == ".rsview" && std::filesystem::is_regular_file(p, ec);
}

/// The GUI is started for no argument, a directory, a trace file (what File ▸ Open trace file… and `report`
/// open: walk 26 #2 refused `rankscope trace.json`) or a saved view; anything else is a typo or a missing
/// path.
int checkGuiArgument(const std::string& arg) {
    namespace fs = std::filesystem;
    std::error_code ec;
    fs::path p(arg);
    if (fs::is_directory(p, ec) || isViewStateFile(p) || pipeline::opensAsProfile(arg)) return -1;
    if (fs::exists(p, ec))
        return usageError(arg, "not a trace the app can open (Chrome-trace or Kineto JSON, .gz or .zst, an "
                               "Ascend .db or CSV), a profile directory or a saved view (.rsview)");
    if (arg.find('/') != std::string::npos || arg.find('.') != std::string::npos)
        return usageError(arg, "no such file or directory");
    std::string best;
    size_t bestDist = 99;
    for (const auto& c : subCommands()) {
        size_t d = editDistance(arg, c);
        if (d < bestDist) bestDist = d, best = c;
    }
    // names other tools give these commands, which no spelling distance finds (walk 51b: `rankscope sql`
    // was offered 'help')
    static const std::pair<const char*, const char*> kOtherNames[] = {
        {"sql", "query"}, {"diff", "compare"}, {"summary", "report"}};
    for (const auto& [other, ours] : kOtherNames)
        if (arg == other &&
            std::find(subCommands().begin(), subCommands().end(), std::string(ours)) != subCommands().end())
            best = ours, bestDist = 0;
    std::string msg = "unknown command '" + arg + "'";
    msg += bestDist <= std::max<size_t>(2, arg.size() / 2) ? "; did you mean '" + best + "'?"
                                                           : " (the closest command is '" + best + "')";
    std::fprintf(stderr, "rankscope: %s\n", msg.c_str());
    std::fprintf(stderr,
                 "Commands: demo, index, merge, info, report, query, export, baseline, compare, shapes, "
                 "comm, stats, annotate, cache. Run 'rankscope --help' for usage.\n");
    return 2;
}

/// The app's options after its DIR: --state is single-valued, so a second one is refused as every command's
/// single-valued option is (args.h); the app kept the first and dropped the other silently.
int checkGuiOptions(const ArgList& rest) {
    std::vector<std::string> states;
    for (size_t i = 0; i < rest.size(); ++i) {
        if (rest[i] == "--state" && i + 1 < rest.size())
            states.push_back(rest[++i]);
        else if (rest[i].rfind("--state=", 0) == 0)
            states.push_back(rest[i].substr(8));
    }
    for (const std::string& s : states)
        if (s != states.front())
            return usageError("--state", "option --state given twice ('" + states.front() + "', then '" + s +
                                             "'): give it once");
    return -1;
}

int noDisplay() {
    std::fprintf(
        stderr,
        "rankscope: no display (DISPLAY and WAYLAND_DISPLAY are unset), so the desktop app cannot start.\n"
        "Headless: 'rankscope report DIR' prints the findings, 'rankscope export DIR --out FOLDER' writes\n"
        "screenshots; or run the app offscreen with QT_QPA_PLATFORM=offscreen, or under xvfb-run.\n");
    return 1;
}

} // namespace

int dispatch(int argc, char** argv) {
    if (argc < 2) return hasDisplay() ? -1 : noDisplay();
    std::string cmd = argv[1];
    ArgList rest(argv + 2, argv + argc);
    notePathNamedLikeCommand(cmd);
    if (cmd == "-h" || cmd == "--help" || cmd == "help") {
        printHelp();
        return 0;
    }
    // `rankscope demo --help`: the usage of every command (a command's own options are listed there)
    if (!cmd.empty() && cmd[0] != '-' && std::any_of(rest.begin(), rest.end(), [](const std::string& a) {
            return a == "--help" || a == "-h";
        })) {
        printHelp();
        return 0;
    }
    if (cmd == "--version" || cmd == "-V") {
        std::printf("rankscope %s\n", RANKSCOPE_VERSION);
        return 0;
    }
    if (cmd == "demo") return runDemo(rest);
    if (cmd == "index") return runIndex(rest);
    if (cmd == "merge") return runMerge(rest);
    if (cmd == "info") return runInfo(rest);
    if (cmd == "query") return runQuery(rest);
    if (cmd == "report") return runReport(rest);
    if (cmd == "export") return runExport(rest);
    if (cmd == "baseline") return runBaseline(rest);
    if (cmd == "cache") return runCache(rest);
    if (cmd == "compare") return runCompare(rest);
    if (cmd == "shapes") return runShapes(rest);
    if (cmd == "comm") return runComm(rest);
    if (cmd == "stats") return runStats(rest);
    if (cmd == "annotate") return runAnnotate(rest);
    if (cmd == "open") { // rankscope open DIR | FILE.rsview: the desktop app, said as a command
        if (rest.empty())
            return usageError(
                "open", "open needs a profile (a directory or a trace file) or a saved view FILE.rsview");
        int rc = checkGuiArgument(rest[0]);
        if (rc < 0) rc = checkGuiOptions(ArgList(rest.begin() + 1, rest.end()));
        if (rc >= 0) return rc;
        return hasDisplay() ? -1 : noDisplay();
    }
    if (!cmd.empty() && cmd[0] == '-') {
        if (cmd.rfind("-platform", 0) != 0 && cmd.rfind("-style", 0) != 0)
            return usageError(cmd, "unknown option");
        return -1; // Qt's own options (the GUI's QApplication reads them)
    }
    int rc = checkGuiArgument(cmd);
    if (rc < 0) rc = checkGuiOptions(rest);
    if (rc >= 0) return rc;
    return hasDisplay() ? -1 : noDisplay();
}

} // namespace rs::cli
