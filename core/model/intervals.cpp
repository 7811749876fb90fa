#include "core/model/intervals.h"

#include <algorithm>
#include <set>
#include <tuple>

namespace rs::model {

namespace {
void merge(Intervals& v) {
    std::sort(v.begin(), v.end());
    Intervals out;
    for (auto& iv : v) {
        if (iv.second <= iv.first) continue;
        if (!out.empty() && iv.first <= out.back().second)
            out.back().second = std::max(out.back().second, iv.second);
        else
            out.push_back(iv);
    }
    v.swap(out);
}
} // namespace

Intervals merged(Intervals v) {
    merge(v);
    return v;
}

Intervals clippedTo(const Intervals& merged, int64_t from, int64_t to) {
    Intervals out;
    auto it = std::upper_bound(merged.begin(), merged.end(), from,
                               [](int64_t t, const auto& iv) { return t < iv.second; });
    for (; it != merged.end() && it->first < to; ++it)
        out.push_back({std::max(it->first, from), std::min(it->second, to)});
    return out;
}

int64_t unionLength(Intervals& v) {
    merge(v);
    int64_t s = 0;
    for (auto& iv : v)
        s += iv.second - iv.first;
    return s;
}

int64_t intersectionLength(Intervals& a, Intervals& b) {
    merge(a);
    merge(b);
    int64_t s = 0;
    size_t i = 0, j = 0;
    while (i < a.size() && j < b.size()) {
        int64_t lo = std::max(a[i].first, b[j].first), hi = std::min(a[i].second, b[j].second);
        if (hi > lo) s += hi - lo;
        (a[i].second < b[j].second) ? ++i : ++j;
    }
    return s;
}

std::vector<int64_t> firstCoverLengths(const std::vector<Intervals>& parts, int64_t* shared) {
    // a sweep over every boundary: each part merged covers an instant at most once, so the parts
    // covering the segment since the last boundary are a set, and its first takes the segment
    std::vector<std::tuple<int64_t, int, size_t>> edges; // time, −1 end before +1 start, part
    for (size_t i = 0; i < parts.size(); ++i)
        for (const auto& [from, to] : merged(parts[i])) {
            edges.emplace_back(from, 1, i);
            edges.emplace_back(to, -1, i);
        }
    std::sort(edges.begin(), edges.end());
    std::vector<int64_t> out(parts.size(), 0);
    std::set<size_t> covering;
    int64_t last = 0, both = 0;
    for (const auto& [t, step, part] : edges) {
        if (!covering.empty()) {
            out[*covering.begin()] += t - last;
            if (covering.size() > 1) both += t - last;
        }
        last = t;
        if (step > 0)
            covering.insert(part);
        else
            covering.erase(part);
    }
    if (shared) *shared = both;
    return out;
}

} // namespace rs::model
