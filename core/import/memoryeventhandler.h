#pragma once
// Kineto's `[memory]` instant events (profile_memory=True): each is a sample of the allocator's totals,
// and an allocation (Bytes > 0) or a free (Bytes < 0) of an address. An allocation and the free of its
// address become one tensor, attributed to the innermost host op open on the same thread when it was
// allocated; allocations never freed in the trace are tensors without a free time. Host (CPU, Device
// Type 0) allocations are not device memory and are skipped. Bytes. One thread.
#include "core/import/tracefilestate.h"

#include <cstdint>
#include <optional>
#include <unordered_map>

namespace rs::import {

class MemoryEventHandler {
  public:
    explicit MemoryEventHandler(TraceFileState& state) : m_s(state) {}
    /// ph i / I: only `[memory]` instants are read (other instants have no duration: not spans).
    void instant(const TraceEvent& e);
    /// At the end of the file: the allocations never freed.
    void finish();

  private:
    struct Args {
        std::optional<uint64_t> addr;
        std::optional<int64_t> bytes, totalAllocated, totalReserved, deviceId, deviceType;
    };
    struct LiveAlloc {
        int64_t tsNs, bytes;
        int64_t deviceId; ///< -1 when not given
        int32_t opNameId; ///< enclosing host op, -1 when none
    };
    static Args readArgs(const TraceEvent& e);
    /// The innermost host op (not a ProfilerStep) open at `ts` on the event's thread; -1 when none.
    int32_t enclosingOp(const TraceEvent& e, int64_t ts);
    void freed(const TraceEvent& e, uint64_t addr, int64_t ts);
    model::TensorRow tensor(uint64_t addr, const LiveAlloc& a) const;

    TraceFileState& m_s;
    std::unordered_map<uint64_t, LiveAlloc> m_live;
};

} // namespace rs::import
