#pragma once
// Chrome trace flow events `s` (start), `t` (step) and `f` (end): one endpoint row each, on the slice
// track of its thread. The id is kept as written — above 2^53 (torch_npu's async_npu), up to 2^64−1,
// or a string (HostToDevice) — and `bind_id` stands in for a missing `id`; the name is interned and
// `"bp":"e"` kept. The analysis (core/analysis/flowlinks) binds the ends to spans and pairs them by
// (rank, id, cat, name). One thread.
#include "core/import/tracefilestate.h"

namespace rs::import {

void handleFlow(TraceFileState& state, const TraceEvent& e);

} // namespace rs::import
