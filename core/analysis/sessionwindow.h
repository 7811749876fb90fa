#pragma once
// The one rule that tells a rank's memory records of another profiling session written into the same
// folder (seen: a rank's operator_memory.csv 134 days after its kernels, another rank's npu_module_mem.csv
// 342 days after): a record further from the rank's events (rank_info's window, from rank_window) than an
// hour, or than the rank's own extent when that is longer. tensor_timeline applies it to tensors,
// memory_sessions to memory samples and counter lanes (HBM, NPU MEM, …), with one diagnostic each. Times in
// ns. Any thread.
#include "core/index/sqlite.h"

#include <cstdint>
#include <optional>
#include <string>

namespace rs::analysis {

struct SessionWindow {
    int64_t start = 0, end = 0, margin = 0;
    /// How far `ns` lies outside the window (0 inside).
    int64_t distance(int64_t ns) const { return ns < start ? start - ns : ns > end ? ns - end : 0; }
    /// Whether `ns` is of another session.
    bool away(int64_t ns) const { return distance(ns) > margin; }
};

/// The rank's window; nullopt when rank_window found none (nothing is then of another session).
std::optional<SessionWindow> sessionWindow(index::Db& db, int rank);

/// "up to 342 days away" (days from two on, else a duration): the excerpt of the diagnostics.
std::string awayExcerpt(int64_t farthestNs);

/// The diagnostic's sentence for `what` ("tensors allocated", "memory samples recorded"), left out of
/// `whence` ("its memory", "its counter lanes").
std::string otherSessionText(const std::string& what, const std::string& whence = "its memory");

} // namespace rs::analysis
