#pragma once
// What producers' names say about collectives — the one place that knows them (the analysis reads the
// typed facts these give: core/model/collectivefacts.h):
//  - kernels that are one collective instance each: HCCL hcom_* ops, NCCL ncclKernel_* / ncclDevKernel_*
//    kernels; the collective an instance name denotes ("hcom_allReduce_", "nccl:AllReduce" — the part of an
//    NCCL name after ncclKernel_ / ncclDevKernel_ up to the algorithm — else its op type, "AllReduce" from
//    MindSpore's "AllReduce-op4542"); NCCL instances share one name, so they are told apart by kind and
//    order;
//  - the tasks inside an HCCL op on its planes: Notify_Wait is waiting, other Notify* tasks synchronisation;
//  - pipeline point-to-point ops (HCCL hcom_send / hcom_receive, MindSpore Send / Receive, NCCL SendRecv);
//  - lanes: an HCCL "Group …" lane holds one collective instance per top-level span; a "Plane N" lane is
//    plane N of an HCCL op;
//  - device tasks that are not computation: collectives, Notify*/Event* tasks, and Ascend's all-caps runtime
//    tasks (EVENT_WAIT, PROFILING_ENABLE, MEMCPY_ASYNC, SDMA); names that are communication wherever they
//    run (collective kernels, PyTorch's nccl:*, c10d::*, gloo:* records).
// Pure; thread-safe.
#include "core/model/collectivefacts.h"
#include "core/model/trackkind.h"

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace rs::import {

/// The collective `name` denotes when it names a collective instance.
std::string collectiveKind(const std::string& name);
/// The NCCL collective a host op's word names, spelled as the kernels name theirs ("nccl:AllToAll"): the
/// part after "nccl:" of PyTorch's annotation ("all_to_all", "_all_gather_base") or record_param_comms'
/// "Collective name" ("allreduce", "recv"); empty for a word naming none of them (barrier, coalesced).
std::string hostOpCollective(std::string_view word);
/// A pipeline point-to-point collective kind (never matched across every rank of a group).
bool isPointToPoint(std::string_view kind);
/// A device task named `name` is not computation.
bool isNonComputeTask(std::string_view name);
/// `name` is communication on any lane: a collective kernel or the op or call that runs one.
bool isCommunicationName(std::string_view name);
/// Everything a name says about collectives and computation.
model::NameFacts describeName(const std::string& name);
/// The facts of every interned string, by id.
std::vector<model::NameFacts> describeNames(const std::vector<std::string>& strings);
/// The role of a lane of kind `kind` named `lane` (a trace's thread name), and its plane number.
std::pair<model::TrackRole, std::optional<int64_t>> laneRole(model::TrackKind kind, std::string_view lane);

} // namespace rs::import
