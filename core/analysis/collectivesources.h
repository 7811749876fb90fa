#pragma once
// Where one rank's collective instances come from, per format:
//  - events: collective kernels by name (Ascend hcom_*, NCCL ncclKernel_* / ncclDevKernel_*) on compute
//    or communication tracks, and every top-level op on an HCCL "Group" track (legacy MindSpore names
//    them "AllReduce-op4542"); never the small tasks on the "Plane" tracks;
//  - the Ascend wait measured from the events: the Notify_Wait tasks on the lowest-numbered Plane of the
//    same device process that has any inside the op (plane 0 may carry only local copies);
//  - the producer's per-op records (communication.json, legacy hccl_raw): attached to the event instance
//    with the same name nearest in time (hccl_raw has no start: the one in the same step), or standing
//    alone when the rank has no events. Their counts of problems go to the rank's diagnostics.
// Rank-local stages of CollectiveArrivalsPass; one thread.
#include "core/analysis/arrival.h"
#include "core/analysis/nameindex.h"
#include "core/analysis/rankkernels.h"
#include "core/analysis/stepindex.h"
#include "core/index/sqlite.h"

#include <string>
#include <vector>

namespace rs::analysis {

class RankDiagnostics;

/// The collective kind of an instance name: "hcom_allReduce_" (hcom_*), "nccl:AllReduce" (the part of an
/// NCCL kernel name after ncclKernel_ / ncclDevKernel_ up to the algorithm), else the op type
/// ("AllReduce-op4542" → "AllReduce").
std::string collectiveKind(const std::string& name);
/// Pipeline point-to-point ops: HCCL hcom_send / hcom_receive, legacy "Send" / "Receive", NCCL SendRecv.
bool isPointToPoint(const std::string& opType);

/// The event instances of `rank` (its compute kernels given), by start.
std::vector<Arrival> eventCollectives(index::Db& db, const NameIndex& names, int rank,
                                      const RankKernels& kernels);
/// Sets waitEvents / transitEvents of Ascend instances from their Notify_Wait tasks.
void measureNotifyWaits(index::Db& db, const NameIndex& names, int rank, std::vector<Arrival>& arrivals);
/// Attaches the rank's per-op records (comm_op_src) to `arrivals`, or appends them as instances of their own.
void attachCommRecords(index::Db& db, int rank, const StepIndex& steps, std::vector<Arrival>& arrivals,
                       RankDiagnostics& diag);

} // namespace rs::analysis
