#include "core/query/absentwaits.h"
#include "core/model/median.h"

#include "core/model/timetext.h"

#include <cmath>

namespace rs::query {

namespace {

int64_t medianOf(std::vector<double> v) {
    return int64_t(model::lowerMedian(v)); // shown: a wait and a wall that happened
}

} // namespace

std::map<int, std::vector<AbsentWait>> loadAbsentWaits(index::Db& db) {
    std::map<int, std::vector<AbsentWait>> out;
    auto q =
        db.prepare("SELECT r.run_id, w.rank, sum(w.dur_ns) FROM wait w JOIN rank_info r ON r.rank = w.rank "
                   "JOIN run u ON u.run_id = r.run_id WHERE u.complete = 0 AND w.kind = 'collective_wait' "
                   "GROUP BY r.run_id, w.rank HAVING sum(w.dur_ns) > 0 ORDER BY r.run_id, w.rank");
    auto steps = db.prepare("SELECT coalesce(wait_ns, 0), wall_ns FROM step_stat WHERE rank = ?");
    while (q.step()) {
        AbsentWait a{q.i64(1), q.i64(2)};
        std::vector<double> waits, walls;
        steps.bind(1, a.rank);
        while (steps.step()) {
            waits.push_back(double(steps.i64(0)));
            walls.push_back(double(steps.i64(1)));
        }
        steps.reset();
        a.steps = int64_t(walls.size());
        a.medianStepWaitNs = medianOf(waits);
        a.medianWallNs = medianOf(walls);
        out[int(q.i64(0))].push_back(a);
    }
    return out;
}

nlohmann::json absentWaitsJson(const std::vector<AbsentWait>& waits) {
    nlohmann::json out = nlohmann::json::array();
    for (const auto& a : waits)
        out.push_back({{"rank", a.rank},
                       {"wait_ns", a.waitNs},
                       {"steps", a.steps},
                       {"median_step_wait_ns", a.medianStepWaitNs},
                       {"median_wall_ns", a.medianWallNs}});
    return out;
}

std::string absentWaitsText(const nlohmann::json& waits, const std::function<std::string(int64_t)>& name) {
    constexpr size_t kNamed = 4; // more ranks than this are counted, not listed
    std::string line;
    int64_t total = 0;
    for (size_t i = 0; i < waits.size(); ++i) {
        const auto& w = waits[i];
        total += w.value("wait_ns", int64_t(0));
        if (i >= kNamed) continue;
        const int64_t steps = w.value("steps", int64_t(0));
        line += (line.empty() ? "" : "; ") + name(w.value("rank", int64_t(0))) + " waited ";
        if (steps == 1)
            line += model::formatDuration(w.value("median_step_wait_ns", int64_t(0))) + " of its " +
                    model::formatDuration(w.value("median_wall_ns", int64_t(0))) + " step";
        else if (steps > 1)
            line += "a median " + model::formatDuration(w.value("median_step_wait_ns", int64_t(0))) +
                    " of its steps (median " + model::formatDuration(w.value("median_wall_ns", int64_t(0))) +
                    ", " + std::to_string(steps) + " steps)";
        else
            line += model::formatDuration(w.value("wait_ns", int64_t(0)));
    }
    if (line.empty()) return {};
    if (waits.size() > kNamed)
        line += "; " + std::to_string(waits.size() - kNamed) + " more ranks (" +
                model::formatDuration(total) + " in all)";
    return line + " in collectives whose other members are not all in this profile; who " +
           (waits.size() == 1 ? "it" : "each") + " waited for cannot be known";
}

} // namespace rs::query
