#pragma once
// NPU_OP_MEM of an Ascend .db export: one row per allocation ("allocate") or free ("release") of a GE op's
// device memory — operatorName and type are STRING_IDS ids, addr the device address, size bytes,
// timestampNs epoch ns, deviceId. Paired here into tensors, an allocation with the next release of the
// same op, device and address in time order (an allocation never released is a tensor without a free).
// The same allocations are OP_MEMORY rows too (msinsight db level1: all 57 pairs are an OP_MEMORY row of
// the same op name, size and allocation ns), which carry no address; the text export's operator_memory.csv
// lists them as "cann::<op>" rows, also without one. So an OP_MEMORY row takes the address of its pair,
// and only a pair no OP_MEMORY row matches becomes a tensor of its own. One thread.
#include "core/import/dbcolumns.h"
#include "core/import/importcontext.h"
#include "core/model/memoryrows.h"

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

namespace rs::import {

class NpuOpMem {
  public:
    struct Allocation {
        std::string op;
        uint64_t addr = 0;
        int64_t sizeBytes = 0, allocNs = 0, rowid = 0; ///< rowid: the allocate row's
        std::optional<int64_t> freeNs, deviceId;
        bool taken = false; ///< an OP_MEMORY row took its address
    };
    using StringOf = std::function<const std::string&(int64_t)>;

    /// Reads and pairs the table when it holds the columns to (else says why in a diagnostic of `file`).
    void read(index::Db& db, const DbColumns& cols, const StringOf& str, RowEmitter& out,
              const std::string& file);
    /// The allocation of `op` of `sizeBytes` at `allocNs` no row has taken yet, marked taken; null if none.
    const Allocation* take(const std::string& op, int64_t sizeBytes, int64_t allocNs);
    /// Tensor rows of `rank` for the allocations no OP_MEMORY row took, in time order.
    std::vector<model::TensorRow> untakenTensors(int rank) const;

  private:
    std::vector<Allocation> m_allocs;
    std::multimap<std::tuple<std::string, int64_t, int64_t>, size_t> m_byKey; ///< (op, size, alloc ns)
};

} // namespace rs::import
