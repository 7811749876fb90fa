#pragma once
// Where one rank's collective instances come from, from the typed facts the importers left
// (core/model/collectivefacts.h; the format knowledge is core/import/collectivenames.h):
//  - events: spans of names the importers call collective kernels (on compute lanes and on communication
//    lanes other than planes), and every top-level span of a collective lane (an HCCL Group lane);
//  - the wait measured from the events: the wait tasks on the lowest-numbered plane of the same device
//    process that has any inside the op (plane 0 may carry only local copies); the other tasks there are
//    transfer, the sync tasks neither;
//  - the producer's per-op records (comm_op_src): one with a start time attaches to the event instance with
//    the same name nearest in time (or stands alone when the rank has no events); one without (hccl_raw)
//    to the instance of that op in the same step not taken yet. Their counts of problems go to the rank's
//    diagnostics.
// Each instance carries what its name says: the collective, whether it is point-to-point, and its identity
// across ranks (the name, or the collective where instances share one name); a kernel whose launching host
// op names its collective (launch_collective) carries that collective instead. Rank-local stages of
// CollectiveArrivalsPass; one thread.
#include "core/analysis/arrival.h"
#include "core/analysis/nameindex.h"
#include "core/analysis/rankkernels.h"
#include "core/analysis/stepindex.h"
#include "core/index/sqlite.h"

#include <vector>

namespace rs::analysis {

class RankDiagnostics;

/// Sets opType, identity and pointToPoint of `a` from the facts of its name.
void applyNameFacts(Arrival& a, const model::NameFacts& facts);

/// The event instances of `rank` (its compute kernels given), by start.
std::vector<Arrival> eventCollectives(index::Db& db, const NameIndex& names, int rank,
                                      const RankKernels& kernels);
/// Sets waitEvents / transitEvents / waitIntervals of the instances with plane tasks inside them.
void measureNotifyWaits(index::Db& db, const NameIndex& names, int rank, std::vector<Arrival>& arrivals);
/// Attaches the rank's per-op records (comm_op_src) to `arrivals`, or appends them as instances of their own.
void attachCommRecords(index::Db& db, int rank, const StepIndex& steps, std::vector<Arrival>& arrivals,
                       RankDiagnostics& diag);

} // namespace rs::analysis
