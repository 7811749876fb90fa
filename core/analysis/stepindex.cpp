#include "core/analysis/stepindex.h"

#include <algorithm>
#include <cmath>

namespace rs::analysis {

StepIndex::StepIndex(index::Db& db, int rank) {
    auto q = db.prepare("SELECT rank, step, start_ns, end_ns, preparing_ns, comm_recorded, source = "
                        "'kernel_details' FROM step "
                        "WHERE rank = ? ORDER BY start_ns");
    q.bind(1, rank);
    load(q);
}

StepIndex::StepIndex(int rank, const std::vector<StepWindow>& windows) {
    auto& v = m_steps[rank];
    for (const auto& w : windows)
        v.push_back({w.step, w.startNs, w.ownEndNs, w.ownEndNs, w.preparingNs, w.commRecorded,
                     w.startsAtFirstKernel});
    std::stable_sort(v.begin(), v.end(),
                     [](const StepWindow& a, const StepWindow& b) { return a.startNs < b.startNs; });
    deriveEnds();
}

void StepIndex::load(index::Stmt& q) {
    while (q.step())
        m_steps[int(q.i64(0))].push_back({q.i64(1), q.i64(2), q.i64(3), q.i64(3),
                                          q.isNull(4) ? std::nullopt : std::optional<int64_t>(q.i64(4)),
                                          q.i64(5) != 0, q.i64(6) != 0});
    deriveEnds();
}

void StepIndex::deriveEnds() {
    for (auto& [r, v] : m_steps)
        for (size_t i = 0; i + 1 < v.size(); ++i)
            v[i].endNs = std::max(v[i + 1].startNs, v[i].startNs);
}

const std::vector<StepWindow>& StepIndex::steps(int rank) const {
    static const std::vector<StepWindow> empty;
    auto it = m_steps.find(rank);
    return it == m_steps.end() ? empty : it->second;
}

std::optional<int64_t> StepIndex::stepAt(int rank, int64_t ts) const {
    const auto& v = steps(rank);
    auto it = std::upper_bound(v.begin(), v.end(), ts,
                               [](int64_t t, const StepWindow& w) { return t < w.startNs; });
    if (it == v.begin()) return std::nullopt;
    return std::prev(it)->step;
}

const StepWindow* StepIndex::window(int rank, int64_t step) const {
    for (const auto& w : steps(rank))
        if (w.step == step) return &w;
    return nullptr;
}

std::optional<int64_t> StepIndex::timeOfStep(int rank, double pos) const {
    const auto& v = steps(rank);
    if (v.empty()) return std::nullopt;
    int64_t s = int64_t(std::floor(pos));
    double frac = pos - double(s);
    for (const auto& w : v)
        if (w.step == s) return w.startNs + int64_t(frac * double(w.endNs - w.startNs));
    // Past the last recorded step (a tensor freed after the window): extrapolate by the last duration.
    const auto& last = v.back();
    if (s > last.step) {
        int64_t d = std::max<int64_t>(1, last.endNs - last.startNs);
        return last.startNs + int64_t((pos - double(last.step)) * double(d));
    }
    return v.front().startNs;
}

} // namespace rs::analysis
