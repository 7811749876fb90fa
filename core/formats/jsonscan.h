#pragma once
// A single-pass reader of one JSON object's top-level members, for one trace event at a time.
// Values are returned as raw text (string contents without quotes, numbers as written, nested
// objects/arrays including their brackets) so numbers stay exact until the caller parses them.
// Pure functions; thread-safe.
#include <cstdint>
#include <string>
#include <string_view>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace rs::formats {

enum class JsonKind : uint8_t { None, String, Number, Object, Array, True, False, Null };

struct JsonValue {
    JsonKind kind = JsonKind::None;
    std::string_view text; ///< String: contents between the quotes (still escaped when `escaped`).
    bool escaped = false;
    bool present() const { return kind != JsonKind::None; }
    /// Text with JSON escapes resolved (copies only when escaped).
    std::string str() const;
    /// The same without a copy when not escaped; else resolved into `scratch` (valid while it lives).
    std::string_view view(std::string& scratch) const {
        if (!escaped) return text;
        scratch = str();
        return scratch;
    }
};

/// Calls `fn(key, value)` for every top-level member of the object `obj` (which must start with '{').
/// Returns false when the text is not a well-formed object (the members seen so far were visited).
template <class Fn> bool forEachMember(std::string_view obj, Fn&& fn);

/// Finds the end of the JSON value starting at `s[i]`; returns the index one past it, or npos.
size_t skipValue(std::string_view s, size_t i);

/// Resolves JSON string escapes (\n, \", \\, \uXXXX with surrogate pairs) into UTF-8.
std::string unescapeJson(std::string_view escaped);

/// Appends `s` as a JSON string literal (with quotes) to `out`.
void appendJsonString(std::string& out, std::string_view s);

/// The index of the first '"' or '\\' in s[i, s.size()), or s.size(). Sixteen bytes per step: a string's
/// contents were scanned byte by byte, the largest part of reading an event's members.
inline size_t findStringStop(std::string_view s, size_t i);

/// The index of the first '"', '{', '}', '[' or ']' in s[i, s.size()), or s.size() (what skipValue
/// stops at inside an object or an array; the bytes between are passed sixteen at a time).
inline size_t findStructural(std::string_view s, size_t i);

// --- implementation ---------------------------------------------------------------------------
namespace detail {
#if defined(__SSE2__)
/// A mask of the bytes of `v` equal to `c`.
inline __m128i bytesEqual(__m128i v, char c) {
    return _mm_cmpeq_epi8(v, _mm_set1_epi8(c));
}
inline int bitsOf(__m128i m) {
    return _mm_movemask_epi8(m);
}
#endif
/// The first i' >= i with stop(s[i']), or s.size(); `block(v)` is the bit mask of stopping bytes among the
/// 16 of v (SSE2 is in every x86-64 CPU), used while 16 bytes remain. Inline: most strings are short.
template <class Block, class Stop>
inline size_t findFirst(std::string_view s, size_t i, Block&& block, Stop&& stop) {
    const size_t n = s.size();
    const char* d = s.data();
#if defined(__SSE2__)
    for (; i + 16 <= n; i += 16)
        if (const int bits = block(_mm_loadu_si128(reinterpret_cast<const __m128i*>(d + i))))
            return i + size_t(__builtin_ctz(unsigned(bits)));
#else
    (void)block;
#endif
    for (; i < n; ++i)
        if (stop(d[i])) return i;
    return n;
}
} // namespace detail

inline size_t findStringStop(std::string_view s, size_t i) {
    return detail::findFirst(
        s, i,
#if defined(__SSE2__)
        [](__m128i v) {
            return detail::bitsOf(_mm_or_si128(detail::bytesEqual(v, '"'), detail::bytesEqual(v, '\\')));
        },
#else
        [](auto) { return 0; },
#endif
        [](char c) { return c == '"' || c == '\\'; });
}

inline size_t findStructural(std::string_view s, size_t i) {
    return detail::findFirst(
        s, i,
#if defined(__SSE2__)
        [](__m128i v) {
            // '[' 0x5B and '{' 0x7B differ only in bit 0x20, as do ']' 0x5D and '}' 0x7D: one compare each
            const __m128i folded = _mm_or_si128(v, _mm_set1_epi8(0x20));
            return detail::bitsOf(
                _mm_or_si128(detail::bytesEqual(v, '"'),
                             _mm_or_si128(detail::bytesEqual(folded, '{'), detail::bytesEqual(folded, '}'))));
        },
#else
        [](auto) { return 0; },
#endif
        [](char c) { return c == '"' || c == '{' || c == '}' || c == '[' || c == ']'; });
}

namespace detail {
inline size_t skipWs(std::string_view s, size_t i) {
    while (i < s.size() && (s[i] == ' ' || s[i] == '\n' || s[i] == '\r' || s[i] == '\t'))
        ++i;
    return i;
}
/// Parses a string starting at the opening quote s[i]; sets contents/escaped; returns index past it.
inline size_t scanString(std::string_view s, size_t i, std::string_view& out, bool& escaped) {
    size_t start = ++i;
    escaped = false;
    while ((i = findStringStop(s, i)) < s.size()) {
        if (s[i] == '"') {
            out = s.substr(start, i - start);
            return i + 1;
        }
        escaped = true; // a backslash: the byte after it is skipped, whatever it is
        i += 2;
    }
    return std::string_view::npos;
}
} // namespace detail

template <class Fn> bool forEachMember(std::string_view s, Fn&& fn) {
    size_t i = detail::skipWs(s, 0);
    if (i >= s.size() || s[i] != '{') return false;
    i = detail::skipWs(s, i + 1);
    if (i < s.size() && s[i] == '}') return true;
    while (i < s.size()) {
        if (s[i] != '"') return false;
        std::string_view key;
        bool kesc;
        i = detail::scanString(s, i, key, kesc);
        if (i == std::string_view::npos) return false;
        i = detail::skipWs(s, i);
        if (i >= s.size() || s[i] != ':') return false;
        i = detail::skipWs(s, i + 1);
        if (i >= s.size()) return false;
        JsonValue v;
        char c = s[i];
        if (c == '"') {
            i = detail::scanString(s, i, v.text, v.escaped);
            if (i == std::string_view::npos) return false;
            v.kind = JsonKind::String;
        } else {
            size_t end = skipValue(s, i);
            if (end == std::string_view::npos) return false;
            v.text = s.substr(i, end - i);
            v.kind = c == '{'   ? JsonKind::Object
                     : c == '[' ? JsonKind::Array
                     : c == 't' ? JsonKind::True
                     : c == 'f' ? JsonKind::False
                     : c == 'n' ? JsonKind::Null
                                : JsonKind::Number;
            i = end;
        }
        fn(key, v);
        i = detail::skipWs(s, i);
        if (i >= s.size()) return false;
        if (s[i] == ',') {
            i = detail::skipWs(s, i + 1);
            continue;
        }
        return s[i] == '}';
    }
    return false;
}

} // namespace rs::formats
