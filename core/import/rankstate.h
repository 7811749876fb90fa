#pragma once
// What the files of one rank group learn about the rank and share with each other, in parse order:
// profiler_info gives the rank, kernel_details the op type of every kernel name. Owned by one thread.
#include "core/import/kernelrowtally.h"
#include "core/import/legacyclocksync.h"
#include "core/import/stringhash.h"

#include <cmath>
#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

namespace rs::import {

/// One collective of communication.json (times ns), kept for the rank's end (commjsonlanes.h).
struct CommJsonOp {
    int64_t step, startNs, durNs;
    std::string name, group;
    int32_t fileId;
};

struct RankState {
    int rank = 0;
    bool rankFromData = false;
    std::optional<int64_t> deviceId;
    std::optional<int64_t> worldSize; ///< from distributedInfo.world_size, profiler_info rank_size, …
    std::set<int> peers;              ///< ranks its collective groups link (communication_matrix.json)
    std::string host;
    std::string source;                  ///< e.g. "ascend", "kineto", "chrome", "mindspore-legacy"
    StringMap<std::string> opTypeByName; ///< kernel_details Name → Type (looked up by a view)
    /// kernel_details.csv was cut short (its last row has no line end): a kernel of the trace named in
    /// none of its rows ran past the cut, and its op type is not known (slicehandler.cpp).
    bool kernelDetailsCut = false;
    /// kernel_details.csv's rows, to count those a cut trace_view.json does not hold (kernelrowtally.h).
    KernelRowTally kernelRows;
    std::map<int64_t, std::pair<int64_t, int64_t>> kernelStepWindows; ///< step → [min start, max end] ns
    std::map<int64_t, std::pair<int64_t, int64_t>> traceSteps;        ///< ProfilerStep#N → [start, end] ns
    bool haveTraceSteps = false;
    /// Time of a fractional step position ("3.25": a quarter into step 3's window, which runs to the next
    /// step's start), when the trace gave the steps. Same rule as analysis::StepIndex::timeOfStep.
    std::optional<int64_t> timeOfStep(double pos) const;
    bool haveTraceView = false;
    /// epoch − CLOCK_MONOTONIC_RAW (ns) from a CANN raw device's start_info (cannrawinfo.h)
    std::optional<int64_t> cannEpochOffsetNs;
    /// legacy MindSpore: aicpu_intermediate's AI CPU ops and the timeline's, which put the step trace on
    /// the timeline's clock (legacyclocksync.h)
    LegacyClockSync legacyClock;
    std::map<std::string, std::string> labels; ///< framework, hardware, meta.<key>, … (profilelabels.h)
    std::vector<CommJsonOp> commJsonOps;       ///< communication.json's collectives, in file order
};

} // namespace rs::import

namespace rs::import {
inline std::optional<int64_t> RankState::timeOfStep(double pos) const {
    if (traceSteps.empty()) return std::nullopt;
    int64_t s = int64_t(std::floor(pos));
    auto it = traceSteps.find(s);
    if (it == traceSteps.end()) return std::nullopt; // outside the trace: left to the analysis
    auto next = std::next(it);
    int64_t end =
        next != traceSteps.end() ? std::max(next->second.first, it->second.first) : it->second.second;
    return it->second.first + int64_t((pos - double(s)) * double(end - it->second.first));
}
} // namespace rs::import
