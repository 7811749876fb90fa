#pragma once
// What a baseline record keeps of a run's links and HBM bank placement, so compare can tell a slower link
// or a newly misplaced buffer (walk 30: a 14.2 GB/s link and rank 6's AllReduce buffers in the wrong bank
// passed a baseline gate). Links come from the Communication tab's matrices (all steps summed,
// core/query/slowlinkfindings.h), bank anomalies from the index's bank_anomaly table. Reads the index; any
// thread with its own Db.
#include "core/compare/baselinerecord.h"
#include "core/index/sqlite.h"

#include <map>

namespace rs::compare {

/// Fills r.links: every link of `run` with a transfer time that is not latency-bound.
void measureLinks(index::Db& db, int run, BaselineRecord& r);

/// Fills r.banksChecked and r.bankAnomalies (ranks as `dataRankOf` maps the index's keys; other runs'
/// ranks left out).
void measureBanks(index::Db& db, const std::map<int, int>& dataRankOf, BaselineRecord& r);

} // namespace rs::compare
