#include "core/analysis/stepindex.h"

#include <algorithm>
#include <cmath>

namespace rs::analysis {

StepIndex::StepIndex(index::Db& db) {
    auto q = db.prepare("SELECT rank, step, start_ns, end_ns FROM step ORDER BY rank, start_ns");
    while (q.step())
        m_steps[int(q.i64(0))].push_back({q.i64(1), q.i64(2), q.i64(3), q.i64(3)});
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

std::vector<int> StepIndex::ranks() const {
    std::vector<int> r;
    for (auto& [k, v] : m_steps)
        r.push_back(k);
    return r;
}

} // namespace rs::analysis
