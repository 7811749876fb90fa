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

} // namespace rs::model
