#include "core/compare/runcomparison.h"
#include "core/compare/workloadoverlap.h"
#include "core/model/median.h"
#include "core/model/plural.h"

#include "core/model/timetext.h"
#include "core/query/reportoutliers.h"
#include "core/stats/robuststats.h"

#include <algorithm>
#include <cmath>
#include <iterator>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <tuple>

namespace rs::compare {

// said once where a list starts; the README's compare section says how each kind's time is counted
const char* const kOrderRule =
    "by the time each adds to a step (memory and bank placement, no time known, last)";

namespace {

std::string subject(const Delta& d);
std::string valueText(const Delta& d);

/// The lists' order (kOrderRule): the time a change costs a step, the largest first either way; changes
/// with no time after them, the largest relative change first.
bool costBefore(const Delta& a, const Delta& b) {
    if (a.costNs.has_value() != b.costNs.has_value()) return a.costNs.has_value();
    if (a.costNs) return std::abs(*a.costNs) > std::abs(*b.costNs);
    return std::abs(a.delta) > std::abs(b.delta);
}

/// Figures that are a time per step themselves: their change is what it costs a step.
bool costIsTheChange(const Delta& d) {
    return d.kind == "step" || d.kind == "comm_wait" || d.kind == "collective" ||
           (d.kind == "op" && d.statistic == "total_per_step") ||
           (d.kind == "link" && d.statistic == "time_per_step");
}

class Collector {
  public:
    Collector(CompareResult& r, bool overall) : m_r(r), m_overall(overall) {}
    /// Adds the delta when it passes `threshold` either way. `material`: a change smaller than this (ns)
    /// is not reported whatever its ratio, so a near-zero baseline (a wait of 3 µs) cannot turn noise
    /// into +900 %; it is also the smallest denominator.
    void check(Delta d, double threshold, double material = 0) {
        // figures over different sets of ranks are not comparable; a link is of the two ranks it names
        if (!d.rank && !m_overall && d.kind != "link") return;
        if (std::abs(d.candidate - d.baseline) < material) {
            ++m_r.judged; // compared: no material change
            return;
        }
        // The change is judged against the smaller side, so one rule serves both directions: a regression
        // of baseline -> candidate is an improvement of candidate -> baseline (walk 8: 5 regressions one
        // way, 28 improvements the other). For a regression that is the baseline, as it always was.
        const double smaller = std::max(std::min(d.baseline, d.candidate), material);
        if (smaller <= 0) return; // nothing to compare against
        ++m_r.judged;
        d.delta =
            (d.candidate - d.baseline) / std::max(d.baseline, material); // reported against the baseline
        if (!d.costNs && costIsTheChange(d)) d.costNs = d.candidate - d.baseline;
        if (std::abs(d.candidate - d.baseline) / smaller <= threshold) return;
        ((d.candidate > d.baseline) != d.higherIsBetter ? m_r.regressions : m_r.improvements).push_back(d);
    }

