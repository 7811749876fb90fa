#include "core/model/decimal.h"

#include <cmath>
#include <cstdlib>
#include <limits>
#include <string>

namespace rs::model {

std::string_view trimCell(std::string_view t) {
    auto isWs = [](char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; };
    while (!t.empty() && isWs(t.front()))
        t.remove_prefix(1);
    while (!t.empty() && isWs(t.back()))
        t.remove_suffix(1);
    if (t.size() >= 2 && t.front() == '"' && t.back() == '"') {
        t = t.substr(1, t.size() - 2);
        while (!t.empty() && isWs(t.front()))
            t.remove_prefix(1);
        while (!t.empty() && isWs(t.back()))
            t.remove_suffix(1);
    }
    return t;
}

namespace {

// Fallback for exponent notation ("1.5e3"): precision is limited, which is acceptable because
// profilers never write timestamps that way.
std::optional<int64_t> parseViaLongDouble(std::string_view t, long double factor) {
    std::string s(t);
    char* end = nullptr;
    long double v = std::strtold(s.c_str(), &end);
    if (end == s.c_str() || *end != '\0' || !std::isfinite(v)) return std::nullopt;
    long double r = std::roundl(v * factor);
    if (r > static_cast<long double>(std::numeric_limits<int64_t>::max()) ||
        r < static_cast<long double>(std::numeric_limits<int64_t>::min()))
        return std::nullopt;
    return static_cast<int64_t>(r);
}

/// The general case in 128-bit arithmetic: numbers beyond what the 64-bit path below takes (t trimmed,
/// not empty, without an exponent).
std::optional<int64_t> parseScaledWide(std::string_view t, int64_t factor) {
    bool neg = false;
    size_t i = 0;
    if (t[0] == '-' || t[0] == '+') {
        neg = t[0] == '-';
        i = 1;
    }
    unsigned __int128 ip = 0;
    size_t digits = 0;
    for (; i < t.size() && t[i] >= '0' && t[i] <= '9'; ++i, ++digits) {
        ip = ip * 10 + unsigned(t[i] - '0');
        if (ip > (unsigned __int128)1 << 100) return std::nullopt;
    }
    unsigned __int128 fracNum = 0, fracDen = 1;
    if (i < t.size() && t[i] == '.') {
        ++i;
        for (; i < t.size() && t[i] >= '0' && t[i] <= '9'; ++i, ++digits) {
            if (fracDen < (unsigned __int128)1000000000000000000ULL) { // keep 18 fraction digits
                fracNum = fracNum * 10 + unsigned(t[i] - '0');
                fracDen *= 10;
            }
        }
    }
    if (i != t.size() || digits == 0) return std::nullopt;
    unsigned __int128 f = static_cast<unsigned __int128>(factor);
    unsigned __int128 whole = ip * f;
    unsigned __int128 part = fracNum * f;
    unsigned __int128 q = part / fracDen, rem = part % fracDen;
    if (rem * 2 >= fracDen) ++q; // round half away from zero
    unsigned __int128 total = whole + q;
    if (total > static_cast<unsigned __int128>(std::numeric_limits<int64_t>::max())) return std::nullopt;
    int64_t v = static_cast<int64_t>(total);
    return neg ? -v : v;
}

enum class Fast { Value, Wide, Invalid };

/// The common case in 64-bit arithmetic, as parseScaledWide computes it: Wide when a product or sum would
/// not fit (the 128-bit __udivti3 division and multiplies per digit were most of a timestamp's parse, and
/// timestamps are parsed once or twice per event); Invalid when t is not a plain decimal.
Fast parseScaledFast(std::string_view t, int64_t factor, int64_t& out) {
    if (factor <= 0) return Fast::Wide;
    bool neg = false;
    size_t i = 0;
    if (t[0] == '-' || t[0] == '+') {
        neg = t[0] == '-';
        i = 1;
    }
    uint64_t ip = 0;
    size_t run = i;
    while (run < t.size() && t[run] >= '0' && t[run] <= '9')
        ++run;
    size_t digits = run - i;
    if (digits > 19) return Fast::Wide; // 19 digits always fit in 64 bits: no check per digit below
    for (; i < run; ++i)
        ip = ip * 10 + uint64_t(t[i] - '0');
    uint64_t fracNum = 0, fracDen = 1;
    if (i < t.size() && t[i] == '.')
        for (++i; i < t.size() && t[i] >= '0' && t[i] <= '9'; ++i, ++digits)
            if (fracDen < 1000000000000000000ULL) { // keep 18 fraction digits, as the wide path does
                fracNum = fracNum * 10 + uint64_t(t[i] - '0');
                fracDen *= 10;
            }
    if (i != t.size() || digits == 0) return Fast::Invalid;
    uint64_t whole, part;
    if (__builtin_mul_overflow(ip, uint64_t(factor), &whole) ||
        __builtin_mul_overflow(fracNum, uint64_t(factor), &part))
        return Fast::Wide;
    uint64_t q = part / fracDen;
    if ((part % fracDen) * 2 >= fracDen) ++q; // round half away from zero (rem < 10^18: no overflow)
    uint64_t total;
    if (__builtin_add_overflow(whole, q, &total)) return Fast::Wide;
    if (total > uint64_t(std::numeric_limits<int64_t>::max())) return Fast::Invalid;
    out = neg ? -int64_t(total) : int64_t(total);
    return Fast::Value;
}

} // namespace

std::optional<int64_t> parseScaledBy(std::string_view t, int64_t factor) {
    t = trimCell(t);
    if (t.empty()) return std::nullopt;
    int64_t v = 0;
    const Fast fast = parseScaledFast(t, factor, v);
    if (fast == Fast::Value) return v; // all digits: no exponent
    // what the fast path left, in the order the one path took it before: an exponent form anywhere in the
    // text through long double, else the wide arithmetic (or garbage)
    if (t.find_first_of("eE") != std::string_view::npos) return parseViaLongDouble(t, factor);
    if (fast == Fast::Invalid) return std::nullopt;
    return parseScaledWide(t, factor);
}

std::optional<int64_t> parseScaled(std::string_view t, TimeUnit unit) {
    return parseScaledBy(t, static_cast<int64_t>(unit));
}

std::optional<uint64_t> parseU64(std::string_view t) {
    t = trimCell(t);
    if (!t.empty() && t[0] == '+') t.remove_prefix(1);
    if (t.empty() || t.size() > 20) return std::nullopt;
    unsigned __int128 v = 0;
    for (char c : t) {
        if (c < '0' || c > '9') return std::nullopt;
        v = v * 10 + unsigned(c - '0');
    }
    if (v > std::numeric_limits<uint64_t>::max()) return std::nullopt;
    return static_cast<uint64_t>(v);
}

std::optional<int64_t> parseI64(std::string_view t) {
    return parseScaledBy(t, 1);
}

std::optional<uint64_t> parseAddress(std::string_view t) {
    t = trimCell(t);
    bool hex = false;
    if (t.size() > 2 && t[0] == '0' && (t[1] == 'x' || t[1] == 'X')) {
        t.remove_prefix(2);
        hex = true;
    }
    if (t.empty() || t.size() > 20) return std::nullopt;
    if (!hex) {
        bool allDigits = true;
        for (char c : t)
            allDigits = allDigits && c >= '0' && c <= '9';
        if (allDigits) return parseU64(t);
    }
    if (t.size() > 16) return std::nullopt;
    uint64_t v = 0;
    for (char c : t) {
        int d;
        if (c >= '0' && c <= '9')
            d = c - '0';
        else if (c >= 'a' && c <= 'f')
            d = c - 'a' + 10;
        else if (c >= 'A' && c <= 'F')
            d = c - 'A' + 10;
        else
            return std::nullopt;
        v = v * 16 + uint64_t(d);
    }
    return v;
}

std::optional<double> parseDouble(std::string_view t) {
    t = trimCell(t);
    if (t.empty()) return std::nullopt;
    std::string s(t);
    char* end = nullptr;
    double v = std::strtod(s.c_str(), &end);
    if (end == s.c_str() || *end != '\0') return std::nullopt;
    return v;
}

} // namespace rs::model
