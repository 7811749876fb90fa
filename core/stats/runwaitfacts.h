#pragma once
// Whether a run's communication wait is known, from the index's facts: the one rule the analysis (which
// stores an unknown wait as NULL, unknownwaits.h), the report, the Steps table, Details and the status bar
// apply (core/query/waitknowledge.h adds the reason's wording for damaged files). Called on the thread that
// owns `db`. Times are int64 ns.
//
// A collective's wait is measured in one of two ways: by comparing its arrival with the peers' (which
// needs the peers: every rank of the job), or by the producer on the rank itself (communication.json's
// "Wait Time(ms)", hccl_raw's wait_cost, the Notify_Wait tasks inside an HCCL op). Where neither can be
// done, a 0 is no measurement: the wait is "not known", with the reason.
#include "core/index/sqlite.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>

namespace rs::stats {

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

/// Each run's facts by run id (filesDamaged false: the caller knows the damaged files).
std::map<int, RunWaitFacts> loadRunWaitFacts(index::Db& db);

} // namespace rs::stats
