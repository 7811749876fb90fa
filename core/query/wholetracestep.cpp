#include "core/query/wholetracestep.h"

#include "core/annotate/annotation.h"

#include <algorithm>

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
} // namespace

std::string lackingStepText(const ProfileSummary& s, const std::vector<int>& lacking, int64_t step) {
    std::vector<int> unmarked, without; // the data's numbers, as the lanes name the ranks
    for (int r : lacking)
        (hasNoStepMarks(s, r) ? unmarked : without).push_back(s.shownRank(r));
    std::string text;
    if (!unmarked.empty()) text = ranksHave(unmarked, "no step marks (a whole trace is no step)");
    if (!without.empty())
        text += (text.empty() ? "" : "; ") + ranksHave(without, "no step " + std::to_string(step));
    return text;
}

} // namespace rs::query
