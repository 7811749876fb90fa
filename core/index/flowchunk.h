#pragma once
// The importers' flow events as build scratch: one BLOB per writer batch in `flow_chunk` rather than a row
// per event (a row cost the writer ~0.26 µs of SQLite per event, a fifth of its parse-stage time on an
// Ascend profile; a chunk is a copy). Events are numbered in write order from 1 — a chunk's `first` is its
// first event's number — and load_range's flow_first / flow_last name runs of those numbers. A chunk is
// fixed-size little-endian records, then the text ids they point into. The writer thread encodes; any
// thread decodes with its own connection.
#include "core/index/sqlite.h"
#include "core/model/tracerows.h"

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace rs::index {

/// One decoded flow event. Times in ns; `idText` points into the chunk's bytes (valid during the callback).
struct FlowEvent {
    int64_t tsNs = 0, trackId = 0;
    int64_t idNum = 0;       ///< the id, when idIsInt
    std::string_view idText; ///< else the id as written (ids reach 2^64−1 and may be strings)
    /// The rank number its file gave, not the index's rank key: keys of colliding ranks are reordered
    /// after the load (IndexWriter::orderCollidingRanks), and a blob is not rewritten; a rank group and a
    /// data rank name one key.
    int32_t dataRank = 0;
    int32_t catId = 0, nameId = 0, fileId = -1;
    char phase = 'f';
    bool bindEnclosing = false, idIsInt = false;
};

/// Bytes a chunk takes per event, before its text ids.
inline constexpr size_t kFlowRecordBytes = 48;

/// Encodes `rows` (their `rank` the data rank) into `out`, which is cleared first.
void encodeFlowChunk(const std::vector<model::FlowRow>& rows, std::string& out);

/// Calls fn(i, event) for each of a chunk's `count` events in order; throws SqlError when `bytes` cannot
/// hold them (a damaged scratch file).
void decodeFlowChunk(std::string_view bytes, int64_t count,
                     const std::function<void(int64_t, const FlowEvent&)>& fn);

/// Every stored event numbered in [first, last], in number order. Reads the chunks that start in the
/// range: a rank group's runs of numbers are whole batches (core/index/loadranges.h), so none starts
/// before a run and reaches into it. `db` sees `flow_chunk` (main, or the build's attached scratch).
void forEachFlowEvent(Db& db, int64_t first, int64_t last, const std::function<void(const FlowEvent&)>& fn);

} // namespace rs::index
