#include "core/formats/jsoneventsplitter.h"

#include "core/formats/jsonscan.h"

namespace rs::formats {

namespace {
constexpr size_t kChunk = 128 * 1024;
constexpr size_t kMaxMeta = 1 << 20;
inline bool isWs(char c) {
    return c == ' ' || c == '\n' || c == '\r' || c == '\t';
}
// What each byte means to the scan of a value outside a string: quotes and brackets, and bytes that may not
// stand outside a string inside a JSON value (anything but structure, numbers, true/false/null, and the
// NaN/Infinity some writers (Python's json) emit: the quotes are out of step). Runs of the other bytes are
// skipped by one table lookup each. Inside a string only '"' and '\\' stop it (findStringStop: sixteen
// bytes a step; a memchr call per string was slower, events holding mostly short strings).
enum ByteClass : uint8_t { kPlain, kQuote, kOpen, kClose, kStray };
struct ByteClasses {
    uint8_t outside[256];
    constexpr ByteClasses() : outside() {
        for (int c = 0; c < 256; ++c)
            outside[c] = kStray;
        for (const char* p = " \t\r\n:,0123456789+-.eEtruefalsnNaIiy"; *p; ++p)
            outside[uint8_t(*p)] = kPlain;
        outside[uint8_t('"')] = kQuote;
        outside[uint8_t('{')] = outside[uint8_t('[')] = kOpen;
        outside[uint8_t('}')] = outside[uint8_t(']')] = kClose;
    }
};
constexpr ByteClasses kBytes;

/// "an object", "a string", … for the value that starts with `c`.
std::string jsonTypeName(char c) {
    switch (c) {
    case '{':
        return "an object";
    case '"':
        return "a string";
    case 't':
    case 'f':
        return "a boolean";
    case 'n':
        return "null";
    default:
        return (c >= '0' && c <= '9') || c == '-' ? "a number" : "not JSON";
    }
}
} // namespace

JsonEventSplitter::JsonEventSplitter(io::ByteSource& src) : m_src(src) {
    m_buf.reserve(2 * kChunk);
}

bool JsonEventSplitter::more() {
    if (m_eof) return false;
    size_t old = m_buf.size();
    m_buf.resize(old + kChunk);
    int64_t n = m_src.read(m_buf.data() + old, int64_t(kChunk));
    if (n <= 0) {
        m_buf.resize(old);
        m_eof = true;
        if (n < 0) m_error = m_src.error();
        return false;
    }
    m_buf.resize(old + size_t(n));
    return true;
}

size_t JsonEventSplitter::compactBefore(size_t keep) {
    m_buf.erase(0, keep);
    m_base += int64_t(keep);
    m_pos = m_pos > keep ? m_pos - keep : 0;
    return keep;
}

bool JsonEventSplitter::skipWs() {
    for (;;) {
        while (m_pos < m_buf.size() && isWs(m_buf[m_pos]))
            ++m_pos;
        if (m_pos < m_buf.size()) return true;
        // a run of whitespace of any length never accumulates: what was skipped is dropped
        compactBefore(m_pos);
        if (!more()) return false;
    }
}

// Finds the end of the value starting at m_buf[start], pulling more input as needed. Indexes stay
// valid because the buffer is only compacted between events.
bool JsonEventSplitter::scanValueEnd(size_t start, size_t& end) {
    size_t i = start;
    m_lastOversized = false;
    m_lastMalformed = false;
    // past kMaxValueBytes the value is scanned on without being kept: the scanned part is dropped
    auto spill = [&] {
        if (i - start <= kMaxValueBytes) return;
        m_lastOversized = true;
        size_t moved = compactBefore(i);
        i -= moved;
        start = 0;
    };
    if (i >= m_buf.size() && !more()) return false;
    char first = m_buf[i];
    if (first != '{' && first != '[' && first != '"') {
        for (;;) {
            while (i < m_buf.size()) {
                char c = m_buf[i];
                if (c == ',' || c == '}' || c == ']' || isWs(c)) {
                    end = i;
                    return i > start;
                }
                ++i;
            }
            spill();
            if (!more()) {
                end = i;
                return i > start;
            }
        }
    }
    int depth = 0;
    bool inStr = false;
    for (;;) {
        const char* data = m_buf.data();
        size_t n = m_buf.size();
        while (i < n) {
            if (inStr) {
                i = findStringStop(std::string_view(data, n), i); // sixteen bytes a step (jsonscan.h)
                if (i >= n) break;
                if (data[i] == '\\') { // the escaped byte is skipped too, maybe in the next chunk
                    i += 2;
                    continue;
                }
                ++i;
                inStr = false;
                if (depth == 0) {
                    end = i;
                    return true;
                }
                continue;
            }
            while (i < n && kBytes.outside[uint8_t(data[i])] == kPlain)
                ++i;
            if (i >= n) break;
            switch (kBytes.outside[uint8_t(data[i++])]) {
            case kQuote:
                inStr = true;
                break;
            case kStray:
                m_lastMalformed = true;
                end = i - 1;
                return true;
            case kOpen:
                ++depth;
                break;
            default: // kClose
                if (--depth == 0) {
                    end = i;
                    return true;
                }
            }
        }
        spill();
        if (!more()) return false;
    }
}

JsonEventSplitter::Status JsonEventSplitter::fail(const std::string& what) {
    m_error = what + " at byte " + std::to_string(m_base + int64_t(m_pos));
    return Status::Error;
}

std::string JsonEventSplitter::checkRest() {
    for (;;) {
        while (m_pos < m_buf.size() && isWs(m_buf[m_pos]))
            ++m_pos;
        if (m_pos < m_buf.size())
            return "text after the end of the trace at byte " + std::to_string(bytesConsumed());
        compactBefore(m_pos);
        if (!more())
            return m_error.empty() ? std::string()
                                   : m_error + " (after the end of the trace, byte " +
                                         std::to_string(bytesConsumed()) + ")";
    }
}

JsonEventSplitter::Status JsonEventSplitter::next(std::string_view& event, int64_t& offset) {
    if (m_pos > 4 * kChunk) { // compact between events only
        m_buf.erase(0, m_pos);
        m_base += int64_t(m_pos);
        m_pos = 0;
    }
    if (!m_started) {
        m_started = true;
        if (!skipWs()) return m_error.empty() ? fail("empty file") : fail(m_error);
        if (m_buf.compare(m_pos, 3, "\xEF\xBB\xBF") == 0) {
            m_pos += 3;
            skipWs();
        }
        char c = m_buf[m_pos];
        if (c == '[') {
            m_container = Container::Array;
            m_inArray = m_sawEventArray = true;
            ++m_pos;
        } else if (c == '{') {
            m_container = Container::Object;
            ++m_pos;
        } else {
            return fail("not a JSON trace (expected '[' or '{')");
        }
    }
    if (m_container == Container::Array) {
        if (m_arrayDone) return Status::End;
        return arrayElement(event, offset);
    }
    return objectMembers(event, offset);
}

// Passes over the damaged text to the next `}` , `{` (the end of one event and the start of the next):
// that sequence cannot occur outside a string in one event's own text unless it holds an array of
// objects, so it is where the events resume. Memory stays bounded: what is passed over is dropped.
void JsonEventSplitter::resyncToNextObject() {
    const int64_t from = bytesConsumed();
    enum { SeekClose, SeekComma, SeekOpen } state = SeekClose;
    for (;;) {
        while (m_pos < m_buf.size()) {
            char c = m_buf[m_pos++];
            if (state == SeekClose) {
                if (c == '}') state = SeekComma;
            } else if (isWs(c)) {
            } else if (state == SeekComma && c == ',') {
                state = SeekOpen;
            } else if (state == SeekOpen && c == '{') {
                --m_pos;
                m_resyncSkipped += bytesConsumed() - from;
                return;
            } else {
                state = c == '}' ? SeekComma : SeekClose;
            }
        }
        compactBefore(m_pos);
        if (!more()) {
            m_resyncSkipped += bytesConsumed() - from;
            m_arrayDone = true;
            m_inArray = false;
            return;
        }
    }
}

JsonEventSplitter::Status JsonEventSplitter::arrayElement(std::string_view& event, int64_t& offset) {
    if (m_pendingResync) {
        m_pendingResync = false;
        resyncToNextObject();
        if (m_arrayDone) return Status::End;
    }
    for (;;) {
        if (!skipWs()) {
            if (!m_error.empty()) return fail(m_error);
            m_unterminated = true; // tolerated: crashed profilers never write the ']'
            m_inArray = false;
            m_arrayDone = true;
            return Status::End;
        }
        char c = m_buf[m_pos];
        if (c == ',') {
            ++m_pos;
            continue;
        }
        if (c == ']') {
            ++m_pos;
            m_inArray = false;
            m_arrayDone = true;
            return Status::End;
        }
        size_t end;
        if (!scanValueEnd(m_pos, end)) {
            if (!m_error.empty()) return fail(m_error);
            return fail("truncated event");
        }
        if (m_lastOversized && !m_lastMalformed) {
            ++m_oversized;
            m_pos = end;
            continue;
        }
        if (m_lastMalformed) {
            if (m_lastOversized) ++m_oversized;
            ++m_resyncs;
            event = std::string_view(m_buf.data() + m_pos, end - m_pos);
            offset = m_base + int64_t(m_pos);
            m_pos = end;
            m_pendingResync = true; // after the caller has seen the damaged event
            return Status::Event;
        }
        if (c != '{') {
            ++m_skipped;
            m_pos = end;
            continue;
        }
        event = std::string_view(m_buf.data() + m_pos, end - m_pos);
        offset = m_base + int64_t(m_pos);
        m_pos = end;
        return Status::Event;
    }
}

JsonEventSplitter::Status JsonEventSplitter::objectMembers(std::string_view& event, int64_t& offset) {
    for (;;) {
        if (m_inArray) {
            Status s = arrayElement(event, offset);
            if (s != Status::End) return s;
            m_arrayDone = false; // continue with the members after traceEvents
            if (m_unterminated) return Status::End;
        }
        if (!skipWs()) return Status::End; // tolerate a missing closing brace
        char c = m_buf[m_pos];
        if (c == ',') {
            ++m_pos;
            continue;
        }
        if (c == '}') {
            ++m_pos;
            return Status::End;
        }
        if (c != '"') return fail("expected a member name");
        size_t keyEnd;
        if (!scanValueEnd(m_pos, keyEnd)) return fail("truncated member name");
        if (m_lastOversized) return fail("a member name larger than 64 MiB");
        if (m_lastMalformed) return fail("malformed member name");
        std::string key = unescapeJson(std::string_view(m_buf.data() + m_pos + 1, keyEnd - m_pos - 2));
        m_pos = keyEnd;
        if (!skipWs() || m_buf[m_pos] != ':') return fail("expected ':'");
        ++m_pos;
        if (!skipWs()) return fail("truncated value");
        if (key == "traceEvents") {
            if (m_buf[m_pos] != '[')
                return fail("\"traceEvents\" is " + jsonTypeName(m_buf[m_pos]) + ", not an array of events");
            ++m_pos;
            m_inArray = m_sawEventArray = true;
            continue;
        }
        size_t end;
        if (!scanValueEnd(m_pos, end)) return fail("truncated value of '" + key + "'");
        if (m_lastMalformed) {
            m_pos = end;
            return fail("malformed value of '" + key + "' (an unbalanced quote or stray bytes)");
        }
        if (m_lastOversized)
            ++m_oversized;
        else if (end - m_pos <= kMaxMeta)
            m_meta[key] = m_buf.substr(m_pos, end - m_pos);
        m_pos = end;
    }
}

} // namespace rs::formats
