#include "core/query/reportranks.h"

#include <algorithm>
#include <climits>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>

namespace rs::query {

namespace {

/// The report's lists of a section that go rank by rank (besides "ranks" and "stragglers" at the top):
/// each rank's steps, memory and waits, and the bank anomalies (r51a #4: they went by key, a folder's runs
/// mixed and rank 10 of one op before rank 2 of another).
constexpr std::pair<const char*, const char*> kRankLists[] = {
    {"steps", "per_rank"}, {"memory", "per_rank"}, {"memory", "bank_anomalies"}, {"comm_wait", "by_rank"}};

bool endsWith(std::string_view s, std::string_view tail) {
    return s.size() >= tail.size() && s.substr(s.size() - tail.size()) == tail;
}

bool isRank(const std::string& k) {
    return !k.empty() && k.find_first_not_of("0123456789") == std::string::npos;
}

int64_t renamed(int64_t key, const std::map<int64_t, int64_t>& toData) {
    const auto it = toData.find(key);
    return it == toData.end() ? key : it->second;
}

void renameMember(const std::string& name, nlohmann::json& v, const std::map<int64_t, int64_t>& toData) {
    if (v.is_number_integer() && (name == "rank" || endsWith(name, "_rank"))) {
        v = renamed(v.get<int64_t>(), toData);
    } else if (v.is_array() && (name == "ranks" || endsWith(name, "_ranks"))) {
        for (auto& x : v)
            if (x.is_number_integer()) x = renamed(x.get<int64_t>(), toData);
    } else if (v.is_object() &&
               (name == "last_arrival_counts" || name == "last_arrivals" || name == "blamed_on")) {
        nlohmann::json out = nlohmann::json::object();
        for (auto& [k, n] : v.items()) // keyed by rank ("unknown": no rank is named)
            out[isRank(k) ? std::to_string(renamed(std::stoll(k), toData)) : k] = n;
        v = std::move(out);
    }
}

} // namespace

std::map<int64_t, int64_t> dataRanksOf(index::Db& db, const std::set<int64_t>& keys) {
    std::map<int64_t, int64_t> out;
    std::set<int64_t> seen;
    bool differs = false;
    auto q = db.prepare("SELECT rank, coalesce(data_rank, rank) FROM rank_info");
    while (q.step()) {
        if (!keys.count(q.i64(0))) continue;
        if (!seen.insert(q.i64(1)).second) return {};
        out[q.i64(0)] = q.i64(1);
        differs |= q.i64(0) != q.i64(1);
    }
    return differs ? out : std::map<int64_t, int64_t>{};
}

std::string rankName(const nlohmann::json& report, int64_t key) {
    return "rank " + rankLabel(report, key);
}

std::string rankLabel(const nlohmann::json& report, int64_t key) {
    const std::string plain = std::to_string(key);
    if (!report.contains("runs") || report["runs"].size() < 2) return plain;
    for (const auto& run : report["runs"]) {
        const auto& keys = run["ranks"];
        const auto& data = run["data_ranks"];
        for (size_t i = 0; i < keys.size() && i < data.size(); ++i)
            if (keys[i].get<int64_t>() == key)
                return std::to_string(data[i].get<int64_t>()) + " (run " +
                       std::to_string(run["run"].get<int64_t>()) + ")";
    }
    return plain;
}

void renameRanks(nlohmann::json& report, const std::map<int64_t, int64_t>& toData) {
    if (toData.empty()) return;
    if (report.is_object()) {
        for (auto& [name, v] : report.items()) {
            renameMember(name, v, toData);
            if (v.is_structured()) renameRanks(v, toData);
        }
    } else if (report.is_array()) {
        for (auto& x : report)
            if (x.is_structured()) renameRanks(x, toData);
    }
}

void orderByRank(nlohmann::json& report) {
    auto byRank = [](nlohmann::json& a) {
        if (!a.is_array()) return;
        std::stable_sort(a.begin(), a.end(), [](const nlohmann::json& x, const nlohmann::json& y) {
            const auto& rx = x.is_object() ? x.value("rank", nlohmann::json()) : x;
            const auto& ry = y.is_object() ? y.value("rank", nlohmann::json()) : y;
            return rx.is_number_integer() && ry.is_number_integer() && rx.get<int64_t>() < ry.get<int64_t>();
        });
    };
    if (report.contains("ranks")) byRank(report["ranks"]);
    if (report.contains("stragglers")) byRank(report["stragglers"]);
    for (const auto& [section, list] : kRankLists)
        if (report.contains(section) && report[section].contains(list)) byRank(report[section][list]);
}

void orderByRunRank(nlohmann::json& report) {
    if (!report.contains("runs")) return;
    std::map<int64_t, size_t> place; // rank key → its place in the runs' order
    for (const auto& run : report["runs"])
        for (const auto& k : run.value("ranks", nlohmann::json::array()))
            if (k.is_number_integer()) place.emplace(k.get<int64_t>(), place.size());
    // (place, key): a rank of no run after every run's, by key
    auto at = [&](const nlohmann::json& x) -> std::pair<size_t, int64_t> {
        const auto& r = x.is_object() ? x.value("rank", nlohmann::json()) : x;
        if (!r.is_number_integer()) return {SIZE_MAX, INT64_MAX};
        const auto it = place.find(r.get<int64_t>());
        return {it == place.end() ? SIZE_MAX : it->second, r.get<int64_t>()};
    };
    auto byPlace = [&](nlohmann::json& a) {
        if (!a.is_array()) return;
        std::stable_sort(a.begin(), a.end(),
                         [&](const nlohmann::json& x, const nlohmann::json& y) { return at(x) < at(y); });
    };
    if (report.contains("ranks")) byPlace(report["ranks"]);
    if (report.contains("stragglers")) byPlace(report["stragglers"]);
    for (const auto& [section, list] : kRankLists)
        if (report.contains(section) && report[section].contains(list)) byPlace(report[section][list]);
    if (report.contains("outlier_steps") && report["outlier_steps"].is_array()) {
        auto excess = [](const nlohmann::json& x) {
            return x.value("wall_ns", int64_t(0)) - x.value("typical_ns", int64_t(0));
        };
        auto& a = report["outlier_steps"];
        std::stable_sort(a.begin(), a.end(), [&](const nlohmann::json& x, const nlohmann::json& y) {
            const int64_t ex = excess(x), ey = excess(y);
            return ex != ey ? ex > ey : at(x) < at(y);
        });
    }
}

namespace {
/// The lists nameRunRanks names: {section, list} ("" section: the report's own member).
constexpr std::pair<const char*, const char*> kRunRankLists[] = {
    {"steps", "per_rank"},         {"steps", "without_communication"},
    {"memory", "per_rank"},        {"memory", "bank_anomalies"},
    {"comm_wait", "by_rank"},      {"comm_wait", "idle_gaps"},
    {"diagnostics", "stub_steps"}, {"", "stragglers"},
    {"", "outlier_steps"},         {"", "damaged_files"}};
} // namespace

void nameRunRanks(nlohmann::json& report) {
    if (!report.contains("runs") || report["runs"].size() < 2) return;
    std::map<int64_t, std::pair<int64_t, int64_t>> of; // rank key → (run, the number its files write)
    for (const auto& run : report["runs"])
        for (size_t i = 0; i < run["ranks"].size() && i < run["data_ranks"].size(); ++i)
            of[run["ranks"][i].get<int64_t>()] = {run["run"].get<int64_t>(),
                                                  run["data_ranks"][i].get<int64_t>()};
    auto name = [&](nlohmann::json& x) {
        if (!x.is_object() || !x.contains("rank") || !x["rank"].is_number_integer()) return;
        const auto it = of.find(x["rank"].get<int64_t>());
        if (it == of.end()) return;
        if (!x.contains("run")) x["run"] = it->second.first;
        if (!x.contains("data_rank")) x["data_rank"] = it->second.second;
        if (!x.contains("blamed_on") || !x["blamed_on"].is_object()) return;
        nlohmann::json numbered = nlohmann::json::object();
        for (const auto& [k, ns] : x["blamed_on"].items()) { // "unknown": no rank is named
            const auto who = isRank(k) ? of.find(std::stoll(k)) : of.end();
            numbered[who == of.end() ? k : std::to_string(who->second.second)] = ns;
        }
        x["blamed_on_data_ranks"] = std::move(numbered);
    };
    for (const auto& [section, list] : kRunRankLists) {
        nlohmann::json* owner = *section ? (report.contains(section) ? &report[section] : nullptr) : &report;
        if (!owner || !owner->is_object() || !owner->contains(list) || !(*owner)[list].is_array()) continue;
        for (auto& x : (*owner)[list])
            name(x);
    }
}

} // namespace rs::query