  private:
    CompareResult& m_r;
    bool m_overall;
};

/// A wait or transfer change under 1 % of the step is noise. The shorter of the two runs' median steps
/// (the one that has steps) sets that floor, so it is the same whichever run is the baseline.
double noiseFloor(double baselineStepNs, double candidateStepNs) {
    if (baselineStepNs <= 0 || candidateStepNs <= 0) return 0.01 * std::max(baselineStepNs, candidateStepNs);
    return 0.01 * std::min(baselineStepNs, candidateStepNs);
}

Delta make(const char* kind, const std::string& op, const char* stat, std::optional<int> rank, double b,
           double c) {
    Delta d;
    d.kind = kind;
    d.opType = op;
    d.statistic = stat;
    d.rank = rank;
    d.baseline = b;
    d.candidate = c;
    return d;
}

/// "8 ranks", or "8 ranks (baseline), 6 (candidate)" where the sides' counts differ.
std::string ranksText(int64_t baseline, int64_t candidate) {
    std::string t = model::counted(baseline, "rank", "ranks");
    if (candidate != baseline) t += " (baseline), " + std::to_string(candidate) + " (candidate)";
    return t;
}
/// "median of 8 ranks", "median of 8 ranks (each rank's median step wait)"
std::string overRanks(const std::string& how, int64_t baseline, int64_t candidate, const char* what = "") {
    return how + " of " + ranksText(baseline, candidate) + what;
}

/// How many of the record's ranks `has` (the ranks its figure over ranks is taken over).
template <class Has> int64_t ranksWith(const BaselineRecord& x, Has has) {
    return int64_t(
        std::count_if(x.ranks.begin(), x.ranks.end(), [&](const auto& kv) { return has(kv.second); }));
}
/// How many of the record's ranks ran `op` (its figure over ranks is their median).
int64_t ranksWith(const BaselineRecord& x, const std::string& op) {
    return ranksWith(x, [&](const RankStats& s) { return s.ops.count(op) > 0; });
}

double medianOf(const std::map<int64_t, double>& byStep, const std::set<int64_t>* only) {
    std::vector<double> v;
    for (const auto& [step, ns] : byStep)
        if (!only || only->count(step)) v.push_back(ns);
    return model::lowerMedian(v); // shown (a delta's two figures): a transfer that happened, median.h
}

/// "run 0", or "the baseline" when both records are of the same run number (two profiles).
std::string sideName(const BaselineRecord& b, const BaselineRecord& c, bool baseline) {
    if (b.run != c.run) return "run " + std::to_string(baseline ? b.run : c.run);
    return baseline ? "the baseline" : "the candidate";
}

/// Why `what` (stepsUnknown or waitUnknown) is not known on a side, "" when both sides know it.
std::string unknownOf(const BaselineRecord& b, const BaselineRecord& c, std::string BaselineRecord::*what,
                      const char* figure) {
    std::string reason;
    for (bool baseline : {true, false}) {
        const std::string& why = (baseline ? b : c).*what;
        if (why.empty()) continue;
        reason += (reason.empty() ? "" : "; ") + sideName(b, c, baseline) + figure + " (" + why + ")";
    }
    return reason;
}

/// Collectives matched by (step, op type, seq): over the step numbers both runs have when there are any,
/// else over each run's steady steps (two windows of one job, or runs profiled at different points).
/// Transfer time only — the wait for the last rank is comm_wait's — and a change under 1 % of the step is
/// noise, as for waits.
void compareCollectives(const BaselineRecord& b, const BaselineRecord& c, const CompareOptions& o,
                        CompareResult& r, Collector& col) {
    // a transfer is the duration minus the wait: where the wait is not known neither is the transfer (a
    // record written before analysis revision 34 took it as 0, the whole duration)
    if (auto why = unknownOf(b, c, &BaselineRecord::waitUnknown, "'s wait is not known"); !why.empty()) {
        if (!b.collectives.empty() || !c.collectives.empty())
            r.notComparable.push_back({"collective", "transfer_median", why});
        return;
    }
    std::set<int64_t> common;
    for (const auto& [key, bc] : b.collectives) {
        auto it = c.collectives.find(key);
        if (it == c.collectives.end()) continue;
        for (const auto& [step, ns] : bc.transferNsByStep)
            if (it->second.transferNsByStep.count(step)) common.insert(step);
    }
    r.collectiveStepsByIndex = int64_t(common.size());
    const std::set<int64_t>* only = common.empty() ? nullptr : &common;
    for (const auto& [key, bc] : b.collectives) {
        auto it = c.collectives.find(key);
        if (it == c.collectives.end()) {
            r.collectivesOnlyInBaseline.push_back(key);
            continue;
        }
        r.collectives.push_back(key);
        Delta d = make("collective", bc.opType, "transfer_median", {}, medianOf(bc.transferNsByStep, only),
                       medianOf(it->second.transferNsByStep, only));
        d.seq = bc.seq;
        // baselinebuilder's measureCollectives: each step's median over the ranks, then over the steps
        d.over = "median over steps of each step's median over the ranks that ran it";
        col.check(d, o.maxLatencyDelta, noiseFloor(b.step.medianNs, c.step.medianNs));
    }
    for (const auto& [key, cc] : c.collectives)
        if (!b.collectives.count(key)) r.collectivesOnlyInCandidate.push_back(key);
    if (!r.collectives.empty() && !(r.ranksOnlyInBaseline.empty() && r.ranksOnlyInCandidate.empty()))
        r.notes.push_back(
            "collectives are medians over each run's ranks: not compared when the ranks differ");
    else if (!r.collectives.empty() && common.empty())
        r.notes.push_back(
            "no step number is in both runs: collectives are compared over each run's steady steps");
}

std::string stepsUnknown(const BaselineRecord& b, const BaselineRecord& c) {
    return unknownOf(b, c, &BaselineRecord::stepsUnknown, " has no real steps");
}

void compareSteps(const BaselineRecord& b, const BaselineRecord& c, const CompareOptions& o, CompareResult& r,
                  Collector& col) {
    // a pseudo step (the whole trace) set against a step would read as the step getting slower
    if (auto why = stepsUnknown(b, c); !why.empty()) {
        r.notComparable.push_back({"step", "median", why});
        return;
    }
    // of one step the p95 is that step, the median's own figure: one fact, not a second regression (walk
    // 39: msdb against mstext, one step each, counted "median" and "p95" as two of its 7 regressions)
    const auto oneStep = [](const StepStat& x, const StepStat& y) { return x.steps <= 1 && y.steps <= 1; };
    for (const char* stat : {"median", "p95"}) {
        const bool median = std::string(stat) == "median";
        if (!median && oneStep(b.step, c.step)) continue;
        Delta d = make("step", "", stat, {}, median ? b.step.medianNs : b.step.p95Ns,
                       median ? c.step.medianNs : c.step.p95Ns);
        d.over = "all ranks' steady steps, pooled"; // the subject says it too
        col.check(d, o.maxLatencyDelta);
    }
    for (int rank : r.ranks) {
        const auto &bs = b.ranks.at(rank).step, &cs = c.ranks.at(rank).step;
        col.check(make("step", "", "median", rank, bs.medianNs, cs.medianNs), o.maxLatencyDelta);
        if (!oneStep(bs, cs)) col.check(make("step", "", "p95", rank, bs.p95Ns, cs.p95Ns), o.maxLatencyDelta);
    }
}

/// An op type's median moved: the time it costs a step is its time per step moved by as much (every
/// kernel of the type alike), unknown where a step is no step.
Delta medianDelta(const std::string& op, std::optional<int> rank, const OpStat& bs, const OpStat& cs,
                  bool perStep) {
    Delta d = make("op", op, "median", rank, bs.medianNs, cs.medianNs);
    if (perStep && bs.medianNs > 0) d.costNs = (cs.medianNs / bs.medianNs - 1) * bs.totalNsPerStep;
    return d;
}

/// One op type's median and time per step, over all ranks and rank by rank.
void compareOp(const BaselineRecord& b, const BaselineRecord& c, const std::string& op, bool perStep,
               const CompareOptions& o, const CompareResult& r, Collector& col) {
    const auto both = [&](const std::map<std::string, OpStat>& bo, const std::map<std::string, OpStat>& co,
                          std::optional<int> rank) {
        auto bi = bo.find(op), ci = co.find(op);
        if (bi == bo.end() || ci == co.end()) return;
        // over ranks: the lower median of the ranks' figures (baselinebuilder's measureOps)
        const std::string over = rank ? "" : overRanks("median", ranksWith(b, op), ranksWith(c, op));
        Delta median = medianDelta(op, rank, bi->second, ci->second, perStep);
        median.over = over;
        col.check(median, o.maxLatencyDelta);
        if (perStep) {
            Delta total =
                make("op", op, "total_per_step", rank, bi->second.totalNsPerStep, ci->second.totalNsPerStep);
            total.over = over;
            col.check(total, o.maxLatencyDelta);
        }
    };
    both(b.ops, c.ops, {});
    for (int rank : r.ranks)
        both(b.ranks.at(rank).ops, c.ranks.at(rank).ops, rank);
}

/// The op types under the share are not gated, but one that moved beyond the thresholds is said, with the
/// largest such change (by the time it costs a step), so the share does not hide it.
void noteUngatedOps(const BaselineRecord& b, const BaselineRecord& c, bool perStep, const CompareOptions& o,
                    CompareResult& r) {
    for (const auto& [op, bs] : b.ops) {
        if (!c.ops.count(op) || std::count(r.opTypes.begin(), r.opTypes.end(), op)) continue;
        CompareResult scratch;
        Collector col(scratch, r.ranksOnlyInBaseline.empty() && r.ranksOnlyInCandidate.empty());
        compareOp(b, c, op, perStep, o, r, col);
        std::vector<Delta> moved = scratch.regressions;
        moved.insert(moved.end(), scratch.improvements.begin(), scratch.improvements.end());
        if (moved.empty()) continue;
        r.ungatedOpTypes.push_back(op);
        for (const auto& d : moved)
            if (!r.ungatedLargest || costBefore(d, *r.ungatedLargest)) r.ungatedLargest = d;
    }
    if (r.ungatedOpTypes.empty()) return;
    char share[32];
    std::snprintf(share, sizeof share, "%.1f %%", o.minShare * 100);
    const Delta& d = *r.ungatedLargest;
    r.notes.push_back(model::counted(int64_t(r.ungatedOpTypes.size()), "op type", "op types") + " under " +
                      share + " of device time moved beyond the thresholds and " +
                      (r.ungatedOpTypes.size() == 1 ? "was" : "were") +
                      " not gated for the small share (--min-share): the largest, " + subject(d) + " " +
                      deltaChange(d) + (d.rank ? " on rank " + std::to_string(*d.rank) : " over all ranks") +
                      " (" + valueText(d) + overText(d) + ")");
}

void compareOps(const BaselineRecord& b, const BaselineRecord& c, const CompareOptions& o, CompareResult& r,
                Collector& col) {
    auto share = [](const BaselineRecord& x, const std::string& op) {
        auto it = x.opShare.find(op);
        return it == x.opShare.end() ? 0.0 : it->second;
    };
    // a time per step of a pseudo step is the whole trace's: not one step's
    const std::string why = stepsUnknown(b, c);
    const bool perStep = why.empty();
    if (!perStep && !b.ops.empty() && !c.ops.empty())
        r.notComparable.push_back({"op", "total_per_step", why});
    for (const auto& [op, bs] : b.ops) {
        const bool big = share(b, op) >= o.minShare || share(c, op) >= o.minShare;
        if (!big) continue;
        auto it = c.ops.find(op);
        if (it == c.ops.end()) {
            r.opTypesOnlyInBaseline.push_back(op);
            continue;
        }
        r.opTypes.push_back(op);
        compareOp(b, c, op, perStep, o, r, col);
    }
    for (const auto& [op, cs] : c.ops)
        if (!b.ops.count(op) && share(c, op) >= o.minShare) r.opTypesOnlyInCandidate.push_back(op);
    noteUngatedOps(b, c, perStep, o, r);
}

void compareWaits(const BaselineRecord& b, const BaselineRecord& c, const CompareOptions& o, CompareResult& r,
                  Collector& col) {
    // an unknown wait is no 0 (waitknowledge.h), and a wait per pseudo step is the whole trace's
    std::string why = unknownOf(b, c, &BaselineRecord::waitUnknown, "'s wait is not known");
    if (why.empty()) why = stepsUnknown(b, c);
    if (!why.empty()) {
        r.notComparable.push_back({"comm_wait", "per_step", why});
        return;
    }
    // a wait is judged against the step it sits in: a change under 1 % of the median step is noise
    Delta all = make("comm_wait", "", "per_step", {}, b.waitNsPerStep, c.waitNsPerStep);
    const auto stepped = [](const RankStats& s) {
        return s.step.steps > 0;
    }; // baselinebuilder's measureWaits
    all.over =
        overRanks("median", ranksWith(b, stepped), ranksWith(c, stepped), " (each rank's median step wait)");
    col.check(all, o.maxWaitDelta, noiseFloor(b.step.medianNs, c.step.medianNs));
    for (int rank : r.ranks)
        col.check(make("comm_wait", "", "per_step", rank, b.ranks.at(rank).waitNsPerStep,
                       c.ranks.at(rank).waitNsPerStep),
                  o.maxWaitDelta, noiseFloor(b.ranks.at(rank).step.medianNs, c.ranks.at(rank).step.medianNs));
}

void compareMemory(const BaselineRecord& b, const BaselineRecord& c, const CompareOptions& o,
                   CompareResult& r, Collector& col) {
    auto both = [&](const MemStat& x, const MemStat& y, std::optional<int> rank) {
        if (x.peakAllocated >= 0 && y.peakAllocated >= 0)
            col.check(
                make("memory_allocated", "", "peak", rank, double(x.peakAllocated), double(y.peakAllocated)),
                o.maxMemoryDelta);
        if (x.peakReserved >= 0 && y.peakReserved >= 0)
            col.check(
                make("memory_reserved", "", "peak", rank, double(x.peakReserved), double(y.peakReserved)),
                o.maxMemoryDelta);
    };
    both(b.memory, c.memory, {});
    for (int rank : r.ranks)
        both(b.ranks.at(rank).memory, c.ranks.at(rank).memory, rank);
    // over ranks a peak is the highest rank's (baselinebuilder's measureMemory)
    for (auto* list : {&r.regressions, &r.improvements})
        for (auto& d : *list)
            if (d.kind.rfind("memory", 0) == 0 && !d.rank)
                d.over = overRanks(
                    "highest", ranksWith(b, [](const RankStats& s) { return s.memory.peakAllocated >= 0; }),
                    ranksWith(c, [](const RankStats& s) { return s.memory.peakAllocated >= 0; }));
    if ((b.memory.peakAllocated < 0) != (c.memory.peakAllocated < 0))
        r.notes.push_back("memory is recorded in only one of the two runs: not compared");
}

/// Links matched only by what both records name (the same src→dst, transport and group): bandwidth and
/// transfer time per step, over the latency threshold; a time change under 1 % of the step is noise, as
/// for collectives. A link of one run only is listed, never paired with another.
/// The baseline's group the candidate's links are matched in ("" none: by their own keys), where each
/// run's links are of one communication group and the two groups' ids differ: HCCL names a group by a
/// hash of its name, which holds the launch time (msinsight level1 as .db: group 17148521525495523210,
/// its text export of the same job: 17522688603477080586), so no link of one run ever matched the other's
/// and every one read as only in one run. Said in a note; several groups a side are left as they are
/// (which is which is not known).
std::string sharedLinkGroup(const BaselineRecord& b, const BaselineRecord& c, CompareResult& r) {
    std::set<std::string> bg, cg;
    for (const auto& [key, l] : b.links)
        bg.insert(l.group);
    for (const auto& [key, l] : c.links)
        cg.insert(l.group);
    if (bg.size() != 1 || cg.size() != 1 || *bg.begin() == *cg.begin() || bg.begin()->empty() ||
        cg.begin()->empty())
        return {};
    std::string note = "each run names its one communication group by an id of its own (";
    note.append(*bg.begin())
        .append(" in the baseline, ")
        .append(*cg.begin())
        .append(" in the candidate: a hash of the group's name, which holds its launch time): links "
                "are matched by their ranks and transport");
    r.notes.push_back(note);
    return *bg.begin();
}

void compareLinks(const BaselineRecord& b, const BaselineRecord& c, const CompareOptions& o, CompareResult& r,
                  Collector& col) {
    // a record from before links were recorded holds none: every link would read as new or gone
    if (!b.linksRecorded || !c.linksRecorded) {
        if (!b.links.empty() || !c.links.empty())
            r.notes.push_back(std::string("links were not recorded in the ") +
                              (b.linksRecorded ? "candidate" : "baseline") +
                              " (a record written before links were): not compared");
        return;
    }
    const double floor = noiseFloor(b.step.medianNs, c.step.medianNs);
    const std::string group = sharedLinkGroup(b, c, r);
    const auto asBaseline = [&group](LinkStat l) { // the key the baseline's link of the same ranks has
        if (!group.empty()) l.group = group;
        return l.key();
    };
    std::map<std::string, LinkStat> cLinks;
    for (const auto& [key, l] : c.links)
        cLinks[asBaseline(l)] = l;
    std::map<std::pair<std::string, std::string>, int> otherGroup; // (baseline's, candidate's group) → links
    for (const auto& [key, bl] : b.links) {
        auto it = cLinks.find(key);
        if (it == cLinks.end()) {
            r.linksOnlyInBaseline.push_back(key);
            continue;
        }
        // a group of other ranks is another collective: what a link of a ring carries follows the
        // group's size (a 4-rank demo's link 1→2 moves twice the 8-rank one's bytes, and was a bandwidth
        // regression beside a time improvement: walk 51b)
        if (!bl.groupRanks.empty() && !it->second.groupRanks.empty() &&
            bl.groupRanks != it->second.groupRanks) {
            ++otherGroup[{query::rankRanges(bl.groupRanks), query::rankRanges(it->second.groupRanks)}];
            continue;
        }
        r.links.push_back(key);
        const std::string name = (bl.groupRanks.empty() ? it->second : bl).name();
        Delta time = make("link", key, "time_per_step", {}, bl.timeNsPerStep, it->second.timeNsPerStep);
        time.label = name;
        col.check(time, o.maxLatencyDelta, floor);
        // The bandwidth is judged only where its transfer time per step moved beyond the noise floor: a
        // small link's bandwidth swings past the threshold while it costs the step nothing (a LOCAL link
        // of 79 µs a step 10 % slower is 0.08 % of the step and failed the gate)
        if (std::abs(it->second.timeNsPerStep - bl.timeNsPerStep) < floor) {
            ++r.judged; // compared: no material change
            continue;
        }
        Delta bw = make("link", key, "bandwidth", {}, bl.bandwidthGBps, it->second.bandwidthGBps);
        bw.higherIsBetter = true;
        bw.label = name;
        // the same bytes at the other bandwidth: the transfer time per step it costs
        if (it->second.bandwidthGBps > 0)
            bw.costNs = bl.timeNsPerStep * (bl.bandwidthGBps / it->second.bandwidthGBps - 1);
        col.check(bw, o.maxLatencyDelta);
    }
    for (const auto& [key, cl] : c.links)
        if (!b.links.count(asBaseline(cl))) r.linksOnlyInCandidate.push_back(key);
    for (const auto& [groups, n] : otherGroup)
        r.notes.push_back(model::counted(n, "link", "links")
                              .append(" of the same ranks not compared: their group is ranks ")
                              .append(groups.first)
                              .append(" in the baseline and ranks ")
                              .append(groups.second)
                              .append(" in the candidate (what a link carries follows its group)"));
    for (const auto* x : {&b, &c})
        for (const auto& [key, l] : x->links)
            if (!l.groupRanks.empty() || !r.linkNames.count(key)) r.linkNames[key] = l.name();
}

/// A bank anomaly (rank, op) in one run and not the other: new in the candidate, a regression; gone, an
/// improvement. Only where both runs' banks were checked: an empty list of a run that could not look is
/// no "none".
void compareBanks(const BaselineRecord& b, const BaselineRecord& c, CompareResult& r) {
    if (!b.banksChecked || !c.banksChecked) {
        if (!b.bankAnomalies.empty() || !c.bankAnomalies.empty())
            r.notes.push_back(std::string("HBM bank placement was checked in only one run (") +
                              (b.banksChecked ? "the baseline" : "the candidate") + "): not compared");
        return;
    }
    ++r.judged;
    const auto lacks = [](const BaselineRecord& x, const BankAnomalyStat& a) {
        return std::none_of(x.bankAnomalies.begin(), x.bankAnomalies.end(), [&](const BankAnomalyStat& y) {
            return y.rank == a.rank && y.opType == a.opType;
        });
    };
    for (const auto& [from, to, list] :
         {std::tuple{&b, &c, &r.regressions}, std::tuple{&c, &b, &r.improvements}})
        for (const auto& a : to->bankAnomalies)
            if (!from->ranks.empty() && !from->ranks.count(a.rank)) {
                // a rank of one run only: the other run cannot have placed its tensors anywhere (walk 51b:
                // the 8-rank demo's rank 6 read "new" against a 4-rank baseline)
                r.notes.push_back("HBM bank anomaly (" + a.opType + " tensors) on rank " +
                                  std::to_string(a.rank) + ", a rank only in the " +
                                  (from == &b ? "candidate" : "baseline") + ": not compared");
            } else if (lacks(*from, a)) {
                // "new" in the candidate, a regression; "gone" from it, an improvement (the JSON said
                // "new" for both)
                Delta d = make("bank_anomaly", a.opType, from == &b ? "new" : "gone", a.rank,
                               from == &b ? 0 : 1, from == &b ? 1 : 0);
                d.delta = d.candidate - d.baseline;
                d.detail = "bank " + a.banks + " (the other ranks " + a.otherBanks + ")";
                list->push_back(d);
            }
}

void matchRanks(const BaselineRecord& b, const BaselineRecord& c, CompareResult& r) {
    for (const auto& [rank, s] : b.ranks)
        (c.ranks.count(rank) ? r.ranks : r.ranksOnlyInBaseline).push_back(rank);
    for (const auto& [rank, s] : c.ranks)
        if (!b.ranks.count(rank)) r.ranksOnlyInCandidate.push_back(rank);
    r.baselineSteps = b.step.steps;
    r.candidateSteps = c.step.steps;
    std::set_intersection(b.stepNumbers.begin(), b.stepNumbers.end(), c.stepNumbers.begin(),
                          c.stepNumbers.end(), std::back_inserter(r.stepsByNumber));
    std::set_difference(b.stepNumbers.begin(), b.stepNumbers.end(), c.stepNumbers.begin(),
                        c.stepNumbers.end(), std::back_inserter(r.stepsOnlyInBaseline));
    std::set_difference(c.stepNumbers.begin(), c.stepNumbers.end(), b.stepNumbers.begin(),
                        b.stepNumbers.end(), std::back_inserter(r.stepsOnlyInCandidate));
    // of the ranks both runs hold: a rank of one run only is told apart (walk 23b: "1 vs 2" where the one
    // matched rank had step 50 in both, the candidate's unmatched rank 1 the other step)
    int64_t& bSteps = r.baselineMatchedSteps;
    int64_t& cSteps = r.candidateMatchedSteps;
    for (int rank : r.ranks)
        bSteps += b.ranks.at(rank).step.steps, cSteps += c.ranks.at(rank).step.steps;
    if (bSteps != cSteps)
        r.notes.push_back(
            "step counts differ (" + std::to_string(bSteps) + " vs " + std::to_string(cSteps) +
            " steady-state steps of the matched ranks): distributions are compared, not step by "
            "step");
}

// Two runs of different kinds (another card, framework, model, backend or library version) can still be
// compared, but the reader must be told: a delta may be the hardware, not the change under test.
void noteLabelDifferences(const BaselineRecord& b, const BaselineRecord& c, CompareResult& r) {
    for (const auto& [key, bv] : b.labels) {
        if (key == "ranks" || key == "world_size") continue; // rank matching says these
        auto it = c.labels.find(key);
        if (it == c.labels.end())
            r.notes.push_back(key + " is known only for the baseline (" + bv + ")");
        else if (it->second != bv) {
            r.notes.push_back(key + " differs: " + bv + " (baseline) vs " + it->second + " (candidate)");
            if (key == "hardware") r.hardwareDiffers = bv + " (baseline) vs " + it->second + " (candidate)";
        }
    }
    for (const auto& [key, cv] : c.labels)
        if (key != "ranks" && key != "world_size" && !b.labels.count(key))
            r.notes.push_back(key + " is known only for the candidate (" + cv + ")");
}

// A record written before the lower-median rule (format 1, or no step_median) averaged an even count's
// two middle values: its medians may be no value measured, and may differ from a newer record's by the
// rule alone. Said once per side, whichever of its medians were averaged.
void noteMedianRule(const BaselineRecord& b, const BaselineRecord& c, CompareResult& r) {
    for (const auto& [side, x] : {std::pair{"baseline", &b}, std::pair{"candidate", &c}})
        if (x->format < 2 || x->stepMedianRule != "lower")
            r.notes.push_back(std::string(side) +
                              " recorded with averaged medians; re-record it for exact figures (an older "
                              "record: its medians of an even count average the two middle values, now the "
                              "lower one, a value that happened; `rankscope baseline` writes it again)");
}

// Two runs the records do not tie together (mindinsight cluster_propose against HTA trace_filter read
// FAIL with 2 regressions): their deltas are the difference of two workloads, so none is judged.
void judgeWorkload(const BaselineRecord& b, const BaselineRecord& c, const CompareOptions& o,
                   CompareResult& r) {
    const WorkloadOverlap w = workloadOverlap(b, c);
    if (!w.known()) {
        r.notes.push_back("neither run recorded device op types: whether they are one workload is not known");
        return;
    }
    if (!w.unrelated(o.minSharedDeviceTime)) return;
    r.unrelated = "the runs " + w.text();
    const size_t deltas = size_t(r.regressionCount() + r.improvementCount());
    r.notes.insert(r.notes.begin(),
                   r.unrelated + ", under the " + std::to_string(int(o.minSharedDeviceTime * 100 + 0.5)) +
                       " % of each side's device time two runs of one workload share: " +
                       model::counted(int64_t(deltas), "delta", "deltas") +
                       " beyond the thresholds not judged (they would be the difference of two workloads)");
    r.regressions.clear();
    r.improvements.clear();
}

// When nothing could be compared the reader still sees what the runs say, as facts, never as a verdict.
void noteInconclusive(const BaselineRecord& b, const BaselineRecord& c, CompareResult& r) {
    if (!r.inconclusive()) return;
    if (r.ranks.empty())
        r.notes.insert(r.notes.begin(), "no rank is in both runs: nothing was compared rank by rank (" +
                                            model::counted(int64_t(b.ranks.size()), "rank", "ranks") +
                                            " in the baseline, " + std::to_string(c.ranks.size()) +
                                            " in the candidate, none in common)");
    if (r.baselineSteps == 0 || r.candidateSteps == 0)
        r.notes.insert(r.notes.begin(), "a run has no steady step to compare (" +
                                            std::to_string(r.baselineSteps) + " vs " +
                                            std::to_string(r.candidateSteps) + " rank-steps)");
    if (!r.ranks.empty() && r.baselineSteps > 0 && r.candidateSteps > 0 && r.judged == 0)
        r.notes.insert(r.notes.begin(),
                       "no figure is known to both runs: nothing was compared (" +
                           model::counted(int64_t(r.notComparable.size()), "figure", "figures") +
                           " not comparable)");
    if (b.step.medianNs > 0 && c.step.medianNs > 0 && stepsUnknown(b, c).empty())
        r.notes.push_back("not compared: step wall time median " +
                          model::formatDuration(int64_t(b.step.medianNs)) + " (baseline) vs " +
                          model::formatDuration(int64_t(c.step.medianNs)) + " (candidate)");
}

/// Either side's files not read in full: named, for the headline (core/compare/runcomparison.h).
void noteDamagedInput(const BaselineRecord& b, const BaselineRecord& c, CompareResult& r) {
    std::string out;
    for (const auto& [side, x] : {std::pair{"baseline", &b}, std::pair{"candidate", &c}}) {
        if (x->damagedFiles.empty()) continue;
        std::string files;
        for (const auto& f : x->damagedFiles)
            files += (files.empty() ? "" : "; ") + f;
        out += (out.empty() ? "the " : "; the ") + std::string(side) + "'s files were not all read: " + files;
    }
    r.damagedInput = out;
}

/// Both sides measured from the same data (the same digest of the run's start and source files); the
/// verdict lines say it first, since every other line then reads as if two runs had been compared.
void noteSameData(const BaselineRecord& b, const BaselineRecord& c, CompareResult& r) {
    if (b.sourceDigest.empty() || b.sourceDigest != c.sourceDigest) return;
    r.sameData = "both sides are the same data: the same " +
                 model::counted(b.sourceFiles, "source file", "source files") +
                 " (paths within the profile, compressed or not, records read) of a run with the same start, "
                 "the same "
                 "step walls and op totals to the ns";
}

void worstFirst(std::vector<Delta>& v) {
    std::stable_sort(v.begin(), v.end(), costBefore);
}

std::string percent(double d) {
    char b[32];
    std::snprintf(b, sizeof b, "%+.1f %%", d * 100);
    return b;
}

/// Walk 10: "communication wait per step +149082.6 % on rank 6" was a wait of 0 ns divided by the floor.
constexpr double kPercentUpTo = 10.0;

std::string amount(const Delta& d) {
    const double change = d.candidate - d.baseline;
    char b[48];
    if (d.kind == "link" && d.statistic == "bandwidth") {
        std::snprintf(b, sizeof b, "%+.1f GB/s", change);
        return b;
    }
    if (d.kind.rfind("memory", 0) == 0) {
        std::snprintf(b, sizeof b, "%+.1f MiB", change / 1048576.0);
        return b;
    }
    return (change < 0 ? "-" : "+") + model::formatDuration(int64_t(std::llround(std::abs(change))));
}

std::string valueText(const Delta& d) {
    if (d.kind == "bank_anomaly")
        return d.candidate > d.baseline ? "none -> " + d.detail : d.detail + " -> none";
    if (d.kind == "link" && d.statistic == "bandwidth") {
        char b[64];
        std::snprintf(b, sizeof b, "%.1f GB/s -> %.1f GB/s", d.baseline, d.candidate);
        return b;
    }
    if (d.kind.rfind("memory", 0) == 0) {
        char b[64];
        std::snprintf(b, sizeof b, "%.1f MiB -> %.1f MiB", d.baseline / 1048576.0, d.candidate / 1048576.0);
        return b;
    }
    const int64_t a = std::llround(d.baseline), b = std::llround(d.candidate);
    if (model::formatDuration(a) != model::formatDuration(b) || a == b)
        return model::formatDuration(a) + " -> " + model::formatDuration(b);
    // alike in 3 digits (walk 37: "+0.5 % (120 µs -> 120 µs)"): precise to a quarter of the change, so
    // the two figures show it (an offset's digits, its sign dropped: both are lengths)
    const int64_t resolution = std::max<int64_t>(1, std::llabs(b - a) / 4);
    return model::formatOffset(a, resolution).substr(1) + " -> " +
           model::formatOffset(b, resolution).substr(1);
}

std::string subject(const Delta& d) {
    if (d.kind == "op") return d.opType + (d.statistic == "median" ? " median" : " time per step");
    // the pool named in the report's words (a rank's steady steps, the warm-up left out: warmupsteps.h),
    // and the pooled figure named apart from it (walk 30: two figures were both "step p95")
    if (d.kind == "step")
        return "step wall time " + d.statistic +
               (d.rank ? " of the rank's steady steps (the warm-up left out)"
                       : " over all ranks' steady steps pooled (the warm-up left out)");
    if (d.kind == "collective") return d.opType + " #" + std::to_string(d.seq) + " transfer time";
    if (d.kind == "link")
        return "link " + (d.label.empty() ? d.opType : d.label) +
               (d.statistic == "bandwidth" ? " bandwidth" : " transfer time per step");
    if (d.kind == "bank_anomaly") return "HBM bank anomaly (" + d.opType + " tensors)";
    if (d.kind == "comm_wait") return "communication wait per step";
    return d.kind == "memory_allocated" ? "peak allocated memory" : "peak reserved memory";
}

nlohmann::json deltaJson(const Delta& d) {
    nlohmann::json j{{"kind", d.kind},
                     {"statistic", d.statistic},
                     {"baseline", d.baseline},
                     {"candidate", d.candidate},
                     {"delta", d.delta}};
    j["op_type"] = d.opType.empty() ? nlohmann::json() : nlohmann::json(d.opType);
    j["rank"] = d.rank ? nlohmann::json(*d.rank) : nlohmann::json();
    if (d.kind == "collective") j["seq"] = d.seq;
    if (d.kind == "link") j["higher_is_better"] = d.higherIsBetter, j["name"] = d.label; // op_type: the key
    j["cost_ns_per_step"] = d.costNs ? nlohmann::json(*d.costNs) : nlohmann::json();
    if (!d.detail.empty()) j["detail"] = d.detail;
    // what a figure over ranks is, as the text says (a step's: which steps, the report's are others)
    if (d.kind == "step")
        j["over"] = d.rank ? "the rank's steady steps" : "all ranks' steady steps, pooled";
    else if (!d.over.empty())
        j["over"] = d.over;
    return j;
}

/// One object per root: its lead delta's fields, and the ranks that moved with it (sorted).
nlohmann::json groupsJson(const CompareResult& r, const std::vector<Delta>& deltas) {
    nlohmann::json a = nlohmann::json::array();
    for (const auto& g : groupDeltas(r, deltas)) {
        nlohmann::json j = deltaJson(*g.lead);
        std::vector<int> ranks;
        for (const auto* d : g.ranks)
            ranks.push_back(*d->rank);
        std::sort(ranks.begin(), ranks.end());
        j["ranks"] = ranks;
        if (g.also) j["also"] = deltaJson(*g.also); // the same root's other figure, counted once
        if (g.linkCount > 1) { // a row of links that moved alike: every link's figures kept
            j["link_group"] = g.linkGroup;
            j["link_count"] = g.linkCount;
            j["links"] = nlohmann::json::array();
            for (const Delta* d : {g.lead, g.also})
                if (d) j["links"].push_back(deltaJson(*d));
            for (const Delta* d : g.linkDeltas)
                j["links"].push_back(deltaJson(*d));
        }
        a.push_back(std::move(j));
    }
    return a;
}

nlohmann::json sideJson(const BaselineRecord& x) {
    return {{"label", x.label},
            {"profile", x.profile},
            {"run", x.run},
            {"created", x.created},
            {"sources", x.sourceDigest.empty()
                            ? nlohmann::json()
                            : nlohmann::json{{"digest", x.sourceDigest}, {"files", x.sourceFiles}}},
            {"labels", x.labels},
            {"banks_checked", x.banksChecked}}; // of the side's own run (bankcheck.h)
}

} // namespace

CompareResult compareRecords(const BaselineRecord& b, const BaselineRecord& c, const CompareOptions& o) {
    CompareResult r;
    matchRanks(b, c, r);
    const bool sameRanks = r.ranksOnlyInBaseline.empty() && r.ranksOnlyInCandidate.empty();
    if (!sameRanks && r.ranks.empty())
        r.notes.push_back("the runs have no rank in common: nothing is compared");
    else if (!sameRanks)
        r.notes.push_back("the runs have different ranks: only the " +
                          model::counted(int64_t(r.ranks.size()), "matched rank is", "matched ranks are") +
                          " compared, one by one (figures over all ranks would mix different sets)");
    noteLabelDifferences(b, c, r);
    noteMedianRule(b, c, r);
    Collector col(r, sameRanks);
    compareSteps(b, c, o, r, col);
    compareOps(b, c, o, r, col);
    compareCollectives(b, c, o, r, col);
    compareWaits(b, c, o, r, col);
    compareMemory(b, c, o, r, col);
    compareLinks(b, c, o, r, col);
    compareBanks(b, c, r);
    worstFirst(r.regressions);
    worstFirst(r.improvements);
    judgeWorkload(b, c, o, r);
    noteDamagedInput(b, c, r);
    noteInconclusive(b, c, r);
    noteSameData(b, c, r);
    return r;
}

std::string compareJson(const CompareResult& r, const BaselineRecord& b, const BaselineRecord& c,
                        const CompareOptions& o) {
    nlohmann::json j;
    j["verdict"] = r.verdict();
    j["same_data"] = r.sameData.empty() ? nlohmann::json() : nlohmann::json(r.sameData);
    j["hardware_differs"] = r.hardwareDiffers.empty() ? nlohmann::json() : nlohmann::json(r.hardwareDiffers);
    j["unrelated"] = r.unrelated.empty() ? nlohmann::json() : nlohmann::json(r.unrelated);
    j["damaged_input"] = r.damagedInput.empty() ? nlohmann::json() : nlohmann::json(r.damagedInput);
    j["baseline"] = sideJson(b);
    j["candidate"] = sideJson(c);
    j["thresholds"] = {{"max_latency_delta", o.maxLatencyDelta},
                       {"max_memory_delta", o.maxMemoryDelta},
                       {"max_wait_delta", o.maxWaitDelta},
                       {"min_share", o.minShare},
                       {"min_shared_device_time", o.minSharedDeviceTime}};
    // every delta, per rank and over ranks, as before; and the same grouped one per root, as people count
    for (const char* side : {"regressions", "improvements"}) {
        const auto& list = std::string(side) == "regressions" ? r.regressions : r.improvements;
        j[side] = nlohmann::json::array();
        for (const auto& d : list)
            j[side].push_back(deltaJson(d));
        j[std::string(side) + "_grouped"] = groupsJson(r, list);
    }
    j["matched"] = {{"ranks", r.ranks},
                    {"op_types", r.opTypes},
                    {"collectives", r.collectives},
                    {"links", r.links},
                    {"collective_steps_by_index", r.collectiveStepsByIndex},
                    {"steps",
                     {{"baseline", r.baselineMatchedSteps},
                      {"candidate", r.candidateMatchedSteps},
                      {"of", "the matched ranks' steady rank-steps"},
                      {"baseline_all_ranks", r.baselineSteps},
                      {"candidate_all_ranks", r.candidateSteps},
                      {"by_number", r.stepsByNumber.size()}}}};
    j["unmatched"] = {{"ranks_only_in_baseline", r.ranksOnlyInBaseline},
                      {"ranks_only_in_candidate", r.ranksOnlyInCandidate},
                      {"op_types_only_in_baseline", r.opTypesOnlyInBaseline},
                      {"op_types_only_in_candidate", r.opTypesOnlyInCandidate},
                      {"steps_only_in_baseline", r.stepsOnlyInBaseline},
                      {"steps_only_in_candidate", r.stepsOnlyInCandidate},
                      {"collectives_only_in_baseline", r.collectivesOnlyInBaseline},
                      {"collectives_only_in_candidate", r.collectivesOnlyInCandidate},
                      {"links_only_in_baseline", r.linksOnlyInBaseline},
                      {"links_only_in_candidate", r.linksOnlyInCandidate}};
    j["order"] = kOrderRule;
    j["ungated_small_op_types"] = {
        {"count", r.ungatedOpTypes.size()},
        {"op_types", r.ungatedOpTypes},
        {"largest", r.ungatedLargest ? deltaJson(*r.ungatedLargest) : nlohmann::json()}};
    j["not_comparable"] = nlohmann::json::array();
    for (const auto& n : r.notComparable)
        j["not_comparable"].push_back({{"kind", n.kind}, {"statistic", n.statistic}, {"reason", n.reason}});
    j["notes"] = r.notes;
    return j.dump(2, ' ', false, nlohmann::json::error_handler_t::replace);
}

int verdictExitCode(const CompareResult& r) {
    // a gate comparing a run with itself is set up wrong: it must not pass (0), and it found no
    // regression
    return !r.sameData.empty() ? 5 : r.fail() ? 3 : r.inconclusive() ? 4 : 0;
}

std::string deltaSubject(const Delta& d) {
    return subject(d);
}

std::string hardwareCaveat(const CompareResult& r) {
    if (r.hardwareDiffers.empty()) return {};
    return "on different hardware (" + r.hardwareDiffers + "): a delta may be the card, not the change";
}

std::string damageCaveat(const CompareResult& r) {
    if (r.damagedInput.empty()) return {};
    return "because " + r.damagedInput + "; the rows missing from them can explain any delta";
}

std::string deltaValues(const Delta& d) {
    return valueText(d);
}

namespace {
std::vector<std::string> summaryOf(const CompareResult& r, const std::vector<Delta>& deltas) {
    std::vector<std::string> lines;
    for (const auto& g : groupDeltas(r, deltas))
        lines.push_back(rowSubject(g) + " " + deltaChange(*g.lead) + g.where + " (" + valueText(*g.lead) +
                        overText(*g.lead) + ")" + (g.also ? "; " + alsoText(*g.also) : ""));
    return lines;
}
} // namespace

std::string alsoText(const Delta& d) {
    return figureName(d) + " " + deltaChange(d) + " (" + valueText(d) + overText(d) + ")";
}

std::string overText(const Delta& d) {
    // a step's subject names its pool already ("over all ranks' steady steps pooled")
    return d.over.empty() || d.kind == "step" ? std::string() : ", each the " + d.over;
}

std::string figureName(const Delta& d) {
    if (d.statistic == "median") return "median";
    if (d.statistic == "bandwidth") return "bandwidth";
    return d.kind == "link" ? "transfer time per step" : "time per step";
}

std::string linkName(const CompareResult& r, const std::string& key) {
    auto it = r.linkNames.find(key);
    return it == r.linkNames.end() ? key : it->second;
}

std::string deltaChange(const Delta& d) {
    if (d.kind == "bank_anomaly") return d.candidate > d.baseline ? "new" : "gone";
    // d.delta is against the noise floor where the baseline is under it: as a percentage it would read as
    // a change of the baseline (walk 11: 13.2 µs -> 606 µs read "+877.7 %" beside "+101 ms")
    if (d.baseline <= 0 || std::abs(d.candidate - d.baseline) / d.baseline >= kPercentUpTo) return amount(d);
    return percent(d.delta);
}

std::string notComparableSubject(const NotComparable& n) {
    if (n.kind == "op") return "op time per step";
    if (n.kind == "step") return "step wall time"; // one line for the median and the p95 alike
    if (n.kind == "collective") return "collective transfer time"; // every collective's, one line
    Delta d;
    d.kind = n.kind;
    d.statistic = n.statistic;
    return subject(d);
}

std::vector<std::string> notComparableSummary(const CompareResult& r) {
    std::vector<std::string> lines;
    for (const auto& n : r.notComparable)
        lines.push_back(notComparableSubject(n) + ": not comparable: " + n.reason);
    return lines;
}

std::vector<std::string> compareSummary(const CompareResult& r) {
    return summaryOf(r, r.regressions);
}

std::vector<std::string> improvementSummary(const CompareResult& r) {
    return summaryOf(r, r.improvements);
}

int64_t CompareResult::regressionCount() const {
    return int64_t(groupDeltas(*this, regressions).size());
}

int64_t CompareResult::improvementCount() const {
    return int64_t(groupDeltas(*this, improvements).size());
}

} // namespace rs::compare
