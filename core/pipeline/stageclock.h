#pragma once
// The time of each pipeline stage, measured in one place; with RANKSCOPE_TIMING set in the environment,
// each stage's time is printed to stderr as it ends ("pipeline: parsing     2.314 s"). One thread.
#include "core/pipeline/phase.h"

#include <array>
#include <chrono>

namespace rs::pipeline {

class StageClock {
  public:
    StageClock();
    /// Seconds since the clock was made.
    double elapsed() const;
    /// Ends the running stage (if any) and starts `stage`.
    void start(Phase stage);
    /// Ends the running stage.
    void stop();
    /// A stage timed elsewhere (the writer thread's busy time, which overlaps the parse).
    void record(Phase stage, double seconds);
    double seconds(Phase stage) const { return m_seconds[size_t(stage)]; }

  private:
    using Clock = std::chrono::steady_clock;
    Clock::time_point m_t0, m_stageStart;
    bool m_running = false;
    Phase m_stage = Phase::Discover;
    std::array<double, kPhaseCount> m_seconds{};
    bool m_print;
};

} // namespace rs::pipeline
