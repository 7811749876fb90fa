#pragma once
// Kineto's `[memory]` instant events (profile_memory=True): each is a sample of the allocator's totals,
// and an allocation (Bytes > 0) or a free (Bytes < 0) of an address. An allocation and the free of its
// address become one tensor, attributed to the innermost host op open on the same thread when it was
// allocated; allocations never freed in the trace are tensors without a free time. Host (CPU, Device
// Type 0) allocations are not device memory and are skipped. Bytes; times in ns. One thread.
// Kineto writes the events thread by thread, not in time order (HTA df_index_resolver: an address freed on
// one thread is allocated again on another, earlier in the file), so the allocations and frees are kept
// (40 bytes each, until the file's end) and paired by device and address in time order at finish().
// Nor does it write an allocation next to its op: HTA df_index_resolver lists each thread's ops long
// before its [memory] events, so the op of an allocation is looked up at finish() among all the thread's
// host ops (TraceTrack::hostOps), whatever the order of the file.
#include "core/import/tracefilestate.h"

#include <cstdint>
#include <optional>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

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
    /// One allocation (bytes > 0) or free (bytes < 0), as read.
    struct Change {
        int64_t tsNs, bytes;
        int64_t offset; ///< the event's byte offset in the file, for a diagnostic
        uint64_t addr;
        int32_t deviceId; ///< -1 when not given
        int32_t thread;   ///< index into m_threads
        int32_t opNameId; ///< enclosing host op of an allocation, -1 when none (set at finish())
    };
    using Key = std::pair<int32_t, uint64_t>; ///< device, address
    struct KeyHash {
        size_t operator()(const Key& k) const {
            return std::hash<uint64_t>()(k.second * 31 + uint64_t(k.first));
        }
    };
    static Args readArgs(const TraceEvent& e);
    /// The index of the event's (pid, tid) in m_threads.
    int32_t threadOf(const TraceEvent& e);
    /// Sets each allocation's opNameId: the innermost host op of its thread open at its time.
    void attributeOps();
    /// Pairs one change with the live allocations (time order).
    void apply(const Change& c, std::unordered_map<Key, Change, KeyHash>& live);
    model::TensorRow tensor(const Change& alloc) const;
    /// A diagnostic's excerpt of a change (the event's text is gone by then; its offset is kept).
    static std::string excerpt(const Change& c);

    TraceFileState& m_s;
    std::vector<Change> m_changes;
    std::vector<std::pair<std::string, std::string>> m_threads; ///< (pid, tid) of the [memory] events
    std::unordered_map<std::string, int32_t> m_threadIndex;     ///< pid '\x1f' tid → m_threads index
};

} // namespace rs::import
