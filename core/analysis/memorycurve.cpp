#include "core/analysis/memorycurve.h"

#include "core/analysis/memorycomponent.h"
#include "core/analysis/rankcontext.h"
#include "core/model/lod.h"

#include <algorithm>
#include <array>
#include <optional>
#include <string>

namespace rs::analysis {

PassInfo MemoryCurvePass::info() const {
    return {"memory_curve",
            PassScope::RankLocal,
            {"memory_sample"},
            {"memory_lod", "memory_summary.curve_component"}};
}

void MemoryCurvePass::run(RankContext& ctx) {
    const std::optional<std::string> found = memoryComponent(ctx.db, ctx.rank);
    if (!found) return;
    const std::string component = *found;
    ctx.db.prepare("UPDATE memory_summary SET curve_component = ? WHERE rank = ?")
        .bind(1, component)
        .bind(2, ctx.rank)
        .exec();
    auto samples =
        ctx.db.prepare("SELECT ts_ns, allocated_bytes FROM memory_sample WHERE rank = ? AND component = "
                       "? AND allocated_bytes IS NOT NULL ORDER BY ts_ns");
    auto ins = ctx.db.prepare("INSERT INTO memory_lod(rank, level, start_ns, max_bytes) VALUES(?,?,?,?)");
    struct Bucket {
        int64_t idx = INT64_MIN, start = 0, max = 0;
    };
    std::array<Bucket, model::kLodLevels> b;
    auto flush = [&](int level) {
        const Bucket& x = b[size_t(level)];
        if (x.idx != INT64_MIN) ins.bind(1, ctx.rank).bind(2, level).bind(3, x.start).bind(4, x.max).exec();
    };
    samples.bind(1, ctx.rank).bind(2, component);
    while (samples.step()) {
        const int64_t ts = samples.i64(0), v = samples.i64(1);
        for (int l = 0; l < model::kLodLevels; ++l) {
            const int64_t idx = ts / model::lodWidthNs(l);
            if (idx != b[size_t(l)].idx) {
                flush(l);
                b[size_t(l)] = {idx, ts, v};
            }
            b[size_t(l)].max = std::max(b[size_t(l)].max, v);
        }
    }
    for (int l = 0; l < model::kLodLevels; ++l)
        flush(l);
}

} // namespace rs::analysis
