#pragma once
// Whether a run's communication wait is known: the one rule the report (commWaitText), the Steps table,
// Details and the status bar apply. Called on the thread that owns `db`. Times are int64 ns.
//
// A collective's wait is measured in one of two ways: by comparing its arrival with the peers' (which
// needs the peers: every rank of the job), or by the producer on the rank itself (communication.json's
// "Wait Time(ms)", hccl_raw's wait_cost, the Notify_Wait tasks inside an HCCL op). Where neither can be
// done, a 0 is no measurement: the wait is "not known", with the reason.
#include "core/index/sqlite.h"

#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>

namespace rs::query {

struct RunWaitFacts {
    bool complete = true;             ///< every rank of the job is present (run.complete)
    int64_t ranks = 0;                ///< ranks present
    std::optional<int64_t> worldSize; ///< what the files say, if they do
    int64_t collectives = 0;          ///< collective instances of the run
    int64_t measuredCollectives = 0;  ///< of them, matched with a peer or with a producer-shipped wait
    int64_t waitNs = 0;               ///< the run's measured collective wait
    bool timed = true;                ///< some event of the run has a time (run.start_ns is set)
    bool filesDamaged = false;        ///< a source file was not read or read in part (damagedinput.h)
};

/// Why the run's wait is not known, "" when it is (measured, or a real 0: nothing to wait for).
std::string waitUnknownReason(const RunWaitFacts& f);

/// Each run's reason ("" known), by run id.
std::map<int, std::string> loadRunWaitUnknown(index::Db& db);
/// The same by rank key (the reason of its run).
std::map<int, std::string> loadRankWaitUnknown(index::Db& db);

/// A job of one rank (world size 1) waits for nobody: its wait is no 0 measured but not applicable
/// (core/model/waitalonetext.h says it). The rank keys of runs whose job is one rank (world size 1) and whose
/// wait is known otherwise.
std::set<int> loadRanksAlone(index::Db& db);

} // namespace rs::query
