#include "core/query/collidedranknames.h"

#include "core/model/rankrelabel.h"

namespace rs::query {

std::map<int64_t, std::string> collidedRankNames(index::Db& db) {
    std::map<int64_t, std::string> names;
    auto q =
        db.prepare("SELECT rank, data_rank FROM rank_info WHERE data_rank IS NOT NULL AND data_rank <> rank");
    while (q.step())
        names[q.i64(0)] = std::to_string(q.i64(1)) + " (index key " + std::to_string(q.i64(0)) + ")";
    return names;
}

std::string withRankNames(const std::string& text, const std::map<int64_t, std::string>& names) {
    return names.empty() ? text : model::relabelRanks(text, names);
}

} // namespace rs::query
