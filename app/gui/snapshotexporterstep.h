#pragma once
// What `rankscope export`'s default set pictures of one step: the worst outlier step, else the typical
// step of the first rank by the report's rule (model::typicalStepNs over its steps, stub steps left out:
// query/stubsteps.h), and the step's longest collective on that rank, framed whole, when it has one.
// A profile with only stub steps, or none, gets no step picture. Reads the index; any thread with its own
// Db. Times in ns on the index's clock, as ProfileSummary's.
#include "core/index/sqlite.h"
#include "core/query/timelinequery.h"

#include <cstdint>
#include <optional>
#include <string>

namespace rs::gui {

struct StepCollective {
    std::string kind;               ///< "allreduce", "sendrecv": the op type without its "nccl:", lower case
    int64_t startNs = 0, endNs = 0; ///< the collective's kernel
};

struct StepPicture {
    int64_t step = -1; ///< -1: no step worth a picture
    std::optional<StepCollective> collective;
};

/// The step to picture on `s`'s first rank and its collective (see above).
StepPicture stepWorthShowing(index::Db& db, const query::ProfileSummary& s);

} // namespace rs::gui
