#pragma once
// msprof-analyze's cluster_step_trace_time.csv (cluster_analysis_output/): Step, Type (rank | stage), Index,
// Computing, Communication(Not Overlapped), Overlapped, Communication, Free, Stage, Bubble, Communication(Not
// Overlapped and Exclude Receive) — the producer's own step breakdown per rank and per pipeline stage, µs
// (its rank rows equal the ranks' own step_trace_time.csv on msinsight's test_data). Read as the producer's
// figures (model::ProducerStepRow, ns), shown beside Rankscope's, never merged. Columns by name; an empty
// Step is kept empty; a row that is neither rank nor stage, or a figure that is no number, is a diagnostic
// with the file and line. Any thread.
#include "core/model/sourcerows.h"
#include "core/model/steprows.h"

#include <string>
#include <vector>

namespace rs::import {

struct ClusterStepTrace {
    std::vector<model::ProducerStepRow> rows;
    std::vector<model::DiagnosticRow> diagnostics;
};

ClusterStepTrace readClusterStepTrace(const std::string& path);

} // namespace rs::import
