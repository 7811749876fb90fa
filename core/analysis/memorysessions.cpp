#include "core/analysis/memorysessions.h"

#include "core/analysis/rankcontext.h"
#include "core/analysis/sessionwindow.h"
#include "core/model/memoryrows.h"

#include <algorithm>
#include <set>
#include <string>

namespace rs::analysis {

PassInfo MemorySessionsPass::info() const {
    return {"memory_sessions", PassScope::RankLocal, {"memory_sample", "rank_info"}, {"memory_sample"}};
}

void MemorySessionsPass::run(RankContext& ctx) {
    const std::optional<SessionWindow> w = sessionWindow(ctx.db, ctx.rank);
    if (!w) return;
    const int64_t lo = w->start - w->margin, hi = w->end + w->margin; // outside: distance > margin
    auto q = ctx.db.prepare("SELECT ts_ns, coalesce(component, '') FROM memory_sample WHERE rank = ? AND "
                            "(ts_ns < ? OR ts_ns > ?)");
    q.bind(1, ctx.rank).bind(2, lo).bind(3, hi);
    int64_t count = 0, farthest = 0;
    std::set<std::string> components;
    while (q.step()) {
        ++count;
        farthest = std::max(farthest, w->distance(q.i64(0)));
        components.insert(q.text(1));
    }
    if (count == 0) return;
    ctx.db.prepare("DELETE FROM memory_sample WHERE rank = ? AND (ts_ns < ? OR ts_ns > ?)")
        .bind(1, ctx.rank)
        .bind(2, lo)
        .bind(3, hi)
        .exec();
    std::string names;
    for (const auto& c : components)
        names += (names.empty() ? "" : ", ") + (c.empty() ? std::string("(no component)") : c);
    ctx.diagnostics().add(model::rankMemoryRecordsLabel(ctx.rank), "warning",
                          otherSessionText("memory samples recorded"), count,
                          awayExcerpt(farthest) + " (" + names + ")");
}

} // namespace rs::analysis
