#include "core/pipeline/shardplan.h"

#include <algorithm>
#include <charconv>
#include <numeric>

namespace rs::pipeline {

namespace {

bool parseInt(std::string_view s, int64_t& out) {
    if (s.empty()) return false;
    auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
    return ec == std::errc() && end == s.data() + s.size();
}

/// K from a 0-based task index and N, checked.
bool fromIndex(int64_t index, int64_t count, const std::string& what, ShardSpec& out, std::string& error) {
    if (count < 1 || index < 0 || index >= count) {
        error = what + " gives task " + std::to_string(index) + " of " + std::to_string(count) +
                ", which is not a shard (expected 0 ≤ task < count)";
        return false;
    }
    out = {int(index + 1), int(count)};
    return true;
}

} // namespace

std::string ShardSpec::fileName() const {
    return "shard-" + std::to_string(k) + "-of-" + std::to_string(n) + ".sqlite";
}

bool parseShardSpec(const std::string& text, ShardSpec& out, std::string& error) {
    const size_t slash = text.find('/');
    int64_t k = 0, n = 0;
    if (slash == std::string::npos || !parseInt(std::string_view(text).substr(0, slash), k) ||
        !parseInt(std::string_view(text).substr(slash + 1), n)) {
        error = "--shard takes K/N (e.g. 2/8) or auto, not '" + text + "'";
        return false;
    }
    if (n < 1 || n > 1000000 || k < 1 || k > n) {
        error = "--shard " + text + ": K must be between 1 and N (shards are numbered 1.." +
                std::to_string(std::max<int64_t>(n, 1)) + ")";
        return false;
    }
    out = {int(k), int(n)};
    return true;
}

bool shardFromEnvironment(const std::function<const char*(const char*)>& env, int shards, ShardSpec& out,
                          std::string& error) {
    auto get = [&](const char* name, int64_t& v) {
        const char* s = env(name);
        return s && parseInt(s, v);
    };
    int64_t id = 0, count = 0, min = 0;
    if (get("SLURM_ARRAY_TASK_ID", id)) {
        if (!get("SLURM_ARRAY_TASK_COUNT", count)) {
            error = "--shard auto: SLURM_ARRAY_TASK_ID is set but SLURM_ARRAY_TASK_COUNT is not (Slurm 20.11 "
                    "or later sets it)";
            return false;
        }
        if (!get("SLURM_ARRAY_TASK_MIN", min)) min = 0;
        return fromIndex(id - min, count, "SLURM_ARRAY_TASK_ID/SLURM_ARRAY_TASK_COUNT", out, error);
    }
    if (get("JOB_COMPLETION_INDEX", id)) {
        if (shards < 1) {
            error = "--shard auto: JOB_COMPLETION_INDEX is set; say how many shards with --shards N (the "
                    "Job's completions)";
            return false;
        }
        return fromIndex(id, shards, "JOB_COMPLETION_INDEX with --shards", out, error);
    }
    error = "--shard auto: neither SLURM_ARRAY_TASK_ID (a Slurm array job) nor JOB_COMPLETION_INDEX (a "
            "Kubernetes Indexed Job) is set; outside a scheduler give --shard K/N";
    return false;
}

std::vector<std::vector<size_t>> splitGroups(const std::vector<int64_t>& groupBytes, int n) {
    std::vector<std::vector<size_t>> shards(size_t(std::max(n, 1)));
    std::vector<size_t> order(groupBytes.size());
    std::iota(order.begin(), order.end(), size_t(0));
    std::stable_sort(order.begin(), order.end(),
                     [&](size_t a, size_t b) { return groupBytes[a] > groupBytes[b]; });
    std::vector<int64_t> load(shards.size(), 0);
    for (size_t g : order) {
        // the lightest shard; min_element keeps the first of equals, so ties go to the lower shard
        const size_t s = size_t(std::min_element(load.begin(), load.end()) - load.begin());
        load[s] += groupBytes[g];
        shards[s].push_back(g);
    }
    for (auto& s : shards)
        std::sort(s.begin(), s.end());
    return shards;
}

} // namespace rs::pipeline
