#include "core/model/timetext.h"

#include <algorithm>

#include <cstdio>

namespace rs::model {

namespace {

constexpr int64_t kUs = 1000, kMs = 1000 * kUs, kS = 1000 * kMs, kMin = 60 * kS, kH = 60 * kMin, kD = 24 * kH;

/// |ns| without overflow for INT64_MIN (as an unsigned magnitude).
uint64_t magnitude(int64_t ns) {
    return ns < 0 ? uint64_t(-(ns + 1)) + 1 : uint64_t(ns);
}

/// Decimals needed to show `resolution` in units of `unit` (0 when the unit is already as fine).
int decimalsFor(uint64_t resolution, uint64_t unit) {
    int d = 0;
    for (uint64_t u = unit; u > resolution && u > 1 && d < 9; u /= 10)
        ++d;
    return d;
}

/// The unit formatOffset writes a short offset (below 1 000 s) of magnitude `a` in at resolution `res`: the
/// magnitude's, or the resolution's where that is larger.
uint64_t offsetUnit(uint64_t a, uint64_t res) {
    return a >= uint64_t(kS) || res >= uint64_t(kS)     ? kS
           : a >= uint64_t(kMs) || res >= uint64_t(kMs) ? kMs
           : a >= uint64_t(kUs) || res >= uint64_t(kUs) ? kUs
                                                        : 1;
}

uint64_t pow10(int dec) {
    uint64_t scale = 1;
    for (int i = 0; i < dec; ++i)
        scale *= 10;
    return scale;
}

/// `ns` as formatOffset prints it at `resolutionNs`: rounded to its last printed digit (short offsets) or
/// cut there (long ones).
int64_t printedOffset(int64_t ns, int64_t resolutionNs) {
    const uint64_t a = magnitude(ns), res = resolutionNs > 0 ? uint64_t(resolutionNs) : 1;
    uint64_t out;
    if (a < 1000 * uint64_t(kS)) {
        const uint64_t unit = offsetUnit(a, res),
                       grain = std::max<uint64_t>(1, unit / pow10(decimalsFor(res, unit)));
        out = (a + grain / 2) / grain * grain;
    } else {
        const uint64_t grain = uint64_t(kS) / pow10(std::clamp(decimalsFor(res, kS), 0, 9));
        out = a / grain * grain;
    }
    return ns < 0 ? -int64_t(out) : int64_t(out);
}

/// `a` (1 µs ≤ a < 1 min) to three significant digits in µs, ms or s, rounded half up on the integer: a
/// double reads 2 825 000 ns as 2.8249999… ms and printed "2.82 ms" beside a "2.83 ms" of the same length.
std::string threeDigits(uint64_t a) {
    static const char* units[] = {"\xc2\xb5s", "ms", "s"};
    int u = a < uint64_t(kMs) ? 0 : a < uint64_t(kS) ? 1 : 2;
    for (;; ++u) {
        const uint64_t unit = u == 0 ? kUs : u == 1 ? kMs : kS;
        // the most decimals (2, 1, 0) whose rounded value keeps three digits
        for (int dec = 2; dec >= 0; --dec) {
            const uint64_t grain = unit / pow10(dec), digits = (a + grain / 2) / grain;
            if (digits >= 1000 && !(dec == 0 && u == 2))
                continue; // 999.7 µs reads "1.00 ms", never "1000 µs"
            char b[64];
            const uint64_t scale = pow10(dec);
            if (dec == 0)
                std::snprintf(b, sizeof b, "%llu %s", static_cast<unsigned long long>(digits), units[u]);
            else // dec is 1 or 2: a fixed width, so the compiler sees the text fits
                std::snprintf(b, sizeof b, dec == 1 ? "%llu.%01llu %s" : "%llu.%02llu %s",
                              static_cast<unsigned long long>(digits / scale),
                              static_cast<unsigned long long>(digits % scale), units[u]);
            return b;
        }
    }
}
} // namespace

std::string formatDuration(int64_t ns) {
    const uint64_t a = magnitude(ns);
    const char* sign = ns < 0 ? "-" : "";
    char b[96];
    if (a < uint64_t(kUs)) {
        std::snprintf(b, sizeof b, "%s%llu ns", sign, static_cast<unsigned long long>(a));
        return b;
    }
    if (a < uint64_t(kMin)) return sign + threeDigits(a);
    if (a < uint64_t(kH)) {
        std::snprintf(b, sizeof b, "%s%llu min %llu s", sign, static_cast<unsigned long long>(a / kMin),
                      static_cast<unsigned long long>((a % kMin) / kS));
    } else if (a < uint64_t(kD)) {
        std::snprintf(b, sizeof b, "%s%llu h %llu min", sign, static_cast<unsigned long long>(a / kH),
                      static_cast<unsigned long long>((a % kH) / kMin));
    } else {
        std::snprintf(b, sizeof b, "%s%llu d %llu h", sign, static_cast<unsigned long long>(a / kD),
                      static_cast<unsigned long long>((a % kD) / kH));
    }
    return b;
}

std::string formatOffset(int64_t ns, int64_t resolutionNs) {
    const uint64_t a = magnitude(ns);
    const uint64_t res = resolutionNs > 0 ? uint64_t(resolutionNs) : 1;
    const char* sign = ns < 0 ? "-" : "+";
    char b[96];
    if (a < 1000 * uint64_t(kS)) {
        // the unit of the magnitude (or of the resolution, whichever is larger), decimals from the resolution
        const uint64_t unit = offsetUnit(a, res);
        const char* name = unit == uint64_t(kS)    ? "s"
                           : unit == uint64_t(kMs) ? "ms"
                           : unit == uint64_t(kUs) ? "\xc2\xb5s"
                                                   : "ns";
        int dec = decimalsFor(res, unit);
        // integer arithmetic: whole units and the fraction, so 19-digit epochs never lose digits
        uint64_t whole = a / unit, frac = a % unit;
        const uint64_t scale = pow10(dec);
        uint64_t fracDigits = unit / scale ? (frac + unit / scale / 2) / (unit / scale) : 0;
        if (fracDigits >= scale) ++whole, fracDigits -= scale;
        // a value that rounds to zero is zero: "-0 µs" read as a moment before the origin that it is not
        if (whole == 0 && fracDigits == 0) sign = "+";
        if (dec > 0)
            std::snprintf(b, sizeof b, "%s%llu.%0*llu %s", sign, static_cast<unsigned long long>(whole), dec,
                          static_cast<unsigned long long>(fracDigits), name);
        else
            std::snprintf(b, sizeof b, "%s%llu %s", sign, static_cast<unsigned long long>(whole), name);
        return b;
    }
    // long offsets: [d ]hh:mm:ss[.fraction]
    uint64_t days = a / kD, rest = a % kD;
    uint64_t h = rest / kH, m = rest % kH / kMin, s = rest % kMin / kS, sub = rest % kS;
    const int dec = std::clamp(decimalsFor(res, kS), 0, 9); // ns resolution: at most 9 decimals of a second
    const uint64_t scale = pow10(dec);
    uint64_t fracDigits = dec ? sub / (uint64_t(kS) / scale) : 0;
    char frac[16] = "";
    if (dec) std::snprintf(frac, sizeof frac, ".%0*llu", dec, static_cast<unsigned long long>(fracDigits));
    if (days)
        std::snprintf(b, sizeof b, "%s%llu d %02llu:%02llu:%02llu%s", sign,
                      static_cast<unsigned long long>(days), static_cast<unsigned long long>(h),
                      static_cast<unsigned long long>(m), static_cast<unsigned long long>(s), frac);
    else
        std::snprintf(b, sizeof b, "%s%llu:%02llu:%02llu%s", sign, static_cast<unsigned long long>(h),
                      static_cast<unsigned long long>(m), static_cast<unsigned long long>(s), frac);
    return b;
}

std::string formatWindow(int64_t fromNs, int64_t toNs) {
    const int64_t res = std::max<int64_t>(1, (toNs - fromNs) / 1000);
    const int64_t from = printedOffset(fromNs, res), to = printedOffset(toNs, res);
    return formatOffset(fromNs, res) + " \u2026 " + formatOffset(toNs, res) + " (" +
           formatDuration(to - from) + ")";
}

} // namespace rs::model
