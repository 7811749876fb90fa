#pragma once
// Where a step's wall comes from, as SQL: the `steps` view's wall_from and query::loadStepWalls read the
// same rule (core/model/stepwall.h), so the view names the file the Steps table's "wall from" names. A
// shipped breakdown (step_stat.source 'step_trace_time') was read from step_trace_time.csv where the rank
// has that file or no analysis.db, else from analysis.db's StepTraceTime (the .db export); any other wall
// is the step band's length, from the band's source (step.source: trace, step_time, kernel_details, …).
// Pure string building; any thread.
#include <string>

namespace rs::index {

/// An SQL expression, 1 where the shipped breakdown of rank expression `rank` came from
/// step_trace_time.csv, 0 where from analysis.db.
std::string shippedFromCsvSql(const std::string& rank);

/// An SQL expression naming the source of the wall of step alias `step` with step_stat alias `stat`
/// (LEFT JOINed): "step_trace_time.csv", "analysis.db StepTraceTime", else the step's own source.
std::string wallFromSql(const std::string& step, const std::string& stat);

} // namespace rs::index
