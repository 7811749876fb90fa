#pragma once
// Steps that record no communication while the rank's other steps do. mindinsight's profiler run 0, rank
// 10: step_trace_raw_10_detail_time.csv gives each of steps 1–20 four communication ops and every
// communication column of steps 21–40 is 0, though their walls, fp/bp and tail (where the gradients'
// AllReduce runs) are as long as before: the communication ran and was not recorded (a producer artefact,
// not idle steps). Their walls are measured, so they stay steady steps; their communication and waits are
// not known, and the report says so rather than let "39 steady steps" stand for 39 steps with everything in
// them (r51d #4). Reads the index (step, collective); any thread with its own Db.
#include "core/index/sqlite.h"

#include <cstdint>
#include <string>
#include <vector>

namespace rs::query {

/// One run of consecutive steps (in the rank's step order) of a rank without any collective.
struct SilentSteps {
    int64_t rank = 0;  ///< index rank key
    int64_t first = 0; ///< step numbers, inclusive
    int64_t last = 0;
    int64_t count = 0;    ///< steps in the run
    int64_t withComm = 0; ///< the rank's steps with a collective
};

/// Every such run, by rank then step; none for a rank without any collective (it records no communication
/// at all: said elsewhere) and for whole-trace ranks (no step marks).
std::vector<SilentSteps> stepsWithoutCommunication(index::Db& db);

/// What the report says of a run, after the rank's name: "steps 21–40 record no communication (its other 20
/// steps do): their communication and waits are not known; their walls are measured and count among the
/// steady steps".
std::string silentStepsText(const SilentSteps& s);

} // namespace rs::query
