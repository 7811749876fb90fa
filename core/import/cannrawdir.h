#pragma once
// Why a CANN raw PROF_ directory is not read, in words true of the folder at hand. torch_npu and
// MindSpore ≥ 2.3 parse it into ASCEND_PROFILER_OUTPUT beside it, which Rankscope reads; an older
// MindSpore (1.x–2.2, mindinsight profiler/) leaves the PROF_ folder as the device's only record
// (timeline/msprof_*.json and hccl/task_time/step_trace json on the device's CLOCK_MONOTONIC_RAW,
// formats.md §3), and saying "the parsed files are used" there hid that the device's data is not shown.
// Pure file-system look-ups; any thread.
#include <filesystem>
#include <string>

namespace rs::import {

struct CannRawDir {
    std::string ignoredText; ///< "<path> (why not read)", for DiscoveryResult::ignored and `info`
    /// Empty when parsed output sits beside the directory; else a warning for the diagnostics: the
    /// device's data that is not read, by file count
    std::string lostWarning;
};

/// `profDir`: a PROF_* directory found by discovery.
CannRawDir describeCannRawDir(const std::filesystem::path& profDir);

} // namespace rs::import
