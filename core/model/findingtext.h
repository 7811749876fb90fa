#pragma once
// The one renderer of the sentences Rankscope tells about a profile: each finding's text and each
// outlier step's cause, made when shown (report JSON, `rankscope report` text and HTML, the app's findings
// panel, the Steps table and the timeline's tooltips) from the typed fields the index stores, so rewording
// never needs a re-index. Pure; any thread.
#include "core/model/findingkind.h"
#include "core/model/stepcause.h"

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

namespace rs::model {

/// A finding's typed fields, as the `finding` row (and the rows it names) give them.
struct FindingFields {
    FindingKind kind = FindingKind::Stall;
    std::optional<int> rank; ///< the index's rank key
    int dataRank = 0;        ///< the rank number as the data names it
    std::optional<int64_t> step;
    std::string subject;
    int64_t lostNs = 0, waitedNs = 0, extraNs = 0;
    int64_t idleNs = 0; ///< stall: the idle gap before the worst collective; late_rank: idle before them
    /// slow_rank, late_rank: the blamed collective instances the rank took part in; straggler: the run's
    int64_t instances = 0;
    nlohmann::json affected = nlohmann::json::object();
    // outlier_step: the step of the rank that stood out most (its step_stat row)
    int64_t wallNs = 0, typicalNs = 0;
    std::optional<StepCause> cause;
    // bank_anomaly: "[0]" and "[5]" (its bank_anomaly row)
    std::string banks, otherBanks;
};

std::string findingText(const FindingFields& f);
/// Where waits come from, from {source: ns} (wait.source names): "measured in hccl_raw" for one source;
/// "5.98 s measured in hccl_raw, 59.1 ms inferred from arrival order" for several; "" for none. The report,
/// the findings and the details say a wait's source in these words.
std::string waitSourcesText(const nlohmann::json& bySource);
std::string stepCauseText(const StepCause& c);

} // namespace rs::model
