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
//    plane N of an HCCL op.
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
/// A pipeline point-to-point collective kind (never matched across every rank of a group).
bool isPointToPoint(std::string_view kind);
/// Everything a name says about collectives.
model::NameFacts describeName(const std::string& name);
/// The facts of every interned string, by id.
std::vector<model::NameFacts> describeNames(const std::vector<std::string>& strings);
/// The role of a lane of kind `kind` named `lane` (a trace's thread name), and its plane number.
std::pair<model::TrackRole, std::optional<int64_t>> laneRole(model::TrackKind kind, std::string_view lane);

} // namespace rs::import
