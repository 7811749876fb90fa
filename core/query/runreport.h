#pragma once
// One run of a folder that holds several, as the app shows it beside that run: buildReport's document
// (report.h) narrowed to the run's ranks, findings, counts, damaged files and diagnostics, its ranks named as
// the run's files name them. Any thread with its own connection.
#include "core/index/sqlite.h"

#include <nlohmann/json.hpp>

namespace rs::query {

/// `report` (buildReport's) narrowed to one run of a folder that holds several (what the app shows beside
/// that run): every per-rank part, the findings and the counts keep only the run's ranks; `shown_run`
/// {run, of} says so; its ranks are named as the run's files name them (reportranks.h), not by the keys
/// that tell colliding runs apart. Unchanged when the folder holds one run (or `run` is not one of them).
nlohmann::json runReport(index::Db& db, nlohmann::json report, int run);
/// The counts of one run of buildReport's `runs` (its `ranks`, the keys): {steps (its distinct step
/// numbers, whole traces aside), spans, collectives, tensors}. A folder of several runs reports them per
/// run: one job's step 3 and another's are not two steps of anything (r49d #2).
nlohmann::json runCounts(index::Db& db, const nlohmann::json& run);

} // namespace rs::query
