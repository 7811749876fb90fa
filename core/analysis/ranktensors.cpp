#include "core/analysis/ranktensors.h"

#include "core/model/memoryrows.h"

namespace rs::analysis {

std::vector<TensorRow> loadTensors(index::Db& db, int rank) {
    std::vector<TensorRow> out;
    auto q = db.prepare("SELECT rowid, alloc_step, free_step, alloc_ns, free_ns, addr, size_bytes, op_name, "
                        "coalesce(source, '') FROM tensor WHERE rank = ?");
    q.bind(1, rank);
    auto od = [&](int c) { return q.isNull(c) ? std::nullopt : std::optional<double>(q.f64(c)); };
    auto oi = [&](int c) { return q.isNull(c) ? std::nullopt : std::optional<int64_t>(q.i64(c)); };
    while (q.step()) {
        std::string source = q.text(8);
        const bool kineto = source == model::kKinetoMemorySource;
        out.push_back({q.i64(0), od(1), od(2), oi(3), oi(4), oi(5), q.i64(6),
                       q.isNull(7) ? std::nullopt : std::optional<std::string>(q.text(7)), kineto,
                       std::move(source)});
    }
    return out;
}

} // namespace rs::analysis
