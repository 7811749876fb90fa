#pragma once
// Figures for the benchmark programs: milliseconds of a steady-clock duration and percentiles of a sample
// (nearest rank). They print numbers; nothing here asserts a time.
#include <algorithm>
#include <chrono>
#include <ctime>
#include <vector>

namespace rs::test {

using BenchClock = std::chrono::steady_clock;

inline double ms(BenchClock::duration d) {
    return std::chrono::duration<double, std::milli>(d).count();
}

/// The calling thread's CPU time in ms: what a phase costs whatever else the machine runs (wall times on a
/// shared machine include the time other processes had the core).
inline double threadCpuMs() {
    timespec t{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return double(t.tv_sec) * 1e3 + double(t.tv_nsec) / 1e6;
}

struct Stats {
    std::vector<double> v;
    double pct(double p) {
        std::sort(v.begin(), v.end());
        return v.empty() ? 0 : v[std::min(v.size() - 1, size_t(p / 100.0 * double(v.size())))];
    }
};

} // namespace rs::test
