#pragma once
// What a folder with no profiler files is, when it is a known output that is not a profile: an
// msprof-analyze cluster summary (cluster_analysis_output/, core/import/clusteroutputdir.h) or MindSpore
// parallel strategy files (parallel_strategy_<rank>.json: the operators' sharding, no times). Opened alone
// they said only "no profiler files found", while the folder above said what the summary is (walk 25).
// Reads the folder's listing and at most 1 MiB of cluster_step_trace_time.csv; any thread.
#include <filesystem>
#include <string>

namespace rs::pipeline {

/// "msprof-analyze's cluster summary of 16 ranks (0–15) (cluster_analysis_output): … open … instead"; ""
/// when `dir` is no such known output.
std::string notAProfileText(const std::filesystem::path& dir);

} // namespace rs::pipeline
