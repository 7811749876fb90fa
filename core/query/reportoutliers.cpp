#include "core/query/reportoutliers.h"

#include "core/model/plural.h"

#include <algorithm>
#include <map>

namespace rs::query {

using nlohmann::json;

namespace {
bool costsTime(const std::string& kind) {
    return kind == "stall" || kind == "slow_rank" || kind == "late_rank" || kind == "outlier_step";
}
void addOnce(std::vector<int64_t>& v, int64_t r) {
    if (std::find(v.begin(), v.end(), r) == v.end()) v.push_back(r);
}
} // namespace

std::vector<int64_t> culpritRanks(const json& report) {
    std::vector<int64_t> out; // findings are ordered by time lost already
    for (const auto& f : report.value("findings", json::array()))
        if (f["rank"].is_number_integer() && costsTime(f.value("kind", std::string())))
            addOnce(out, f["rank"].get<int64_t>());
    return out;
}

std::vector<int64_t> bankAnomalyRanks(const json& report) {
    std::vector<int64_t> out;
    for (const auto& b : report["memory"].value("bank_anomalies", json::array()))
        addOnce(out, b["rank"].get<int64_t>());
    return out;
}

std::string findingKindOf(const json& report, int64_t rank) {
    for (const auto& f : report.value("findings", json::array()))
        if (f["rank"].is_number_integer() && f["rank"].get<int64_t>() == rank)
            return f["kind"].get<std::string>();
    return {};
}

std::set<int64_t> waitVictims(const json& report, const std::vector<int64_t>& culprits) {
    std::set<int64_t> out;
    const std::set<std::string> blamed = [&] {
        std::set<std::string> s;
        for (int64_t c : culprits)
            s.insert(std::to_string(c));
        return s;
    }();
    for (const auto& r : report["comm_wait"].value("by_rank", json::array())) {
        int64_t onCulprits = 0;
        for (const auto& [k, v] : r["blamed_on"].items())
            if (blamed.count(k)) onCulprits += v.get<int64_t>();
        if (2 * onCulprits > r["wait_ns"].get<int64_t>()) out.insert(r["rank"].get<int64_t>());
    }
    return out;
}

std::vector<int64_t> missingRanks(const json& report) {
    std::vector<int64_t> out;
    for (const auto& run : report.value("runs", json::array()))
        for (const auto& r : run.value("missing_ranks", json::array()))
            out.push_back(r.get<int64_t>());
    return out;
}

std::string rankRanges(std::vector<int64_t> ranks) {
    std::sort(ranks.begin(), ranks.end());
    ranks.erase(std::unique(ranks.begin(), ranks.end()), ranks.end());
    std::string out;
    for (size_t i = 0; i < ranks.size();) {
        size_t j = i;
        while (j + 1 < ranks.size() && ranks[j + 1] == ranks[j] + 1)
            ++j;
        out += (out.empty() ? "" : ", ") + std::to_string(ranks[i]);
        if (j > i) out += "-" + std::to_string(ranks[j]);
        i = j + 1;
    }
    return out;
}

std::string rankCountText(size_t ranks, const std::vector<int64_t>& missing) {
    std::string t = model::counted(int64_t(ranks), "rank", "ranks");
    if (!missing.empty())
        t += ", " + std::to_string(missing.size()) + " missing (" + rankRanges(missing) + ")";
    return t;
}

RankValues valuesOf(const json& a, const char* key) {
    RankValues out;
    for (const auto& x : a)
        if (x.contains(key) && x[key].is_number())
            out.push_back({x["rank"].get<int64_t>(), x[key].get<double>()});
    return out;
}

} // namespace rs::query
