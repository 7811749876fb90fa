#pragma once
// The slow_link findings: each link the communication matrix judges slow (commmatrix.h, judgeSlowLinks),
// told as a finding with its culprit (the link src → dst and its transport) and its cost. Made when the
// report is built, from the same matrix the Communication tab shows first — all steps summed, the run's
// default group, and each other group when the groups' ranks cannot be laid over each other — so the
// finding and the outlined cell cannot disagree. Latency-bound links (never judged) never become findings.
// Cost (extra_ns): the time its transfers took beyond what its bytes need at its transport's median
// bandwidth (time − bytes / median). The matrix does not say whether a collective waited for the link, so
// no job loss is claimed (lost_ns 0). Any thread with its own connection.
#include "core/index/sqlite.h"
#include "core/query/commmatrix.h"

#include <nlohmann/json.hpp>

namespace rs::query {

/// The matrices the Communication tab can show of `run` without choosing a step: the default one, and each
/// group apart when the default shows one group of several. The links judged, and the ones compare
/// records (core/compare/linkmeasure.h).
std::vector<CommMatrix> runCommMatrices(index::Db& db, int run);

/// The findings as findingsJson (report.h) writes them: kind "slow_link", rank = the rank whose file holds
/// the link, affected = {src, dst, transport, group, scope, bytes, time_ns, bandwidth_gbps, median_gbps,
/// threshold_gbps, ops}; a finding per slow link of every run, most extra time first.
nlohmann::json slowLinkFindings(index::Db& db);

} // namespace rs::query
