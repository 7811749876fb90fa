#include "core/query/presentedranks.h"

#include <string>
#include <string_view>

namespace rs::query {

namespace {

bool endsWith(std::string_view s, std::string_view tail) {
    return s.size() >= tail.size() && s.substr(s.size() - tail.size()) == tail;
}

/// Members that hold numbers already, not keys: the producer's own summary names ranks as its file does.
bool byNumber(std::string_view name) {
    return name.find("data_rank") != std::string_view::npos || name == "rank_key" || name == "rank_keys" ||
           name == "producer_cluster_summary";
}

bool isDigits(const std::string& k) {
    return !k.empty() && k.find_first_not_of("0123456789") == std::string::npos;
}

nlohmann::json rankObject(int64_t key, const std::pair<int64_t, int64_t>& runRank) {
    return {{"run", runRank.first}, {"rank", runRank.second}, {"rank_key", key}};
}

/// "run 1 rank 3" for a map's key; other keys ("unknown") as they are.
std::string keyText(const std::string& k, const RunRankOfKey& of) {
    const auto it = isDigits(k) ? of.find(std::stoll(k)) : of.end();
    if (it == of.end()) return k;
    std::string t = "run ";
    t.append(std::to_string(it->second.first)).append(" rank ").append(std::to_string(it->second.second));
    return t;
}

/// A runs list: each run's "ranks" by number, its keys beside as "rank_keys".
void presentRuns(nlohmann::json& runs) {
    for (auto& run : runs) {
        if (!run.is_object() || !run.contains("ranks") || !run.contains("data_ranks")) continue;
        run["rank_keys"] = run["ranks"];
        run["ranks"] = run["data_ranks"];
    }
}

bool isRankMap(std::string_view name) {
    return name == "last_arrival_counts" || name == "last_arrivals" || name == "blamed_on";
}

/// Key `v` as {"run", "rank", "rank_key"} when `of` knows it; true if it did.
bool presentKey(nlohmann::json& v, const RunRankOfKey& of) {
    const auto it = of.find(v.get<int64_t>());
    if (it == of.end()) return false;
    v = rankObject(it->first, it->second);
    return true;
}

/// An object's own "rank" (a rank's entry): the number, the key beside it.
void presentOwnRank(nlohmann::json& o, const RunRankOfKey& of) {
    if (!o.contains("rank") || !o["rank"].is_number_integer() || o.contains("rank_key")) return;
    const int64_t key = o["rank"].get<int64_t>();
    const auto it = of.find(key);
    if (it == of.end()) return;
    o["rank"] = it->second.second;
    o["rank_key"] = key;
    if (!o.contains("run")) o["run"] = it->second.first;
}

} // namespace

RunRankOfKey runRankOfKeys(const nlohmann::json& runs) {
    RunRankOfKey of;
    if (!runs.is_array() || runs.size() < 2) return of;
    for (const auto& run : runs) {
        const auto& keys = run.value("ranks", nlohmann::json::array());
        const auto& data = run.value("data_ranks", nlohmann::json::array());
        for (size_t i = 0; i < keys.size() && i < data.size(); ++i)
            of[keys[i].get<int64_t>()] = {run.value("run", int64_t(0)), data[i].get<int64_t>()};
    }
    return of;
}

void presentRunRanks(nlohmann::json& j, const RunRankOfKey& of) {
    if (of.empty() || !j.is_structured()) return;
    if (j.is_array()) {
        for (auto& x : j)
            presentRunRanks(x, of);
        return;
    }
    // what is rewritten holds numbers now and is not walked again (run 1's rank 3 is run 0's key 3)
    for (auto& [name, v] : j.items()) {
        if (byNumber(name) || name == "rank") continue; // "rank": presentOwnRank, below
        if (name == "runs" && v.is_array()) {
            presentRuns(v);
        } else if (v.is_number_integer() && endsWith(name, "_rank")) {
            presentKey(v, of);
        } else if (v.is_array() && (name == "ranks" || endsWith(name, "_ranks"))) {
            for (auto& x : v)
                if (!x.is_number_integer() || !presentKey(x, of)) presentRunRanks(x, of);
        } else if (v.is_object() && isRankMap(name)) {
            nlohmann::json out = nlohmann::json::object();
            for (auto& [k, n] : v.items())
                out[keyText(k, of)] = std::move(n);
            v = std::move(out);
        } else {
            presentRunRanks(v, of);
        }
    }
    presentOwnRank(j, of);
}

} // namespace rs::query
