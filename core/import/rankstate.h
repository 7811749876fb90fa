#pragma once
// What the files of one rank group learn about the rank and share with each other, in parse order:
// profiler_info gives the rank, kernel_details the op type of every kernel name. Owned by one thread.
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <unordered_map>

namespace rs::import {

struct RankState {
    int rank = 0;
    bool rankFromData = false;
    std::optional<int64_t> deviceId;
    std::string host;
    std::string source; ///< e.g. "ascend", "kineto", "chrome", "mindspore-legacy"
    std::unordered_map<std::string, std::string> opTypeByName; ///< kernel_details Name → Type
    std::map<int64_t, std::pair<int64_t, int64_t>> kernelStepWindows; ///< step → [min start, max end] ns
    bool haveTraceSteps = false;
    bool haveTraceView = false;
};

} // namespace rs::import
