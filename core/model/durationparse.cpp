#include "core/model/durationparse.h"

#include <cmath>
#include <cstdlib>

namespace rs::model {

namespace {

std::string trim(const std::string& s) {
    size_t a = s.find_first_not_of(" \t"), b = s.find_last_not_of(" \t");
    return a == std::string::npos ? std::string() : s.substr(a, b - a + 1);
}

std::optional<double> unitNs(const std::string& u) {
    if (u == "ns") return 1.0;
    if (u == "us" || u == "\xC2\xB5s" || u == "\xCE\xBCs") return 1e3; // µ (micro sign or Greek mu)
    if (u == "ms") return 1e6;
    if (u == "s") return 1e9;
    if (u == "min") return 60e9;
    if (u == "h") return 3600e9;
    if (u == "d") return 86400e9; // for ages (cache clean --unused-for 30d)
    return std::nullopt;
}

} // namespace

std::optional<int64_t> parseDurationNs(const std::string& text) {
    std::string s = trim(text);
    size_t i = 0;
    if (i < s.size() && (s[i] == '+' || s[i] == '-')) ++i;
    size_t digits = i;
    while (i < s.size() && ((s[i] >= '0' && s[i] <= '9') || s[i] == '.'))
        ++i;
    if (i == digits) return std::nullopt;
    std::string number = s.substr(0, i);
    if (number.find('.') != number.rfind('.')) return std::nullopt;
    const std::string unitText = trim(s.substr(i));
    char* end = nullptr;
    double v = std::strtod(number.c_str(), &end);
    if (!end || *end || !std::isfinite(v)) return std::nullopt;
    if (unitText.empty() && v == 0) return 0; // a zero is the same in every unit ("0:778us")
    auto unit = unitNs(unitText);
    if (!unit) return std::nullopt;
    double ns = v * *unit;
    if (std::fabs(ns) > 9.2e18) return std::nullopt;
    return int64_t(std::llround(ns));
}

std::optional<std::pair<int64_t, int64_t>> parseTimeRange(const std::string& text) {
    size_t colon = text.find(':');
    if (colon == std::string::npos || text.find(':', colon + 1) != std::string::npos) return std::nullopt;
    auto a = parseDurationNs(text.substr(0, colon)), b = parseDurationNs(text.substr(colon + 1));
    if (!a || !b || *b < *a) return std::nullopt;
    return std::make_pair(*a, *b);
}

} // namespace rs::model
