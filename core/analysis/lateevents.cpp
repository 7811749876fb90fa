#include "core/analysis/lateevents.h"

#include "core/model/waitkind.h"
#include "core/stats/robuststats.h"

#include <algorithm>
#include <optional>

namespace rs::analysis {

using index::Db;

namespace {

/// A kernel signature without its parameter list, for text ("ncclKernel_AllReduce_RING_LL_Sum_half").
std::string shortName(const std::string& name) {
    size_t p = name.find('(');
    return p == std::string::npos || p == 0 ? name : name.substr(0, p);
}

struct Member {
    int64_t id, rank, step, start, end, wait, spanId;
    std::string name;
    std::optional<int64_t> last;
};

/// The matched collective rows by instance.
std::map<std::string, std::vector<Member>> instances(Db& db) {
    std::map<std::string, std::vector<Member>> groups;
    auto q =
        db.prepare("SELECT collective_id, rank, step, name, start_ns, dur_ns, wait_ns, match_key, last_rank, "
                   "span_id FROM collective WHERE match_key IS NOT NULL");
    while (q.step()) {
        Member m{q.i64(0),
                 q.i64(1),
                 q.i64(2),
                 q.i64(4),
                 q.i64(4) + q.i64(5),
                 q.i64(6),
                 q.isNull(9) ? 0 : q.i64(9),
                 q.text(3),
                 std::nullopt};
        if (!q.isNull(8)) m.last = q.i64(8);
        groups[q.text(7)].push_back(std::move(m));
    }
    return groups;
}

struct DrawnWaits {
    std::map<int64_t, int64_t> waitOf;                    // collective_id → drawn wait
    std::map<int64_t, std::string> sourceOf;              // collective_id → where its wait comes from
    std::map<int64_t, std::pair<int64_t, int64_t>> gapOf; // collective_id → idle gap (start, dur)
};

DrawnWaits drawnWaits(Db& db) {
    DrawnWaits w;
    auto q = db.prepare("SELECT collective_id, kind, start_ns, dur_ns, coalesce(source, '') FROM wait WHERE "
                        "collective_id IS NOT NULL");
    while (q.step()) {
        if (model::waitKindFromSql(q.text(1)) == model::WaitKind::CollectiveWait) {
            w.waitOf[q.i64(0)] += q.i64(3);
            w.sourceOf[q.i64(0)] = q.text(4);
        } else
            w.gapOf[q.i64(0)] = {q.i64(2), q.i64(3)};
    }
    return w;
}

} // namespace

std::vector<LateEvent> lateEvents(Db& db, const RunMap& runs) {
    const DrawnWaits drawn = drawnWaits(db);
    std::vector<LateEvent> out;
    for (const auto& [key, g] : instances(db)) {
        if (g.size() < 2 || !g.front().last) continue;
        const int64_t last = *g.front().last;
        auto culprit = std::find_if(g.begin(), g.end(), [&](const Member& m) { return m.rank == last; });
        if (culprit == g.end()) continue;
        LateEvent e;
        e.run = runs.run(int(last));
        e.culprit = int(last);
        e.step = culprit->step;
        e.name = shortName(culprit->name);
        e.lateness = INT64_MAX;
        e.startNs = INT64_MAX;
        e.endNs = INT64_MIN;
        e.spanId = culprit->spanId;
        for (const auto& m : g) {
            e.startNs = std::min(e.startNs, m.start);
            e.endNs = std::max(e.endNs, m.end);
            if (m.rank == last) continue;
            e.lateness = std::min(e.lateness, std::max<int64_t>(0, m.wait));
            if (auto w = drawn.waitOf.find(m.id); w != drawn.waitOf.end()) {
                e.waited += w->second;
                e.waitedBySource[drawn.sourceOf.at(m.id)] += w->second;
                e.waiting.push_back(int(m.rank));
            }
        }
        if (auto it = drawn.gapOf.find(culprit->id); it != drawn.gapOf.end()) {
            e.gapStart = it->second.first;
            e.gapDur = it->second.second;
            e.startNs = std::min(e.startNs, e.gapStart);
        }
        if (e.lateness == INT64_MAX || e.waited == 0) continue; // nobody waited for it
        out.push_back(std::move(e));
    }
    return out;
}

Walls jobStepWalls(Db& db) {
    Walls out;
    auto q = db.prepare(
        "SELECT coalesce(r.run_id, 0), s.step, max(s.wall_ns) FROM step_stat s JOIN rank_info r ON "
        "r.rank = s.rank GROUP BY 1, 2");
    while (q.step())
        out[{int(q.i64(0)), q.i64(1)}] = q.i64(2);
    return out;
}

int64_t wallOf(const Walls& w, int run, int64_t step) {
    auto it = w.find({run, step});
    return it == w.end() ? 0 : it->second;
}

StallTest::StallTest(const std::vector<LateEvent>& events, const AnalysisOptions& opts) : m_opts(opts) {
    std::vector<double> l;
    for (const auto& e : events)
        l.push_back(double(e.lateness));
    m_count = l.size();
    m_median = l.empty() ? 0 : stats::median(l); // judged, never shown: the robust z's centre
    m_mad = stats::mad(l, m_median);
}

bool StallTest::operator()(const LateEvent& e, int64_t stepWall) const {
    if (e.gapDur * 2 < e.lateness || e.lateness < m_opts.idleGapMinNs) return false;
    if (m_count < 3) return double(e.lateness) >= m_opts.outlierMinFraction * double(stepWall);
    double spread = std::max({m_mad, 0.01 * m_median, 1000.0});
    return stats::robustZ(double(e.lateness), m_median, spread) > m_opts.robustZ &&
           double(e.lateness) > m_median * (1 + m_opts.outlierMinFraction);
}

} // namespace rs::analysis
