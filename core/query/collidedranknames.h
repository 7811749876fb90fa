#pragma once
// The names of rank keys that are not the number the rank's files write: "0 (index key 10000)", as the report
// names such a rank 0. Diagnostics are stored under keys (a cluster merge relabels them), so every reader
// that shows them (`info`, the app's Diagnostics dialog) names them through this map and model::relabelRanks.
// Reads rank_info; any thread with its own connection.
#include "core/index/sqlite.h"

#include <cstdint>
#include <map>
#include <string>

namespace rs::query {

/// Key → "N (index key K)" for every rank whose key differs from its data rank.
std::map<int64_t, std::string> collidedRankNames(index::Db& db);

/// `text` with every "rank K" of a collided key named as above.
std::string withRankNames(const std::string& text, const std::map<int64_t, std::string>& names);

} // namespace rs::query
