#pragma once
// The rows that describe training steps and what the producers summarised about them: step windows,
// the per-step time breakdown, per-op communication records, kernel input shapes and the collectives kernels'
// launches name. Plain values moved from the parser threads to the writer thread. Times are int64 ns; string
// ids index the string table.
#include "core/model/collectivefacts.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace rs::model {

struct StepRow {
    int rank;
    int64_t step, startNs, endNs;
    std::string source;
    /// The producer's own step start to first work (legacy MindSpore's iteration_interval); nullopt: not
    /// given, measured from the events.
    std::optional<int64_t> preparingNs = std::nullopt;
    /// False: the producer left the step's communication unrecorded (legacy MindSpore steps whose comm
    /// columns are all zero): its communication is not known, not 0.
    bool commRecorded = true;
};

struct StepBreakdownRow { ///< step_trace_time.csv, ns
    int rank;
    int64_t step;
    int64_t computing, commNotOverlapped, overlapped, comm, free, stage, bubble;
    std::optional<int64_t> preparing;
};

/// A row of msprof-analyze's cluster_step_trace_time.csv (cluster_analysis_output/): the producer's own
/// per-rank or per-stage step breakdown, kept as its figures, never merged with Rankscope's. Units: µs in the
/// file (its rank rows equal the ranks' step_trace_time.csv, µs, on msinsight's test_data), ns here.
struct ProducerStepRow {
    std::string file;
    int64_t line = 0;
    std::optional<int64_t> step; ///< empty in some files (formats.md §8)
    std::string type, index;     ///< Type "rank" or "stage"; Index the rank, or the stage's "(0, 1, …)"
    std::optional<int64_t> rank; ///< Index of a rank row
    std::optional<int64_t> computing, commNotOverlapped, overlapped, comm, free, stage, bubble,
        commNotOverlappedExclRecv;
};

struct CommOpRow { ///< a producer's per-op communication record (communication.json, hccl_raw)
    int rank;
    int64_t step;
    std::string name, group;
    int64_t startNs, elapseNs, transitNs, waitNs, syncNs, idleNs, bytes; ///< startNs 0: not given (hccl_raw)
    CommRecordSource source = CommRecordSource::CommunicationJson;
    NameFacts facts; ///< what its op name says (the collective, point-to-point, how instances are told apart)
};

/// One device kernel's input shapes and dtypes (kernel_details.csv "Input Shapes" / "Input Data Types"),
/// for op latency by shape. Strings are interned ids; times ns.
struct KernelShapeRow {
    int rank;
    int64_t tsNs, durNs;
    int32_t opTypeId, shapesId, dtypesId;
};

/// The start of the info diagnostics that count the Kineto kernels no input shape was linked to (the rest
/// says why: import/kernelinputs.h); the shapes view and command read them back.
inline constexpr std::string_view kNoInputShapePrefix = "no input shape for kernels ";

/// A collective kernel whose launch the trace links (Kineto's correlation id) to a host op that names its
/// collective: NCCL runs all-to-all, and in some builds all-reduce and all-gather, as SendRecv kernels, so
/// the kernel's own name does not tell. Keyed by the kernel span's track and start (ns); the host op name
/// is an interned string id.
struct LaunchCollectiveRow {
    int64_t trackId, tsNs;
    std::string collective; ///< "nccl:AllToAll": the kernel names' spelling, for matching across ranks
    bool pointToPoint = false;
    int32_t hostOpId = 0; ///< the host op that names it ("nccl:all_to_all", or "record_param_comms")
};

} // namespace rs::model
