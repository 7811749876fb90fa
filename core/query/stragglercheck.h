#pragma once
// Whether the index could name a straggler at all: the op_stats pass (core/analysis/opstats.h) judges an
// op type's cells by their spread over the run's ranks, and of fewer than three judged ranks it can never
// flag one (two ratios sit symmetrically about their median: a difference between two cannot say which
// one is slow). "No stragglers" is said only when some op type of some run had three judged ranks;
// otherwise the reason is said, as the heatmap's caption says it (walk 12: "no stragglers" on a
// one-rank .db and on a folder without device kernels). Reads the index (op_stat, rank_info); any thread
// with its own Db.
#include "core/index/sqlite.h"

#include <cstdint>
#include <optional>
#include <string>

namespace rs::query {

struct StragglerCheck {
    bool possible = false; ///< some op type had model::kStragglerMinRanks judged ranks in one run
    std::string why;       ///< when not: "one rank has device kernels", …
};

/// Over every run, or over `run` only.
StragglerCheck stragglerCheck(index::Db& db, std::optional<int64_t> run = std::nullopt);

} // namespace rs::query
