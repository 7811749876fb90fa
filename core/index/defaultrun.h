#pragma once
// Which run a profile shows when nobody chose one: the run with the most ranks, the earliest of equals
// (the app, `compare`, `baseline`, `annotate` and `shapes` all use this one rule). A read of the `run` and
// `rank_info` tables; any thread with its own connection.
#include "core/index/sqlite.h"

namespace rs::index {

/// The default run's id; 0 when the index has no runs.
int defaultRunId(Db& db);

} // namespace rs::index
