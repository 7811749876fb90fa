#pragma once
// Writes the blamed arrivals: the `collective` table (one row per arrival), the waits of the ranks that
// waited (blamed on the last arrival), and the idle gap that made the last arrival late — its largest
// device-idle stretch since its previous collective (filed under the late collective's step) — when it
// kept the others at least waitMinNs and the gap is at least idleGapMinNs. Idle gaps of ranks that did not
// arrive last delayed nobody and are not written. Cross-rank stage; one thread.
#include "core/analysis/analysisoptions.h"
#include "core/analysis/arrival.h"
#include "core/index/sqlite.h"

#include <map>
#include <vector>

namespace rs::analysis {

/// `arrivals` by rank then start.
void storeCollectives(index::Db& db, const std::vector<Arrival>& arrivals, const AnalysisOptions& opts);
/// rank_info.clock_offset_ns of the ranks that have an offset.
void storeClockOffsets(index::Db& db, const std::map<int, int64_t>& offsets);

} // namespace rs::analysis
