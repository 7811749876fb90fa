#include "core/pipeline/stageclock.h"

#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <string>

namespace rs::pipeline {

namespace {
/// CPU seconds of the whole process so far (every thread).
double processCpu() {
    timespec t{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return double(t.tv_sec) + double(t.tv_nsec) * 1e-9;
}
} // namespace

StageClock::StageClock()
    : m_t0(Clock::now()), m_stageStart(m_t0), m_print(std::getenv("RANKSCOPE_TIMING") != nullptr) {}

double StageClock::elapsed() const {
    return std::chrono::duration<double>(Clock::now() - m_t0).count();
}

void StageClock::start(Phase stage) {
    stop();
    m_stage = stage;
    m_stageStart = Clock::now();
    m_stageCpu = processCpu();
    m_running = true;
}

void StageClock::stop() {
    if (!m_running) return;
    m_running = false;
    record(m_stage, std::chrono::duration<double>(Clock::now() - m_stageStart).count(),
           processCpu() - m_stageCpu);
}

void StageClock::record(Phase stage, double seconds, double cpuSeconds) {
    m_seconds[size_t(stage)] += seconds;
    if (!m_print) return;
    std::string cpu;
    if (cpuSeconds >= 0 && seconds > 0) {
        char buf[64];
        std::snprintf(buf, sizeof buf, " (cpu %.3f s = %.2fx)", cpuSeconds, cpuSeconds / seconds);
        cpu = buf;
    }
    std::fprintf(stderr, "pipeline: %-11s %.3f s%s%s\n", phaseName(stage), seconds, cpu.c_str(),
                 stage == Phase::Write ? " (the writer thread, alongside parsing)" : "");
}

void StageClock::note(std::string_view part, double seconds) const {
    if (m_print) std::fprintf(stderr, "pipeline:   %-26s %.3f s\n", std::string(part).c_str(), seconds);
}

} // namespace rs::pipeline
