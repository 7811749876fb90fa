#pragma once
// Rows produced by parser threads and consumed by the one writer thread (moved, never shared).
// All times are int64 ns since the epoch (or the trace's own origin); sizes are bytes.
#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace rs::import {

struct SpanRow {
    int64_t trackId, tsNs, durNs;
    int32_t nameId, opTypeId, catId;
    int32_t depth;
    int32_t fileId;
    int64_t fileOffset; ///< decompressed byte offset of the event, to load its args on demand
};

struct CounterRow {
    int64_t trackId, tsNs;
    double value;
};

struct TrackRow {
    int64_t trackId;
    int rank;
    std::string kind; ///< compute, communication, host, overlap, counter, other
    std::string name, process, pid, tid;
    int64_t sortIndex;
    int64_t spanCount;
    int maxDepth;
};

/// One merged level-of-detail bucket: the spans of one track whose start falls in
/// [bucket*width, (bucket+1)*width) for the level's width.
struct LodRow {
    int64_t trackId;
    int level;
    int depth;
    int64_t startNs, endNs, count, busyNs;
    int32_t nameId; ///< name of the longest span in the bucket
};

struct StepRow {
    int rank;
    int64_t step, startNs, endNs;
    std::string source;
};

struct StepBreakdownRow { ///< step_trace_time.csv, ns
    int rank;
    int64_t step;
    int64_t computing, commNotOverlapped, overlapped, comm, free, stage, bubble;
    std::optional<int64_t> preparing;
};

struct CommOpRow { ///< communication.json, per op instance
    int rank;
    int64_t step;
    std::string name, group;
    int64_t startNs, elapseNs, transitNs, waitNs, syncNs, idleNs, bytes;
};

/// One device kernel's input shapes and dtypes (kernel_details.csv "Input Shapes" / "Input Data Types"),
/// for op latency by shape. Strings are interned ids; times ns.
struct KernelShapeRow {
    int rank;
    int64_t tsNs, durNs;
    int32_t opTypeId, shapesId, dtypesId;
};

struct TensorRow {
    int rank;
    std::string tensorId, opName;
    int64_t sizeBytes;
    std::optional<uint64_t> addr;
    std::optional<int64_t> allocNs, freeNs;
    std::optional<double> allocStep, freeStep;
    std::optional<int64_t> deviceId;
    std::string source;
};

struct MemorySampleRow {
    int rank;
    int64_t tsNs;
    std::string component;
    std::optional<int64_t> allocated, reserved, active;
};

struct FlowRow {
    int rank;
    std::string flowId; ///< as written: ids reach 2^64−1 and may be strings (stored as INTEGER when they fit)
    int32_t catId;      ///< interned category
    char phase;         ///< 's', 't' or 'f'
    int64_t tsNs, trackId;
};

struct DiagnosticRow {
    std::string file, severity, what;
    int64_t count = 1;
    int64_t firstOffset = -1; ///< byte offset, or line number for CSV (see `what`)
    std::string excerpt;
};

struct RankRow {
    int rank;
    std::optional<int64_t> deviceId;
    std::string host, source;
    std::optional<int64_t>
        worldSize;       ///< ranks in the job, when the data says (distributedInfo, rank_size, …)
    std::set<int> peers; ///< data ranks its collective groups link, when the data says
    std::map<std::string, std::string> labels; ///< what the files say about the run (profilelabels.h)
};

struct FileRow {
    int32_t fileId;
    std::string path, format;
    int rank;
    int64_t sizeBytes, mtimeNs, records;
};

/// A unit of work for the writer. Parsers fill one and hand it over when it reaches ~64 K rows.
struct Batch {
    int group = -1; ///< the rank group (discovery order) whose job filled it: rank numbers are per group
    std::vector<SpanRow> spans;
    std::vector<CounterRow> counters;
    std::vector<TrackRow> tracks;
    std::vector<LodRow> lods;
    std::vector<StepRow> steps;
    std::vector<StepBreakdownRow> breakdowns;
    std::vector<CommOpRow> commOps;
    std::vector<TensorRow> tensors;
    std::vector<KernelShapeRow> shapes;
    std::vector<MemorySampleRow> memory;
    std::vector<FlowRow> flows;
    std::vector<DiagnosticRow> diagnostics;
    std::vector<RankRow> ranks;
    std::vector<FileRow> files;
    size_t rows() const {
        return spans.size() + counters.size() + lods.size() + tensors.size() + memory.size() + flows.size() +
               shapes.size();
    }
};

} // namespace rs::import
