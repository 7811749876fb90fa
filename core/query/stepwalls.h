#pragma once
// Each step's wall time with where it comes from and whether the rank's events cover it
// (core/model/stepwall.h holds the rule), for the Steps table, Details, the status bar and the report.
// Called on the thread that owns `db`. Times are int64 ns.
#include "core/index/sqlite.h"
#include "core/model/stepbounds.h"
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
    /// The step's interval in every view (model::stepBounds): the Steps table, Details, the drill-down's
    /// "start in step" and the window a step selection sets.
    model::StepBounds bounds = {};
    /// A shipped wall its events cover clearly less of (model::filesHoldPart).
    bool partial() const { return model::filesHoldPart(source, wallNs, eventsNs); }
    /// "295 ms, but this rank's events cover 16.4 ms of it: the files hold part of the step" ("" if not).
    std::string partialText() const;
};

/// The interval every view uses for a step whose band is [bandStartNs, bandEndNs): `w.bounds`, or the band
/// where `w` holds none (a row made without loadStepWalls).
model::StepBounds boundsOf(const StepWall& w, int64_t bandStartNs, int64_t bandEndNs);

/// Every step's wall, by (rank key, step).
std::map<std::pair<int, int64_t>, StepWall> loadStepWalls(index::Db& db);

} // namespace rs::query
