#pragma once
// Whether two runs are one workload, as far as their records tell: the op types both ran and the share of
// each side's device (kernel) time those op types take. Two runs of one job share nearly all of it (the
// demo against itself with another seed or a --scale-op: 100 %; msinsight level1 exported as text and as
// .db: 99.1 %), while unrelated profiles share little (every pair of the real samples from different jobs:
// at most 40.2 %, HTA df_index_resolver vs ns_resolution_trace; mindinsight cluster_propose vs HTA
// trace_filter: 0 of 157 op types). A comparison of runs below the rule judges nothing: its deltas would
// be the difference of two workloads, not a change. Pure.
#include "core/compare/baselinerecord.h"

#include <string>

namespace rs::compare {

struct WorkloadOverlap {
    int shared = 0, total = 0; ///< op types in both records, in either
    /// The share (0–1) of the baseline's / the candidate's device time in the op types both ran.
    double baselineShare = 0, candidateShare = 0;
    /// False when neither record has an op type: nothing tells whether they are one workload.
    bool known() const { return total > 0; }
    /// Known, and a side spends less than `minShared` of its device time in op types the other ran: the
    /// records do not say the runs belong together.
    bool unrelated(double minShared) const;
    /// "share 3 of 57 op types (4.1 % of the baseline's device time, 0.8 % of the candidate's)".
    std::string text() const;
};

WorkloadOverlap workloadOverlap(const BaselineRecord& baseline, const BaselineRecord& candidate);

} // namespace rs::compare
