#include "app/cli/commands.h"

#include "app/cli/profileopener.h"
#include "app/cli/recordsource.h"
#include "core/compare/runcomparison.h"
#include "core/model/plural.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

namespace rs::cli {

namespace {
/// A relative threshold such as 0.03 (3 %); "3%" is accepted too.
bool fraction(Args& a, const std::string& name, double& v, std::string& error) {
    auto s = a.value(name);
    if (!s) return true;
    std::string t = *s;
    double scale = 1;
    if (!t.empty() && t.back() == '%') t.pop_back(), scale = 0.01;
    char* end = nullptr;
    double x = std::strtod(t.c_str(), &end);
    if (t.empty() || end != t.c_str() + t.size() || !std::isfinite(x) || x < 0) {
        error = "--" + name + " must be a non-negative fraction such as 0.03 or 3% (got '" + *s + "')";
        return false;
    }
    v = x * scale;
    return true;
}
/// "3-9, 12": step numbers as ranges, so a thousand unmatched steps stay one line.
std::vector<std::string> stepRanges(const std::vector<int64_t>& steps) {
    std::vector<std::string> out;
    for (size_t i = 0; i < steps.size();) {
        size_t j = i;
        while (j + 1 < steps.size() && steps[j + 1] == steps[j] + 1)
            ++j;
        std::string range = std::to_string(steps[i]);
        if (j > i) range.append("-").append(std::to_string(steps[j])); // append: GCC 12's false warning on +
        out.push_back(range);
        i = j + 1;
    }
    return out;
}

/// The matched collectives as what they are: places in a step (type and order, "hcom_allReduce_ #0"), each
/// matched in every step both runs have; not collective instances, nor names (mindinsight profiler's "1
/// collectives" over 19 steps read as one collective). The first three are named.
std::string collectivesText(const std::vector<std::string>& keys) {
    std::string out = model::counted(int64_t(keys.size()), "collective", "collectives");
    out.append(" by type and place in the step"); // appended: GCC 12's false -Wstringop-overflow on +
    for (size_t i = 0; i < keys.size() && i < 3; ++i)
        out.append(i == 0 ? " (" : ", ").append(keys[i]);
    if (keys.size() > 3) out += ", …";
    if (!keys.empty()) out += ")";
    return out;
}

/// "3 vs 3 steady rank-steps", over the ranks compared; where a rank is in one run only, each run's own
/// count beside it, said as such (msinsight level1 .db against its text export read "1 vs 2" where the one
/// rank compared had 1 step in each).
std::string rankStepsText(const compare::CompareResult& r) {
    const auto vs = [](int64_t b, int64_t c) { return std::to_string(b) + " vs " + std::to_string(c); };
    if (r.ranksOnlyInBaseline.empty() && r.ranksOnlyInCandidate.empty())
        return vs(r.baselineMatchedSteps, r.candidateMatchedSteps) + " steady rank-steps";
    std::string t = vs(r.baselineMatchedSteps, r.candidateMatchedSteps);
    t.append(" steady rank-steps on the ")
        .append(model::counted(int64_t(r.ranks.size()), "rank", "ranks"))
        .append(" both have (")
        .append(vs(r.baselineSteps, r.candidateSteps))
        .append(" over each run's own ranks)");
    return t;
}

/// What the two runs have in common. With no rank in both, names in both runs are no match: their
/// figures cover different ranks and are not compared.
void printMatched(const compare::CompareResult& r, const compare::CompareOptions& o) {
    // two workloads: rank and step numbers in both are not the same ranks and steps (walk 56c read
    // "matched: 1 rank" under "not one workload")
    if (!r.ranks.empty() && !r.unrelated.empty() && r.sameData.empty())
        std::printf("matched: no rank (not one workload: %s and %s appear in both runs, as two jobs' "
                    "ranks and steps; not compared)\n",
                    model::counted(int64_t(r.ranks.size()), "rank number", "rank numbers").c_str(),
                    model::counted(int64_t(r.stepsByNumber.size()), "step number", "step numbers").c_str());
    else if (r.ranks
                 .empty()) // figures over different ranks are not compared: names in both runs are no match
        std::printf(
            "matched: no rank, so nothing was compared (%zu op types >= %.1f %% of device time and %zu "
            "step numbers are in both runs, not compared: their figures cover different ranks); %lld vs "
            "%lld steady rank-steps\n",
            r.opTypes.size(), o.minShare * 100, r.stepsByNumber.size(),
            static_cast<long long>(r.baselineSteps), static_cast<long long>(r.candidateSteps));
    else
        std::printf("matched: %s, %zu op types (>= %.1f %% of device time), %s by number, %s "
                    "(over %s by number), %zu links (same ranks, transport and group), "
                    "%s\n",
                    model::counted(int64_t(r.ranks.size()), "rank", "ranks").c_str(), r.opTypes.size(),
                    o.minShare * 100,
                    model::counted(int64_t(r.stepsByNumber.size()), "step", "steps").c_str(),
                    collectivesText(r.collectives).c_str(),
                    model::counted(r.collectiveStepsByIndex, "step", "steps").c_str(), r.links.size(),
                    rankStepsText(r).c_str());
}
/// The verdict word of the headline, with the hardware caveat when the runs' cards differ (a regression
/// cannot be told from the change of card).
std::string verdictHead(const compare::CompareResult& r) {
    const std::string caveat = compare::hardwareCaveat(r);
    return std::string(!r.sameData.empty() ? "figures"
                       : r.fail()          ? "FAIL"
                       : !r.damagedInput.empty()
                           ? "INCONCLUSIVE (no verdict " + compare::damageCaveat(r) + ")"
                       : r.inconclusive() ? "INCONCLUSIVE (no verdict; the notes say why)"
                                          : "PASS") +
           (caveat.empty() ? "" : " " + caveat);
}

/// The verdict line (after a SAME DATA line when both sides are the same data: no verdict on regressions,
/// said before the figures that look like one).
void printVerdict(const compare::CompareResult& r, const compare::CompareOptions& o, size_t regressions) {
    if (!r.unrelated.empty() && r.sameData.empty()) {
        const std::string caveat = compare::hardwareCaveat(r);
        std::printf("INCONCLUSIVE: %s: not one workload, so no verdict%s (the notes say more)\n",
                    r.unrelated.c_str(), caveat.empty() ? "" : ("; " + caveat).c_str());
        return;
    }
    if (!r.sameData.empty())
        std::printf(
            "SAME DATA (no verdict): %s; a run compared with itself proves nothing about regressions\n",
            r.sameData.c_str());
    // the order said once, where the list starts: it is the order a reader acts in (walk 32: a +2.41 ms
    // wait was listed above a +200 ms step p95)
    const bool listed = regressions > 0 || r.improvementCount() > 0;
    std::printf("%s: %s beyond the thresholds (latency %.1f %%, memory %.1f %%, wait %.1f "
                "%%), %s%s\n",
                verdictHead(r).c_str(),
                model::counted(int64_t(regressions), "regression", "regressions").c_str(),
                o.maxLatencyDelta * 100, o.maxMemoryDelta * 100, o.maxWaitDelta * 100,
                model::counted(r.improvementCount(), "improvement", "improvements").c_str(),
                listed ? (std::string("; listed ") + compare::kOrderRule).c_str() : "");
}
/// A folder of several runs: --run N measures run N of both sides, --baseline-run/--candidate-run (`own`)
/// one side's (two runs of one folder), as `baseline --run N` does; none: the default run (defaultrun.h).
std::optional<int> runAsked(Args& a, const char* own) {
    if (a.value(own)) return int(a.intValue(own, 0, 0, 1 << 30));
    if (a.value("run")) return int(a.intValue("run", 0, 0, 1 << 30));
    return std::nullopt;
}
} // namespace

int runCompare(const ArgList& argv) {
    auto vo = indexValueOptions();
    vo.erase("db"); // two profiles: each keeps its own index
    vo.insert({"max-latency-delta", "max-memory-delta", "max-wait-delta", "min-share", "run", "baseline-run",
               "candidate-run"});
    Args a(argv, vo, indexFlags({"json", "quiet"}));
    if (!a.ok()) return usageError("compare", a.error());
    if (a.positional().size() != 2)
        return usageError(
            "compare", "compare needs a BASELINE and a CANDIDATE (profile directories or baseline records)");
    compare::CompareOptions o;
    std::string error;
    if (!fraction(a, "max-latency-delta", o.maxLatencyDelta, error) ||
        !fraction(a, "max-memory-delta", o.maxMemoryDelta, error) ||
        !fraction(a, "max-wait-delta", o.maxWaitDelta, error) || !fraction(a, "min-share", o.minShare, error))
        return usageError("compare", error);
    const bool quiet = a.flag("quiet") || a.flag("json");
    std::optional<int> runs[2];
    for (int side : {0, 1})
        runs[side] = runAsked(a, side == 0 ? "baseline-run" : "candidate-run");
    if (!a.ok()) return usageError("compare", a.error());
    compare::BuiltRecord base, cand;
    for (auto [side, rec] : {std::pair{0, &base}, std::pair{1, &cand}}) {
        if (!loadRecord(a.positional()[size_t(side)], a, runs[side], quiet, *rec, error)) {
            std::fprintf(stderr, "rankscope compare: %s\n", error.c_str());
            return 1;
        }
    }
    auto r = compare::compareRecords(base.record, cand.record, o);
    for (const auto& n : base.notes)
        r.notes.push_back("baseline: " + n);
    for (const auto& n : cand.notes)
        r.notes.push_back("candidate: " + n);
    if (a.flag("json")) {
        std::printf("%s\n", compare::compareJson(r, base.record, cand.record, o).c_str());
        return compare::verdictExitCode(r);
    }
    const auto lines = compare::compareSummary(r);
    printVerdict(r, o, lines.size());
    for (const auto& l : lines)
        std::printf("  %s\n", l.c_str());
    // counted like the regressions (one per root) and listed, so a PASS says what got better
    const auto better = compare::improvementSummary(r);
    if (!better.empty()) std::printf("improvements:\n");
    for (const auto& l : better)
        std::printf("  %s\n", l.c_str());
    // a figure one side does not know is neither better nor worse: said, not judged
    const auto unknown = compare::notComparableSummary(r);
    if (!unknown.empty()) std::printf("not comparable:\n");
    for (const auto& l : unknown)
        std::printf("  %s\n", l.c_str());
    printMatched(r, o);
    // `count`: what the entries cover (steps, where the entries are ranges of them)
    auto list = [](const char* what, const auto& v, size_t count) {
        if (v.empty()) return;
        // a count and the first few: 399 collective names one by one bury the verdict (walk 11)
        constexpr size_t kShown = 8;
        std::string s = std::to_string(count) + ": ";
        for (size_t i = 0; i < v.size() && i < kShown; ++i) {
            if constexpr (std::is_same_v<std::decay_t<decltype(v[i])>, int>)
                s += (i ? ", " : "") + std::to_string(v[i]);
            else
                s += (i ? ", " : "") + v[i];
        }
        if (v.size() > kShown) s += ", … (--json lists all)";
        std::printf("not matched: %s: %s\n", what, s.c_str());
    };
    list("ranks only in the baseline", r.ranksOnlyInBaseline, r.ranksOnlyInBaseline.size());
    list("ranks only in the candidate", r.ranksOnlyInCandidate, r.ranksOnlyInCandidate.size());
    list("op types only in the baseline", r.opTypesOnlyInBaseline, r.opTypesOnlyInBaseline.size());
    list("op types only in the candidate", r.opTypesOnlyInCandidate, r.opTypesOnlyInCandidate.size());
    list("steps only in the baseline", stepRanges(r.stepsOnlyInBaseline), r.stepsOnlyInBaseline.size());
    list("steps only in the candidate", stepRanges(r.stepsOnlyInCandidate), r.stepsOnlyInCandidate.size());
    // links by the names people read (their groups by ranks); --json keeps the data's keys
    const auto names = [&r](const std::vector<std::string>& keys) {
        std::vector<std::string> out;
        for (const auto& k : keys)
            out.push_back(compare::linkName(r, k));
        return out;
    };
    list("links only in the baseline", names(r.linksOnlyInBaseline), r.linksOnlyInBaseline.size());
    list("links only in the candidate", names(r.linksOnlyInCandidate), r.linksOnlyInCandidate.size());
    list("collectives only in the baseline", r.collectivesOnlyInBaseline, r.collectivesOnlyInBaseline.size());
    list("collectives only in the candidate", r.collectivesOnlyInCandidate,
         r.collectivesOnlyInCandidate.size());
    for (const auto& n : r.notes)
        std::printf("note: %s\n", n.c_str());
    return compare::verdictExitCode(r);
}

} // namespace rs::cli
