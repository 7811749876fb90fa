#pragma once
// A hash for std::string keys that also takes a std::string_view (or a const char*) as it is: with
// std::equal_to<> it lets an unordered map be looked up by a view of the parser's buffer, where find(key)
// copied every name into a std::string first. Stateless; any thread.
#include <cstddef>
#include <functional>
#include <string>
#include <string_view>
#include <unordered_map>

namespace rs::import {

struct StringHash {
    using is_transparent = void;
    size_t operator()(std::string_view s) const noexcept { return std::hash<std::string_view>{}(s); }
};

/// string → T, looked up by std::string_view without a copy.
template <class T> using StringMap = std::unordered_map<std::string, T, StringHash, std::equal_to<>>;

} // namespace rs::import
