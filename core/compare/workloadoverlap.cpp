#include "core/compare/workloadoverlap.h"

#include <cstdio>

namespace rs::compare {

bool WorkloadOverlap::unrelated(double minShared) const {
    return known() && (baselineShare < minShared || candidateShare < minShared);
}

std::string WorkloadOverlap::text() const {
    char buf[160];
    std::snprintf(
        buf, sizeof buf,
        "share %d of %d op types (%.1f %% of the baseline's device time, %.1f %% of the candidate's)", shared,
        total, baselineShare * 100, candidateShare * 100);
    return buf;
}

WorkloadOverlap workloadOverlap(const BaselineRecord& b, const BaselineRecord& c) {
    WorkloadOverlap w;
    w.total = int(b.opShare.size());
    for (const auto& [op, share] : c.opShare) {
        auto it = b.opShare.find(op);
        if (it == b.opShare.end()) {
            ++w.total;
            continue;
        }
        ++w.shared;
        w.baselineShare += it->second;
        w.candidateShare += share;
    }
    return w;
}

} // namespace rs::compare
