#pragma once
// Chrome trace `C` events: every numeric member of args is one series, a counter track of the process
// named "<event name>/<key>" (process-scoped, as the format says). One thread.
#include "core/import/tracefilestate.h"

namespace rs::import {

void handleCounter(TraceFileState& state, const TraceEvent& e);

} // namespace rs::import
