#include "core/analysis/taskclass.h"

#include <cctype>
#include <string>

namespace rs::analysis {

bool isCollectiveName(std::string_view n) {
    return n.rfind("hcom_", 0) == 0 || n.rfind("ncclKernel", 0) == 0 || n.rfind("ncclDevKernel", 0) == 0;
}

bool isNonComputeTask(std::string_view n) {
    if (n.empty() || isCollectiveName(n)) return true;
    if (n.rfind("Notify", 0) == 0 || n.rfind("Event", 0) == 0) return true;
    bool lower = false, alpha = false;
    for (char c : n) {
        if (std::islower(static_cast<unsigned char>(c))) lower = true;
        if (std::isalpha(static_cast<unsigned char>(c))) alpha = true;
    }
    return alpha && !lower; // EVENT_WAIT, PROFILING_ENABLE, MEMCPY_ASYNC, SDMA: runtime tasks, not kernels
}

std::set<int64_t> nonComputeNameIds(index::Db& db) {
    std::set<int64_t> ids;
    auto q = db.prepare("SELECT DISTINCT s.name_id, n.value FROM span s JOIN string n ON n.id = s.name_id "
                        "WHERE s.track_id IN (SELECT track_id FROM track WHERE kind = 'compute')");
    while (q.step())
        if (isNonComputeTask(q.text(1))) ids.insert(q.i64(0));
    return ids;
}

} // namespace rs::analysis
