#include "app/gui/snapshotexporterstep.h"

#include "core/model/typicalstep.h"
#include "core/query/stubsteps.h"

#include <QRegularExpression>
#include <QString>
#include <nlohmann/json.hpp>
#include <tuple>

namespace rs::gui {

namespace {

/// The typical (lower-median wall) step of `rank`, stub steps left out as the report leaves them out.
int64_t typicalStep(index::Db& db, const query::ProfileSummary& s, int rank) {
    const auto stubs = query::stubStepKeys(db);
    std::vector<const query::StepDesc*> steps;
    std::vector<double> walls;
    for (const auto& st : s.steps)
        if (st.rank == rank && !stubs.count({rank, st.step})) {
            steps.push_back(&st);
            walls.push_back(double(st.endNs - st.startNs));
        }
    if (steps.empty()) return -1;
    const double typical = model::typicalStepNs(walls);
    for (const auto* st : steps)
        if (double(st->endNs - st->startNs) == typical) return st->step;
    return -1;
}

/// The longest collective kernel starting in [t0, t1) on `rank`.
std::optional<StepCollective> longestCollective(index::Db& db, int rank, int64_t t0, int64_t t1) {
    auto q =
        db.prepare("SELECT coalesce(op_type, name), start_ns, dur_ns FROM collective WHERE rank = ? AND "
                   "start_ns >= ? AND start_ns < ? AND dur_ns > 0 ORDER BY dur_ns DESC, start_ns LIMIT 1");
    q.bind(1, rank).bind(2, t0).bind(3, t1);
    if (!q.step()) return std::nullopt;
    const QString kind = QString::fromStdString(q.text(0));
    StepCollective c{collectiveSlug(kind), q.i64(1), q.i64(1) + q.i64(2)};
    return c;
}

} // namespace

std::string collectiveSlug(const QString& opType) {
    QString kind = opType.mid(opType.indexOf(':') + 1).toLower(); // "nccl:AllReduce" → "allreduce"
    kind.replace(QRegularExpression("[^a-z0-9]+"), "-");
    // "hcom_allReduce_" → "hcom-allreduce", never "timeline-step-11-hcom-allreduce-.png" (walk18a #6)
    kind = kind.left(40);
    while (kind.endsWith('-'))
        kind.chop(1);
    while (kind.startsWith('-'))
        kind.remove(0, 1);
    return kind.toStdString();
}

std::optional<std::pair<int64_t, int>> topFindingStep(const nlohmann::json& report,
                                                      const query::ProfileSummary& s) {
    if (!report.is_object() || !report.contains("findings") || !report["findings"].is_array()) return {};
    for (const auto& f : report["findings"]) {
        if (!f.is_object()) continue;
        if (f.contains("run") && f["run"].is_number_integer() && f["run"].get<int>() != s.run) continue;
        if (!f.contains("step") || !f["step"].is_number_integer()) return {}; // the top finding has no step
        // its culprit, else the example a finding without one is shown by (pipeline_wait), as the app goes
        std::optional<int> rank;
        for (const char* key : {"rank", "example_rank"})
            if (!rank && f.contains(key) && f[key].is_number_integer()) rank = f[key].get<int>();
        // the report names ranks by their files' numbers; the summary's lanes are keyed
        int key = s.ranks.empty() ? -1 : s.ranks.front();
        if (rank)
            for (int k : s.ranks)
                if (s.shownRank(k) == *rank) key = k;
        return std::pair{f["step"].get<int64_t>(), key};
    }
    return {};
}

StepPicture stepWorthShowing(index::Db& db, const query::ProfileSummary& s) {
    StepPicture p;
    if (s.ranks.empty()) return p;
    int rank = s.ranks.front();
    auto report = nlohmann::json::parse(s.reportJson, nullptr, false);
    if (const auto top = topFindingStep(report, s))
        std::tie(p.step, rank) = *top;
    else if (report.is_object() && report.contains("outlier_steps") && !report["outlier_steps"].empty())
        p.step = report["outlier_steps"][0]["step"].get<int64_t>();
    else
        p.step = typicalStep(db, s, rank);
    for (const auto& st : s.steps)
        if (st.rank == rank && st.step == p.step)
            p.collective = longestCollective(db, rank, st.startNs, st.endNs);
    return p;
}

} // namespace rs::gui
