#include "core/query/stepsapart.h"

#include "core/annotate/annotation.h"
#include "core/model/stepwall.h"

namespace rs::query {

void loadStepsApart(index::Db& db, const std::set<int>& shown, ProfileSummary& s) {
    auto q = db.prepare("SELECT s.rank, s.step, s.source FROM step_src s JOIN rank_info r ON r.rank = s.rank "
                        "WHERE r.clock_note LIKE 'steps not aligned%'");
    while (q.step()) {
        const int rank = int(q.i64(0));
        if (!shown.count(rank)) continue;
        StepsApart& a = s.stepsApart[rank];
        a.steps.insert(q.i64(1));
        a.source = model::wallSourceName(model::wallSourceOf("", q.text(2), true));
    }
}

std::string stepOnOtherClockText(const ProfileSummary& s, const std::vector<int>& ranks, int64_t step) {
    std::vector<int> who; // the data's numbers
    std::string source;
    for (int rank : ranks)
        if (const auto it = s.stepsApart.find(rank);
            it != s.stepsApart.end() && it->second.steps.count(step)) {
            who.push_back(s.shownRank(rank));
            source = it->second.source;
        }
    if (who.empty()) return {};
    return "step " + std::to_string(step) + " is known only from " + annotate::rankListText(who) + "'s " +
           source + ", on another clock than the device ops (no sync record): the timeline cannot place it";
}

} // namespace rs::query
