#include "core/query/ranksummary.h"

#include "core/model/median.h"
#include "core/stats/robuststats.h"

#include <algorithm>
#include <cmath>

namespace rs::query {

bool aboveRobustRule(double v, double med, double mad) {
    // 1.4826 · MAD estimates the standard deviation of normal data; 3 of them is the usual robust fence.
    // The 5 % floor: step times and peaks of identical ranks differ by a few µs or bytes, where a MAD of
    // almost 0 would otherwise call every rank a few ns slower than the median an outlier.
    return v > med + 3 * 1.4826 * mad && v > med * 1.05;
}

std::vector<int64_t> robustOutliers(const RankValues& values, const std::set<int64_t>& cleared) {
    std::vector<double> v;
    for (const auto& [rank, x] : values)
        v.push_back(x);
    std::vector<double> a = v;
    // judged, never shown: the MAD fence's symmetric centre
    const double med = stats::median(a), mad = stats::mad(v, med);
    std::vector<std::pair<double, int64_t>> beyond; // (distance from the median, rank)
    for (const auto& [rank, x] : values)
        if (!cleared.count(rank) && aboveRobustRule(x, med, mad)) beyond.push_back({x - med, rank});
    std::sort(beyond.begin(), beyond.end(), [](const auto& l, const auto& r) {
        return l.first > r.first || (l.first == r.first && l.second < r.second);
    });
    std::vector<int64_t> out;
    for (const auto& [d, rank] : beyond)
        out.push_back(rank);
    return out;
}

RankSummary summariseRanks(const RankValues& values, const std::vector<int64_t>& flagged,
                           const std::set<int64_t>& cleared, const std::vector<int64_t>& alsoOutlying) {
    RankSummary s;
    s.ranks = values.size();
    if (values.empty()) return s;
    std::vector<double> v;
    std::set<int64_t> present;
    for (const auto& [rank, x] : values) {
        v.push_back(x);
        present.insert(rank);
    }
    s.min = *std::min_element(v.begin(), v.end());
    s.max = *std::max_element(v.begin(), v.end());
    std::vector<double> a = v, b = v;
    s.p50 = model::lowerMedian(a); // shown (the p50 column): one rank's figure, median.h
    s.p95 = stats::percentile(b, 95);

    std::vector<int64_t> all;
    std::set<int64_t> listed;
    const auto add = [&](const std::vector<int64_t>& ranks) {
        for (int64_t r : ranks)
            if (present.count(r) && listed.insert(r).second) all.push_back(r);
    };
    add(flagged);
    add(robustOutliers(values, cleared));
    add(alsoOutlying);
    const size_t shown = std::min(all.size(), kMostOutliersListed);
    s.outliers.assign(all.begin(), all.begin() + std::ptrdiff_t(shown));
    s.moreOutliers = all.size() - shown;
    return s;
}

std::string moreText(const RankSummary& s) {
    return s.moreOutliers ? " and " + std::to_string(s.moreOutliers) + " more" : std::string();
}

} // namespace rs::query
