#pragma once
// Kineto: which collective an NCCL kernel runs, by the host op that launched it. NCCL runs all-to-all (and,
// in some builds, all-reduce and all-gather) as SendRecv kernels, so a kernel's name alone would call them
// point-to-point (HTA trace_filter: 20 ncclKernel_SendRecv kernels, launched under nccl:all_to_all,
// nccl:all_reduce and nccl:_all_gather_base). The trace links a kernel to its launch call by the
// "correlation" both carry in args (the ac2g flow's id); the innermost host op around that call on its
// thread that names a collective — PyTorch's `nccl:<collective>` annotation, its `c10d::<collective>_` op, or
// record_param_comms with a "Collective name" — names the kernel's. A kernel without that link, or whose
// launch sits under no such op, keeps what its own name says (no row). Kineto writes a thread's ops, its
// launches and the kernels in any order, so all three are kept (the launches 24 bytes each, the ops that name
// a collective and the collective kernels a little more) and joined at the file's end. Times ns. One parser
// thread.
#include "core/model/steprows.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace rs::import {

class LaunchedCollectives {
  public:
    /// A host X op on (pid, tid) over [start, end] named `name` (interned `nameId`), with its args object
    /// (may be empty); kept only when it names a collective.
    void hostOp(std::string_view pid, std::string_view tid, int64_t start, int64_t end, int32_t nameId,
                std::string_view name, std::string_view args);
    /// A runtime or driver call of category cuda_runtime / cuda_driver named `name`, with its args.
    void launchCall(std::string_view pid, std::string_view tid, int64_t ts, std::string_view name,
                    std::string_view args);
    /// A collective kernel, the span on `trackId` starting at `ts`, with its args.
    void kernel(int64_t trackId, int64_t ts, std::string_view args);
    /// One row per kernel whose launch lies in a host op that names a collective.
    void emitRows(std::vector<model::LaunchCollectiveRow>& out);

  private:
    struct Op {
        int64_t start, end;
        std::string collective;
        int32_t nameId;
    };
    struct Launch {
        int64_t correlation, ts;
        int32_t thread;
    };
    struct Kernel {
        int64_t trackId, ts, correlation;
    };
    int32_t threadOf(std::string_view pid, std::string_view tid);
    /// The innermost op of `thread` around `ts` that names a collective, or null.
    const Op* innermostAround(int32_t thread, int64_t ts) const;

    std::unordered_map<std::string, int32_t> m_threads; ///< pid '\x1f' tid → index into m_ops
    std::vector<std::vector<Op>> m_ops;                 ///< per thread
    std::vector<Launch> m_launches;
    std::vector<Kernel> m_kernels;
};

} // namespace rs::import
