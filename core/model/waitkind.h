#pragma once
// Why a rank's time is filed as waiting, as the collective analysis classifies it and the `wait.kind`
// column stores it. The SQL text forms are the index's vocabulary: never change one without a schema
// version bump. Pure; any thread.
#include <optional>
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

} // namespace rs::model
