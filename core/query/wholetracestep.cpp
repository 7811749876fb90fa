#include "core/query/wholetracestep.h"

#include "core/annotate/annotation.h"
#include "core/query/stepsapart.h"

#include <algorithm>
#include <iterator>
#include <set>

namespace rs::query {

bool isWholeTraceStep(const ProfileSummary& s, int rank, int64_t step) {
    // the band the timeline draws is made of the whole trace (model::wallSourceOf: no step source); a step
    // whose bounds were never loaded (empty: a summary made by hand) says nothing of where it came from
    for (const StepDesc& d : s.steps)
        if (d.rank == rank && d.step == step)
            return d.wall.bounds.endNs > d.wall.bounds.startNs &&
                   d.wall.bounds.band == model::WallSource::WholeTrace;
    return false;
}

bool isWholeTraceOnly(const ProfileSummary& s, int64_t step) {
    bool any = false;
    for (const StepDesc& d : s.steps)
        if (d.step == step) {
            if (!isWholeTraceStep(s, d.rank, step)) return false;
            any = true;
        }
    return any;
}

std::vector<int> takeWholeTracesBesideSteps(const ProfileSummary& s, int64_t step, std::vector<int>& ranks) {
    std::vector<int> whole, rest;
    bool anyMarked = false;
    for (int r : ranks) {
        if (isWholeTraceStep(s, r, step)) {
            whole.push_back(r);
            continue;
        }
        rest.push_back(r);
        anyMarked = anyMarked || std::any_of(s.steps.begin(), s.steps.end(), [&](const StepDesc& d) {
                        return d.rank == r && d.step == step;
                    });
    }
    if (!anyMarked || whole.empty()) return {};
    ranks = rest;
    return whole;
}

StepOnRanks stepOnRanks(const ProfileSummary& s, const std::vector<int>& shown, int64_t step) {
    std::vector<const StepDesc*> marked, whole; // in the order shown
    for (int r : shown)
        for (const StepDesc& d : s.steps)
            if (d.rank == r && d.step == step) (isWholeTraceStep(s, r, step) ? whole : marked).push_back(&d);
    // a step marked on some ranks is theirs; a whole trace beside it is no step (it would pool a step's
    // window with a whole trace's); only when no shown rank marks it is the whole trace what was asked
    const auto& having = marked.empty() ? whole : marked;
    StepOnRanks out;
    if (!having.empty()) out.step = having.front();
    for (int r : shown)
        if (std::none_of(having.begin(), having.end(), [r](const StepDesc* d) { return d->rank == r; }))
            out.lacking.push_back(r);
    return out;
}

namespace {
/// Whether `rank` has no step marks: its one step is its whole trace.
bool hasNoStepMarks(const ProfileSummary& s, int rank) {
    return std::any_of(s.steps.begin(), s.steps.end(), [&](const StepDesc& d) {
        return d.rank == rank && isWholeTraceStep(s, rank, d.step);
    });
}

std::string ranksHave(const std::vector<int>& ranks, const std::string& what) {
    return annotate::rankListText(ranks) + (ranks.size() == 1 ? " has " : " have ") + what;
}

/// "1-4, 7" of ascending step numbers.
std::string stepRanges(const std::set<int64_t>& steps) {
    std::string out;
    for (auto i = steps.begin(); i != steps.end();) {
        auto j = i;
        while (std::next(j) != steps.end() && *std::next(j) == *j + 1)
            ++j;
        out += (out.empty() ? "" : ", ") + std::to_string(*i) + (j != i ? "-" + std::to_string(*j) : "");
        i = std::next(j);
    }
    return out;
}

/// " (their steps: 1-4)" of the steps `keys` mark: what could have been asked instead; "" for none.
std::string markedStepsText(const ProfileSummary& s, const std::vector<int>& keys) {
    std::set<int64_t> marked;
    for (const StepDesc& d : s.steps)
        if (std::count(keys.begin(), keys.end(), d.rank) && !isWholeTraceStep(s, d.rank, d.step))
            marked.insert(d.step);
    if (marked.empty()) return {};
    return std::string(keys.size() == 1 ? " (its " : " (their ") +
           (marked.size() == 1 ? "step: " : "steps: ") + stepRanges(marked) + ")";
}
} // namespace

std::string lackingStepText(const ProfileSummary& s, const std::vector<int>& lacking, int64_t step) {
    std::vector<int> apart, unmarked, without; // the data's numbers, as the lanes name the ranks
    std::vector<int> apartKeys, withoutKeys;
    for (int r : lacking) {
        if (!stepOnOtherClockText(s, {r}, step).empty()) {
            apart.push_back(s.shownRank(r));
            apartKeys.push_back(r);
        } else if (hasNoStepMarks(s, r)) {
            unmarked.push_back(s.shownRank(r));
        } else {
            without.push_back(s.shownRank(r));
            withoutKeys.push_back(r);
        }
    }
    std::vector<std::string> parts;
    // a step list kept apart numbers it: that is why, more exactly than "no step marks"
    if (!apart.empty())
        parts.push_back(ranksHave(apart, "no step " + std::to_string(step)) + ": " +
                        stepOnOtherClockText(s, apartKeys, step));
    if (!unmarked.empty()) parts.push_back(ranksHave(unmarked, "no step marks (a whole trace is no step)"));
    if (!without.empty())
        parts.push_back(ranksHave(without, "no step " + std::to_string(step)) +
                        markedStepsText(s, withoutKeys));
    std::string text;
    for (const auto& p : parts)
        text += (text.empty() ? "" : "; ") + p;
    return text;
}

std::string noStepText(int64_t step, const std::string& why) {
    std::string t = "no step " + std::to_string(step) + " on the ranks shown";
    if (!why.empty()) t.append(": ").append(why);
    return t;
}

std::string wholeTraceText(const ProfileSummary& s, const std::vector<int>& ranks, int64_t step) {
    std::vector<int> whole; // the data's numbers
    for (int r : ranks)
        if (isWholeTraceStep(s, r, step)) whole.push_back(s.shownRank(r));
    if (whole.empty()) return {};
    std::sort(whole.begin(), whole.end());
    return std::string(whole.size() == 1 ? "the whole trace of " : "the whole traces of ") +
           annotate::rankListText(whole) + " (no step marks)";
}

} // namespace rs::query
