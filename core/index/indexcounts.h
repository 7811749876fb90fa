#pragma once
// What `rankscope info` shows of an index's tables besides the spans: how many rows of each kind and the
// spans' first start and last end. A build counts them once, after its last write, and keeps them in the
// meta table of the same file before it is renamed into place (so a kept count can never disagree with the
// tables: nothing writes to them after the build); reopening reads eight meta rows instead of counting
// tables that grow with the profile (the level-of-detail buckets, tensors, memory samples). An index without
// them (a cluster index, which merge writes) is counted. Times are int64 ns as stored. Any thread, with
// its own Db.
#include "core/index/sqlite.h"

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace rs::index {

struct IndexCounts {
    int64_t tracks = 0;
    int64_t steps = 0; ///< step numbers (count of distinct `step.step`), as the report counts them
    int64_t collectives = 0;
    int64_t tensors = 0;
    int64_t memorySamples = 0;
    int64_t counters = 0;
    int64_t spanStartNs = 0; ///< the spans' first start, 0 when there is no span
    int64_t spanEndNs = 0;   ///< the spans' last end (ts + dur), 0 when there is no span

    bool operator==(const IndexCounts&) const = default;

    /// Counts the tables now (what a build keeps, and what an index without kept counts shows).
    static IndexCounts recount(Db& db);
    /// The counts kept in the meta table; nullopt when any of them is missing or not a number.
    static std::optional<IndexCounts> kept(Db& db);
    /// The kept counts, else a recount.
    static IndexCounts of(Db& db);
    /// The meta rows (key, value) that keep these counts.
    std::vector<std::pair<std::string, std::string>> metaRows() const;
};

} // namespace rs::index
