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
/// order" (a Notify_Wait source is "measured from the Notify_Wait tasks").
inline std::string waitSourceText(std::string_view source) {
    if (source == kInferredWaitSource) return "inferred from arrival order";
    if (source == "Notify_Wait") return "measured from the Notify_Wait tasks";
    return "measured in " + std::string(source);
}

} // namespace rs::model
