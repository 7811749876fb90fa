#pragma once
// Kineto: a GPU kernel's inputs are those of the CPU op that launched it, which carries "Input Dims" /
// "Input type" (record_shapes=True). The trace links a kernel to its launch call (cudaLaunchKernel,
// hipLaunchKernel, …) by the "correlation" both carry in args; the op is the innermost cpu_op around that
// call on the call's thread (HTA trace_filter: the kernels' "External id" is their correlation, no op's).
// Older traces without the launch call give the kernel the op's own "External id": that is the fallback.
// The rows' op type is the launching op's name (aten::mm), so "op latency by input shape" groups the
// device time of the kernels an op of one shape launched, as PyTorch's group_by_input_shape does. A kernel
// whose link cannot be made is counted (Unlinked), never given a guessed shape. Kineto writes ops, launches
// and kernels in any order, so all three are kept (an op 24 bytes, a launch 24, a kernel 40) and joined at
// the file's end. Times ns. One parser thread.
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
    /// A cpu_op X event on (pid, tid) over [startNs, endNs], its interned name and its args object.
    void cpuOp(std::string_view pid, std::string_view tid, int64_t startNs, int64_t endNs, int32_t nameId,
               std::string_view args);
    /// A runtime or driver call (cuda_runtime, cuda_driver, Runtime) on (pid, tid) at tsNs, with its args.
    void launchCall(std::string_view pid, std::string_view tid, int64_t tsNs, std::string_view args);
    /// A kernel event (times ns) and its args object.
    void kernel(int64_t tsNs, int64_t durNs, std::string_view args);

    /// Kernels that got no shape, by why. All zero when no op of the file recorded Input Dims (a trace
    /// taken without record_shapes has none to give, and says nothing is missing).
    struct Unlinked {
        int64_t noLaunch = 0;     ///< no launch call carries its correlation (nor an op its External id)
        int64_t outsideOps = 0;   ///< its launch lies in no cpu_op on its thread
        int64_t opWithout = 0;    ///< the op around its launch has no single shape (no Input Dims, lists)
        int64_t sharedLaunch = 0; ///< two launch calls carry its correlation: neither is its for certain
    };
    /// Appends a KernelShapeRow for every kernel whose op gave inputs; returns why the others got none.
    Unlinked emitRows(int rank, std::vector<model::KernelShapeRow>& out);

    /// `[[4, 512], [512], []]` → "4,512;512;" (the exporters' shape text); empty when not that form.
    static std::string dimsText(std::string_view inputDims);
    /// `["float", "Scalar"]` → "float;Scalar".
    static std::string typesText(std::string_view inputTypes);

  private:
    struct Inputs {
        int32_t dims = 0, types = 0, opName = 0; ///< interned; dims 0: the op has no single shape
    };
    struct Op {
        int64_t start, end;
        int32_t inputs; ///< index into m_opInputs
    };
    struct Launch {
        int64_t correlation, ts;
        int32_t thread;
        int32_t op = -1; ///< index into m_opInputs of the innermost op around it; -1: none
    };
    struct Kernel {
        int64_t tsNs, durNs, correlation, extId;
        bool hasCorrelation, hasExtId;
    };
    int32_t threadOf(std::string_view pid, std::string_view tid);
    /// Sets each launch's innermost op: one sweep per thread over its ops by start and its launches by ts.
    void nestLaunches();

    LocalInterner& m_strings;
    bool m_anyDims = false; ///< some op recorded Input Dims: the file was taken with record_shapes
    std::unordered_map<std::string, int32_t> m_threads; ///< pid '\x1f' tid → index into m_ops
    std::vector<std::vector<Op>> m_ops;                 ///< per thread
    std::vector<Inputs> m_opInputs;
    std::unordered_map<int64_t, int32_t> m_byExtId; ///< External id → index into m_opInputs, ops with dims
    std::vector<Launch> m_launches;
    std::vector<Kernel> m_kernels;
};

} // namespace rs::import
