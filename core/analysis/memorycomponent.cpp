#include "core/analysis/memorycomponent.h"

namespace rs::analysis {

std::optional<std::string> memoryComponent(index::Db& db, int rank) {
    // PTA and PTA+GE can hold the same peak (GE idle): the total breaks the tie before the name does
    auto q = db.prepare("SELECT coalesce(component, '') FROM memory_sample WHERE rank = ? AND "
                        "allocated_bytes IS NOT NULL GROUP BY component ORDER BY max(allocated_bytes) "
                        "DESC, sum(allocated_bytes) DESC, count(*) DESC, component LIMIT 1");
    q.bind(1, rank);
    if (!q.step()) return std::nullopt;
    return q.text(0);
}

} // namespace rs::analysis
