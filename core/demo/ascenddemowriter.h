#pragma once
// Writes one rank of the demo run in the MindSpore 2.3+ `*_ascend_ms` layout: profiler_info_<r>.json and
// ASCEND_PROFILER_OUTPUT/{trace_view.json, kernel_details.csv, step_trace_time.csv, communication.json,
// operator_memory.csv, memory_record.csv, memory_usage.csv} with the real headers and quirks (string
// ts, tab-suffixed CSV times, CRLF, triple-quoted shapes). Streams. One thread per call.
#include "core/demo/demoplan.h"

#include <string>

namespace rs::demo {

bool writeAscendRank(const DemoPlan& plan, int rank, const std::string& outDir, std::string& error);

} // namespace rs::demo
