#pragma once
// Why a rank's time is filed as waiting, as the collective analysis classifies it and the `wait.kind`
// column stores it. The SQL text forms are the index's vocabulary: never change one without a schema
// version bump. Pure; any thread.
#include <optional>
#include <string>
#include <string_view>

namespace rs::model {

enum class WaitKind {
    CollectiveWait, ///< a rank waited inside a collective for the last rank to arrive (blamed on it)
    IdleGap,        ///< the last-arriving rank's device sat idle before the collective (why it was late)
};

/// The `wait.kind` text ("collective_wait", "idle_gap").
constexpr std::string_view sqlText(WaitKind k) {
    return k == WaitKind::CollectiveWait ? "collective_wait" : "idle_gap";
}

/// The kind a `wait.kind` text names; nullopt for other text.
constexpr std::optional<WaitKind> waitKindFromSql(std::string_view s) {
    if (s == sqlText(WaitKind::CollectiveWait)) return WaitKind::CollectiveWait;
    if (s == sqlText(WaitKind::IdleGap)) return WaitKind::IdleGap;
    return std::nullopt;
}

/// The `wait.source` of a collective wait inferred from the arrival order (the last rank's arrival minus the
/// rank's); the others name what measured it: "hccl_raw", "communication.json", "Notify_Wait".
constexpr std::string_view kInferredWaitSource = "arrival order";

/// How the report and the findings say a wait's source: "measured in hccl_raw", "inferred from arrival
/// order". A Notify_Wait source is the Notify_Wait tasks of each collective's lowest-numbered plane that has
/// any (core/analysis/collectivesources.cpp), as the producer's Wait Time counts them (docs/formats.md §2.7):
/// said so, since all planes' tasks overlap and their plain sum is far larger (msdb level1: 3.69 ms on plane
/// 1 against 147 ms over the 112 tasks of all planes).
inline std::string waitSourceText(std::string_view source) {
    if (source == kInferredWaitSource) return "inferred from arrival order";
    if (source == "Notify_Wait")
        return "measured from the Notify_Wait tasks of each collective's first plane, as the producer's Wait "
               "Time; the other planes' tasks run alongside and are not added";
    return "measured in " + std::string(source);
}

/// What a collective wait is not, for a reader who holds it against the producer's step breakdown: the wait
/// (the timeline's hatching) is the time a collective sat waiting for its peers; step_trace_time's
/// Communication(Not Overlapped) is all communication time no compute hid, the collectives' transfers and
/// their idle time too (communication.json: Elapse = Transit + Wait + Idle). A collective mostly unhatched
/// is not a collective mostly not waiting in the producer's Communication(Not Overlapped) sense.
constexpr std::string_view kWaitIsNotCommNotOverlapped =
    "the wait alone (hatched on the timeline): the time collectives sat waiting for their peers; not the "
    "producer's Communication(Not Overlapped) of its step breakdown, which is all communication time no "
    "compute hid, the collectives' transfers and idle time too";

} // namespace rs::model
