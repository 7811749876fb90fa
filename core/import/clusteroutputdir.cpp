#include "core/import/clusteroutputdir.h"

#include "core/import/clustersteptrace.h"

#include <set>

namespace rs::import {

namespace fs = std::filesystem;

namespace {

/// "16 ranks (0–15)", "3 ranks (0, 2, 5)".
std::string rankText(const std::set<int64_t>& ranks) {
    std::string s = std::to_string(ranks.size()) + (ranks.size() == 1 ? " rank (" : " ranks (");
    const bool contiguous = *ranks.rbegin() - *ranks.begin() + 1 == int64_t(ranks.size());
    if (contiguous && ranks.size() > 2)
        return s + std::to_string(*ranks.begin()) + "–" + std::to_string(*ranks.rbegin()) + ")";
    std::string list;
    for (int64_t r : ranks)
        list += (list.empty() ? "" : ", ") + std::to_string(r);
    return s + list + ")";
}

} // namespace

ClusterOutputDir describeClusterOutputDir(const std::filesystem::path& dir) {
    ClusterOutputDir out;
    out.ignoredText =
        dir.string() +
        " (msprof-analyze cluster summary: not read as traces — its per-rank step totals and "
        "communication figures have no events or start times; its step breakdown is shown as the "
        "producer's own figures beside Rankscope's, in the report's msprof-analyze cluster "
        "summary)";
    const fs::path csv = dir / "cluster_step_trace_time.csv";
    std::error_code ec;
    if (fs::is_regular_file(csv, ec)) {
        ClusterStepTrace t = readClusterStepTrace(csv.string());
        out.steps = std::move(t.rows);
        out.diagnostics = std::move(t.diagnostics);
    }
    for (const auto& r : out.steps)
        if (r.rank && *r.rank >= 0) out.ranks.insert(*r.rank);
    if (!out.ranks.empty())
        out.note = "msprof-analyze cluster summary of " + rankText(out.ranks) +
                   ": its step figures are the producer's own, shown beside Rankscope's in the report; only "
                   "ranks whose own profiler folders are found have Rankscope's figures";
    return out;
}

} // namespace rs::import
