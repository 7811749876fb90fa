#pragma once
// The memory rows: tensor lifetimes (allocation, free, address) and sampled device-memory totals. Plain
// values moved from the parser threads to the writer thread. Times are int64 ns; sizes are bytes.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace rs::model {

/// The `tensor.source` of Kineto's `[memory]` events. Their addresses are the CUDA caching allocator's
/// virtual addresses: no HBM bank model applies to them (the analysis then models no banks).
inline constexpr std::string_view kKinetoMemorySource = "kineto-memory";

/// The `tensor.source` of the rows without a tensor id or an address: operator_memory.csv's and the Ascend
/// .db's OP_MEMORY table's. Their importers key each row by where it is: "om" + its line in the file, "db" +
/// its OP_MEMORY rowid (core/query/tensortext.h says so in words).
inline constexpr std::string_view kOperatorMemorySource = "operator_memory";
/// The `tensor.source` of memory_usage.csv's rows: addressed, placed by step positions (4 decimals), not
/// times.
inline constexpr std::string_view kMemoryUsageSource = "memory_usage";
/// How far apart (ns) two records of one allocation in two files may be and still be paired.
/// memory_usage.csv gives times as step positions to 4 decimals, ±0.00005 of a step: the demo's twins are
/// 0.5 µs apart on average and up to 10.5 µs in its longest step (rank 0's step 11, the stall). A window that
/// misses the true twin may catch a neighbour alone and pair it wrongly; one wider than needed only finds
/// two candidates, said ambiguous, never guessed. So it is wide enough for the longest step's rounding:
/// 12 µs. (The demo's distinct allocations of one size are ≥ 10 µs apart: in its long steps some rows are
/// said ambiguous.)
inline constexpr int64_t kTwinToleranceNs = 12000;
inline constexpr std::string_view kOpMemoryDbSource = "op_memory_db";
inline constexpr std::string_view kOperatorMemoryIdPrefix = "om", kOpMemoryDbIdPrefix = "db";
/// The `tensor.source` of an allocation of the .db's NPU_OP_MEM table that no OP_MEMORY row lists (the rows
/// it shares with OP_MEMORY give that row their address instead): "npu" + its allocate row's rowid.
inline constexpr std::string_view kNpuOpMemDbSource = "npu_op_mem_db", kNpuOpMemDbIdPrefix = "npu";

/// The file a tensor row's source is read from, as far as two sources are one file: the .db's OP_MEMORY and
/// NPU_OP_MEM list its allocations once between them, so their address-less rows duplicate no other's.
constexpr std::string_view tensorFileOf(std::string_view source) {
    return source == kOpMemoryDbSource || source == kNpuOpMemDbSource ? std::string_view("ascend-db")
                                                                      : source;
}

/// The diagnostics' file name of what the analysis leaves out of rank key `rank`'s memory records (no file
/// of its own: the tensors may come from several), by which the memory map finds them.
inline std::string rankMemoryRecordsLabel(int rank) {
    return "rank " + std::to_string(rank) + " memory records";
}

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
    /// ns; none when the file's time cannot place the sample (unreadable, or rounded by exponent notation
    /// to coarser than 1 ms): peaks need no time, so the row counts in them and is never drawn (r51d #2)
    std::optional<int64_t> tsNs;
    std::string component;
    std::optional<int64_t> allocated, reserved, active;
};

} // namespace rs::model
