#pragma once
// Text that leaves the program (JSON, CSV, the GUI, the index's diagnostics) must be valid UTF-8 even when
// the input is not. Pure functions; any thread.
#include <string>
#include <string_view>

namespace rs::model {

/// `s` with every invalid byte sequence replaced by U+FFFD.
std::string validUtf8(std::string_view s);
/// At most `maxBytes` of `s`, cut on a character boundary and made valid (for excerpts).
std::string utf8Excerpt(std::string_view s, size_t maxBytes);
/// `s` in at most `maxBytes` (≥ 5): its start and its end with "..." between, cut on character boundaries,
/// so names alike but for their end ("…/layers-0/MatMulV2-op8", "…-op9") stay apart in a table.
std::string middleElided(std::string_view s, size_t maxBytes);

} // namespace rs::model
