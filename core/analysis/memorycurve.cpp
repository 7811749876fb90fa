#include "core/analysis/memorycurve.h"

#include "core/analysis/memorypeaks.h"
#include "core/analysis/rankcontext.h"
#include "core/analysis/rankreadcontext.h"
#include "core/index/batchinsert.h"
#include "core/model/lod.h"

#include <algorithm>
#include <array>
#include <optional>
#include <string>
#include <vector>

namespace rs::analysis {

PassInfo MemoryCurvePass::info() const {
    return {"memory_curve",
            PassScope::RankLocal,
            {"memory_sample"},
            {"memory_lod", "memory_summary.curve_component"}};
}

namespace {

struct MemoryCurveResult : RankResult {
    struct Row {
        int64_t level, startNs, maxBytes;
    };
    std::optional<std::string> component;
    std::vector<Row> rows; ///< memory_lod, in the order written
};

/// Reduces (ts, bytes) samples in ts order to per-level bucket maxima.
class LodReducer {
  public:
    explicit LodReducer(std::vector<MemoryCurveResult::Row>& out) : m_out(out) {}
    void add(int64_t ts, int64_t v) {
        for (int l = 0; l < model::kLodLevels; ++l) {
            const int64_t idx = ts / model::lodWidthNs(l);
            if (idx != m_b[size_t(l)].idx) {
                flush(l);
                m_b[size_t(l)] = {idx, ts, v};
            }
            m_b[size_t(l)].max = std::max(m_b[size_t(l)].max, v);
        }
    }
    void finish() {
        for (int l = 0; l < model::kLodLevels; ++l)
            flush(l);
    }

  private:
    struct Bucket {
        int64_t idx = INT64_MIN, start = 0, max = 0;
    };
    void flush(int level) {
        const Bucket& x = m_b[size_t(level)];
        if (x.idx != INT64_MIN) m_out.push_back({level, x.start, x.max});
    }
    std::vector<MemoryCurveResult::Row>& m_out;
    std::array<Bucket, model::kLodLevels> m_b;
};

} // namespace

std::unique_ptr<RankResult> MemoryCurvePass::compute(RankReadContext& ctx) const {
    auto out = std::make_unique<MemoryCurveResult>();
    out->component = rankMemoryComponent(ctx);
    if (!out->component) return out;
    LodReducer lod(out->rows);
    if (ctx.derivedMemory) { // memory_peaks' curve: the only allocated samples of the rank
        for (const auto& [ts, v] : *ctx.derivedMemory)
            lod.add(ts, v);
    } else {
        auto samples =
            ctx.db.prepare("SELECT ts_ns, allocated_bytes FROM memory_sample WHERE rank = ? AND component = "
                           "? AND allocated_bytes IS NOT NULL AND ts_ns IS NOT NULL ORDER BY ts_ns");
        samples.bind(1, ctx.rank).bind(2, *out->component);
        while (samples.step())
            lod.add(samples.i64(0), samples.i64(1));
    }
    lod.finish();
    return out;
}

void MemoryCurvePass::apply(RankContext& ctx, RankResult& result) {
    const auto& res = static_cast<const MemoryCurveResult&>(result);
    if (!res.component) return;
    ctx.db.prepare("UPDATE memory_summary SET curve_component = ? WHERE rank = ?")
        .bind(1, *res.component)
        .bind(2, ctx.rank)
        .exec();
    // a few hundred thousand rows at 1 GB: 64 a statement
    index::insertBatched(ctx.db, "INSERT OR FAIL INTO memory_lod(rank, level, start_ns, max_bytes) VALUES ",
                         4, res.rows, [&](index::Stmt& st, int k, const MemoryCurveResult::Row& row) {
                             st.bind(k, ctx.rank).bind(k + 1, row.level).bind(k + 2, row.startNs);
                             st.bind(k + 3, row.maxBytes);
                         });
}

void MemoryCurvePass::run(RankContext& ctx) {
    apply(ctx, *compute(ctx.reading()));
}

} // namespace rs::analysis
