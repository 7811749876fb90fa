#include "core/query/namekinds.h"

#include "core/analysis/taskclass.h"
#include "core/import/optype.h"

#include <string_view>
#include <unordered_map>

namespace rs::query {

void classifyNames(ProfileSummary& s) {
    const size_t n = s.strings.size();
    std::unordered_map<std::string_view, int32_t> idOf;
    idOf.reserve(n);
    for (size_t i = 0; i < n; ++i)
        idOf.emplace(s.strings[i], int32_t(i));
    std::vector<std::string> added; // derived op types the index does not hold, ids from n on
    std::unordered_map<std::string, int32_t> addedId;
    s.opTypeOfName.assign(n, 0);
    for (size_t i = 0; i < n; ++i) {
        std::string type = import::deriveOpType(s.strings[i]);
        if (auto it = idOf.find(type); it != idOf.end()) {
            s.opTypeOfName[i] = it->second;
            continue;
        }
        auto [it, fresh] = addedId.emplace(type, int32_t(n + added.size()));
        if (fresh) added.push_back(std::move(type));
        s.opTypeOfName[i] = it->second;
    }
    for (auto& a : added) {
        s.strings.push_back(std::move(a));
        s.opTypeOfName.push_back(int32_t(s.strings.size() - 1)); // an op type is its own op type
    }
    s.communication.assign(s.strings.size(), 0);
    for (size_t i = 0; i < s.strings.size(); ++i)
        s.communication[i] = analysis::isCommunicationName(s.strings[i]) ? 1 : 0;
}

} // namespace rs::query
