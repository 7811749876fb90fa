#include "core/import/clusteroutputdir.h"

#include "core/model/decimal.h"

#include <algorithm>
#include <fstream>
#include <set>
#include <sstream>
#include <vector>

namespace rs::import {

namespace {

std::vector<std::string> cells(const std::string& line) {
    std::vector<std::string> out;
    std::stringstream ss(line);
    for (std::string c; std::getline(ss, c, ',');)
        out.push_back(std::string(model::trimCell(c)));
    return out;
}

/// The rank numbers of cluster_step_trace_time.csv's `rank` rows (Type = rank, Index = the rank).
std::set<int64_t> summarisedRanks(const std::filesystem::path& csv) {
    std::set<int64_t> ranks;
    std::ifstream in(csv, std::ios::binary);
    std::string line;
    if (!std::getline(in, line)) return ranks;
    const auto head = cells(line);
    int type = -1, index = -1;
    for (size_t i = 0; i < head.size(); ++i) {
        if (head[i] == "Type") type = int(i);
        if (head[i] == "Index") index = int(i);
    }
    if (type < 0 || index < 0) return ranks;
    for (int64_t read = 0; read < (1 << 20) && std::getline(in, line); read += int64_t(line.size()) + 1) {
        const auto c = cells(line);
        if (c.size() <= size_t(std::max(type, index)) || c[size_t(type)] != "rank") continue;
        if (auto r = model::parseI64(c[size_t(index)]); r && *r >= 0) ranks.insert(*r);
    }
    return ranks;
}

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
    out.ignoredText = dir.string() +
                      " (msprof-analyze cluster summary: not read — its per-rank step totals and "
                      "communication figures have no events or start times; Rankscope computes its own from "
                      "the rank folders)";
    const std::set<int64_t> ranks = summarisedRanks(dir / "cluster_step_trace_time.csv");
    out.ranks = ranks;
    if (!ranks.empty())
        out.note = "msprof-analyze cluster summary of " + rankText(ranks) +
                   " not read: only ranks whose own profiler folders are found are shown, and their figures "
                   "are Rankscope's own";
    return out;
}

} // namespace rs::import
