#include "core/model/plural.h"

#include <cstdio>

namespace rs::model {

std::string counted(int64_t n, std::string_view one, std::string_view many) {
    std::string s = std::to_string(n);
    s += ' ';
    s += (n == 1 || n == -1) ? one : many;
    return s;
}

std::string millionsText(int64_t n) {
    if (n < 1'000'000 && n > -1'000'000) return std::to_string(n);
    char s[32];
    std::snprintf(s, sizeof s, "%.1fM", double(n) / 1e6);
    return s;
}

} // namespace rs::model
