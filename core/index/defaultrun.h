#pragma once
// Which run a profile shows when nobody chose one: the run with the most ranks, the earliest of equals
// (the app, `compare`, `baseline`, `annotate` and `shapes` all use this one rule). A read of the `run` and
// `rank_info` tables; any thread with its own connection.
#include "core/index/sqlite.h"

#include <string>
#include <utility>
#include <vector>

namespace rs::index {

/// The default run's id; 0 when the index has no runs.
int defaultRunId(Db& db);

/// How the rule chose `chosen` among `ranksByRun` ((run id, rank count) of every run, by id): "the one
/// with the most ranks, 4", "all 5 runs have 1 rank: the earliest", "runs 0 and 3 have the most ranks, 2:
/// the earliest" — a tie is said, never "the one with the most ranks" of five equal runs (walk18b #4).
std::string defaultRunWhy(const std::vector<std::pair<int, int64_t>>& ranksByRun, int chosen);
/// defaultRunWhy over the index's runs.
std::string defaultRunWhy(Db& db, int chosen);

} // namespace rs::index
