#pragma once
// Whether a communication group's link ranks are global, judged against the job's groups an msprof-analyze
// cluster summary lists (communication_group.json: every group's members as global ranks). Without the
// ranks' parallel_group_info a group's links could be numbered group-locally (local rank i = the i-th
// member); the listing tells when they cannot be: numbered group-locally, the group is a listed group
// holding every rank whose file holds its links, with more members than the largest rank named. When every
// such listed group numbers each named rank as the job does (member i is rank i), or none could number
// them at all (test_data's links name 8 and 9 in groups whose listed 2-rank groups are [0, 8] and [1, 9];
// only [0 … 15] holds ranks 0 and 1 with ten members), the ranks as written are the global ones. The
// named and holding ranks must then lie in one listed group, else the data contradicts itself and nothing
// is concluded. Pure; any thread.
#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace rs::analysis {

struct ListedScope {
    bool global = false;
    std::string why; ///< why global, or (not global) the listed group that would number them otherwise
};

/// `listed`: the job's groups (global ranks, in group-rank order); `named`: the ranks the group's links
/// write; `holders`: the global ranks whose files hold those links.
ListedScope listedGroupScope(const std::vector<std::vector<int64_t>>& listed, const std::set<int64_t>& named,
                             const std::set<int64_t>& holders);

} // namespace rs::analysis
