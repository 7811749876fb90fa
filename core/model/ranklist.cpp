#include "core/model/ranklist.h"

#include <algorithm>
#include <cstdlib>

namespace rs::model {

bool parseRankList(const std::string& s, std::vector<int>& out) {
    size_t start = 0;
    while (start <= s.size()) {
        const size_t comma = std::min(s.find(',', start), s.size());
        const std::string part = s.substr(start, comma - start);
        const size_t dash = part.find('-');
        char* end = nullptr;
        const long a = std::strtol(part.c_str(), &end, 10);
        if (part.empty() || end == part.c_str() || a < 0 || (dash == std::string::npos && *end)) return false;
        long b = a;
        if (dash != std::string::npos) {
            if (end != part.c_str() + dash) return false;
            const char* tail = part.c_str() + dash + 1;
            b = std::strtol(tail, &end, 10);
            if (end == tail || *end || b < a || b - a > 100000) return false;
        }
        for (long r = a; r <= b; ++r)
            out.push_back(int(r));
        start = comma + 1;
    }
    return !out.empty();
}

} // namespace rs::model
