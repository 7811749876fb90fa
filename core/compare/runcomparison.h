#pragma once
// Compares two BaselineRecords (baseline, candidate) the way a CI gate must: relative deltas
// (candidate − baseline) / baseline of robust statistics only, op types below a share of device time
// ignored, and a delta reported only when it passes its threshold. Pure functions.
#include "core/compare/baselinerecord.h"

#include <optional>
#include <string>
#include <vector>

namespace rs::compare {

struct CompareOptions {
    double maxLatencyDelta = 0.03; ///< step wall time and op times
    double maxMemoryDelta = 0.05;  ///< peak allocated / reserved
    double maxWaitDelta = 0.10;    ///< collective wait per step (noisier than compute)
    double minShare = 0.01;        ///< op types below this share of device time are not compared
};

struct Delta {
    std::string kind;      ///< step, op, collective, comm_wait, memory_allocated, memory_reserved
    std::string opType;    ///< for kinds op and collective
    std::string statistic; ///< median, p95, total_per_step, per_step, peak, transfer_median
    int64_t seq = -1;      ///< for kind collective: its place among the step's collectives of its type
    std::optional<int> rank; ///< empty: over all ranks
    double baseline = 0, candidate = 0, delta = 0;
};

struct CompareResult {
    std::vector<Delta> regressions, improvements; ///< worst first
    std::vector<int> ranks;                       ///< matched (in both)
    std::vector<int> ranksOnlyInBaseline, ranksOnlyInCandidate;
    std::vector<std::string> opTypes;             ///< compared (in both, above the share)
    std::vector<std::string> opTypesOnlyInBaseline, opTypesOnlyInCandidate; ///< above the share on their side
    std::vector<std::string> collectives; ///< compared, "hcom_allReduce_ #0"
    std::vector<std::string> collectivesOnlyInBaseline, collectivesOnlyInCandidate;
    int64_t collectiveStepsByIndex = 0; ///< steps both runs have by number (0: compared as distributions)
    int64_t baselineSteps = 0, candidateSteps = 0;
    /// Steady step numbers in both runs, and in one only (when both records list their numbers).
    std::vector<int64_t> stepsByNumber, stepsOnlyInBaseline, stepsOnlyInCandidate;
    std::vector<std::string> notes;
    bool fail() const { return !regressions.empty(); }
};

CompareResult compareRecords(const BaselineRecord& baseline, const BaselineRecord& candidate,
                             const CompareOptions& o = {});

/// The `--json` document: verdict, both sides, regressions, improvements, matched and unmatched.
std::string compareJson(const CompareResult& r, const BaselineRecord& baseline, const BaselineRecord& candidate,
                        const CompareOptions& o);
/// Lines for people, worst regression first; one line per root (an op type slower on every rank is one
/// line, not one per rank).
std::vector<std::string> compareSummary(const CompareResult& r);

} // namespace rs::compare
