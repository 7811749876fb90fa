#pragma once
// msprof-analyze's cluster summary (`cluster_analysis_output/`: cluster_step_trace_time.csv,
// cluster_communication.json, cluster_communication_matrix.json, communication_group.json, formats.md §1,
// §2.7) is not read: it holds per-step totals per rank and per-op communication figures, computed by
// msprof-analyze from the rank folders, with no events and no start times to place them on a timeline.
// Rankscope computes its own from the rank folders; a summary whose ranks' folders are absent has nothing
// Rankscope could show truthfully (a step total cannot say when the step ran, nor which kernel was slow).
// It is listed as ignored, with the ranks it summarises, never dropped in silence. Reads at most the
// first 1 MiB of cluster_step_trace_time.csv; any thread.
#include <cstdint>
#include <filesystem>
#include <set>
#include <string>

namespace rs::import {

struct ClusterOutputDir {
    std::string ignoredText; ///< "<path> (why not read)", for Discovery::ignored
    std::string note;        ///< an info diagnostic: which ranks it summarises ("" when it cannot tell)
    std::set<int64_t> ranks; ///< the ranks it summarises: its job's ranks, at least (empty: cannot tell)
};

/// `dir`: a directory named cluster_analysis_output.
ClusterOutputDir describeClusterOutputDir(const std::filesystem::path& dir);

} // namespace rs::import
