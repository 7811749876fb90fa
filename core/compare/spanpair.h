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
    int64_t stepStartNs = 0, stepNs = 0; ///< absolute start (own clock) and wall time
    std::vector<std::string> lanes;      ///< track names, compute first
    std::vector<Span> spans;
    int64_t hits = 0, hitNs = 0; ///< count and summed duration of the hit spans
    bool truncated = false;      ///< more than kMaxSpans spans in the step: the rest not shown
};

struct SpanPair {
    SpanRequest request;
    StepSpans side[2]; ///< baseline, candidate
    std::vector<std::string> notes;
};

constexpr size_t kMaxSpans = 20000;

SpanPair spansOfBothRuns(index::Db& baseline, int baselineRun, index::Db& candidate, int candidateRun,
                         const SpanRequest& r);

} // namespace rs::compare
