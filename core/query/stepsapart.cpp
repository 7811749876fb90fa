#include "core/query/stepsapart.h"

#include "core/model/stepwall.h"

namespace rs::query {

std::string stepOnOtherClockText(index::Db& db, const std::vector<int>& ranks, int64_t step,
                                 const std::map<int, int>& dataRank) {
    // a cluster index keeps no step_src rows: nothing found, nothing said
    auto q =
        db.prepare("SELECT s.source FROM step_src s JOIN rank_info r ON r.rank = s.rank WHERE s.rank = ? "
                   "AND s.step = ? AND r.clock_note LIKE 'steps not aligned%' LIMIT 1");
    std::string who, source;
    for (int rank : ranks) {
        q.bind(1, rank).bind(2, step);
        if (q.step()) {
            const auto it = dataRank.find(rank);
            who += (who.empty() ? "rank " : ", ") + std::to_string(it == dataRank.end() ? rank : it->second);
            source = model::wallSourceName(model::wallSourceOf("", q.text(0), true));
        }
        q.reset();
    }
    if (who.empty()) return {};
    return "step " + std::to_string(step) + " is known only from " + who + "'s " + source +
           ", on another clock than the device ops (no sync record): the timeline cannot place it";
}

} // namespace rs::query
