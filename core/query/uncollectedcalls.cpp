#include "core/query/uncollectedcalls.h"

#include "core/model/commrows.h"
#include "core/model/plural.h"

namespace rs::query {

nlohmann::json uncollectedCallsJson(index::Db& db, const std::string& rankIn) {
    // the names first (a few rows of name_fact), then their spans by name: no scan joining every span
    std::string ids;
    auto names = db.prepare("SELECT name_id FROM name_fact WHERE communication = 1 AND task IS NULL");
    while (names.step())
        ids += (ids.empty() ? "" : ",") + std::to_string(names.i64(0));
    if (ids.empty()) return nullptr;
    std::string sql = "SELECT n.value, count(*) FROM span s JOIN string n ON n.id = s.name_id";
    if (!rankIn.empty()) sql += " JOIN track t ON t.track_id = s.track_id AND t.rank IN (" + rankIn + ")";
    sql += " WHERE s.name_id IN (" + ids + ") GROUP BY s.name_id ORDER BY count(*) DESC, n.value";
    auto q = db.prepare(sql);
    int64_t count = 0;
    nlohmann::json top = nlohmann::json::array();
    while (q.step()) {
        count += q.i64(1);
        if (top.size() < 3) top.push_back(q.text(0));
    }
    if (count == 0) return nullptr;
    nlohmann::json out = {{"count", count}, {"names", top}};
    // the importer's note on records of a one-rank process group (collectiveargs.cpp) has the same cause:
    // said here beside it, so the report does not tell one cause as two unrelated ones (r55a:
    // ns_resolution_trace, a job of world size 1)
    std::string oneRank = "SELECT coalesce(sum(d.count), 0) FROM diagnostic d WHERE d.what = ?";
    if (!rankIn.empty())
        oneRank.append(" AND EXISTS (SELECT 1 FROM source_file f WHERE f.path = d.file AND f.rank IN (")
            .append(rankIn)
            .append("))");
    auto one = db.prepare(oneRank);
    one.bind(1, std::string(model::kKinetoUnplacedWhat).append(model::kKinetoOneRankWhy));
    if (one.step() && one.i64(0) > 0) out["one_rank_group_records"] = one.i64(0);
    return out;
}

std::string uncollectedCallsText(const nlohmann::json& counts) {
    const auto it = counts.find("uncollected_communication_calls");
    if (it == counts.end() || !it->is_object()) return {};
    std::string names;
    for (const auto& n : (*it)["names"])
        names += (names.empty() ? "" : ", ") + n.get<std::string>();
    std::string text =
        " (" + model::counted((*it)["count"].get<int64_t>(), "communication call", "communication calls") +
        ", " + names +
        ": no collective kernel of theirs is recorded, so none is matched across ranks or timed as a "
        "collective";
    if (const int64_t one = it->value("one_rank_group_records", int64_t(0)); one > 0)
        text.append("; ")
            .append(model::counted(one, "record", "records"))
            .append(
                " of their args name a one-rank process group: no other rank takes part, so no bytes go to a "
                "rank pair either");
    return text + ")";
}

} // namespace rs::query
