#include "core/model/commtext.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace rs::model {

std::string threeSignificant(double v) {
    char buf[48];
    const double a = std::fabs(v);
    // decimals so that 3 significant digits show (capped: a femto-GB/s figure is 0.000000…)
    int decimals = a >= 100 || a == 0 ? 0 : a >= 10 ? 1 : 2;
    if (a > 0 && a < 1) decimals = std::min(9, 2 - int(std::floor(std::log10(a))));
    // rounding may carry into the next digit (0.09996 → "0.100"): that keeps 3 significant digits
    std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
    return buf;
}

namespace {
/// `v` with 3 significant digits (at least the integer part), then `unit`.
std::string threeDigits(double v, const char* unit) {
    return threeSignificant(v) + " " + unit;
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

std::string formatBandwidthNumber(double gbps) {
    return std::isfinite(gbps) ? threeSignificant(gbps) : "-";
}

std::string formatBandwidth(double gbps) {
    return std::isfinite(gbps) ? threeDigits(gbps, "GB/s") : "-";
}

} // namespace rs::model
