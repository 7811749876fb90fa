#pragma once
// Kineto: a GPU kernel's inputs are those of the CPU op that launched it — the two share an
// "External id", and the op carries "Input Dims" / "Input type" (record_shapes=True). Collects both while
// the trace streams and joins them at its end (a kernel may come before its op in the file). Memory: one
// 24-byte record per kernel that has an External id, and one per op with inputs. One thread.
#include "core/import/stringinterner.h"
#include "core/model/batch.h"

#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace rs::import {

class KernelInputs {
  public:
    explicit KernelInputs(LocalInterner& strings) : m_strings(strings) {}
    /// A cpu_op event's args object.
    void cpuOp(std::string_view args);
    /// A kernel event (times ns) and its args object.
    void kernel(int64_t tsNs, int64_t durNs, int32_t opTypeId, std::string_view args);
    /// Appends a KernelShapeRow for every kernel whose op gave inputs; returns how many.
    size_t emitRows(int rank, std::vector<model::KernelShapeRow>& out) const;

    /// `[[4, 512], [512], []]` → "4,512;512;" (the exporters' shape text); empty when not that form.
    static std::string dimsText(std::string_view inputDims);
    /// `["float", "Scalar"]` → "float;Scalar".
    static std::string typesText(std::string_view inputTypes);

  private:
    struct Pending {
        int64_t tsNs, durNs, extId;
        int32_t opTypeId;
    };
    LocalInterner& m_strings;
    std::unordered_map<int64_t, std::pair<int32_t, int32_t>> m_inputs; ///< External id → (dims, types) ids
    std::vector<Pending> m_kernels;
};

} // namespace rs::import
