#pragma once
// Imports one Chrome Trace Event JSON file (Ascend trace_view.json, Kineto *.pt.trace.json[.gz],
// legacy MindSpore ascend_timeline_display, or any Chrome trace) into rows: spans with nesting depth,
// counters, steps (ProfilerStep#N), flows, Kineto [memory] tensors, and LOD buckets. Streams: one
// event at a time. Runs on a parser thread.
#include "core/import/discovery.h"
#include "core/import/importcontext.h"
#include "core/import/rankstate.h"

#include <string>

namespace rs::import {

class ChromeTraceImporter {
  public:
    ChromeTraceImporter(ImportContext& ctx, RowEmitter& out, RankState& rank);
    /// Returns false on a fatal problem (message in `error`); per-record problems become diagnostics.
    bool run(const SourceFile& file, int32_t fileId, std::string& error, int64_t& records);

  private:
    ImportContext& m_ctx;
    RowEmitter& m_out;
    RankState& m_rank;
};

} // namespace rs::import
