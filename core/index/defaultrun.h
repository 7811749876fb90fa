#pragma once
// Which run a profile shows when nobody chose one: the run that holds the most — the most ranks, then the
// most steps, then the most spans, the lowest run id of equals (the app, the report, `compare`, `baseline`,
// `annotate`, `stats` and `shapes` all use this one rule). Never the earliest start: the runs of one folder
// may be on clocks the data does not relate (walk 25: mindinsight's profiler folder opened on run 0, 3
// spans on its own clock from 0 ns, beside a run of 40 steps and one of 1049 spans at epoch times). A read
// of the `run`, `rank_info`, `step` and `track` tables; any thread with its own connection.
#include "core/index/sqlite.h"

#include <cstdint>
#include <string>
#include <vector>

namespace rs::index {

/// What one run holds, as the rule weighs it.
struct RunHolding {
    int run = 0;
    int64_t ranks = 0;
    int64_t steps = 0; ///< measured steps, ranks × steps (a rank's whole trace, step 0, is not one)
    int64_t spans = 0;
};

/// Every run of the index with what it holds, by run id.
std::vector<RunHolding> runHoldings(Db& db);
/// The rule's run among `runs`; 0 when there are none.
int defaultRunOf(const std::vector<RunHolding>& runs);
/// The default run's id; 0 when the index has no runs.
int defaultRunId(Db& db);

/// How the rule chose `chosen` among `runs`: "the one with the most ranks, 4", "the one with the most
/// rank-steps, 40, of the 4 runs with 1 rank", "runs 0 and 3 hold alike (1 rank, 1 rank-step and 2 spans):
/// the first"; a tie is said, never "the one with the most ranks" of five equal runs (walk18b #4); "as
/// chosen" for another.
std::string defaultRunWhy(const std::vector<RunHolding>& runs, int chosen);
/// defaultRunWhy over the index's runs.
std::string defaultRunWhy(Db& db, int chosen);

} // namespace rs::index
