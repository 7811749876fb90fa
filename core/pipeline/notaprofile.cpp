#include "core/pipeline/notaprofile.h"

#include "core/import/clusteroutputdir.h"

#include <regex>

namespace fs = std::filesystem;

namespace rs::pipeline {

namespace {

bool isClusterSummary(const fs::path& dir) {
    std::error_code ec;
    return dir.filename() == "cluster_analysis_output" ||
           fs::exists(dir / "cluster_step_trace_time.csv", ec) ||
           fs::exists(dir / "cluster_communication_matrix.json", ec);
}

/// The first parallel_strategy_<rank>.json of `dir`, "" when it has none.
std::string parallelStrategyFile(const fs::path& dir) {
    static const std::regex name(R"(parallel_strategy_\d+\.json)");
    std::error_code ec;
    std::string first;
    for (const auto& e : fs::directory_iterator(dir, ec)) {
        const std::string n = e.path().filename().string();
        if (std::regex_match(n, name) && (first.empty() || n < first)) first = n;
    }
    return first;
}

std::string clusterSummaryText(const fs::path& dir) {
    const import::ClusterOutputDir c = import::describeClusterOutputDir(dir);
    std::string of;
    if (!c.ranks.empty()) {
        of = " of " + std::to_string(c.ranks.size()) + (c.ranks.size() == 1 ? " rank" : " ranks");
    }
    return "this is msprof-analyze's cluster summary" + of +
           " (cluster_analysis_output: per-rank step totals and communication figures, with no events or "
           "start times), not a profile; open the folder that holds it together with the ranks' profiler "
           "folders (*_ascend_pt, *_ascend_ms), " +
           dir.parent_path().string() + ", instead";
}

} // namespace

std::string notAProfileText(const fs::path& dir) {
    std::error_code ec;
    if (!fs::is_directory(dir, ec)) return {};
    if (isClusterSummary(dir)) return clusterSummaryText(dir);
    if (const std::string strategy = parallelStrategyFile(dir); !strategy.empty())
        return "this folder holds MindSpore parallel strategy files (" + strategy +
               ": each operator's sharding over the devices, no times), not a profile; open the profiler "
               "folder of the same job instead (its *_ascend_ms folder, or the folder with "
               "ascend_timeline_display_<rank>.json and step_trace_raw_<rank>_detail_time.csv)";
    return {};
}

} // namespace rs::pipeline
