#include "core/import/clusteroutputdir.h"

#include "core/import/clustersteptrace.h"

#include <fstream>
#include <nlohmann/json.hpp>
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

/// communication_group.json: {"collective": [[ranks…], …], "p2p": [[…]]} (formats.md §2.7). A file that is
/// not that is said, and gives no groups.
void readCommunicationGroups(const fs::path& file, ClusterOutputDir& out) {
    std::ifstream in(file, std::ios::binary);
    const auto j = nlohmann::json::parse(in, nullptr, false);
    bool ok = j.is_object();
    for (const char* kind : {"collective", "p2p"}) {
        if (!ok || !j.contains(kind)) continue;
        ok = j[kind].is_array();
        for (const auto& g : ok ? j[kind] : nlohmann::json::array()) {
            std::vector<int64_t> members;
            for (const auto& r : g.is_array() ? g : nlohmann::json::array())
                if (r.is_number_integer() && r.get<int64_t>() >= 0) members.push_back(r.get<int64_t>());
            if (!members.empty() && g.is_array() && members.size() == g.size()) out.groups.push_back(members);
        }
    }
    if (!ok) {
        out.groups.clear();
        out.diagnostics.push_back({file.string(), "warning",
                                   "not a communication_group.json of lists of ranks: its groups not used", 1,
                                   -1, ""});
    }
}

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
    if (const fs::path groups = dir / "communication_group.json"; fs::is_regular_file(groups, ec))
        readCommunicationGroups(groups, out);
    for (const auto& r : out.steps)
        if (r.rank && *r.rank >= 0) out.ranks.insert(*r.rank);
    if (!out.ranks.empty())
        out.note = "msprof-analyze cluster summary of " + rankText(out.ranks) +
                   ": its step figures are the producer's own, shown beside Rankscope's in the report; only "
                   "ranks whose own profiler folders are found have Rankscope's figures";
    return out;
}

} // namespace rs::import
