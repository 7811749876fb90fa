#pragma once
// One rank's tensors (memory_usage.csv, operator_memory.csv, Kineto [memory] events), loaded once per rank
// and shared by the memory passes: TensorTimelinePass fills in times and step numbers (in the index and
// here), then MemoryPeaksPass and MemoryBanksPass read them. Memory: about 100 bytes per tensor of one
// rank. One thread.
#include "core/index/sqlite.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace rs::analysis {

struct TensorRow {
    int64_t rowid = 0;
    std::optional<double> allocStep, freeStep; ///< fractional step positions
    std::optional<int64_t> allocNs, freeNs, addr;
    int64_t sizeBytes = 0;
    std::optional<std::string> opName;
    bool fromKineto = false; ///< a Kineto [memory] event: a GPU virtual address, no HBM bank
    std::string source;      ///< `tensor.source` ("" when none): which file the row is read from
};

/// The tensors of `rank`, in the index's order.
std::vector<TensorRow> loadTensors(index::Db& db, int rank);

} // namespace rs::analysis
