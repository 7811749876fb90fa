#pragma once
// What the names of the index's spans are, by string id, looked up once per index and shared by every
// rank's passes: which are not computation (stats/taskclass.h), which are collective kernels, and which
// are the notify tasks inside an HCCL op. One thread.
#include "core/index/sqlite.h"
#include "core/stats/taskclass.h"

#include <cstdint>
#include <set>

namespace rs::analysis {

struct NameIndex {
    stats::NameFlags nonCompute;
    std::set<int64_t> collective;  ///< hcom_*, ncclKernel*, ncclDevKernel*
    std::set<int64_t> notifyWait;  ///< Notify_Wait
    std::set<int64_t> notifyOther; ///< the other Notify* tasks
    static NameIndex load(index::Db& db);
};

} // namespace rs::analysis
