#pragma once
// Compares two BaselineRecords (baseline, candidate) the way a CI gate must: relative deltas
// (candidate − baseline) / baseline of robust statistics only, op types below a share of device time
// ignored, and a delta reported only when it passes its threshold. Pure functions.
#include "core/compare/baselinerecord.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace rs::compare {

struct CompareOptions {
    double maxLatencyDelta = 0.03; ///< step wall time and op times
    double maxMemoryDelta = 0.05;  ///< peak allocated / reserved
    double maxWaitDelta = 0.10;    ///< collective wait per step (noisier than compute)
    double minShare = 0.01;        ///< op types below this share of device time are not compared
    /// Runs of which a side spends less than this share of its device time in op types the other ran are
    /// not one workload: no verdict (workloadoverlap.h; the real samples: ≥ 99.1 % for one job, ≤ 40.2 %
    /// for two).
    double minSharedDeviceTime = 0.6;
};

struct Delta {
    /// step, op, collective, comm_wait, memory_allocated, memory_reserved, link, bank_anomaly
    std::string kind;
    std::string opType;    ///< for kinds op and collective; the link (LinkStat::key) for link; bank: the op
    std::string statistic; ///< median, p95, total_per_step, per_step, peak, transfer_median, bandwidth, new
    /// bandwidth: a drop is the regression (every other figure is a time or a size: a rise is)
    bool higherIsBetter = false;
    std::string detail;      ///< bank_anomaly: "bank [0] (the other ranks [5])"
    int64_t seq = -1;        ///< for kind collective: its place among the step's collectives of its type
    std::optional<int> rank; ///< empty: over all ranks
    double baseline = 0, candidate = 0, delta = 0;
    /// The wall-clock time the change adds to a step (negative: saves), ns: what the lists are ordered by,
    /// one rule for every kind (stepCostNs). Empty where no time follows from the figure (a memory peak, a
    /// bank placement): those go after the ones with a time.
    std::optional<double> costNs;
    /// link: its name as people read it ("1→5 HCCS in group of ranks 0–7"); opType keeps the data's key
    std::string label;
    /// What a figure over ranks is (empty for one rank's, a link's, a bank's): "median of 8 ranks" (an op
    /// type's: the lower median of the ranks that ran it, each one rank's figure), "median of 8 ranks'
    /// medians" (a wait), "highest of 8 ranks" (a memory peak), "all ranks' steady steps, pooled" (a
    /// step). Said beside the two figures in text, JSON ("over") and the panel: "+20 % on every rank
    /// (5.82 ms -> 6.98 ms)" read as every rank's figure, or their mean.
    std::string over;
};

/// How the regressions are ordered, said once where they are listed (the summary line, the panel).
extern const char* const kOrderRule;

/// A figure one side does not know: neither a regression nor an improvement, and said so.
struct NotComparable {
    std::string kind;      ///< as Delta::kind: step, op, comm_wait, collective
    std::string statistic; ///< as Delta::statistic
    std::string reason;    ///< "run 0's wait is not known (ranks of the job are missing: …)"
};

