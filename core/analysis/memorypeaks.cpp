#include "core/analysis/memorypeaks.h"

#include "core/analysis/memorycomponent.h"
#include "core/analysis/rankcontext.h"

#include <algorithm>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace rs::analysis {

using index::Db;

namespace {

void deriveCurveFromTensors(Db& db, int rank, const std::vector<TensorRow>& tensors) {
    std::vector<std::pair<int64_t, int64_t>> ev;
    for (const auto& t : tensors) {
        if (!t.allocNs) continue;
        ev.push_back({*t.allocNs, t.sizeBytes});
        if (t.freeNs) ev.push_back({*t.freeNs, -t.sizeBytes});
    }
    std::sort(ev.begin(), ev.end(),
              [](auto& a, auto& b) { return a.first != b.first ? a.first < b.first : a.second < b.second; });
    auto ins =
        db.prepare("INSERT INTO memory_sample(rank, ts_ns, component, allocated_bytes) VALUES(?,?,?,?)");
    int64_t cur = 0;
    for (size_t i = 0; i < ev.size(); ++i) {
        cur += ev[i].second;
        if (i + 1 < ev.size() && ev[i + 1].first == ev[i].first) continue;
        ins.bind(1, rank).bind(2, ev[i].first).bind(3, "derived:tensors").bind(4, cur).exec();
    }
}

} // namespace

PassInfo MemoryPeaksPass::info() const {
    return {"memory_peaks",
            PassScope::RankLocal,
            {"memory_sample", "tensor"},
            {"memory_sample", "memory_summary"}};
}

void MemoryPeaksPass::run(RankContext& ctx) {
    Db& db = ctx.db;
    const int rank = ctx.rank;
    {
        auto q = db.prepare("SELECT count(allocated_bytes) FROM memory_sample WHERE rank = ?");
        q.bind(1, rank);
        if (!q.step() || q.i64(0) == 0) deriveCurveFromTensors(db, rank, ctx.tensors());
    }
    // Allocated and reserved peaks of one component: an Ascend rank records PTA, GE, their sum PTA+GE and
    // the process's reserved total APP, and a pair mixing PTA+GE's allocated with APP's reserved reads as
    // one pool that it is not. The component is memoryComponent's (else, with reserved values only, the
    // highest reserved), the one the curves draw.
    int64_t peakAlloc = 0, peakTs = 0, peakRes = 0;
    double frag = 0;
    const std::optional<std::string> component = memoryComponent(db, rank);
    if (component) {
        auto q = db.prepare("SELECT ts_ns, allocated_bytes FROM memory_sample WHERE rank = ? AND "
                            "coalesce(component, '') = ? AND allocated_bytes IS NOT NULL ORDER BY "
                            "allocated_bytes DESC, ts_ns LIMIT 1");
        q.bind(1, rank).bind(2, *component);
        if (q.step()) peakTs = q.i64(0), peakAlloc = q.i64(1);
    }
    auto r = db.prepare("SELECT reserved_bytes, allocated_bytes FROM memory_sample WHERE rank = ?1 AND "
                        "reserved_bytes IS NOT NULL "
                        "AND (?2 = 0 OR coalesce(component, '') = ?3) ORDER BY reserved_bytes DESC LIMIT 1");
    r.bind(1, rank).bind(2, int64_t(component.has_value())).bind(3, component.value_or(std::string()));
    if (r.step()) {
        peakRes = r.i64(0);
        if (!r.isNull(1) && peakRes > 0) frag = 1.0 - double(r.i64(1)) / double(peakRes);
    }
    db.prepare("INSERT OR REPLACE INTO memory_summary(rank, peak_allocated_bytes, peak_reserved_bytes, "
               "peak_ts_ns, "
               "fragmentation, bank_size_bytes, bank_count) VALUES(?,?,?,?,?,?,?)")
        .bind(1, rank)
        .bind(2, peakAlloc)
        .bind(3, peakRes)
        .bind(4, peakTs)
        .bind(5, frag)
        .bind(6, ctx.opts.banks.bankSizeBytes)
        .bind(7, int64_t(ctx.opts.banks.bankCount))
        .exec();
}

} // namespace rs::analysis
