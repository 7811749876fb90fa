#pragma once
// Exact parsing of decimal text into scaled integers. Profiler timestamps such as
// "1736408883704643.212" (epoch µs with ns decimals) carry 19 significant digits, more than a
// double holds, so every time in Rankscope is parsed from its text straight into int64 ns.
// Thread-safe (pure functions).
#include <cstdint>
#include <optional>
#include <string_view>

namespace rs::model {

/// Times and durations are kept within ±(2^62 − 1) ns (±146 years) at import, so a start plus a duration,
/// or an origin plus an offset, never overflows int64 anywhere downstream.
constexpr int64_t kMaxTimeNs = (int64_t(1) << 62) - 1;
inline bool timeInRange(int64_t v) {
    return v >= -kMaxTimeNs && v <= kMaxTimeNs;
}
/// a + b when both and the sum are in range.
inline std::optional<int64_t> addTimes(int64_t a, int64_t b) {
    int64_t s;
    if (!timeInRange(a) || !timeInRange(b) || __builtin_add_overflow(a, b, &s) || !timeInRange(s))
        return std::nullopt;
    return s;
}

/// Time unit of a source value, as the number of nanoseconds in one unit.
enum class TimeUnit : int64_t { Ns = 1, Tick10Ns = 10, Us = 1000, Ms = 1000000, S = 1000000000 };

/// Trims spaces, tabs, CR/LF and one pair of surrounding double quotes (CSV cells such as "123.4\t").
std::string_view trimCell(std::string_view text);

/// Parses a decimal number (optional sign, digits, optional fraction, optional exponent) and returns
/// value × unit as int64, rounded half away from zero. Exact for any plain decimal (no exponent) that
/// fits in int64 after scaling; exponent forms fall back to long double. nullopt for garbage/overflow.
std::optional<int64_t> parseScaled(std::string_view text, TimeUnit unit);

/// Same as parseScaled with an arbitrary power-of-ten-free integer factor (e.g. 1024 for KB→bytes,
/// 1048576 for MB→bytes). Exact when the fraction has ≤ 9 digits.
std::optional<int64_t> parseScaledBy(std::string_view text, int64_t factor);

/// Parses an unsigned 64-bit integer (flow ids up to 2^64−1). Accepts a leading '+', rejects fractions.
std::optional<uint64_t> parseU64(std::string_view text);

/// Parses a signed 64-bit integer; also accepts "12.0" style integral decimals.
std::optional<int64_t> parseI64(std::string_view text);

/// Parses hex addresses ("0x12c0000a0000" or plain hex digits) or decimal when no 0x prefix and all digits.
std::optional<uint64_t> parseAddress(std::string_view text);

/// Parses a double (for statistics only, never for time).
std::optional<double> parseDouble(std::string_view text);

} // namespace rs::model
