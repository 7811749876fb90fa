#include "core/import/legacyclocksync.h"

#include <algorithm>

namespace rs::import {

namespace {

struct Pair {
    int64_t counterNs, diffNs;
    const std::string* name;
};

using Starts = std::map<std::string, std::vector<int64_t>, std::less<>>; ///< name → start ns

/// The k-th op of each name in the one file with the k-th in the other, both by time (the files list them
/// in their own orders: aicpu_intermediate by serial number, the timeline as it streams).
std::vector<Pair> pairUp(const Starts& counter, const Starts& timeline) {
    std::vector<Pair> out;
    for (const auto& [name, starts] : counter) {
        auto t = timeline.find(name);
        if (t == timeline.end()) continue;
        std::vector<int64_t> a = starts, b = t->second;
        std::sort(a.begin(), a.end());
        std::sort(b.begin(), b.end());
        for (size_t i = 0; i < a.size() && i < b.size(); ++i)
            out.push_back({a[i], a[i] - b[i], &name});
    }
    return out;
}

} // namespace

void LegacyClockSync::aicpuOp(const std::string& kernelType, int64_t runStartNs) {
    m_counter[kernelType].push_back(runStartNs);
}

void LegacyClockSync::timelineOp(std::string_view name, int64_t tsNs) {
    const auto counter = m_counter.find(name);
    if (counter == m_counter.end()) return; // pairs with no aicpu_intermediate row
    auto at = m_timeline.find(name);
    if (at == m_timeline.end()) at = m_timeline.emplace(std::string(name), std::vector<int64_t>{}).first;
    // a timeline far longer than its aicpu_intermediate (a cut file) pairs only the rows there are
    if (at->second.size() < counter->second.size() * 2) at->second.push_back(tsNs);
}

std::optional<LegacyClockOffset> LegacyClockSync::offset(std::string& why) const {
    std::vector<Pair> p = pairUp(m_counter, m_timeline);
    if (p.empty()) {
        why = "none of its AI CPU ops is in the timeline";
        return std::nullopt;
    }
    std::vector<int64_t> diffs;
    for (const auto& x : p)
        diffs.push_back(x.diffNs);
    std::nth_element(diffs.begin(), diffs.begin() + long(diffs.size() / 2), diffs.end());
    const int64_t median = diffs[diffs.size() / 2];
    int64_t off = 0, worst = 0;
    for (const auto& x : p) {
        const int64_t d = x.diffNs > median ? x.diffNs - median : median - x.diffNs;
        if (d > kLegacySyncToleranceNs) ++off;
        worst = std::max(worst, d);
    }
    if (off > 0) {
        why = std::to_string(off) + " of " + std::to_string(p.size()) +
              " AI CPU ops paired with the timeline disagree on the offset (by up to " +
              std::to_string(worst / 1000) + " µs)";
        return std::nullopt;
    }
    const auto first = std::min_element(
        p.begin(), p.end(), [](const Pair& a, const Pair& b) { return a.counterNs < b.counterNs; });
    return LegacyClockOffset{median, int64_t(p.size()), *first->name};
}

} // namespace rs::import
