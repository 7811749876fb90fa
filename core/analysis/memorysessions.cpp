#include "core/analysis/memorysessions.h"

#include "core/analysis/rankcontext.h"
#include "core/analysis/sessionwindow.h"
#include "core/model/memoryrows.h"

#include <algorithm>
#include <set>
#include <string>
#include <vector>

namespace rs::analysis {

namespace {

/// What a left-out memory sample came from: npu_module_mem.csv's `module:*` components, or the others.
bool isModuleComponent(const std::string& component) {
    return component.rfind("module:", 0) == 0;
}

/// The one file of the rank that can hold a left-out sample of its kind, for the diagnostic to name what to
/// look at (memory_sample rows keep no file); the rank's memory-records label when it is not one file.
std::string memorySourceFile(index::Db& db, int rank, bool module) {
    const char* formats = module ? "('ascend-npu-module-mem', 'ascend-db')"
                                 : "('ascend-memory-record', 'ascend-db', 'chrome-json')";
    auto q = db.prepare(std::string("SELECT path FROM source_file WHERE rank = ? AND format IN ") + formats);
    q.bind(1, rank);
    std::vector<std::string> paths;
    while (q.step())
        paths.push_back(q.text(0));
    return paths.size() == 1 ? paths[0] : model::rankMemoryRecordsLabel(rank);
}

/// The left-out samples of one kind: how many, the farthest (ns from the window), their components.
struct LeftOut {
    int64_t count = 0, farthest = 0;
    std::set<std::string> components;
};

/// The rank's counter lanes (trace_view.json's or the .db's HBM, NPU MEM, LLC, …; a Chrome trace's `C`
/// events) under the same rule: their samples of another session are deleted and said once, naming the
/// lanes (walk r45 #4: they were drawn whatever their time).
void leaveOutCounters(RankContext& ctx, const SessionWindow& w) {
    const int64_t lo = w.start - w.margin, hi = w.end + w.margin;
    auto q = ctx.db.prepare("SELECT c.ts_ns, t.name FROM counter c JOIN track t ON t.track_id = c.track_id "
                            "WHERE t.rank = ? AND (c.ts_ns < ? OR c.ts_ns > ?)");
    q.bind(1, ctx.rank).bind(2, lo).bind(3, hi);
    LeftOut k;
    while (q.step()) {
        ++k.count;
        k.farthest = std::max(k.farthest, w.distance(q.i64(0)));
        k.components.insert(q.text(1));
    }
    if (k.count == 0) return;
    ctx.db
        .prepare(
            "DELETE FROM counter WHERE track_id IN (SELECT track_id FROM track WHERE rank = ?) AND (ts_ns "
            "< ? OR ts_ns > ?)")
        .bind(1, ctx.rank)
        .bind(2, lo)
        .bind(3, hi)
        .exec();
    std::string names;
    for (const auto& c : k.components)
        names += (names.empty() ? "" : ", ") + c;
    ctx.diagnostics().add("rank " + std::to_string(ctx.rank) + " counter lanes", "warning",
                          otherSessionText("counter samples recorded", "its counter lanes"), k.count,
                          awayExcerpt(k.farthest) + " (" + names + ")");
}

} // namespace

PassInfo MemorySessionsPass::info() const {
    return {"memory_sessions",
            PassScope::RankLocal,
            {"memory_sample", "counter", "track", "rank_info", "source_file"},
            {"memory_sample", "counter"}};
}

void MemorySessionsPass::run(RankContext& ctx) {
    const std::optional<SessionWindow> w = sessionWindow(ctx.db, ctx.rank);
    if (!w) return;
    leaveOutCounters(ctx, *w);
    const int64_t lo = w->start - w->margin, hi = w->end + w->margin; // outside: distance > margin
    auto q = ctx.db.prepare("SELECT ts_ns, coalesce(component, '') FROM memory_sample WHERE rank = ? AND "
                            "(ts_ns < ? OR ts_ns > ?)");
    q.bind(1, ctx.rank).bind(2, lo).bind(3, hi);
    LeftOut kinds[2]; // [0] other components, [1] module:*
    while (q.step()) {
        const std::string component = q.text(1);
        LeftOut& k = kinds[isModuleComponent(component) ? 1 : 0];
        ++k.count;
        k.farthest = std::max(k.farthest, w->distance(q.i64(0)));
        k.components.insert(component);
    }
    if (kinds[0].count + kinds[1].count == 0) return;
    ctx.db.prepare("DELETE FROM memory_sample WHERE rank = ? AND (ts_ns < ? OR ts_ns > ?)")
        .bind(1, ctx.rank)
        .bind(2, lo)
        .bind(3, hi)
        .exec();
    for (int module = 0; module < 2; ++module) {
        const LeftOut& k = kinds[module];
        if (k.count == 0) continue;
        std::string names;
        for (const auto& c : k.components)
            names += (names.empty() ? "" : ", ") + (c.empty() ? std::string("(no component)") : c);
        ctx.diagnostics().add(memorySourceFile(ctx.db, ctx.rank, module == 1), "warning",
                              otherSessionText("memory samples recorded"), k.count,
                              awayExcerpt(k.farthest) + " (" + names + ")");
    }
}

} // namespace rs::analysis
