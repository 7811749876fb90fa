#pragma once
// Kineto has no per-link data; its NCCL kernels and CPU record_param_comms ops carry the collective's
// arguments: "Collective name", "In msg nelems", "Out msg nelems", "dtype", "Group size", "Process Group
// Name" / "Description" / "Ranks" (global ranks), "Global rank start" / "stride", "In split size", and
// for point-to-point "Src Rank" / "Dst Rank". From them, the LOGICAL bytes each rank hands each peer of
// the group, per step — NCCL's bus-bandwidth convention (the bytes an optimal algorithm moves per rank:
// all-reduce 2(n−1)/n·B, all-gather and reduce-scatter (n−1)/n of the full buffer, all-to-all (n−1)/n·B)
// spread evenly over the n−1 peers (all-to-all by its split sizes when given), a send its whole message.
// The sender reports (a recv mirrors its send); broadcast, reduce, gather and scatter name no root in the
// args, so their bytes cannot be given to a pair: counted, not drawn. Never link bandwidth: no time is
// kept. A kernel and the CPU op that launched it share an External id: counted once. One parser thread.
#include "core/import/importcontext.h"
#include "core/import/rankstate.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace rs::import {

class CollectiveArgs {
  public:
    /// A `record_param_comms` CPU op or an NCCL kernel (`kernel`), its start (ns) and args object.
    void event(bool kernel, int64_t tsNs, std::string_view args);
    /// Emits the logical link rows (src = this rank, global ranks) per step, the process groups, and
    /// what could not be attributed as diagnostics of `file`.
    void emitRows(const RankState& rank, RowEmitter& out, const std::string& file) const;

    /// Bytes of one element of a c10 dtype name ("Float" 4, "BFloat16" 2, "Long" 8); 0 when unknown.
    static int64_t dtypeBytes(std::string_view dtype);
    /// "[0, 1, 7]" → {0, 1, 7}; empty for anything else.
    static std::vector<int64_t> intList(std::string_view text);

    struct Call {
        int64_t tsNs = 0;
        std::string name; ///< "Collective name" lower-cased, without '_'
        int64_t inElems = -1, outElems = -1, groupSize = -1, rankStart = -1, rankStride = 1;
        std::string dtype, pgName, pgDesc;
        std::vector<int64_t> ranks, inSplit;
        std::optional<int64_t> dstRank;
    };
    /// The logical bytes `c` hands each peer (peer → bytes), or why none (`why` set).
    static std::map<int64_t, int64_t> peerBytes(const Call& c, int64_t self, std::string& why);

  private:
    std::map<int64_t, Call> m_byExternalId; ///< a kernel replaces its CPU op (same External id)
    std::vector<Call> m_withoutId;
};

} // namespace rs::import
