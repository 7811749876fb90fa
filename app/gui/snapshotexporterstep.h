#pragma once
// What `rankscope export`'s default set pictures of one step: the step of the report's top finding, on its
// rank (its culprit, else the example rank a pipeline_wait is shown by), as the app goes to it and the HTML
// report pictures it (walk18b #6: cluster_propose's export showed warm-up step 1, the app and the report step
// 2); without a finding that names a step, the worst outlier step, else the typical step of the first rank
// by the report's rule (model::typicalStepNs over its steps, stub steps left out: query/stubsteps.h); and the
// step's longest collective on that rank, framed whole, when it has one.
// A profile with only stub steps, or none, gets no step picture. Reads the index; any thread with its own
// Db. Times in ns on the index's clock, as ProfileSummary's.
#include "core/index/sqlite.h"
#include "core/query/timelinequery.h"

#include <QString>
#include <nlohmann/json.hpp>

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

/// The step to picture and its collective (see above).
StepPicture stepWorthShowing(index::Db& db, const query::ProfileSummary& s);
/// The report's top finding's step and rank key, when it names a step (findings of other runs skipped).
std::optional<std::pair<int64_t, int>> topFindingStep(const nlohmann::json& report,
                                                      const query::ProfileSummary& s);
/// A collective's op type as a file name's part: "nccl:AllReduce" → "allreduce", "hcom_allReduce_" →
/// "hcom-allreduce" (no dash at either end), at most 40 characters.
std::string collectiveSlug(const QString& opType);

} // namespace rs::gui
