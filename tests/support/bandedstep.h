#pragma once
// A step of a hand-built summary whose band is made of `band` (the trace's markers, a rank's whole trace,
// …), placed as loadStepWalls places it: the views tell a rank's whole trace from a step by it
// (core/query/wholetracestep.h). Times in ns. Any thread.
#include "core/query/timelinequery.h"

namespace rs::test {

inline query::StepDesc bandedStep(int rank, int64_t step, int64_t t0, int64_t t1, model::WallSource band) {
    query::StepDesc d{rank, step, t0, t1, false, "", {}, 0, {}};
    d.wall.source = band;
    d.wall.wallNs = d.wall.eventsNs = t1 - t0;
    d.wall.bounds = model::stepBounds(band, band, t0, t1, t1 - t0, std::nullopt);
    return d;
}

} // namespace rs::test
