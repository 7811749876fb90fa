#pragma once
// The sub-commands of `rankscope`. Each takes the arguments after its name and returns the process exit
// status: 0 success, 1 failure of the work, 2 bad usage. Errors go to stderr and say what to do.
#include <string>
#include <vector>

namespace rs::cli {

using ArgList = std::vector<std::string>;

int runDemo(const ArgList& args);
int runIndex(const ArgList& args);
/// Builds a cluster index from a folder of shards (index --shard); exit 1 when a shard is refused.
int runMerge(const ArgList& args);
int runInfo(const ArgList& args);
int runQuery(const ArgList& args);
int runReport(const ArgList& args);
int runExport(const ArgList& args);
int runBaseline(const ArgList& args);
int runShapes(const ArgList& args);
int runComm(const ArgList& args);
int runStats(const ArgList& args);
int runAnnotate(const ArgList& args);
int runCache(const ArgList& args);
/// Exit status 0 when nothing passes a threshold, 3 when something does (a regression, not an error).
int runCompare(const ArgList& args);

/// The sub-command names, in the order --help lists them ("help" and "open" too): argv[1] equal to one
/// is that command, even when a file or folder of that name is in the current directory.
const std::vector<std::string>& subCommands();
/// Dispatches argv[1] to a sub-command; returns -1 when argv holds no sub-command (start the GUI).
int dispatch(int argc, char** argv);
void printHelp();
/// Prints "rankscope: <message>" and a hint to stderr; returns 2 (usage) for convenience.
int usageError(const std::string& command, const std::string& message);

} // namespace rs::cli
