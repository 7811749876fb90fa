#pragma once
// The spans behind one delta of a comparison, in both runs: one representative step of the chosen rank
// (a step number both runs have, the one with the median baseline wall time; each run's own median step
// when they share none), every device span of that step on the rank's compute and collective lanes, and
// which of them the delta is about (the op type's kernels, the seq-th collective of the type, the step's
// collectives for a wait). Times are ns since the step's start on each run's own clock: the two steps are
// laid one above the other, never aligned by wall time. Reads both indexes; run off the GUI thread.
#include "core/index/sqlite.h"

#include <cstdint>
#include <string>
#include <vector>

namespace rs::compare {

struct SpanRequest {
    std::string kind;   ///< a Delta's kind: op, collective, comm_wait, step, memory_*
    std::string opType; ///< op and collective
    int64_t seq = -1;   ///< collective
    int dataRank = -1;  ///< the producer's rank number, the same in both runs
};

struct StepSpans {
    struct Span {
        int lane;
        int64_t startNs, durNs; ///< start relative to the step's start
        bool hit;               ///< what the delta is about
        std::string name;
    };
    bool found = false; ///< the rank and a steady step exist in this run
    int64_t step = -1;
    int64_t stepStartNs = 0, stepNs = 0; ///< absolute start (own clock) and length of the step's band
    /// The step's wall as the comparison measures it (step_stat.wall_ns: the step histogram's and the step
    /// delta's figure; a shipped breakdown may be shorter than the band), else stepNs.
    int64_t wallNs = 0;
    /// The rank's collective wait in the step, as the comm_wait delta measures it (the wait table), ns.
    int64_t waitNs = 0;
    /// Why that wait is not known ("" when it is): then waitNs is no figure, and the text says "not known".
    std::string waitUnknown;
    std::vector<std::string> lanes; ///< track names, compute first
    std::vector<Span> spans;
    int64_t hits = 0, hitNs = 0; ///< count and summed duration (not wait) of the hit spans
    bool truncated = false;      ///< more than kMaxSpans spans in the step: the rest not shown
};

struct SpanPair {
    SpanRequest request;
    StepSpans side[2]; ///< baseline, candidate
    std::vector<std::string> notes;
};

constexpr size_t kMaxSpans = 20000;

/// One side's line in the comparison's span strip, each figure named, the delta's own figure among them:
/// "step 50 · wall 132 ms (its events span 152 ms) · collective wait 3.69 ms (4 collectives, 102 ms long
/// in all)". Walk 12 read a bare "152 ms · 4 hits, 102 ms" as the wait.
std::string stepSpansText(const StepSpans& s, const SpanRequest& r);

SpanPair spansOfBothRuns(index::Db& baseline, int baselineRun, index::Db& candidate, int candidateRun,
                         const SpanRequest& r);

} // namespace rs::compare
