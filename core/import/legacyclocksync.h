#pragma once
// The sync record of a legacy MindSpore (1.x) rank: what puts its step trace on its timeline's clock.
// The timeline (ascend_timeline_display_<r>.json) counts µs from an origin of its own (its first op at
// 0 s); the step trace (step_trace_raw_<r>_detail_time.csv) counts the device's system counter in 10 ns
// ticks. aicpu_intermediate_<r>.csv writes each AI CPU op's run_start in µs of that same counter, and the
// timeline holds the same AI CPU ops (InitData, GetNext, …): pairing the two (the k-th op of a kernel type
// in the file with the k-th of that name in the timeline, by time) gives the offset between the clocks.
// run_2's five pairs agree to 0.001 µs: InitData's run_start 154 901 853 050 µs is the timeline's 0 s.
// That aicpu_intermediate's counter is the step trace's is what both files' producer implies (both count
// the device's system counter; the 1.x sample's step starts 218 µs before the AI CPU op the step's
// fp_start names); it is not written, so the importer's diagnostic names the file it came from. No pair,
// or pairs that disagree by more than kLegacySyncToleranceNs, give no offset (the steps then stay on their
// own clock and the clock pass keeps them apart). Owned by the rank's parser thread; pure.
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace rs::import {

/// run_start is written in whole µs: a pair may differ by up to 1 µs from rounding alone.
constexpr int64_t kLegacySyncToleranceNs = 2000;

struct LegacyClockOffset {
    int64_t counterMinusTimelineNs = 0; ///< a counter time (ns) minus this is the timeline time (ns)
    int64_t pairs = 0;                  ///< AI CPU ops found in both files
    std::string firstOp;                ///< the earliest paired op's kernel type (for the diagnostic)
};

class LegacyClockSync {
  public:
    /// One aicpu_intermediate row: its kernel type and run_start (ns on the system counter).
    void aicpuOp(const std::string& kernelType, int64_t runStartNs);
    /// Whether a timeline op named `name` can pair with an aicpu_intermediate row (only those are kept).
    bool pairs(std::string_view name) const { return m_counter.contains(name); }
    /// One timeline op named `name` at `tsNs` (the timeline's clock); ignored unless pairs(name). Every
    /// op of the timeline comes here: looked up by its view, never copied unless kept.
    void timelineOp(std::string_view name, int64_t tsNs);
    /// The offset when at least one pair exists and every pair agrees with the median within the
    /// tolerance; else nullopt and `why` says what was missing or how far the pairs disagreed.
    std::optional<LegacyClockOffset> offset(std::string& why) const;
    bool haveAicpuRows() const { return !m_counter.empty(); }
    /// The aicpu_intermediate file the rows came from (the diagnostics name it)
    std::string file;

  private:
    // std::less<>: looked up by a std::string_view
    std::map<std::string, std::vector<int64_t>, std::less<>> m_counter;  ///< kernel type → run_start ns
    std::map<std::string, std::vector<int64_t>, std::less<>> m_timeline; ///< op name → ts ns
};

} // namespace rs::import
