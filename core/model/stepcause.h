#pragma once
// Why an outlier step took longer than the rank's typical step, as the analysis decides it
// (core/analysis/outlierjudge.h) and the index stores it (step_stat.cause_kind / cause_ns /
// cause_collective / late_rank); its sentence is rendered when shown (findingtext.h). The SQL text forms
// are the index's vocabulary: never change one without a schema version bump. Pure; any thread.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace rs::model {

enum class StepCauseKind {
    WaitedForRank,        ///< waited longer than usual in a collective for a named late rank
    WaitedForUnknown,     ///< waited longer than usual; the rank it waited for is not known
    IdleBeforeCollective, ///< the device sat idle before a collective
    Compute,              ///< compute grew
    Preparing,            ///< step start to the first device task grew
    Idle,                 ///< idle time grew
    Communication,        ///< communication not overlapped with compute grew
    /// the time outside communication grew on a rank without recorded kernels: whether it computed or
    /// idled is not known
    OutsideCommunication,
};

constexpr std::string_view sqlText(StepCauseKind k) {
    switch (k) {
    case StepCauseKind::WaitedForRank:
        return "waited_for_rank";
    case StepCauseKind::WaitedForUnknown:
        return "waited_for_unknown";
    case StepCauseKind::IdleBeforeCollective:
        return "idle_before_collective";
    case StepCauseKind::Compute:
        return "compute";
    case StepCauseKind::Preparing:
        return "preparing";
    case StepCauseKind::Idle:
        return "idle";
    case StepCauseKind::Communication:
        return "communication";
    case StepCauseKind::OutsideCommunication:
        return "outside_communication";
    }
    return "communication";
}

constexpr std::optional<StepCauseKind> stepCauseKindFromSql(std::string_view s) {
    for (auto k : {StepCauseKind::WaitedForRank, StepCauseKind::WaitedForUnknown,
                   StepCauseKind::IdleBeforeCollective, StepCauseKind::Compute, StepCauseKind::Preparing,
                   StepCauseKind::Idle, StepCauseKind::Communication, StepCauseKind::OutsideCommunication})
        if (sqlText(k) == s) return k;
    return std::nullopt;
}

/// The cause of one outlier step of `rank`.
struct StepCause {
    StepCauseKind kind = StepCauseKind::Compute;
    int64_t ns = 0;              ///< the extra time (the idle gap for IdleBeforeCollective)
    std::string collective;      ///< the collective waited in or idled before
    std::optional<int> lateRank; ///< the late rank of that collective (an index rank key)
    int rank = 0;                ///< the step's own rank
    /// the late rank as the data numbers it, which the sentence names (a second run's key 10003 is its
    /// rank 3); nullopt: the key is the number
    std::optional<int> lateDataRank;
};

} // namespace rs::model
