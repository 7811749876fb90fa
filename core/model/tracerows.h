#pragma once
// The rows of the trace itself, as the importers emit them and the index stores them: spans, their
// tracks and level-of-detail buckets, counter samples and flow endpoints. Plain values, moved from the
// parser threads to the writer thread, never shared. Times are int64 ns since the epoch (or the trace's
// own origin); string ids index the interned string table.
#include "core/model/collectivefacts.h"
#include "core/model/trackkind.h"

#include <cstdint>
#include <optional>
#include <string>

namespace rs::model {

struct SpanRow {
    int64_t trackId, tsNs, durNs;
    int32_t nameId, opTypeId, catId;
    int32_t depth;
    int32_t fileId;
    int64_t fileOffset; ///< decompressed byte offset of the event, to load its args on demand
};

struct CounterRow {
    int64_t trackId, tsNs;
    double value;
};

struct TrackRow {
    int64_t trackId;
    int rank;
    TrackKind kind;
    std::string name, process, pid, tid;
    int64_t sortIndex;
    int64_t spanCount;
    int maxDepth;                     ///< -1: the spans arrived out of order, the writer re-nests the track
    TrackRole role = TrackRole::None; ///< what its spans are to the collectives (collectivefacts.h)
    std::optional<int64_t> plane;     ///< CommPlane: the HCCL plane number, when the data gives one
};

/// One merged level-of-detail bucket: the spans of one track whose start falls in
/// [bucket*width, (bucket+1)*width) for the level's width (core/model/lod.h).
struct LodRow {
    int64_t trackId;
    int level;
    int depth;
    int64_t startNs, endNs, count, busyNs;
    int32_t nameId; ///< name of the longest span in the bucket
};

/// One flow event. A flow is keyed by (rank, id, catId, nameId), Perfetto's v1 key.
struct FlowRow {
    int rank;
    /// The id, when it reads as an int64 without a '.' (stored as INTEGER, compact); parsed by the parser
    /// thread, so no string is made for it and the writer does not parse it.
    std::optional<int64_t> idNum;
    std::string idText; ///< else the id as written: ids reach 2^64−1 and may be strings (stored as TEXT)
    int32_t catId;      ///< interned category
    int32_t nameId;     ///< interned name
    char phase;         ///< 's', 't' or 'f'
    bool bindEnclosing; ///< `"bp":"e"`: binds to the enclosing slice (else an `f` binds to the next one)
    int64_t tsNs, trackId;
    int32_t fileId; ///< the source file, for the binding pass's diagnostics
};

} // namespace rs::model
