#pragma once
// Imports one Chrome Trace Event JSON file (Ascend trace_view.json, Kineto *.pt.trace.json[.gz],
// legacy MindSpore ascend_timeline_display, or any Chrome trace) into rows. Streams one event at a time:
// the splitter (core/formats) cuts the file into event objects, readTraceEvent reads one, and a
// dispatch on its `ph` hands it to the handler of its phase —
//   X, B/E      SliceHandler        spans with nesting depth, ProfilerStep#N steps, kernel input shapes
//   i/I         MemoryEventHandler  Kineto [memory] samples and tensors
//   C           CounterHandler      counter series
//   s/t/f       handleFlow          flow endpoints
//   M           handleMetadata      process/thread names, labels and sort orders
// — and at the end the file's tracks are classified (trackclassifier.h) into TrackRows. Runs on a
// parser thread.
#include "core/import/discovery.h"
#include "core/import/importcontext.h"
#include "core/import/rankstate.h"

#include <string>

namespace rs::import {

class ChromeTraceImporter {
  public:
    ChromeTraceImporter(ImportContext& ctx, RowEmitter& out, RankState& rank);
    /// Returns false on a fatal problem (message in `error`, naming the file and the byte offset) or
    /// when cancelled; per-event problems become diagnostics. `records` = events read.
    bool run(const SourceFile& file, int32_t fileId, std::string& error, int64_t& records);

  private:
    ImportContext& m_ctx;
    RowEmitter& m_out;
    RankState& m_rank;
};

} // namespace rs::import
