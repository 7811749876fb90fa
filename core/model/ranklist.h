#pragma once
// The rank lists users type ("0,3-5" on the command line's --ranks, the area statistics' rank field). Pure;
// any thread.
#include <string>
#include <vector>

namespace rs::model {

/// "0,3-5" → {0, 3, 4, 5} (in the order written); false on anything else (a negative, a reversed or a huge
/// range).
bool parseRankList(const std::string& s, std::vector<int>& out);

} // namespace rs::model
