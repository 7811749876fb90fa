#include "core/analysis/listedgroupscope.h"

#include <algorithm>

namespace rs::analysis {

namespace {

std::string listText(const std::vector<int64_t>& v, size_t max = 8) {
    std::string s = "[";
    for (size_t i = 0; i < v.size() && i < max; ++i)
        s.append(i ? ", " : "").append(std::to_string(v[i]));
    if (v.size() > max) s.append(", … ").append(std::to_string(v.back()));
    return s + "]";
}

std::string ranksText(const std::set<int64_t>& r) {
    return listText(std::vector<int64_t>(r.begin(), r.end()));
}

bool holds(const std::vector<int64_t>& group, const std::set<int64_t>& ranks) {
    return std::all_of(ranks.begin(), ranks.end(),
                       [&](int64_t r) { return std::find(group.begin(), group.end(), r) != group.end(); });
}

} // namespace

ListedScope listedGroupScope(const std::vector<std::vector<int64_t>>& listed, const std::set<int64_t>& named,
                             const std::set<int64_t>& holders) {
    if (listed.empty() || named.empty() || holders.empty() || *named.begin() < 0) return {};
    const int64_t largest = *named.rbegin();
    std::set<int64_t> all = named;
    all.insert(holders.begin(), holders.end());
    if (std::none_of(listed.begin(), listed.end(), [&](const auto& g) { return holds(g, all); }))
        return {}; // as global ranks they are in no listed group either: nothing to conclude
    int64_t candidates = 0;
    for (const auto& g : listed) {
        if (int64_t(g.size()) <= largest || !holds(g, holders)) continue;
        ++candidates;
        for (int64_t r : named)
            if (g[size_t(r)] != r)
                return {false, "communication_group.json's group " + listText(g) + " would number rank " +
                                   std::to_string(r) + " as " + std::to_string(g[size_t(r)])};
    }
    const std::string whose = "the links of the files of rank" +
                              std::string(holders.size() > 1 ? "s " : " ") +
                              ranksText(holders).substr(1, ranksText(holders).size() - 2);
    if (candidates == 0)
        return {true, whose + " name rank " + std::to_string(largest) +
                          ", more than any group communication_group.json lists with " +
                          (holders.size() > 1 ? "them" : "it") + " has members"};
    return {true, whose + " name ranks " + ranksText(named) +
                      ", which every group communication_group.json lists that could number them numbers as "
                      "the job does"};
}

} // namespace rs::analysis
