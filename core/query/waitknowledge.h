#pragma once
// Whether a run's communication wait is known, with its reason in words: the rule of
// core/stats/runwaitfacts.h (the index stores such a wait as NULL) over the run's facts and its damaged
// files, for the report (commWaitText), the Steps table, Details and the status bar. Called on the thread
// that owns `db`.
#include "core/index/sqlite.h"
#include "core/stats/runwaitfacts.h"

#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>

namespace rs::query {

using stats::RunWaitFacts;
using stats::waitUnknownReason;

/// Each run's reason ("" known), by run id.
std::map<int, std::string> loadRunWaitUnknown(index::Db& db);
/// The same by rank key (the reason of its run).
std::map<int, std::string> loadRankWaitUnknown(index::Db& db);

/// A job of one rank (world size 1) waits for nobody: its wait is no 0 measured but not applicable
/// (core/model/waitalonetext.h says it). The rank keys of runs whose job is one rank (world size 1) and whose
/// wait is known otherwise.
std::set<int> loadRanksAlone(index::Db& db);

} // namespace rs::query
