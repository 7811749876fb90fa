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
    int64_t tsNs;
    std::string component;
    std::optional<int64_t> allocated, reserved, active;
};

} // namespace rs::model
