#pragma once
// Reads the times a user types: a number with a unit ("320ms", "1.5 s", "20us", "20µs", "800ns",
// "2min", "12h", "30d"), optionally signed; a zero needs no unit. Exact for integer ns; decimals are rounded
// to the nearest ns. Pure; any thread.
#include <cstdint>
#include <optional>
#include <string>

namespace rs::model {

std::optional<int64_t> parseDurationNs(const std::string& text);
/// "T0:T1" (each a duration) → [t0, t1] with t0 <= t1; nullopt when either part is unreadable or t1 < t0.
std::optional<std::pair<int64_t, int64_t>> parseTimeRange(const std::string& text);

} // namespace rs::model
