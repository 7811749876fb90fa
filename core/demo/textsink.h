#pragma once
// Buffered text output to a plain or gzip file, for the demo writers (constant memory). One thread.
#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>

namespace rs::demo {

class TextSink {
  public:
    TextSink() = default;
    ~TextSink();
    TextSink(const TextSink&) = delete;
    TextSink& operator=(const TextSink&) = delete;
    bool open(const std::string& path, bool gzip, std::string& error);
    void write(std::string_view s);
    TextSink& operator<<(std::string_view s) {
        write(s);
        return *this;
    }
    /// Flushes and closes; false on a write error.
    bool close();
    std::string& buffer() { return m_buf; }
    void flushIfLarge() {
        if (m_buf.size() >= (1 << 20)) flush();
    }
    /// Like flushIfLarge, but keeps the last `tail` bytes buffered (so a trailing separator can still be
    /// taken back before the file is closed).
    void flushIfLargeKeeping(size_t tail);

  private:
    void flush();
    void* m_gz = nullptr;
    std::FILE* m_file = nullptr;
    std::string m_buf;
    bool m_failed = false;
};

/// "1736408883704643.212": epoch ns as µs text with exactly 3 decimals.
std::string usText(int64_t ns);

} // namespace rs::demo
