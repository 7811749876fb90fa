#pragma once
// Rank names in diagnostic text: the importers and the rank-local passes write "rank N" with N the rank's
// index key; a cluster merge gives those the cluster's keys, and a reader gives them the number the files
// write ("rank 0 (index key 10000)", as the report names it). Pure; any thread.
#include <cstdint>
#include <map>
#include <string>

namespace rs::model {

/// `text` with the N of every "rank N" that is a key of `names` replaced by its name, in one pass (so a key
/// named as another key is not replaced twice).
std::string relabelRanks(const std::string& text, const std::map<int64_t, std::string>& names);

} // namespace rs::model
