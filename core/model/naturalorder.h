#pragma once
// Names with numbers in their natural order ("Stream 6" before "Stream 10", "Plane 2" before "Plane 11"):
// lanes are listed this way in the timeline and in every export alike. Pure, any thread.
#include <string_view>

namespace rs::model {

/// True when `a` sorts before `b`: runs of ASCII digits compare by their value (leading zeros ignored,
/// then the shorter run first, so "7" < "07"), everything else byte by byte.
bool naturalLess(std::string_view a, std::string_view b);

} // namespace rs::model
