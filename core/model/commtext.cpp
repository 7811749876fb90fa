#include "core/model/commtext.h"

#include <cmath>
#include <cstdio>

namespace rs::model {

namespace {
/// `v` with 3 significant digits (at least the integer part), then `unit`.
std::string threeDigits(double v, const char* unit) {
    char buf[48];
    const double a = std::fabs(v);
    const int decimals = a >= 100 ? 0 : a >= 10 ? 1 : 2;
    std::snprintf(buf, sizeof buf, "%.*f %s", decimals, v, unit);
    return buf;
}
} // namespace

std::string formatDecimalBytes(int64_t bytes) {
    static const char* kUnits[] = {"kB", "MB", "GB", "TB", "PB"};
    if (bytes < 1000 && bytes > -1000) return std::to_string(bytes) + " B";
    double v = double(bytes) / 1000.0;
    int u = 0;
    while (std::fabs(v) >= 999.5 && u < 4) {
        v /= 1000.0;
        ++u;
    }
    return threeDigits(v, kUnits[u]);
}

std::string formatBandwidth(double gbps) {
    if (!std::isfinite(gbps)) return "-";
    if (gbps != 0 && std::fabs(gbps) < 0.01) return threeDigits(gbps * 1000.0, "MB/s");
    return threeDigits(gbps, "GB/s");
}

} // namespace rs::model
