#pragma once
// Outlier steps of one rank: a step whose wall time (or wait) is robustly far above the rank's median
// (MAD-based z beyond opts.robustZ) and above it by at least opts.outlierMinFraction of the median wall;
// the cause is the phase that explains most of the extra time, waiting and idling before a collective
// checked first (on Ascend the wait is inside "communication", so the comm delta always matches the wait
// delta and must not hide it). Needs three steps or more. Cross-rank stage (the waits come from the
// blame); pure.
#include "core/analysis/analysisoptions.h"
#include "core/model/stepcause.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace rs::analysis {

/// One step of one rank with everything the judge weighs (ns).
struct StepRow {
    int64_t step = 0, startNs = 0;
    int64_t wall = 0, compute = 0, comm = 0, overlapped = 0, notOverlapped = 0, wait = 0, idle = 0,
            preparing = 0;
    int64_t idleGap = 0; ///< idle right before a collective (the wait table's idle gaps)
    /// False: no kernel measured the compute (sum_step.compute_ns NULL); compute and idle are 0 and unknown,
    /// so neither is weighed as a cause
    bool computeKnown = true;
    /// False: the producer left the step's communication unrecorded (sum_step.comm_ns NULL): comm,
    /// overlapped and notOverlapped are 0 and unknown, never weighed
    bool commKnown = true;
    bool preparingKnown = true; ///< false: sum_step.preparing_ns NULL, never weighed
    std::string source;
    std::optional<int> lateRank;   ///< the late rank of the collective this rank waited longest in
    std::string biggestCollective; ///< that collective
    int64_t biggestWait = 0;
};

class OutlierJudge {
  public:
    /// `rows`: every step of one rank.
    OutlierJudge(const std::vector<StepRow>& rows, const AnalysisOptions& opts);
    bool isOutlier(const StepRow& r) const;
    /// The named cause of an outlier step of `rank` (its sentence: model::stepCauseText).
    model::StepCause cause(const StepRow& r, int rank) const;
    /// The typical (median) wall time of the rank's steps: the statistic the judge weighs (the mean of the
    /// two middle steps for an even count).
    double medianWall() const { return m_medWall; }
    /// The wall a reader is shown as "typical": a step that happened (model::typicalStepNs, the lower
    /// median), never the mean of two steps.
    double typicalWall() const { return m_typicalWall; }

  private:
    const AnalysisOptions& m_opts;
    size_t m_n;
    double m_typicalWall = 0;
    double m_medWall = 0, m_madWall = 0, m_medWait = 0, m_madWait = 0, m_medCompute = 0, m_medIdle = 0,
           m_medPrep = 0, m_medComm = 0;
    bool m_prepKnown = false, m_commKnown = false; ///< some step of the rank measured it
};

} // namespace rs::analysis
