#pragma once
// Chrome trace `C` events: every numeric member of args is one series, a counter track of the process
// named "<event name>/<key>" (process-scoped, as the format says). A series named in percent that holds
// fractions throughout is written ×100 at the file's end, with a diagnostic (fractionpercent.h). One thread.
#include "core/import/fractionpercent.h"
#include "core/import/tracefilestate.h"

namespace rs::import {

class CounterHandler {
  public:
    explicit CounterHandler(TraceFileState& state) : m_s(state) {}
    void counter(const TraceEvent& e); ///< ph C
    /// At the end of the file: the percent lanes that held fractions, ×100 and named in a diagnostic.
    void finish();

  private:
    TraceFileState& m_s;
    FractionPercent m_percent;
};

} // namespace rs::import
