#pragma once
// Which device tasks count as compute. Ascend's device streams also carry synchronisation and
// housekeeping tasks (EVENT_WAIT, Notify Wait, PROFILING_ENABLE, …) and every backend has collective
// kernels; none of them is computation, and counting them would inflate "Computing" (10× on a real
// torch_npu sample) and hide stragglers. Pure functions / one query.
#include "core/index/sqlite.h"

#include <set>
#include <string_view>
#include <vector>

namespace rs::stats {

/// A collective kernel (hcom_*, nccl*).
bool isCollectiveName(std::string_view name);
/// Communication, whatever lane it runs on: a collective kernel, or the op or call that runs one
/// (PyTorch's `nccl:all_reduce` record on a stream or a CPU thread, `c10d::allreduce_`, `gloo:*`). The
/// timeline colours these in the communication hues (a collective on a compute stream is still one).
bool isCommunicationName(std::string_view name);
/// A device task that is not computation: collectives, notify/event waits and records, placeholders
/// (all-caps task names such as EVENT_WAIT or PROFILING_ENABLE).
bool isNonComputeTask(std::string_view name);
/// Flags by string id (dense ids, so a vector beats a set in the span scans): true where
/// isNonComputeTask holds for that name.
class NameFlags {
  public:
    bool count(int64_t id) const { return id >= 0 && size_t(id) < m_flags.size() && m_flags[size_t(id)]; }
    void insert(int64_t id) {
        if (size_t(id) >= m_flags.size()) m_flags.resize(size_t(id) + 1, 0);
        m_flags[size_t(id)] = 1;
    }

  private:
    std::vector<char> m_flags;
};
NameFlags nonComputeNameIds(index::Db& db);

} // namespace rs::stats
