#pragma once
// Chrome trace `C` events: every numeric member of args is one series, a counter track of the process
// named "<event name>/<key>" (process-scoped, as the format says). A series named in percent that holds
// fractions throughout is written ×100 at the file's end, with a diagnostic (fractionpercent.h). torch_npu's
// "Device/Memory" lane (KB = KiB) is also a memory sample of component "Device", reserved bytes, as the .db's
// NPU_MEM rows are. One thread.
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
    /// torch_npu's NPU MEM lane of the device's memory (DDR + HBM), in KiB.
    static constexpr const char* kDeviceMemorySeries = "Device/Memory/KB";
    /// A sample of the "Device/Memory" lane at `ts` (ns) of `kib` KiB, as a memory sample.
    void deviceMemory(int64_t ts, double kib);
    TraceFileState& m_s;
    FractionPercent m_percent;
};

} // namespace rs::import
