#pragma once
// Chrome trace `M` events: process_name, process_labels, process_sort_index, thread_name and
// thread_sort_index describe the tracks (they may come after the events they name, so they are kept
// and applied when the file ends). Other metadata names are ignored. One thread.
#include "core/import/tracefilestate.h"

namespace rs::import {

void handleMetadata(TraceFileState& state, const TraceEvent& e);

} // namespace rs::import
