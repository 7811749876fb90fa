#include "core/stats/taskclass.h"

#include <cctype>
#include <string>

namespace rs::stats {

bool isCollectiveName(std::string_view n) {
    return n.rfind("hcom_", 0) == 0 || n.rfind("ncclKernel", 0) == 0 || n.rfind("ncclDevKernel", 0) == 0;
}

bool isCommunicationName(std::string_view n) {
    return isCollectiveName(n) || n.rfind("nccl:", 0) == 0 || n.rfind("c10d::", 0) == 0 ||
           n.rfind("gloo:", 0) == 0;
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

NameFlags nonComputeNameIds(index::Db& db) {
    NameFlags ids;
    // The string table is small (distinct names); scanning it beats scanning the spans.
    auto q = db.prepare("SELECT id, value FROM string");
    while (q.step())
        if (isNonComputeTask(q.text(1))) ids.insert(q.i64(0));
    return ids;
}

} // namespace rs::stats
