#pragma once
// The statistics `rankscope compare` needs from one run, as a record that can be stored (a baseline file,
// or one line of a JSON Lines history) and compared later without the profile. Robust statistics only:
// medians and p95 over the steady-state steps (the first step is a warm-up when there are three or more),
// per op type the median kernel and the device time per step. Times in ns, memory in bytes. Ranks are the
// producer's rank numbers (data ranks), so two runs' ranks match by what the profiler wrote.
#include <cstdint>
#include <map>
#include <string>

namespace rs::compare {

/// Format version of the JSON record (`rankscope_baseline`).
constexpr int kBaselineFormat = 1;

struct StepStat {
    double medianNs = 0, p95Ns = 0;
    int64_t steps = 0; ///< steady-state steps the statistics cover
};

struct OpStat {
    double medianNs = 0;        ///< median kernel duration
    double totalNsPerStep = 0;  ///< device time of this op type per step
    int64_t count = 0;          ///< kernels
};

struct MemStat {
    int64_t peakAllocated = -1, peakReserved = -1; ///< -1: the profile has no memory data
};

struct RankStats {
    StepStat step;
    double waitNsPerStep = 0; ///< median over steady steps of the rank's collective wait
    MemStat memory;
    std::map<std::string, OpStat> ops;
};

struct BaselineRecord {
    std::string label;   ///< what the user called it (--label)
    std::string profile; ///< the folder it was measured from
    std::string created; ///< UTC time the record was made (ISO 8601)
    std::string rankscopeVersion;
    int run = 0;
    std::map<std::string, std::string> labels; ///< from the profile: source, world_size, …
    int64_t stepsTotal = 0;
    StepStat step;                    ///< pooled over every rank's steady steps
    double waitNsPerStep = 0;         ///< median over ranks of waitNsPerStep
    MemStat memory;                   ///< the largest peak of any rank
    std::map<std::string, OpStat> ops; ///< per op type: median over ranks of the rank figures
    std::map<std::string, double> opShare; ///< share of all device time (0–1)
    std::map<int, RankStats> ranks;
};

/// Pretty-printed (indent > 0) or one line (indent < 0, for JSON Lines).
std::string toJson(const BaselineRecord& r, int indent = 2);
/// Parses a record; throws std::runtime_error naming what is wrong.
BaselineRecord recordFromJson(const std::string& text);
/// Reads a record file: a JSON document, or JSON Lines (the last record). Throws with the file and line.
BaselineRecord readRecordFile(const std::string& path);

} // namespace rs::compare
