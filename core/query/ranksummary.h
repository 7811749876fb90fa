#pragma once
// How the human reports (text and HTML) show a per-rank figure of a profile with many ranks: the
// distribution over the ranks (min, p50, p95, max and how many), then the outlying ranks only, at most
// kMostOutliersListed of them. The JSON report keeps every rank; only what people read is summarised.
//
// The one outlier rule, shared by the text and the HTML report: a rank is outlying in a section when the
// analysis flagged it there (a finding's culprit, a flagged op type, a misplaced bank: `flagged`), or when
// its value is above median + 3 · 1.4826 · MAD and at least 5 % above the median (the floor keeps a
// near-constant figure's noise, where the MAD is a few ns, from naming ranks) — unless the analysis explains
// the rank otherwise (`cleared`: e.g. a rank whose long wait the findings blame on another rank is a victim,
// not an outlier). Pure; any thread.
#include <cstddef>
#include <cstdint>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace rs::query {

/// Profiles with more ranks than this get the summary; smaller ones keep one line or row per rank.
constexpr size_t kSummariseAboveRanks = 16;
/// Outlying ranks listed at most per section; the rest are counted ("and 7 more").
constexpr size_t kMostOutliersListed = 10;

inline bool summarisesRanks(size_t ranks) {
    return ranks > kSummariseAboveRanks;
}

/// One value per rank (its unit is the caller's: ns, bytes).
using RankValues = std::vector<std::pair<int64_t, double>>;

struct RankSummary {
    size_t ranks = 0;
    double min = 0, p50 = 0, p95 = 0, max = 0; ///< nearest-rank p95, as everywhere in the report
    /// Flagged ranks first (in the order given), then the robust rule's by distance from the median,
    /// largest first; at most kMostOutliersListed.
    std::vector<int64_t> outliers;
    size_t moreOutliers = 0; ///< outlying ranks beyond those listed
};

/// True when `v` passes the robust rule against the median `med` and MAD `mad` of its section.
bool aboveRobustRule(double v, double med, double mad);

/// The ranks of `values` above the robust rule, not in `cleared`, farthest from the median first.
std::vector<int64_t> robustOutliers(const RankValues& values, const std::set<int64_t>& cleared = {});

/// The distribution of `values` and its outlying ranks: `flagged`, then robustOutliers(values, cleared), then
/// `alsoOutlying` (a second figure's robust outliers, e.g. p95 beside the median), each rank once. Ranks
/// absent from `values` are not listed (a section lists only ranks it has a figure for).
RankSummary summariseRanks(const RankValues& values, const std::vector<int64_t>& flagged,
                           const std::set<int64_t>& cleared = {},
                           const std::vector<int64_t>& alsoOutlying = {});

/// "min 5.01 ms · p50 5.06 ms · p95 5.10 ms · max 7.90 ms", or "5.06 ms each" when every rank shows the
/// same figure once formatted by `fmt`.
template <class Fmt> std::string distributionText(const RankSummary& s, Fmt fmt) {
    if (fmt(s.min) == fmt(s.max)) return fmt(s.min) + " each";
    return "min " + fmt(s.min) + " · p50 " + fmt(s.p50) + " · p95 " + fmt(s.p95) + " · max " + fmt(s.max);
}

/// " and 4 more" when outlying ranks were left off the list, else "".
std::string moreText(const RankSummary& s);

} // namespace rs::query
