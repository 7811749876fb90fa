#include "core/model/rankrelabel.h"

#include <regex>

namespace rs::model {

std::string relabelRanks(const std::string& text, const std::map<int64_t, std::string>& names) {
    static const std::regex kRank(R"(\brank ([0-9]+)\b)");
    std::string out;
    auto last = text.cbegin();
    for (std::sregex_iterator it(text.begin(), text.end(), kRank), end; it != end; ++it) {
        const auto found = names.find(std::stoll((*it)[1].str()));
        if (found == names.end()) continue;
        out.append(last, (*it)[1].first).append(found->second);
        last = (*it)[1].second;
    }
    return out.append(last, text.cend());
}

} // namespace rs::model
