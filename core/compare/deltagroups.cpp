// Deltas grouped into the rows a comparison lists (runcomparison.h groupDeltas): one row per figure, the
// ranks that moved alike said together and the odd ones named, a figure's time and median on the same ranks
// one row, the links of one group that moved alike one row. Pure; any thread.
#include "core/compare/runcomparison.h"
#include "core/model/median.h"
#include "core/model/plural.h"
#include "core/stats/robuststats.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <string>
#include <vector>

namespace rs::compare {

namespace {
/// The ranks whose change is of another size than the group's typical one (under half or over twice the
/// median change), in rank order; none where there is no typical size (half or more of them differ).
/// Walk 11: the stalled rank the others waited for moved 0.59 ms while they moved 101 ms, and "+101 ms on
/// every rank" hid it. The size is the relative change (Delta::delta, as the line gives it): ranks at 1, 2
/// and 10 ms that all moved +20 % moved alike, and by their +0.2, +0.4 and +2 ms the 10 ms one read as the
/// odd one (r51a). A baseline of 0 or under the noise floor is measured against that floor (Collector:
/// its change as an amount, not a share of nothing); with no floor it never reaches the lists.
std::vector<const Delta*> oddRanks(const std::vector<const Delta*>& ranks) {
    if (ranks.size() < 2) return {};
    std::vector<double> changes;
    for (const auto* d : ranks)
        changes.push_back(d->delta);
    const double typical = stats::median(changes); // judged, never shown: the centre odd ranks sit about
    std::vector<const Delta*> odd;
    for (const auto* d : ranks) {
        const double c = d->delta;
        if (typical == 0 || c / typical < 0.5 || c / typical > 2) odd.push_back(d);
    }
    if (odd.size() * 2 >= ranks.size()) return {};
    std::sort(odd.begin(), odd.end(), [](const Delta* a, const Delta* b) { return *a->rank < *b->rank; });
    return odd;
}

/// " on 7 of 8 ranks (rank 5: +592 µs)": the ranks of another size named with their own change, in the
/// unit deltaChange gives it.
std::string allButOdd(const std::vector<const Delta*>& ranks, const std::vector<const Delta*>& odd) {
    std::string t = " on " + std::to_string(ranks.size() - odd.size()) + " of " +
                    std::to_string(ranks.size()) + " ranks (";
    for (size_t i = 0; i < odd.size(); ++i)
        t += (i ? ", rank " : "rank ") + std::to_string(*odd[i]->rank) + ": " + deltaChange(*odd[i]);
    return t + ")";
}

/// Whether the ranks' relative changes (Delta::delta, as oddRanks judges them) are within 5 % of each other,
/// all one way: no rank is "the largest change" of them. Their absolute changes made ranks at 1 and 10 ms
/// that both moved +20 % read as one moving ten times the other's.
bool movedAlike(const std::vector<const Delta*>& moved) {
    double lo = 0, hi = 0;
    for (size_t i = 0; i < moved.size(); ++i) {
        const double c = moved[i]->delta;
        lo = i ? std::min(lo, c) : c, hi = i ? std::max(hi, c) : c;
    }
    return (lo > 0 || hi < 0) &&
           std::min(std::abs(lo), std::abs(hi)) >= 0.95 * std::max(std::abs(lo), std::abs(hi));
}

/// " on rank 3", " on rank 3 (the largest change in time per step of ranks 0,3)" where several ranks moved
/// (the figures beside it are that rank's own: the deltas come most time per step first, either way, so it
/// is the one whose change costs or saves a step most, not the one of largest relative change; "the largest
/// change" read as the percentage beside it, r53c #3; "the worst of" stood beside an improvement, r51b #4);
/// figures with no time per step go by relative change and say so; or " on each of ranks 0,1,2
/// (relative changes alike within 5 %; rank 2's figures)" where they moved alike: seven ranks each waiting
/// +2.40-2.41 ms for a slow rank 3 read as "rank 5, the worst" (walk 20a).
std::string someRanks(const std::vector<const Delta*>& moved) {
    const std::string first = std::to_string(*moved.front()->rank);
    if (moved.size() == 1) return " on rank " + first;
    std::vector<int> ranks; // in rank order (the deltas are worst first)
    for (const auto* d : moved)
        ranks.push_back(*d->rank);
    std::sort(ranks.begin(), ranks.end());
    std::string all;
    for (size_t i = 0; i < ranks.size() && i < 8; ++i)
        all += (i ? "," : "") + std::to_string(ranks[i]);
    if (ranks.size() > 8) all += ",…";
    if (movedAlike(moved))
        return " on each of ranks " + all + " (relative changes alike within 5 %; rank " + first +
               "'s figures)";
    const char* most = moved.front()->costNs ? " (the largest change in time per step of ranks "
                                             : " (the largest relative change of ranks ";
    std::string t = " on rank " + first;
    t.append(most).append(all).append(")");
    return t;
}
} // namespace

namespace {
/// The ranks a group's figure is of ({-1}: over all ranks), to tell two figures of one root apart from
/// two roots.
std::vector<int> ranksOf(const DeltaGroup& g) {
    std::vector<int> out;
    if (!g.lead->rank) out.push_back(-1);
    for (const auto* d : g.ranks)
        out.push_back(*d->rank);
    std::sort(out.begin(), out.end());
    return out;
}

/// The figure that says the time (an op type's time per step, a link's transfer time): the row's lead.
bool isTimeFigure(const Delta& d) {
    return d.statistic == "total_per_step" || d.statistic == "time_per_step";
}

/// Two figures of one op type or link over the same ranks are one root: one row, the time figure leading,
/// at the place of the earlier of the two (walk 32: link 1→5's bandwidth and time were two regressions).
std::vector<DeltaGroup> mergeFigures(std::vector<DeltaGroup> groups) {
    std::vector<DeltaGroup> out;
    std::vector<bool> taken(groups.size());
    for (size_t i = 0; i < groups.size(); ++i) {
        if (taken[i]) continue;
        DeltaGroup g = groups[i];
        const Delta& a = *g.lead;
        for (size_t j = i + 1; j < groups.size() && (a.kind == "op" || a.kind == "link"); ++j) {
            const Delta& b = *groups[j].lead;
            if (taken[j] || b.kind != a.kind || b.opType != a.opType || b.statistic == a.statistic ||
                ranksOf(groups[j]) != ranksOf(g))
                continue;
            taken[j] = true;
            DeltaGroup other = groups[j];
            if (isTimeFigure(b)) std::swap(g, other);
            g.also = other.lead;
            g.alsoDeltas = {other.lead};
            for (const auto* d : other.ranks)
                if (d != other.lead) g.alsoDeltas.push_back(d);
            if (other.overall) g.alsoDeltas.push_back(other.overall);
            break;
        }
        out.push_back(std::move(g));
    }
    return out;
}
} // namespace

namespace {
/// The group a link's name says it is of ("group of ranks 0-7"), "" when it names none.
std::string linkGroupOf(const Delta& d) {
    const std::string& name = d.label.empty() ? d.opType : d.label;
    const auto at = name.find(" in ");
    return at == std::string::npos ? std::string() : name.substr(at + 4);
}

/// The link itself without its group: "1→5 HCCS".
std::string linkOnly(const Delta& d) {
    const std::string& name = d.label.empty() ? d.opType : d.label;
    return name.substr(0, name.find(" in "));
}

/// Whether two relative changes go one way and the smaller is within 5 % of the larger.
bool within5(double a, double b) {
    return (a > 0) == (b > 0) &&
           std::min(std::abs(a), std::abs(b)) >= 0.95 * std::max(std::abs(a), std::abs(b));
}

/// Whether the row of link `j` joins the row of link `g`: one group, one figure leading (and the other
/// beside it or not on both), the change within 5 % of the lead's.
bool joinsLinks(const DeltaGroup& g, const DeltaGroup& j) {
    const Delta &a = *g.lead, &b = *j.lead;
    return b.kind == "link" && !b.rank && b.statistic == a.statistic &&
           (g.also == nullptr) == (j.also == nullptr) && linkGroupOf(b) == linkGroupOf(a) &&
           within5(a.delta, b.delta);
}

/// " on 56 links (+29.0 % to +31.2 %, each within 5 % of link 1→5 HCCS's, the figures given)"
std::string linksWhere(const DeltaGroup& g, const std::vector<const Delta*>& leads) {
    const auto [lo, hi] = std::minmax_element(
        leads.begin(), leads.end(), [](const Delta* x, const Delta* y) { return x->delta < y->delta; });
    std::string t =
        " on " + std::to_string(leads.size()) + " links (" + deltaChange(**lo) + " to " + deltaChange(**hi);
    t.append(", each within 5 % of link ").append(linkOnly(*g.lead)).append("'s, the figures given)");
    return t;
}

/// Links of one group that moved alike are one row, as ranks that moved alike are (mergeFigures has put
/// each link's two figures on one row already).
std::vector<DeltaGroup> groupLinks(std::vector<DeltaGroup> groups) {
    std::vector<DeltaGroup> out;
    std::vector<bool> taken(groups.size());
    for (size_t i = 0; i < groups.size(); ++i) {
        if (taken[i]) continue;
        DeltaGroup g = groups[i];
        if (g.lead->kind == "link" && !linkGroupOf(*g.lead).empty()) {
            std::vector<const Delta*> leads{g.lead};
            for (size_t j = i + 1; j < groups.size(); ++j) {
                if (taken[j] || !joinsLinks(g, groups[j])) continue;
                taken[j] = true;
                leads.push_back(groups[j].lead);
                g.linkDeltas.push_back(groups[j].lead);
                g.linkDeltas.insert(g.linkDeltas.end(), groups[j].alsoDeltas.begin(),
                                    groups[j].alsoDeltas.end());
            }
            if (leads.size() > 1) {
                g.linkCount = int64_t(leads.size());
                g.linkGroup = linkGroupOf(*g.lead);
                g.where = linksWhere(g, leads);
            }
        }
        out.push_back(std::move(g));
    }
    return out;
}
} // namespace

std::string rowSubject(const DeltaGroup& g) {
    if (g.linkCount < 2) return deltaSubject(*g.lead);
    return "links of " + g.linkGroup +
           (g.lead->statistic == "bandwidth" ? " bandwidth" : " transfer time per step");
}

std::vector<DeltaGroup> groupDeltas(const CompareResult& r, const std::vector<Delta>& deltas) {
    std::map<std::string, size_t> byKey;
    std::vector<DeltaGroup> groups;
    for (const auto& d : deltas) {
        const std::string key = d.kind + "|" + d.opType + "|" + std::to_string(d.seq) + "|" + d.statistic;
        auto [it, fresh] = byKey.emplace(key, groups.size());
        if (fresh) groups.emplace_back();
        DeltaGroup& g = groups[it->second];
        if (d.rank)
            g.ranks.push_back(&d);
        else
            g.lead = &d;
    }
    for (auto& g : groups) {
        const bool everyRank = !r.ranks.empty() && g.ranks.size() == r.ranks.size() && r.ranks.size() > 1;
        if (!g.lead || (!everyRank && !g.ranks.empty() && r.ranks.size() > 1)) {
            g.overall = g.lead;
            g.lead = g.ranks.front(); // worst first
        }
        const auto odd = everyRank ? oddRanks(g.ranks) : std::vector<const Delta*>{};
        if (!odd.empty())
            g.where = allButOdd(g.ranks, odd);
        else if (everyRank)
            g.where = " on every rank";
        else if (!g.ranks.empty())
            g.where = someRanks(g.ranks);
    }
    return groupLinks(mergeFigures(std::move(groups)));
}

} // namespace rs::compare
