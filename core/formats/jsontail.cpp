#include "core/formats/jsontail.h"

#include "core/formats/jsoneventsplitter.h"
#include "core/formats/jsonscan.h"

namespace rs::formats {

namespace {

constexpr size_t npos = std::string_view::npos;

bool isWs(char c) {
    return c == ' ' || c == '\n' || c == '\r' || c == '\t';
}

/// Reads `s` backwards from `end` (exclusive).
class BackwardReader {
  public:
    BackwardReader(std::string_view s, size_t end) : m_s(s), m_i(end) {}
    size_t pos() const { return m_i; }
    /// The character before pos() after skipping white space, or 0 at the start of the text.
    char peek() {
        while (m_i > 0 && isWs(m_s[m_i - 1]))
            --m_i;
        return m_i > 0 ? m_s[m_i - 1] : '\0';
    }
    bool take(char c) {
        if (peek() != c) return false;
        --m_i;
        return true;
    }
    /// Moves before the string whose closing quote is at pos() - 1; false when it starts before the text
    /// (or its backslashes run to the text's start, so whether a quote is escaped cannot be told).
    bool skipString() {
        size_t i = m_i - 1; // the closing quote
        while (i > 0) {
            --i;
            if (m_s[i] != '"') continue;
            size_t slashes = 0;
            while (i > slashes && m_s[i - 1 - slashes] == '\\')
                ++slashes;
            if (i == slashes && slashes > 0) return false;
            if (slashes % 2 == 0) {
                m_i = i;
                return true;
            }
        }
        return false;
    }
    /// Moves before the object or array that closes at pos() - 1. False when it opens before the text.
    bool skipBrackets() {
        int depth = 0;
        while (m_i > 0) {
            const char c = m_s[m_i - 1];
            if (c == '"') {
                if (!skipString()) return false;
                continue;
            }
            --m_i;
            if (c == ']' || c == '}')
                ++depth;
            else if ((c == '[' || c == '{') && --depth == 0)
                return true;
        }
        return false;
    }
    /// Moves before a number, true, false or null ending at pos(); false when there is none.
    bool skipScalar() {
        const size_t end = m_i;
        while (m_i > 0 && !isWs(m_s[m_i - 1]) && std::string_view(",:[]{}\"").find(m_s[m_i - 1]) == npos)
            --m_i;
        return m_i < end && m_i > 0;
    }

  private:
    std::string_view m_s;
    size_t m_i;
};

} // namespace

size_t eventArrayEnd(std::string_view tail) {
    BackwardReader r(tail, tail.size());
    if (!r.take('}')) return npos;
    for (;;) {
        // the member's value, then ':', its name, and ',' or the object's '{'
        const char last = r.peek();
        const size_t valueEnd = r.pos();
        if (last == ']' || last == '}') {
            if (!r.skipBrackets()) return last == ']' ? valueEnd - 1 : npos; // the array begins before tail
        } else if (last == '"') {
            if (!r.skipString()) return npos;
        } else if (!r.skipScalar()) {
            return npos;
        }
        if (!r.take(':') || r.peek() != '"') return npos;
        const size_t nameEnd = r.pos();
        if (!r.skipString()) return npos;
        const std::string name = unescapeJson(tail.substr(r.pos() + 1, nameEnd - r.pos() - 2));
        if (name == "traceEvents") return last == ']' ? valueEnd - 1 : npos;
        if (!r.take(',')) return npos; // '{': the object holds no event array
    }
}

std::optional<std::map<std::string, std::string>> membersAfterEvents(std::string_view tail) {
    const size_t end = eventArrayEnd(tail);
    if (end == npos) return std::nullopt;
    // an empty event array in front of the members, so the splitter reads them as it reads a whole file
    const std::string text = "{\"traceEvents\":[" + std::string(tail.substr(end));
    auto src = io::memorySource(text);
    JsonEventSplitter splitter(*src);
    std::string_view event;
    int64_t offset;
    JsonEventSplitter::Status status;
    while ((status = splitter.next(event, offset)) == JsonEventSplitter::Status::Event) {
    }
    if (status != JsonEventSplitter::Status::End) return std::nullopt;
    return splitter.meta();
}

} // namespace rs::formats
