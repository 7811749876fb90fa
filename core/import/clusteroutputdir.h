#pragma once
// msprof-analyze's cluster summary (`cluster_analysis_output/`: cluster_step_trace_time.csv,
// cluster_communication.json, cluster_communication_matrix.json, communication_group.json, formats.md §1,
// §2.7): per-step totals per rank and stage and per-op communication figures, computed by msprof-analyze
// from the rank folders, with no events and no start times to place them on a timeline. Its step breakdown
// (cluster_step_trace_time.csv, clustersteptrace.h) is read as the producer's own figures, shown beside
// Rankscope's (the report's "msprof-analyze cluster summary"), never merged with them;
// communication_group.json's groups (global ranks) tell the matrix whether the links' ranks can be
// group-local (analysis/commlinks.h); the other communication files are not read. Rankscope computes its own
// from the rank folders: ranks whose folders are absent have the producer's figures only. The folder is
// listed as ignored (as an input of traces), with the ranks it summarises, never dropped in silence. Any
// thread.
#include "core/model/sourcerows.h"
#include "core/model/steprows.h"

#include <cstdint>
#include <filesystem>
#include <set>
#include <string>
#include <vector>

namespace rs::import {

struct ClusterOutputDir {
    std::string ignoredText; ///< "<path> (why not read)", for Discovery::ignored
    std::string note;        ///< an info diagnostic: which ranks it summarises ("" when it cannot tell)
    std::set<int64_t> ranks; ///< the ranks it summarises: its job's ranks, at least (empty: cannot tell)
    /// communication_group.json's collective and p2p groups, each its members' global ranks as listed
    std::vector<std::vector<int64_t>> groups;
    std::vector<model::ProducerStepRow> steps;     ///< cluster_step_trace_time.csv's rows
    std::vector<model::DiagnosticRow> diagnostics; ///< what was wrong with them
};

/// `dir`: a directory named cluster_analysis_output.
ClusterOutputDir describeClusterOutputDir(const std::filesystem::path& dir);

} // namespace rs::import
