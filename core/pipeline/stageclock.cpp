#include "core/pipeline/stageclock.h"

#include <cstdio>
#include <cstdlib>

namespace rs::pipeline {

StageClock::StageClock()
    : m_t0(Clock::now()), m_stageStart(m_t0), m_print(std::getenv("RANKSCOPE_TIMING") != nullptr) {}

double StageClock::elapsed() const {
    return std::chrono::duration<double>(Clock::now() - m_t0).count();
}

void StageClock::start(Phase stage) {
    stop();
    m_stage = stage;
    m_stageStart = Clock::now();
    m_running = true;
}

void StageClock::stop() {
    if (!m_running) return;
    m_running = false;
    record(m_stage, std::chrono::duration<double>(Clock::now() - m_stageStart).count());
}

void StageClock::record(Phase stage, double seconds) {
    m_seconds[size_t(stage)] += seconds;
    if (m_print)
        std::fprintf(stderr, "pipeline: %-11s %.3f s%s\n", phaseName(stage), seconds,
                     stage == Phase::Write ? " (the writer thread, alongside parsing)" : "");
}

} // namespace rs::pipeline
