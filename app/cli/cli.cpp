#include "app/cli/commands.h"

#include <cstdio>
#include <cstring>

namespace rs::cli {

void printHelp() {
    std::printf(
        "Rankscope %s — trace explorer for distributed deep-learning training profiles\n\n"
        "Usage:\n"
        "  rankscope [DIR]                      open the desktop app (optionally on a profile)\n"
        "  rankscope demo OUTDIR [--ranks N] [--steps N] [--layers N] [--seed S]\n"
        "                        [--format ascend|kineto] [--healthy]\n"
        "                                       write the built-in demo profile\n"
        "  rankscope index DIR [--db FILE] [--jobs N] [--force]\n"
        "                                       build (or reuse) the SQLite index of a profile\n"
        "  rankscope info DIR [--json]          ranks, files, counts, time range, diagnostics\n"
        "  rankscope report DIR [--json] [--top N]\n"
        "                                       what is wrong, where, how much (ordered by time lost)\n"
        "  rankscope query DIR \"SQL\" [--csv]    read-only SQL over the index's documented views\n"
        "  rankscope export DIR --out FOLDER [--view all|timeline|heatmap|memory] [--format png|svg]\n"
        "                   [--width W] [--height H] [--rank R] [--step S]\n"
        "                                       write screenshots of the views without a display\n\n"
        "Index options (index, info, report, query, export):\n"
        "  --db FILE         index file (default: DIR/.rankscope/index.sqlite, or the user cache dir)\n"
        "  --jobs N          parser threads (default: all cores)\n"
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

int dispatch(int argc, char** argv) {
    if (argc < 2) return -1;
    std::string cmd = argv[1];
    ArgList rest(argv + 2, argv + argc);
    if (cmd == "-h" || cmd == "--help" || cmd == "help") {
        printHelp();
        return 0;
    }
    if (cmd == "--version" || cmd == "-V") {
        std::printf("rankscope %s\n", RANKSCOPE_VERSION);
        return 0;
    }
    if (cmd == "demo") return runDemo(rest);
    if (cmd == "index") return runIndex(rest);
    if (cmd == "info") return runInfo(rest);
    if (cmd == "query") return runQuery(rest);
    if (cmd == "report") return runReport(rest);
    if (cmd == "export") return runExport(rest);
    if (!cmd.empty() && cmd[0] == '-' && cmd.rfind("-platform", 0) != 0 && cmd.rfind("-style", 0) != 0)
        return usageError(cmd, "unknown option");
    return -1; // a profile directory for the GUI, or Qt's own options
}

} // namespace rs::cli
