#include "core/model/utf8.h"

namespace rs::model {

namespace {
/// Length of the valid UTF-8 sequence at s[i] (RFC 3629: no overlongs, no surrogates, ≤ U+10FFFF), or 0.
size_t sequenceLength(std::string_view s, size_t i) {
    const auto b = [&](size_t k) { return static_cast<unsigned char>(s[i + k]); };
    const unsigned char c = b(0);
    if (c < 0x80) return 1;
    size_t n = c >= 0xC2 && c <= 0xDF ? 2 : c >= 0xE0 && c <= 0xEF ? 3 : c >= 0xF0 && c <= 0xF4 ? 4 : 0;
    if (n == 0 || i + n > s.size()) return 0;
    for (size_t k = 1; k < n; ++k)
        if ((b(k) & 0xC0) != 0x80) return 0;
    if (c == 0xE0 && b(1) < 0xA0) return 0; // overlong
    if (c == 0xED && b(1) > 0x9F) return 0; // surrogate
    if (c == 0xF0 && b(1) < 0x90) return 0; // overlong
    if (c == 0xF4 && b(1) > 0x8F) return 0; // above U+10FFFF
    return n;
}
} // namespace

std::string validUtf8(std::string_view s) {
    std::string out;
    out.reserve(s.size());
    for (size_t i = 0; i < s.size();) {
        size_t n = sequenceLength(s, i);
        if (n == 0) {
            out += "\xEF\xBF\xBD";
            ++i;
        } else {
            out.append(s.data() + i, n);
            i += n;
        }
    }
    return out;
}

std::string utf8Excerpt(std::string_view s, size_t maxBytes) {
    if (s.size() > maxBytes) {
        size_t cut = maxBytes;
        // back up over continuation bytes so a multi-byte character is never split
        while (cut > 0 && (static_cast<unsigned char>(s[cut]) & 0xC0) == 0x80)
            --cut;
        s = s.substr(0, cut);
    }
    return validUtf8(s);
}

std::string middleElided(std::string_view s, size_t maxBytes) {
    if (s.size() <= maxBytes) return validUtf8(s);
    const size_t keep = maxBytes - 3, headBytes = keep / 2;
    size_t tail = s.size() - (keep - headBytes);
    while (tail < s.size() && (static_cast<unsigned char>(s[tail]) & 0xC0) == 0x80) // not mid-character
        ++tail;
    return utf8Excerpt(s, headBytes) + "..." + validUtf8(s.substr(tail));
}

} // namespace rs::model
