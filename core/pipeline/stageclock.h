#pragma once
// The time of each pipeline stage, measured in one place; with RANKSCOPE_TIMING set in the environment,
// each stage's time is printed to stderr as it ends ("pipeline: parsing     2.314 s"), and the parts of a
// stage its owner notes (the analysis passes: "pipeline:   cross collectives        0.120 s"). A stage
// started and stopped here also gets the process's CPU time over it, every thread's ("cpu 3.1 s = 1.62x
// the wall"): how busy both cores were. One thread.
#include "core/pipeline/phase.h"

#include <array>
#include <chrono>
#include <string_view>

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
    /// A stage timed elsewhere (the writer thread's busy time, which overlaps the parse); `cpuSeconds`
    /// the process's CPU time over it when known (< 0: not printed).
    void record(Phase stage, double seconds, double cpuSeconds = -1);
    double seconds(Phase stage) const { return m_seconds[size_t(stage)]; }
    /// A part of the running stage, timed by its owner: printed (indented) when timing is on, not summed.
    void note(std::string_view part, double seconds) const;

  private:
    using Clock = std::chrono::steady_clock;
    Clock::time_point m_t0, m_stageStart;
    double m_stageCpu = 0; ///< the process's CPU seconds when the stage started
    bool m_running = false;
    Phase m_stage = Phase::Discover;
    std::array<double, kPhaseCount> m_seconds{};
    bool m_print;
};

} // namespace rs::pipeline
