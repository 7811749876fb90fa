#pragma once
// What the importers know about collectives, as typed facts the index stores and the analysis reads, so
// format knowledge (HCCL hcom_* and NCCL kernel names, Notify_Wait on HCCL planes, Group lanes, per-op
// records) lives with the importers (core/import/collectivenames.h) and nowhere else:
//  - TrackRole (track.role, track.plane): a lane whose top-level spans are collective instances (an HCCL
//    Group lane), or an HCCL plane whose notify tasks measure a collective's wait;
//  - NameFacts (name_fact): per interned name, whether it is a collective kernel or a notify task, which
//    collective it names, whether that is point-to-point and how its instances are told apart, whether a
//    device task of that name is computation and whether the name is communication wherever it runs;
//  - CommRecordSource (comm_op_src.source): which per-op record a communication row comes from.
// The SQL text forms are the index's vocabulary: never change one without a schema version bump. Pure.
#include <optional>
#include <string>
#include <string_view>

namespace rs::model {

enum class TrackRole {
    None,
    CollectiveLane, ///< every top-level span is one collective instance (HCCL "Group N Communication")
    CommPlane,      ///< an HCCL plane: the small tasks of collectives, Notify_Wait among them
};

constexpr std::string_view sqlText(TrackRole r) {
    switch (r) {
    case TrackRole::None:
        return "";
    case TrackRole::CollectiveLane:
        return "collective_lane";
    case TrackRole::CommPlane:
        return "comm_plane";
    }
    return "";
}

enum class TaskRole {
    None,
    CollectiveKernel, ///< each span of it is one collective instance (hcom_*, ncclKernel_*, ncclDevKernel_*)
    WaitTask,         ///< inside a collective, time spent waiting for the other ranks (Notify_Wait)
    SyncTask,         ///< inside a collective, synchronisation that is neither wait nor transfer (Notify*)
};

constexpr std::string_view sqlText(TaskRole r) {
    switch (r) {
    case TaskRole::None:
        return "";
    case TaskRole::CollectiveKernel:
        return "collective_kernel";
    case TaskRole::WaitTask:
        return "wait_task";
    case TaskRole::SyncTask:
        return "sync_task";
    }
    return "";
}

constexpr std::optional<TaskRole> taskRoleFromSql(std::string_view s) {
    for (auto r : {TaskRole::CollectiveKernel, TaskRole::WaitTask, TaskRole::SyncTask})
        if (sqlText(r) == s) return r;
    return std::nullopt;
}

/// How the instances of one collective are told apart across ranks.
enum class MatchBy {
    Name, ///< the producer names each instance (HCCL "hcom_allReduce__586_0_1", MindSpore "AllReduce-op4619")
    KindAndOrder, ///< every instance has one name (NCCL kernels): the kind and its order in the step
};

constexpr std::string_view sqlText(MatchBy m) {
    return m == MatchBy::KindAndOrder ? "kind_and_order" : "name";
}

/// What an interned name says about collectives. `collective` is the operation the name denotes when it
/// names a collective instance: "hcom_allReduce_", "nccl:AllReduce", "AllReduce" (from "AllReduce-op4542").
struct NameFacts {
    TaskRole task = TaskRole::None;
    std::string collective;
    bool pointToPoint = false; ///< pipeline Send/Receive: its peer is one rank, not every rank of a group
    MatchBy matchBy = MatchBy::Name;
    /// A device task of this name computes: false for collectives, notify/event tasks and the runtime's
    /// all-caps tasks (EVENT_WAIT, PROFILING_ENABLE), which would inflate "Computing" and hide stragglers.
    bool compute = true;
    /// Communication on any lane: a collective kernel, or the op or call that runs one (PyTorch's
    /// `nccl:all_reduce`, `c10d::allreduce_`, `gloo:*`); the timeline colours these in communication hues.
    bool communication = false;
};

/// Whether the point-to-point collective `kind` (NameFacts::collective, sum_arrival.op_type) receives only:
/// "Receive", "hcom_receive_", "nccl:Recv" — not "nccl:SendRecv", whose direction its name does not tell.
constexpr bool receivesOnly(std::string_view kind) {
    auto has = [kind](std::string_view word) {
        for (size_t i = 0; i + word.size() <= kind.size(); ++i) {
            size_t k = 0;
            while (k < word.size() && (kind[i + k] | 0x20) == word[k])
                ++k;
            if (k == word.size()) return true;
        }
        return false;
    };
    return (has("receive") || has("recv")) && !has("send");
}

/// The per-op record a communication row comes from.
enum class CommRecordSource {
    CommunicationJson, ///< Ascend communication.json: every instance with its start time
    HcclRaw,           ///< legacy MindSpore hccl_raw: per step and op name, no start time
};

constexpr std::string_view sqlText(CommRecordSource s) {
    return s == CommRecordSource::HcclRaw ? "hccl_raw" : "communication.json";
}

constexpr std::optional<CommRecordSource> commRecordSourceFromSql(std::string_view s) {
    if (s == "hccl_raw") return CommRecordSource::HcclRaw;
    if (s == "communication.json") return CommRecordSource::CommunicationJson;
    return std::nullopt;
}

} // namespace rs::model
