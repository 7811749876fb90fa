#include "core/import/parallelgroups.h"

#include "core/model/commkeys.h"
#include "core/model/utf8.h"

#include <nlohmann/json.hpp>
#include <set>

namespace rs::import {

using nlohmann::json;

namespace {

/// The members' global ranks as a JSON array text, or empty when `v` is not an array of distinct
/// non-negative integers.
std::string globalRanks(const json& v) {
    if (!v.is_array() || v.empty()) return {};
    json out = json::array();
    std::set<int64_t> seen;
    for (const auto& r : v) {
        if (!r.is_number_integer() || r.get<int64_t>() < 0 || r.get<int64_t>() > INT32_MAX) return {};
        if (!seen.insert(r.get<int64_t>()).second) return {};
        out.push_back(r.get<int64_t>());
    }
    return out.dump();
}

} // namespace

void readParallelGroups(const json& info, const RankState& rank, const std::string& source,
                        const std::string& file, RowEmitter& out) {
    if (!info.is_object()) {
        out.diag(file, "warning",
                 "parallel_group_info is not an object: communication ranks stay group-local", -1,
                 model::utf8Excerpt(info.dump(), 120));
        return;
    }
    for (const auto& [commName, g] : info.items()) {
        model::CommGroupRow row;
        row.rank = rank.rank;
        row.commName = commName;
        row.group = std::to_string(model::hcclGroupHash(commName));
        row.source = source;
        if (g.is_object()) {
            if (auto it = g.find("group_name"); it != g.end() && it->is_string())
                row.label = it->get<std::string>();
            if (auto it = g.find("group_rank"); it != g.end() && it->is_number_integer())
                row.groupRank = it->get<int64_t>();
            if (auto it = g.find("global_ranks"); it != g.end()) row.globalRanks = globalRanks(*it);
        }
        if (row.globalRanks.empty()) {
            out.diag(
                file, "warning",
                "parallel_group_info entry without a list of distinct global_ranks: that group's ranks stay "
                "group-local",
                -1, commName);
            continue;
        }
        out.batch().commGroups.push_back(std::move(row));
    }
}

void readParallelGroupsText(const std::string& text, const RankState& rank, const std::string& source,
                            const std::string& file, RowEmitter& out) {
    json j = json::parse(text, nullptr, false);
    if (j.is_discarded()) {
        out.diag(file, "warning",
                 "parallel_group_info is not valid JSON: communication ranks stay group-local", -1,
                 model::utf8Excerpt(text, 120));
        return;
    }
    readParallelGroups(j, rank, source, file, out);
}

} // namespace rs::import
