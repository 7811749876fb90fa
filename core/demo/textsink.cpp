#include "core/demo/textsink.h"

#include <cerrno>
#include <cstring>
#include <zlib.h>

namespace rs::demo {

TextSink::~TextSink() {
    close();
}

bool TextSink::open(const std::string& path, bool gzip, std::string& error) {
    if (gzip) {
        m_gz = gzopen(path.c_str(), "wb6");
        if (!m_gz) {
            error = path + ": cannot create: " + std::strerror(errno);
            return false;
        }
        gzbuffer(static_cast<gzFile>(m_gz), 1 << 20);
    } else {
        m_file = std::fopen(path.c_str(), "wb");
        if (!m_file) {
            error = path + ": cannot create: " + std::strerror(errno);
            return false;
        }
    }
    m_buf.reserve(1 << 21);
    return true;
}

void TextSink::write(std::string_view s) {
    m_buf.append(s);
    flushIfLarge();
}

void TextSink::flush() {
    if (m_buf.empty()) return;
    if (m_gz) {
        if (gzwrite(static_cast<gzFile>(m_gz), m_buf.data(), unsigned(m_buf.size())) != int(m_buf.size()))
            m_failed = true;
    } else if (m_file) {
        if (std::fwrite(m_buf.data(), 1, m_buf.size(), m_file) != m_buf.size()) m_failed = true;
    }
    m_buf.clear();
}

void TextSink::flushIfLargeKeeping(size_t tail) {
    if (m_buf.size() < (1 << 20) || m_buf.size() <= tail) return;
    std::string keep = m_buf.substr(m_buf.size() - tail);
    m_buf.resize(m_buf.size() - tail);
    flush();
    m_buf = std::move(keep);
}

bool TextSink::close() {
    flush();
    if (m_gz) {
        if (gzclose(static_cast<gzFile>(m_gz)) != Z_OK) m_failed = true;
        m_gz = nullptr;
    }
    if (m_file) {
        if (std::fclose(m_file) != 0) m_failed = true;
        m_file = nullptr;
    }
    return !m_failed;
}

std::string usText(int64_t ns) {
    char b[40];
    bool neg = ns < 0;
    uint64_t a = neg ? uint64_t(-ns) : uint64_t(ns);
    std::snprintf(b, sizeof b, "%s%llu.%03llu", neg ? "-" : "", (unsigned long long)(a / 1000),
                  (unsigned long long)(a % 1000));
    return b;
}

} // namespace rs::demo