struct CompareResult {
    std::vector<Delta> regressions, improvements; ///< most time per step first (kOrderRule)
    std::vector<int> ranks;                       ///< matched (in both)
    std::vector<int> ranksOnlyInBaseline, ranksOnlyInCandidate;
    std::vector<std::string> opTypes; ///< compared (in both, above the share)
    std::vector<std::string> opTypesOnlyInBaseline, opTypesOnlyInCandidate; ///< above the share on their side
    std::vector<std::string> collectives; ///< compared, "hcom_allReduce_ #0"
    std::vector<std::string> collectivesOnlyInBaseline, collectivesOnlyInCandidate;
    /// Links compared (LinkStat::key: the same ranks, transport and group in both runs), and in one only.
    std::vector<std::string> links, linksOnlyInBaseline, linksOnlyInCandidate;
    int64_t collectiveStepsByIndex = 0; ///< steps both runs have by number (0: compared as distributions)
    int64_t baselineSteps = 0, candidateSteps = 0; ///< steady rank-steps over each run's own ranks
    /// Steady rank-steps of the matched ranks only: what is compared rank by rank. Differs from the pair
    /// above where a rank is in one run only (msinsight level1 as .db, rank 0, against its text export,
    /// ranks 0-1: "1 vs 2 steady rank-steps" where the one rank compared had 1 step in each).
    int64_t baselineMatchedSteps = 0, candidateMatchedSteps = 0;
    /// Steady step numbers in both runs, and in one only (when both records list their numbers).
    std::vector<int64_t> stepsByNumber, stepsOnlyInBaseline, stepsOnlyInCandidate;
    std::vector<std::string> notes;
    std::vector<NotComparable> notComparable; ///< figures a side does not know
    int64_t judged = 0; ///< figures compared with a threshold (passed or not); 0: nothing was compared
    /// Set when both sides are measured from the same data (BaselineRecord::sourceDigest equal): "the same
    /// 16 source files …". Whatever its figures say, such a comparison proves nothing about regressions,
    /// so it is no pass (walk 36: `compare D D` read PASS).
    std::string sameData;
    /// Set when the two runs name different hardware (their "hardware" labels): "NVIDIA A100 (baseline) vs
    /// Tesla V100 (candidate)". Deltas are still judged, but a regression cannot be told from the change of
    /// card, so the verdict's headline says it (walk15a #12: a note under 19 regressions was missed).
    std::string hardwareDiffers;
    /// Op types under --min-share that moved beyond the thresholds: not gated for their small share, but
    /// said (the demo's Cast ×2.30 on rank 3 was left out with nothing but "(>= 1.0 % of device time)").
    std::vector<std::string> ungatedOpTypes;
    std::optional<Delta> ungatedLargest; ///< the largest of their changes, by the time it costs a step
    /// LinkStat::key → LinkStat::name, for the text of the links listed by key
    std::map<std::string, std::string> linkNames;
    /// Set when the records do not say the runs are one workload: "share 0 of 157 op types (…)"
    /// (workloadoverlap.h). Their deltas are then not judged: no regression, no improvement, no verdict.
    std::string unrelated;
    /// Set when either side has source files not read or read in part (BaselineRecord::damagedFiles):
    /// "the candidate's files were not all read: rank 0's kernel_details.csv (read in part: …)". The
    /// missing rows can explain any delta (walk17b #1b: a cut kernel_details.csv read as −64.6 %), so
    /// the comparison gives no verdict: neither FAIL nor PASS.
    std::string damagedInput;
    bool fail() const { return !regressions.empty() && damagedInput.empty(); }
    /// Nothing could be compared (no rank in common, a side without steady steps, or no figure both sides
    /// know), the runs are not one workload, or a side's files were not all read: neither a pass nor a
    /// fail — "no regression" would claim what was never looked at.
    bool inconclusive() const {
        return !unrelated.empty() || !damagedInput.empty() ||
               (!fail() && (ranks.empty() || baselineSteps == 0 || candidateSteps == 0 || judged == 0));
    }
    /// "same_data", "fail", "inconclusive" or "pass".
    const char* verdict() const {
        return !sameData.empty() ? "same_data" : fail() ? "fail" : inconclusive() ? "inconclusive" : "pass";
    }
    /// Regressions and improvements as people count them: one per root (groupDeltas), so swapping baseline
    /// and candidate turns N regressions into N improvements.
    int64_t regressionCount() const;
    int64_t improvementCount() const;
};

/// Exit status of `rankscope compare`: 0 pass, 3 regressions, 4 inconclusive, 5 both sides the same data.
int verdictExitCode(const CompareResult& r);

/// "because the candidate's files were not all read: …; the rows missing from them can explain any
/// delta", "" when every file was read: the headline's reason for INCONCLUSIVE.
std::string damageCaveat(const CompareResult& r);

