#include "core/analysis/twintimes.h"

#include "core/model/memoryrows.h"

#include <algorithm>
#include <map>
#include <utility>

namespace rs::analysis {

namespace {

bool stepPlaced(const TensorRow& r) {
    return r.source == model::kMemoryUsageSource && r.addr && r.allocNs;
}

bool timeRecorded(const TensorRow& r) {
    return !r.addr && r.allocNs &&
           (r.source == model::kOperatorMemorySource || r.source == model::kOpMemoryDbSource);
}

/// Rows by size, each size's (allocation time, row index) sorted by time: the candidates of a row are a
/// time range of its size's list.
using BySize = std::map<int64_t, std::vector<std::pair<int64_t, size_t>>>;

BySize bySize(const std::vector<TensorRow>& rows, bool (*keep)(const TensorRow&)) {
    BySize out;
    for (size_t i = 0; i < rows.size(); ++i)
        if (keep(rows[i])) out[rows[i].sizeBytes].push_back({*rows[i].allocNs, i});
    for (auto& [size, list] : out)
        std::sort(list.begin(), list.end());
    return out;
}

/// The rows of `index` within the tolerance of `r`'s allocation and of another file than `r`'s.
std::vector<size_t> candidates(const BySize& index, const std::vector<TensorRow>& rows, const TensorRow& r) {
    std::vector<size_t> out;
    const auto it = index.find(r.sizeBytes);
    if (it == index.end()) return out;
    const auto& list = it->second;
    auto lo = std::lower_bound(list.begin(), list.end(),
                               std::pair<int64_t, size_t>{*r.allocNs - model::kTwinToleranceNs, 0});
    for (; lo != list.end() && lo->first <= *r.allocNs + model::kTwinToleranceNs; ++lo)
        if (model::tensorFileOf(rows[lo->second].source) != model::tensorFileOf(r.source))
            out.push_back(lo->second);
    return out;
}

bool hasAddress(const TensorRow& r) {
    return r.addr && r.allocNs;
}

} // namespace

std::vector<size_t> adoptTwinTimes(std::vector<TensorRow>& rows) {
    const BySize timed = bySize(rows, timeRecorded), addressed = bySize(rows, hasAddress);
    std::vector<size_t> changed;
    for (size_t i = 0; i < rows.size(); ++i) {
        TensorRow& r = rows[i];
        if (!stepPlaced(r)) continue;
        const std::vector<size_t> twins = candidates(timed, rows, r);
        if (twins.size() != 1) continue; // none, or several: which one is it is not known
        const TensorRow& twin = rows[twins.front()];
        const std::vector<size_t> back = candidates(addressed, rows, twin);
        if (back.size() != 1 || back.front() != i) continue;
        const bool freed = r.freeNs && twin.freeNs;
        if (r.allocNs == twin.allocNs && (!freed || r.freeNs == twin.freeNs)) continue;
        r.allocNs = twin.allocNs;
        if (freed) r.freeNs = twin.freeNs;
        changed.push_back(i);
    }
    return changed;
}

} // namespace rs::analysis
