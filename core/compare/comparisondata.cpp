#include "core/compare/comparisondata.h"

#include "core/compare/steadysteps.h"
#include "core/query/stubsteps.h"

#include <algorithm>
#include <stdexcept>

namespace rs::compare {

std::vector<double> steadyStepWalls(index::Db& db, int run, const std::vector<int>& ranks) {
    auto st = db.prepare(
        "SELECT s.rank, s.wall_ns, coalesce(r.data_rank, r.rank), s.step FROM step_stat s JOIN rank_info r "
        "ON r.rank = s.rank WHERE coalesce(r.run_id, 0) = ? ORDER BY s.rank, s.step");
    st.bind(1, run);
    std::map<int, std::vector<double>> byRank;
    const auto stubs = query::stubStepKeys(db); // no step, as in the record
    while (st.step()) {
        const int dataRank = int(st.i64(2));
        if (!ranks.empty() && std::find(ranks.begin(), ranks.end(), dataRank) == ranks.end()) continue;
        if (stubs.count({st.i64(0), st.i64(3)})) continue;
        byRank[int(st.i64(0))].push_back(double(st.i64(1)));
    }
    std::vector<double> out;
    for (auto& [rank, v] : byRank) // without the warm-up, as the record
        out.insert(out.end(), v.begin() + std::ptrdiff_t(warmupStepsOf(v.size())), v.end());
    return out;
}

int memoryRankOf(const BaselineRecord& b, const std::vector<int>& matched) {
    int best = -1;
    std::pair<int64_t, int64_t> top{-1, -1};
    for (int rank : matched) {
        const auto& m = b.ranks.at(rank).memory;
        const std::pair<int64_t, int64_t> key{m.peakReserved, m.peakAllocated};
        if (key > top && (m.peakReserved >= 0 || m.peakAllocated >= 0)) top = key, best = rank;
    }
    return best;
}

ComparisonData buildComparison(index::Db& baseline, index::Db& candidate, const CompareOptions& o,
                               std::optional<int> baselineRun, std::optional<int> candidateRun) {
    return buildComparison(ComparisonSide{&baseline, baselineRun, nullptr},
                           ComparisonSide{&candidate, candidateRun, nullptr}, o);
}

namespace {
/// The side's record: measured from its index, or the stored one (which carries no notes).
BuiltRecord recordOf(const ComparisonSide& s) {
    if (s.db) return buildRecord(*s.db, s.run);
    if (!s.record) throw std::invalid_argument("a comparison side without an index or a record");
    return BuiltRecord{*s.record, {}};
}
} // namespace

ComparisonData buildComparison(const ComparisonSide& baseline, const ComparisonSide& candidate,
                               const CompareOptions& o) {
    ComparisonData d;
    auto b = recordOf(baseline), c = recordOf(candidate);
    d.baseline = std::move(b.record);
    d.candidate = std::move(c.record);
    d.options = o;
    d.result = compareRecords(d.baseline, d.candidate, o);
    for (const auto& n : b.notes)
        d.result.notes.push_back("baseline: " + n);
    for (const auto& n : c.notes)
        d.result.notes.push_back("candidate: " + n);
    d.ranks = d.result.ranks;
    d.fromRecord[0] = baseline.db == nullptr;
    d.fromRecord[1] = candidate.db == nullptr;
    // a record keeps the steps' median and p95, not each step: its side of the distributions stays empty
    if (baseline.db) d.baselineStepsNs = steadyStepWalls(*baseline.db, d.baseline.run, d.ranks);
    if (candidate.db) d.candidateStepsNs = steadyStepWalls(*candidate.db, d.candidate.run, d.ranks);
    if (const int mr = memoryRankOf(d.baseline, d.ranks); mr >= 0) {
        d.memory[0].dataRank = d.memory[1].dataRank =
            mr; // the rank drawn, whether or not a side has its curve
        if (baseline.db) d.memory[0] = memoryCurve(*baseline.db, d.baseline.run, mr);
        if (candidate.db) d.memory[1] = memoryCurve(*candidate.db, d.candidate.run, mr);
    }
    d.opTypes = d.result.opTypes;
    auto share = [&](const std::string& op) {
        auto it = d.baseline.opShare.find(op);
        return it == d.baseline.opShare.end() ? 0.0 : it->second;
    };
    std::stable_sort(d.opTypes.begin(), d.opTypes.end(),
                     [&](auto& x, auto& y) { return share(x) > share(y); });
    for (const auto& op : d.opTypes)
        for (int rank : d.ranks) {
            const auto &bo = d.baseline.ranks.at(rank).ops, &co = d.candidate.ranks.at(rank).ops;
            auto bi = bo.find(op), ci = co.find(op);
            d.ratio.push_back(bi != bo.end() && ci != co.end() && bi->second.medianNs > 0
                                  ? ci->second.medianNs / bi->second.medianNs
                                  : 0.0);
        }
    return d;
}

} // namespace rs::compare
