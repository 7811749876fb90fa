#pragma once
// A count with its noun in the right number ("1 rank", "7 ranks", "0 ranks") for core's texts (findings,
// the report, comparison notes): "1 rank(s)" reads as a program that did not count. The views' twin is
// views/common/plural.h (QString). English only. Pure; any thread.
#include <cstdint>
#include <string>
#include <string_view>

namespace rs::model {

/// `n`, a space and `one` when n is 1 (or -1), else `many`.
std::string counted(int64_t n, std::string_view one, std::string_view many);

/// A large count for a progress line: plain below a million ("41210"), else in millions ("3.2M"): "0.0M
/// events" read as a profile without any.
std::string millionsText(int64_t n);

} // namespace rs::model
