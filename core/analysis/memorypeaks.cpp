#include "core/analysis/memorypeaks.h"

#include "core/analysis/memorycomponent.h"
#include "core/analysis/rankcontext.h"
#include "core/analysis/rankreadcontext.h"

#include <algorithm>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace rs::analysis {

namespace {

/// The curve of a rank without allocated samples, from its tensors' lifetimes: (ts, allocated) at each
/// instant, frees before allocs at one instant.
std::vector<std::pair<int64_t, int64_t>> curveFromTensors(const std::vector<TensorRow>& tensors) {
    std::vector<std::pair<int64_t, int64_t>> ev;
    for (const auto& t : tensors) {
        if (!t.allocNs) continue;
        ev.push_back({*t.allocNs, t.sizeBytes});
        if (t.freeNs) ev.push_back({*t.freeNs, -t.sizeBytes});
    }
    std::sort(ev.begin(), ev.end(),
              [](auto& a, auto& b) { return a.first != b.first ? a.first < b.first : a.second < b.second; });
    std::vector<std::pair<int64_t, int64_t>> out;
    int64_t cur = 0;
    for (size_t i = 0; i < ev.size(); ++i) {
        cur += ev[i].second;
        if (i + 1 < ev.size() && ev[i + 1].first == ev[i].first) continue;
        out.push_back({ev[i].first, cur});
    }
    return out;
}

struct MemoryPeaksResult : RankResult {
    std::vector<std::pair<int64_t, int64_t>> derived; ///< memory_sample rows to add
    int64_t peakAlloc = 0, peakRes = 0;
    std::optional<int64_t> peakTs; ///< none when the peak's samples have no time (memoryrows.h)
    double frag = 0;
};

/// The highest allocated value of `component` and when (the earliest of equal ones).
void allocatedPeak(RankReadContext& ctx, const std::string& component, MemoryPeaksResult& out) {
    if (ctx.derivedMemory) { // the rank's only allocated samples: those derived above
        bool any = false;    // in ts order: the first of equal highs is the earliest
        for (const auto& [ts, v] : *ctx.derivedMemory)
            if (!any || v > out.peakAlloc) any = true, out.peakTs = ts, out.peakAlloc = v;
        return;
    }
    // an untimed sample counts (peaks need no time); of equal highs a timed one gives the time
    auto q = ctx.db.prepare("SELECT ts_ns, allocated_bytes FROM memory_sample WHERE rank = ? AND "
                            "coalesce(component, '') = ? AND allocated_bytes IS NOT NULL ORDER BY "
                            "allocated_bytes DESC, ts_ns IS NULL, ts_ns LIMIT 1");
    q.bind(1, ctx.rank).bind(2, component);
    if (q.step()) {
        if (!q.isNull(0)) out.peakTs = q.i64(0);
        out.peakAlloc = q.i64(1);
    }
}

} // namespace

std::optional<std::string> rankMemoryComponent(RankReadContext& ctx) {
    if (!ctx.derivedMemory) return memoryComponent(ctx.db, ctx.rank);
    if (ctx.derivedMemory->empty()) return std::nullopt;
    return std::string(kDerivedComponent);
}

PassInfo MemoryPeaksPass::info() const {
    return {"memory_peaks",
            PassScope::RankLocal,
            {"memory_sample", "tensor"},
            {"memory_sample", "memory_summary"}};
}

std::unique_ptr<RankResult> MemoryPeaksPass::compute(RankReadContext& ctx) const {
    auto out = std::make_unique<MemoryPeaksResult>();
    {
        auto q = ctx.db.prepare("SELECT count(allocated_bytes) FROM memory_sample WHERE rank = ?");
        q.bind(1, ctx.rank);
        if (!q.step() || q.i64(0) == 0) {
            out->derived = curveFromTensors(ctx.tensors());
            ctx.derivedMemory = out->derived;
        }
    }
    // Allocated and reserved peaks of one component: an Ascend rank records PTA, GE, their sum PTA+GE and
    // the process's reserved total APP, and a pair mixing PTA+GE's allocated with APP's reserved reads as
    // one pool that it is not. The component is memoryComponent's (else, with reserved values only, the
    // highest reserved), the one the curves draw.
    const std::optional<std::string> component = rankMemoryComponent(ctx);
    if (component) allocatedPeak(ctx, *component, *out);
    // derived samples have no reserved value: this reads the load's samples alike before and after them
    auto r = ctx.db.prepare("SELECT reserved_bytes, allocated_bytes FROM memory_sample WHERE rank = ?1 AND "
                            "reserved_bytes IS NOT NULL AND (?2 = 0 OR coalesce(component, '') = ?3) ORDER "
                            "BY reserved_bytes DESC LIMIT 1");
    r.bind(1, ctx.rank).bind(2, int64_t(component.has_value())).bind(3, component.value_or(std::string()));
    if (r.step()) {
        out->peakRes = r.i64(0);
        if (!r.isNull(1) && out->peakRes > 0) out->frag = 1.0 - double(r.i64(1)) / double(out->peakRes);
    }
    return out;
}

void MemoryPeaksPass::apply(RankContext& ctx, RankResult& result) {
    const auto& res = static_cast<const MemoryPeaksResult&>(result);
    auto ins =
        ctx.db.prepare("INSERT INTO memory_sample(rank, ts_ns, component, allocated_bytes) VALUES(?,?,?,?)");
    for (const auto& [ts, v] : res.derived)
        ins.bind(1, ctx.rank).bind(2, ts).bind(3, kDerivedComponent).bind(4, v).exec();
    ctx.db
        .prepare("INSERT OR REPLACE INTO memory_summary(rank, peak_allocated_bytes, peak_reserved_bytes, "
                 "peak_ts_ns, fragmentation, bank_size_bytes, bank_count) VALUES(?,?,?,?,?,?,?)")
        .bind(1, ctx.rank)
        .bind(2, res.peakAlloc)
        .bind(3, res.peakRes)
        .bind(4, res.peakTs)
        .bind(5, res.frag)
        .bind(6, ctx.opts.banks.bankSizeBytes)
        .bind(7, int64_t(ctx.opts.banks.bankCount))
        .exec();
}

void MemoryPeaksPass::run(RankContext& ctx) {
    apply(ctx, *compute(ctx.reading()));
}

} // namespace rs::analysis
