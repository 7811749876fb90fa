#pragma once
// The slice events of a Chrome trace: `X` (complete, with dur) and `B`/`E` (begin/end, matched per
// thread, inner first) become spans with their nesting depth; `ProfilerStep#N` spans are the rank's
// steps; Kineto kernels get the input shapes of the CPU op that launched them, and NCCL kernels and
// record_param_comms ops give the logical bytes of each rank pair (collectiveargs.h) and the
// collective an NCCL kernel runs (launchedcollectives.h). One thread.
#include "core/import/collectiveargs.h"
#include "core/import/kernelinputs.h"
#include "core/import/launchedcollectives.h"
#include "core/import/tracefilestate.h"

namespace rs::import {

class SliceHandler {
  public:
    explicit SliceHandler(TraceFileState& state) : m_s(state), m_inputs(state.strings) {}
    void complete(const TraceEvent& e); ///< ph X
    void begin(const TraceEvent& e);    ///< ph B
    void end(const TraceEvent& e);      ///< ph E
    /// At the end of the file: B events never ended are counted, kernel input shapes emitted.
    void finish();

  private:
    int32_t opTypeOf(const TraceEvent& e, int32_t nameId, std::string_view name);
    /// The op type of a kernel whose kernel_details row was cut away.
    static constexpr const char* kOpTypeNotRead = "(op type not read)";
    /// Counts the kernels no input shape was linked to, by why, as info diagnostics.
    void noteUnlinked(const KernelInputs::Unlinked& why);
    void noteStep(std::string_view name, std::string_view cat, int64_t ts, int64_t dur);
    /// Only Kineto's (Chrome JSON) files have [memory] events to attribute to host ops: an Ascend
    /// trace_view.json or timeline keeps none of its millions of spans for them.
    bool keepsHostOps() const { return m_s.file.kind == FileKind::ChromeJson; }
    /// Kineto's NCCL kernels, their launch calls and the host ops naming collectives (launchedcollectives.h).
    void noteLaunchLink(const TraceEvent& e, std::string_view cat, std::string_view name, int32_t nameId,
                        const TraceTrack& t, int64_t ts, int64_t dur);

    TraceFileState& m_s;
    KernelInputs m_inputs;          // Kineto kernels' input shapes, from the CPU ops that launched them
    CollectiveArgs m_collectives;   // Kineto collectives' args: logical bytes per rank pair
    LaunchedCollectives m_launched; // Kineto collective kernels' collectives, by the ops that launched them
    std::string m_nameScratch, m_catScratch; // an escaped name or category, resolved (complete())
};

} // namespace rs::import
