#include "core/query/memorybeyond.h"

namespace rs::query {

std::vector<ComponentPeak> componentsBeyond(index::Db& db, int rank, const std::string& component,
                                            int64_t peakReservedBytes) {
    std::vector<ComponentPeak> out;
    if (component.empty()) return out;
    // the samples derived from tensors have no reserved value, so never count here; npu_module_mem's
    // modules (module:APP …) do when they rise above the figure
    auto q = db.prepare("SELECT component, max(reserved_bytes) AS r FROM memory_sample WHERE rank = ?1 AND "
                        "component IS NOT NULL AND component <> ?2 GROUP BY component HAVING r > ?3 ORDER BY "
                        "r DESC, component");
    q.bind(1, rank).bind(2, component).bind(3, peakReservedBytes);
    while (q.step())
        out.push_back({q.text(0), q.i64(1)});
    return out;
}

} // namespace rs::query
