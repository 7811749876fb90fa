#include "core/query/uncollectedcalls.h"

#include "core/model/commrows.h"
#include "core/model/plural.h"

#include <algorithm>
#include <climits>
#include <map>
#include <vector>

namespace rs::query {

namespace {

/// The calls by name, each counted once: a communication span inside another on its track (c10d's
/// `c10d::allreduce_` op around its `nccl:all_reduce` annotation) is part of that call, not a second one
/// (ns_resolution_trace said "70 communication calls" of its 35). Spans in (track, ts, depth) order.
std::map<std::string, int64_t> outermostCalls(index::Stmt& q) {
    std::map<std::string, int64_t> calls;
    int64_t track = -1, openStart = INT64_MIN, openEnd = INT64_MIN, openDepth = 0;
    while (q.step()) {
        const int64_t t = q.i64(0), ts = q.i64(1), end = ts + q.i64(2), depth = q.i64(4);
        if (t != track) track = t, openEnd = INT64_MIN;
        // within the call still open on this track: starting before its end (a zero-length call at its
        // end comes after it), or under it at its start (both of no length)
        const bool inside = ts < openEnd || (ts == openStart && depth > openDepth);
        if (inside && end <= openEnd) continue;
        if (!inside || end > openEnd) openStart = ts, openEnd = end, openDepth = depth;
        ++calls[q.text(3)];
    }
    return calls;
}

} // namespace

nlohmann::json uncollectedCallsJson(index::Db& db, const std::string& rankIn) {
    // the names first (a few rows of name_fact), then their spans by name: no scan joining every span
    std::string ids;
    auto names = db.prepare("SELECT name_id FROM name_fact WHERE communication = 1 AND task IS NULL");
    while (names.step())
        ids += (ids.empty() ? "" : ",") + std::to_string(names.i64(0));
    if (ids.empty()) return nullptr;
    std::string sql = "SELECT s.track_id, s.ts_ns, s.dur_ns, n.value, s.depth FROM span s JOIN string n ON "
                      "n.id = s.name_id";
    if (!rankIn.empty()) sql += " JOIN track t ON t.track_id = s.track_id AND t.rank IN (" + rankIn + ")";
    sql += " WHERE s.name_id IN (" + ids + ") ORDER BY s.track_id, s.ts_ns, s.depth";
    auto q = db.prepare(sql);
    const std::map<std::string, int64_t> calls = outermostCalls(q);
    std::vector<std::pair<int64_t, std::string>> byCount; // most calls first, then by name
    int64_t count = 0;
    for (const auto& [name, n] : calls) {
        count += n;
        byCount.emplace_back(-n, name);
    }
    std::sort(byCount.begin(), byCount.end());
    nlohmann::json top = nlohmann::json::array();
    for (size_t i = 0; i < byCount.size() && i < 3; ++i)
        top.push_back(byCount[i].second);
    if (count == 0) return nullptr;
    nlohmann::json out = {{"count", count}, {"names", top}};
    // the importer's note on records of a one-rank process group (collectiveargs.cpp) has the same cause:
    // said here beside it, so the report does not tell one cause as two unrelated ones (r55a:
    // ns_resolution_trace, a job of world size 1)
    std::string oneRank = "SELECT coalesce(sum(d.count), 0) FROM diagnostic d WHERE d.what IN (?, ?)";
    if (!rankIn.empty())
        oneRank.append(" AND EXISTS (SELECT 1 FROM source_file f WHERE f.path = d.file AND f.rank IN (")
            .append(rankIn)
            .append("))");
    auto one = db.prepare(oneRank);
    // the group named by its ranks or by its first rank and size: one cause
    one.bind(1, std::string(model::kKinetoUnplacedWhat).append(model::kKinetoOneRankWhy));
    one.bind(2, std::string(model::kKinetoUnplacedWhat).append(model::kKinetoOneRankBySizeWhy));
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
