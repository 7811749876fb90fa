#pragma once
// What a track (one lane of spans or samples) is, as the importers classify it and the `track.kind` column
// stores it. The SQL text forms are the index's vocabulary (queries and users' SQL filter on them): never
// change one without a schema version bump. Pure; any thread.
#include <optional>
#include <string_view>

namespace rs::model {

enum class TrackKind {
    Compute,       ///< device kernels (the lanes analysis measures)
    Communication, ///< collective and transfer tasks (HCCL, NCCL)
    Host,          ///< framework and Python activity on the CPU
    Overlap,       ///< Ascend's "Overlap Analysis" lanes (derived by the producer)
    Counter,       ///< sampled values (frequency, bandwidth, memory)
    Other,         ///< anything else the trace holds
};

/// The `track.kind` text ("compute", "communication", …).
constexpr std::string_view sqlText(TrackKind k) {
    switch (k) {
    case TrackKind::Compute:
        return "compute";
    case TrackKind::Communication:
        return "communication";
    case TrackKind::Host:
        return "host";
    case TrackKind::Overlap:
        return "overlap";
    case TrackKind::Counter:
        return "counter";
    case TrackKind::Other:
        return "other";
    }
    return "other";
}

/// The kind a `track.kind` text names; nullopt for text no version of the schema wrote.
constexpr std::optional<TrackKind> trackKindFromSql(std::string_view s) {
    for (auto k : {TrackKind::Compute, TrackKind::Communication, TrackKind::Host, TrackKind::Overlap,
                   TrackKind::Counter, TrackKind::Other})
        if (sqlText(k) == s) return k;
    return std::nullopt;
}

} // namespace rs::model
