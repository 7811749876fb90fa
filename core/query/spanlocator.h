#pragma once
// Which span a row of a user query names, and where it is: a `span_id` column, or `rank` with `ts_ns`
// (or `start_ns`, as the collectives, waits and steps views call it) and optionally `dur_ns` — what the
// SQL console selects on the timeline when a row is clicked. Parsing is pure; locating reads the index on
// the calling thread's connection (the query service's worker).
#include "core/index/sqlite.h"
#include "core/query/timelinequery.h"

#include <optional>
#include <string>
#include <vector>

namespace rs::query {

struct SpanRef {
    int64_t spanId = 0; ///< > 0: this span
    int rank = -1;      ///< else the span of this rank (index key) starting at tsNs
    int64_t tsNs = 0;
    std::optional<int64_t> durNs; ///< narrows it down when the row has it
};

/// The span a row names, from its column names (case-insensitive) and values; nullopt when it names
/// none (no span_id, or no rank with ts_ns / start_ns, or values that are not integers).
std::optional<SpanRef> spanRefFromRow(const std::vector<std::string>& columns,
                                      const std::vector<std::string>& values,
                                      const std::vector<bool>& isNull);

struct LocatedSpans {
    std::vector<DrawItem> spans; ///< in the order asked, those found
    std::vector<int64_t> trackIds;
    std::vector<int> ranks;
    int64_t missing = 0; ///< refs that name no span of the index
};

/// Finds each ref's span. By rank and time: the span starting exactly then on a lane of that rank
/// (with that duration when given), preferring the rank's own lanes over the overlap-analysis copies and
/// the outermost of nested spans that start together.
LocatedSpans locateSpans(index::Db& db, const std::vector<SpanRef>& refs);

} // namespace rs::query
