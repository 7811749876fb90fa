#pragma once
// Each step's wall time with where it comes from and whether the rank's events cover it
// (core/model/stepwall.h holds the rule), for the Steps table, Details, the status bar and the report.
// Called on the thread that owns `db`. Times are int64 ns.
#include "core/index/sqlite.h"
#include "core/model/stepwall.h"

#include <cstdint>
#include <map>
#include <utility>

namespace rs::query {

struct StepWall {
    int64_t wallNs = 0;     ///< step_stat.wall_ns, else the band's length
    int64_t eventsNs = 0;   ///< the step band on the rank (the timeline draws it): its events of the step
    int64_t recordedNs = 0; ///< everything the rank recorded (rank_info's window); 0: not known
    model::WallSource source = model::WallSource::WholeTrace;
    /// A shipped wall its events cover clearly less of (model::filesHoldPart).
    bool partial() const { return model::filesHoldPart(source, wallNs, eventsNs); }
    /// "295 ms, but this rank's events cover 16.4 ms of it: the files hold part of the step" ("" if not).
    std::string partialText() const;
};

/// Every step's wall, by (rank key, step).
std::map<std::pair<int, int64_t>, StepWall> loadStepWalls(index::Db& db);

} // namespace rs::query
