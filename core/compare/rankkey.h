#pragma once
// The index's rank key of a run's rank given the producer's rank number (they differ only when runs in
// one folder claim the same numbers). Reads the index; any thread with its own Db.
#include "core/index/sqlite.h"

#include <optional>

namespace rs::compare {

std::optional<int> rankKeyOf(index::Db& db, int run, int dataRank);

} // namespace rs::compare
