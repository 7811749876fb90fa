#pragma once
// The top-level members a Chrome-trace object holds after its event array (Kineto writes
// baseTimeNanoseconds there), read from the document's last bytes instead of from a second pass over the
// whole file. JSON read backwards is unambiguous: a quote inside a string is always escaped, so the parity
// of the backslashes before a quote tells an escaped quote from a string's opening one. Pure functions;
// thread-safe.
#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <string_view>

namespace rs::formats {

/// Where the event array ends in `tail` (the document's last bytes): the index of its ']', found by reading
/// the top-level members backwards from the closing '}'. The array is the member named traceEvents, or the
/// array value that begins before `tail` does (its name is out of sight: the caller checks what it read
/// against the full read's members afterwards). npos when the text cannot say: it does not end an object,
/// it is not strict JSON, or the object starts in `tail` without an event array.
size_t eventArrayEnd(std::string_view tail);

/// The members after the event array as JsonEventSplitter::meta() holds them after reading the whole
/// document (raw text, the last of a name wins, values over 1 MiB left out): the splitter itself reads them,
/// from the ']' that eventArrayEnd finds on. nullopt when eventArrayEnd cannot tell.
std::optional<std::map<std::string, std::string>> membersAfterEvents(std::string_view tail);

} // namespace rs::formats