/// The deltas of one root: the over-ranks figure (when compared) and the ranks that moved with it.
struct DeltaGroup {
    /// the over-ranks delta where every rank moved (or no rank's own delta did), else the worst per-rank one
    const Delta* lead = nullptr;
    /// the over-ranks delta when it is not the lead: a figure over every rank (Delta::over), it must not be
    /// read as the figure of the few ranks that moved (walk 18b: "+49.7 % on rank 0" was the mean of rank 0's
    /// +100 % and rank 1's +0 %)
    const Delta* overall = nullptr;
    std::vector<const Delta*> ranks; ///< per-rank deltas of the same kind, op type, seq and statistic
    /// The same root's other figure over the same ranks, given on the same row and counted once: an op
    /// type's median beside its time per step, a link's bandwidth beside its transfer time per step (the
    /// slow link 1→5 made two regressions). Null when the other figure did not move (or on other ranks);
    /// `alsoDeltas`: all of its deltas, the also one first.
    const Delta* also = nullptr;
    std::vector<const Delta*> alsoDeltas;
    /// "", " on every rank", " on rank 3", " on rank 3 (the largest change in time per step of ranks 0,3,…)",
    /// " on 7 of 8 ranks (…)", " on 56 links (+29.0 % to +31.2 %, each within 5 % of link 1→5 HCCS's, the
    /// figures given)"
    std::string where;
    /// A row of links of one communication group whose changes agree within 5 % of the lead link's, the
    /// way ranks that moved alike are one row (one slower AllReduce made 56 link rows): every other link's
    /// deltas, each link's lead figure then its other one. Empty for any other row.
    std::vector<const Delta*> linkDeltas;
    int64_t linkCount = 0; ///< links on the row (the lead's among them); 0: not a row of links
    std::string linkGroup; ///< "group of ranks 0-7", the group they are links of
};
/// Groups `deltas` (regressions or improvements of `r`, worst first) by what moved, in that order.
std::vector<DeltaGroup> groupDeltas(const CompareResult& r, const std::vector<Delta>& deltas);
/// "step wall time median", "MatMul median", "AllReduce #0 transfer time", …
std::string deltaSubject(const Delta& d);
/// A row's subject: deltaSubject of its lead, or for a row of several links "links of group of ranks 0-7
/// transfer time per step".
std::string rowSubject(const DeltaGroup& g);
/// The caveat a verdict headline carries when the runs' hardware differs ("" when it does not):
/// "on different hardware (A (baseline) vs B (candidate)): a delta may be the card, not the change".
std::string hardwareCaveat(const CompareResult& r);
/// "communication wait per step", "step wall time", "op time per step".
std::string notComparableSubject(const NotComparable& n);
/// "communication wait per step: not comparable: run 0's wait is not known (…)", one line per figure.
std::vector<std::string> notComparableSummary(const CompareResult& r);
/// "median +40.0 % (124 µs -> 173 µs)": a group's other figure (DeltaGroup::also) as its row gives it.
std::string alsoText(const Delta& d);
/// ", each the median of 8 ranks": what a figure over ranks is (Delta::over), to follow its two values;
/// "" for one rank's figure, a link's and a step's (its subject says it).
std::string overText(const Delta& d);
/// "median", "bandwidth", "time per step", "transfer time per step": which figure of its subject.
std::string figureName(const Delta& d);
/// A link's name as people read it (linkNames), the key itself when not known.
std::string linkName(const CompareResult& r, const std::string& key);
/// "76.9 ms -> 122 ms", "512.0 MiB -> 540.0 MiB"; times alike in 3 digits with more ("120.40 µs -> 121.00
/// µs").
std::string deltaValues(const Delta& d);
/// The change as people read it: "+8.4 %", or the amount ("+101 ms", "+28.0 MiB") where a percentage says
/// nothing — a baseline of 0 (the ratio is then to the noise floor) or a change past ×10.
std::string deltaChange(const Delta& d);

CompareResult compareRecords(const BaselineRecord& baseline, const BaselineRecord& candidate,
                             const CompareOptions& o = {});

/// The `--json` document: verdict, both sides, regressions, improvements, matched and unmatched.
std::string compareJson(const CompareResult& r, const BaselineRecord& baseline,
                        const BaselineRecord& candidate, const CompareOptions& o);
/// Lines for people, worst regression first; one line per root (an op type slower on every rank is one
/// line, not one per rank).
std::vector<std::string> compareSummary(const CompareResult& r);
/// The same lines for the improvements, best first.
std::vector<std::string> improvementSummary(const CompareResult& r);

} // namespace rs::compare
