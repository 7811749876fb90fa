#include "core/query/reportsummary.h"

#include "core/model/plural.h"
#include "core/model/timetext.h"
#include "core/query/lastarrivals.h"
#include "core/query/memorysources.h"
#include "core/query/reportoutliers.h"
#include "core/query/reportranks.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>

namespace rs::query {

using nlohmann::json;

namespace {

std::string ms(double ns) {
    return model::formatDuration(int64_t(ns));
}

const json& perRankOf(const json& a, int64_t rank) {
    for (const auto& x : a)
        if (x["rank"].get<int64_t>() == rank) return x;
    static const json none = json::object();
    return none;
}

/// The outlying ranks of `s` with their finding and `figures(per-rank element)`; their text is the figures
/// joined by " / " unless `sentence(figures)` says otherwise.
template <class Figures, class Sentence>
void fillOutliers(SectionSummary& out, const json& report, const RankSummary& s, const json& perRank,
                  Figures figures, Sentence sentence) {
    for (int64_t rank : s.outliers) {
        OutlyingRank o{rank, findingKindOf(report, rank), figures(perRankOf(perRank, rank)), {}};
        o.text = sentence(o.figures);
        out.outliers.push_back(std::move(o));
    }
    out.moreOutliers = s.moreOutliers;
}

std::string slashed(const std::vector<std::string>& figures) {
    std::string t;
    for (const auto& f : figures)
        t += (t.empty() ? "" : " / ") + f;
    return t;
}

std::string blamedText(const json& blamedOn) {
    std::string t;
    for (const auto& [k, v] : blamedOn.items())
        t += (t.empty() ? "" : ", ") +
             // no blamed rank: the data names no peer, or the peer's rank is missing
             (k == "unknown" ? std::string("a rank not known") : "rank " + k) + ": " + ms(v.get<double>());
    return t;
}

} // namespace

std::string formatGiB(double bytes) {
    char b[32];
    std::snprintf(b, sizeof b, "%.2f GiB", bytes / double(1 << 30));
    return b;
}

SectionSummary stepsSummary(const json& r) {
    json marked = json::array();
    size_t whole = 0;
    for (const auto& p : r["steps"]["per_rank"])
        if (p.value("whole_trace", false))
            ++whole; // the whole trace is not a step time
        else
            marked.push_back(p);
    const RankValues medians = valuesOf(marked, "median_ns"), p95s = valuesOf(marked, "p95_ns");
    const RankSummary s = summariseRanks(medians, culpritRanks(r), {}, robustOutliers(p95s));
    const RankSummary p = summariseRanks(p95s, {});
    SectionSummary out;
    out.line =
        "Steps over " + rankCountText(s.ranks, missingRanks(r)) +
        " (each rank's median (lower middle) / p95 wall time over its steady steps, the warm-up left out): " +
        distributionText(s, ms) + " / " + distributionText(p, ms);
    if (whole) out.line += "; " + model::counted(int64_t(whole), "rank", "ranks") + " without step marks";
    out.columns = {"median step (lower middle)", "p95 step"};
    fillOutliers(
        out, r, s, marked,
        [](const json& x) {
            return std::vector<std::string>{ms(x.value("median_ns", 0.0)), ms(x.value("p95_ns", 0.0))};
        },
        slashed);
    return out;
}

SectionSummary waitSummary(const json& r) {
    const json& cw = r["comm_wait"];
    const std::vector<int64_t> culprits = culpritRanks(r);
    const RankValues waits = valuesOf(cw["by_rank"], "wait_ns");
    const RankSummary s = summariseRanks(waits, culprits, waitVictims(r, culprits));
    SectionSummary out;
    out.line = "Collective wait over " + rankCountText(s.ranks, missingRanks(r)) + " (each rank's total): " +
               (waits.empty() ? std::string("none measured") : distributionText(s, ms));
    out.columns = {"waited", "waited for", "arrived last"};
    const json& last = cw.contains("last_arrivals") ? cw["last_arrivals"] : json::object();
    fillOutliers(
        out, r, s, cw["by_rank"],
        [&](const json& x) {
            return std::vector<std::string>{ms(x["wait_ns"].get<double>()), blamedText(x["blamed_on"]),
                                            lastArrivalCell(last, x["rank"].get<int64_t>())};
        },
        [](const std::vector<std::string>& f) {
            return "waited " + f[0] + (f[1].empty() ? "" : " (for " + f[1] + ")") +
                   (f[2] == kLastArrivalNotKnown ? ", arrived last: " : ", arrived last in ") + f[2];
        });
    return out;
}

namespace {

/// "; the peaks of rank 3 and rank 5 are from rows without a usable time: when is not known", or "": a peak
/// no timed row reaches is no measured moment, said in the many-rank line as each rank's line says it
/// (r53e: the summary lacked it; untimedpeak.h).
std::string untimedPeaksText(const json& r, const json& with) {
    constexpr size_t kNamed = 8; // the JSON's peak_untimed_rows has each
    std::vector<int64_t> ranks;
    for (const auto& p : with)
        if (p.contains("peak_ts_ns") && p["peak_ts_ns"].is_null()) ranks.push_back(p["rank"].get<int64_t>());
    if (ranks.empty()) return {};
    std::string names;
    for (size_t i = 0; i < ranks.size() && i < kNamed; ++i)
        names.append(i == 0 ? "" : (i + 1 == ranks.size() ? " and " : ", ")).append(rankName(r, ranks[i]));
    if (ranks.size() > kNamed)
        names.append(" and ").append(std::to_string(ranks.size() - kNamed)).append(" more");
    std::string t = ranks.size() == 1 ? "; the peak of " : "; the peaks of ";
    t.append(names).append(ranks.size() == 1 ? " is" : " are");
    t.append(" from rows without a usable time: when is not known");
    return t;
}

} // namespace

SectionSummary memorySummary(const json& r) {
    // only ranks with memory records; a rank with no reserve recorded has no reserved figure, not 0 bytes
    json with = json::array(), reservedRanks = json::array();
    for (const auto& p : r["memory"]["per_rank"]) {
        if (p["peak_allocated_bytes"].get<int64_t>() > 0 || p["peak_reserved_bytes"].get<int64_t>() > 0)
            with.push_back(p);
        if (p["peak_reserved_bytes"].get<int64_t>() > 0) reservedRanks.push_back(p);
    }
    SectionSummary out;
    if (with.empty()) return out;
    const RankValues allocated = valuesOf(with, "peak_allocated_bytes");
    const RankValues reserved = valuesOf(reservedRanks, "peak_reserved_bytes");
    const RankSummary s = summariseRanks(allocated, bankAnomalyRanks(r), {}, robustOutliers(reserved));
    const RankSummary res = summariseRanks(reserved, {});
    out.line = "Memory peaks over " + rankCountText(s.ranks, missingRanks(r)) +
               " (allocated / reserved): " + distributionText(s, formatGiB) + " / " +
               (reserved.empty() ? std::string("not recorded") : distributionText(res, formatGiB));
    const size_t without = r["memory"]["per_rank"].size() - with.size();
    if (without) out.line += "; no memory data on " + model::counted(int64_t(without), "rank", "ranks");
    out.line += untimedPeaksText(r, with);
    out.columns = {"peak allocated", "peak reserved"};
    fillOutliers(
        out, r, s, with,
        [](const json& x) {
            const int64_t rv = x["peak_reserved_bytes"].get<int64_t>();
            return std::vector<std::string>{formatGiB(x["peak_allocated_bytes"].get<double>()),
                                            rv > 0 ? formatGiB(double(rv)) : std::string("not recorded")};
        },
        slashed);
    return out;
}

std::string outliersText(const SectionSummary& s) {
    if (s.outliers.empty()) return "none";
    std::string out;
    for (const auto& o : s.outliers)
        out += (out.empty() ? "" : "; ") + ("rank " + std::to_string(o.rank)) +
               (o.finding.empty() ? "" : " (" + o.finding + ")") + ": " + o.text;
    return out + (s.moreOutliers ? " and " + std::to_string(s.moreOutliers) + " more" : std::string());
}

std::vector<OutlierStepGroup> outlierStepsByStep(const json& r) {
    std::map<int64_t, OutlierStepGroup> byStep;
    for (const auto& x : r["outlier_steps"]) {
        const int64_t step = x["step"].get<int64_t>(), wall = x["wall_ns"].get<int64_t>();
        auto [it, fresh] = byStep.try_emplace(step);
        OutlierStepGroup& g = it->second;
        if (fresh) {
            g.step = step;
            g.minWallNs = wall;
            g.cause = x.value("cause", std::string());
        }
        g.ranks.push_back(x["rank"].get<int64_t>());
        g.warmupRanks += x.value("warmup", false) ? 1 : 0;
        g.minWallNs = std::min(g.minWallNs, wall);
        g.maxWallNs = std::max(g.maxWallNs, wall);
        g.typicalNs = std::max(g.typicalNs, x.value("typical_ns", int64_t(0)));
    }
    std::vector<OutlierStepGroup> out;
    for (auto& [step, g] : byStep)
        out.push_back(std::move(g));
    std::stable_sort(out.begin(), out.end(),
                     [](const auto& a, const auto& b) { return a.maxWallNs > b.maxWallNs; });
    return out;
}

std::string outlierStepGroupLabel(const OutlierStepGroup& g) {
    const std::string n = std::to_string(g.step);
    if (g.warmupRanks == 0) return n;
    if (g.warmupRanks == g.ranks.size()) return n + " (warm-up outlier)";
    return n + " (warm-up outlier on " + std::to_string(g.warmupRanks) + " of " +
           model::counted(int64_t(g.ranks.size()), "rank", "ranks") + ")";
}

std::vector<std::string> noMemoryDataLines(const json& r, bool withoutFiles) {
    constexpr size_t kNamed = 8; // ranks named per reason; the JSON lists them all
    const std::string noFiles = noMemoryDataText(MemorySources{}, "used");
    std::map<std::string, std::vector<int64_t>> byReason;
    for (const auto& p : r["memory"]["per_rank"])
        if (p.contains("no_memory_data") && (withoutFiles || p["no_memory_data"] != noFiles))
            byReason[p["no_memory_data"].get<std::string>()].push_back(p["rank"].get<int64_t>());
    std::vector<std::string> out;
    for (const auto& [reason, ranks] : byReason) {
        std::string names;
        for (size_t i = 0; i < ranks.size() && i < kNamed; ++i)
            names += (i ? ", " : "") + rankName(r, ranks[i]);
        if (ranks.size() > kNamed) names += " and " + std::to_string(ranks.size() - kNamed) + " more";
        out.push_back(names + ": " + reason);
    }
    return out;
}

std::vector<int64_t> outlyingRanks(const json& r, size_t most) {
    std::vector<int64_t> out;
    const auto add = [&](int64_t rank) {
        if (out.size() < most && std::find(out.begin(), out.end(), rank) == out.end()) out.push_back(rank);
    };
    for (int64_t rank : culpritRanks(r))
        add(rank);
    for (int64_t rank : bankAnomalyRanks(r))
        add(rank);
    for (const auto& s : {stepsSummary(r), waitSummary(r), memorySummary(r)})
        for (const auto& o : s.outliers)
            add(o.rank);
    return out;
}

int64_t typicalRank(const json& r, const std::vector<int64_t>& besides) {
    const auto excluded = [&](int64_t rank) {
        return std::find(besides.begin(), besides.end(), rank) != besides.end();
    };
    RankValues medians;
    for (const auto& p : r["steps"]["per_rank"])
        if (!p.value("whole_trace", false) && !excluded(p["rank"].get<int64_t>()))
            medians.push_back({p["rank"].get<int64_t>(), p["median_ns"].get<double>()});
    if (!medians.empty()) {
        const double p50 = summariseRanks(medians, {}).p50;
        auto best = medians.front();
        for (const auto& m : medians)
            if (std::abs(m.second - p50) < std::abs(best.second - p50)) best = m;
        return best.first;
    }
    for (const auto& rank : r["ranks"])
        if (!excluded(rank.get<int64_t>())) return rank.get<int64_t>();
    return -1;
}

std::string wallRangeText(const OutlierStepGroup& g) {
    return g.minWallNs == g.maxWallNs ? ms(double(g.maxWallNs))
                                      : ms(double(g.minWallNs)) + " to " + ms(double(g.maxWallNs));
}

PictureRanks pictureRanks(const nlohmann::json& report) {
    constexpr size_t kMostOutlying = 7;
    PictureRanks p;
    p.outlying = outlyingRanks(report, kMostOutlying);
    p.typical = typicalRank(report, p.outlying);
    return p;
}

} // namespace rs::query
