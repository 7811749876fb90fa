#pragma once
// The split of a profile's rank groups into N shards for a cluster build (issue 22): every task of an
// array job discovers the same profile and computes the same split, then indexes only its own groups.
// Balanced by on-disk bytes: groups largest first, each into the lightest shard so far (ties: the lower
// shard; equal sizes keep discovery order), so the split depends on the discovery alone. A rank never
// spans groups, so splitting groups splits ranks. Shards are numbered 1..N (K/N, as users write them).
// Pure functions; any thread.
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace rs::pipeline {

struct ShardSpec {
    int k = 0; ///< 1..n
    int n = 0; ///< 0: no sharding (the whole profile)
    bool sharded() const { return n > 0; }
    /// "K/N"
    std::string text() const { return std::to_string(k) + "/" + std::to_string(n); }
    /// "shard-K-of-N.sqlite": the shard's file name in its shard folder.
    std::string fileName() const;
};

/// Parses "K/N" (1 ≤ K ≤ N). False with `error` saying what is wrong.
bool parseShardSpec(const std::string& text, ShardSpec& out, std::string& error);

/// `--shard auto`: Slurm's SLURM_ARRAY_TASK_ID (K = id − SLURM_ARRAY_TASK_MIN + 1, MIN 0 when unset) and
/// SLURM_ARRAY_TASK_COUNT, else Kubernetes' JOB_COMPLETION_INDEX (0-based) with `shards` (--shards N; 0:
/// not given). `env` reads a variable (nullptr when unset). False with `error` naming what is missing.
bool shardFromEnvironment(const std::function<const char*(const char*)>& env, int shards, ShardSpec& out,
                          std::string& error);

/// Group indexes (into `groupBytes`, in discovery order) of each of `n` shards, each list ascending.
std::vector<std::vector<size_t>> splitGroups(const std::vector<int64_t>& groupBytes, int n);

} // namespace rs::pipeline
