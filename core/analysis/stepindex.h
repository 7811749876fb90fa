#pragma once
// The canonical steps of one rank, loaded once from the index: maps a time to its step
// and a fractional step position ("3.25" = a quarter into step 3) to a time. One thread.
#include "core/index/sqlite.h"

#include <cstdint>
#include <map>
#include <optional>
#include <vector>

namespace rs::analysis {

struct StepWindow {
    int64_t step, startNs, endNs; ///< endNs: the next step's start, or this step's own end for the last
    int64_t ownEndNs;             ///< the step event's own end
    /// The producer's own step start to first work (step.preparing_ns); nullopt: measured from the events
    std::optional<int64_t> preparingNs = std::nullopt;
    bool commRecorded = true; ///< false: the producer left the step's communication unrecorded
    /// The window is its own kernels' extent (kernel_details.csv's Step Id, no step mark): it starts at its
    /// first task by construction, so the time before that task is not measured (test_data read a
    /// "preparing 0 ns" its files do not give).
    bool startsAtFirstKernel = false;
};

class StepIndex {
  public:
    /// One rank's steps.
    StepIndex(index::Db& db, int rank);
    /// Hand-built windows of one rank ({step, start, own end}; endNs is derived as from the index).
    StepIndex(int rank, const std::vector<StepWindow>& windows);
    const std::vector<StepWindow>& steps(int rank) const;
    /// Step containing `ts` (the last step starting at or before it); nullopt before the first step.
    std::optional<int64_t> stepAt(int rank, int64_t ts) const;
    /// Time of a fractional step position, interpolated inside the step window.
    std::optional<int64_t> timeOfStep(int rank, double stepPos) const;
    const StepWindow* window(int rank, int64_t step) const;

  private:
    void load(index::Stmt& q);
    void deriveEnds();
    std::map<int, std::vector<StepWindow>> m_steps;
};

} // namespace rs::analysis
