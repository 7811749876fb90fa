#include "core/formats/jsonscan.h"

namespace rs::formats {

std::string JsonValue::str() const {
    return escaped ? unescapeJson(text) : std::string(text);
}

size_t skipValue(std::string_view s, size_t i) {
    if (i >= s.size()) return std::string_view::npos;
    char c = s[i];
    if (c == '"') {
        std::string_view out;
        bool esc;
        return detail::scanString(s, i, out, esc);
    }
    if (c == '{' || c == '[') {
        int depth = 0;
        while ((i = findStructural(s, i)) < s.size()) {
            char d = s[i];
            if (d == '"') {
                std::string_view out;
                bool esc;
                i = detail::scanString(s, i, out, esc);
                if (i == std::string_view::npos) return i;
                continue;
            }
            if (d == '{' || d == '[')
                ++depth;
            else if (d == '}' || d == ']') {
                if (--depth == 0) return i + 1;
            }
            ++i;
        }
        return std::string_view::npos;
    }
    // number or literal: runs until a delimiter
    size_t start = i;
    while (i < s.size() && s[i] != ',' && s[i] != '}' && s[i] != ']' && s[i] != ' ' && s[i] != '\n' &&
           s[i] != '\r' && s[i] != '\t')
        ++i;
    return i > start ? i : std::string_view::npos;
}

namespace {
void appendUtf8(std::string& out, uint32_t cp) {
    if (cp < 0x80) {
        out.push_back(char(cp));
    } else if (cp < 0x800) {
        out.push_back(char(0xC0 | (cp >> 6)));
        out.push_back(char(0x80 | (cp & 0x3F)));
    } else if (cp < 0x10000) {
        out.push_back(char(0xE0 | (cp >> 12)));
        out.push_back(char(0x80 | ((cp >> 6) & 0x3F)));
        out.push_back(char(0x80 | (cp & 0x3F)));
    } else {
        out.push_back(char(0xF0 | (cp >> 18)));
        out.push_back(char(0x80 | ((cp >> 12) & 0x3F)));
        out.push_back(char(0x80 | ((cp >> 6) & 0x3F)));
        out.push_back(char(0x80 | (cp & 0x3F)));
    }
}
int hexVal(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}
bool readHex4(std::string_view s, size_t i, uint32_t& v) {
    if (i + 4 > s.size()) return false;
    v = 0;
    for (size_t k = 0; k < 4; ++k) {
        int h = hexVal(s[i + k]);
        if (h < 0) return false;
        v = v * 16 + uint32_t(h);
    }
    return true;
}
} // namespace

std::string unescapeJson(std::string_view s) {
    std::string out;
    out.reserve(s.size());
    for (size_t i = 0; i < s.size(); ++i) {
        char c = s[i];
        if (c != '\\' || i + 1 >= s.size()) {
            out.push_back(c);
            continue;
        }
        char e = s[++i];
        switch (e) {
        case 'n':
            out.push_back('\n');
            break;
        case 't':
            out.push_back('\t');
            break;
        case 'r':
            out.push_back('\r');
            break;
        case 'b':
            out.push_back('\b');
            break;
        case 'f':
            out.push_back('\f');
            break;
        case 'u': {
            uint32_t cp;
            if (!readHex4(s, i + 1, cp)) {
                out.push_back('?');
                break;
            }
            i += 4;
            if (cp >= 0xD800 && cp <= 0xDBFF && i + 6 < s.size() + 0 && s[i + 1] == '\\' && s[i + 2] == 'u') {
                uint32_t lo;
                if (readHex4(s, i + 3, lo) && lo >= 0xDC00 && lo <= 0xDFFF) {
                    cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
                    i += 6;
                }
            }
            appendUtf8(out, cp);
            break;
        }
        default:
            out.push_back(e);
            break;
        }
    }
    return out;
}

void appendJsonString(std::string& out, std::string_view s) {
    out.push_back('"');
    for (char c : s) {
        switch (c) {
        case '"':
            out += "\\\"";
            break;
        case '\\':
            out += "\\\\";
            break;
        case '\n':
            out += "\\n";
            break;
        case '\r':
            out += "\\r";
            break;
        case '\t':
            out += "\\t";
            break;
        default:
            if (static_cast<unsigned char>(c) < 0x20) {
                static const char* hex = "0123456789abcdef";
                out += "\\u00";
                out.push_back(hex[(c >> 4) & 0xF]);
                out.push_back(hex[c & 0xF]);
            } else {
                out.push_back(c);
            }
        }
    }
    out.push_back('"');
}

} // namespace rs::formats
