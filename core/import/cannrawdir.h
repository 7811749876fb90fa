#pragma once
// Whether a CANN raw PROF_ directory is covered by parsed output: torch_npu and MindSpore ≥ 2.3 parse it
// into ASCEND_PROFILER_OUTPUT beside it (in the same rank directory), which Rankscope reads; reading the
// raw timeline as well would count the rank's device work twice. An older MindSpore (1.x–2.2, mindinsight
// profiler/) or a standalone msprof leaves the PROF_ folder as the device's only record, and it is read
// (cannrawfiles.h). Pure file-system look-up; any thread.
#include <filesystem>

namespace rs::import {

/// `profDir`: a PROF_* directory found by discovery.
bool parsedOutputBeside(const std::filesystem::path& profDir);

} // namespace rs::import
