#include "core/io/bytesource.h"

#include "core/io/gzipsource.h"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <unistd.h>
#include <vector>
#include <zstd.h>

namespace rs::io {
namespace {

constexpr int64_t kChunk = 128 * 1024;

class FileSource final : public ByteSource {
  public:
    explicit FileSource(int fd) : m_fd(fd) {}
    ~FileSource() override { ::close(m_fd); }
    int64_t read(char* buf, int64_t cap) override {
        for (;;) {
            ssize_t n = ::read(m_fd, buf, size_t(std::min(cap, kChunk)));
            if (n < 0 && errno == EINTR) continue;
            if (n < 0) {
                m_error = std::strerror(errno);
                return -1;
            }
            m_raw += n;
            return n;
        }
    }
    int64_t rawBytesRead() const override { return m_raw; }

  private:
    int m_fd;
    int64_t m_raw = 0;
};

class ZstdSource final : public ByteSource {
  public:
    explicit ZstdSource(std::unique_ptr<ByteSource> in)
        : m_in(std::move(in)), m_buf(ZSTD_DStreamInSize()), m_ds(ZSTD_createDStream()) {
        ZSTD_initDStream(m_ds);
    }
    ~ZstdSource() override { ZSTD_freeDStream(m_ds); }
    int64_t read(char* out, int64_t cap) override {
        ZSTD_outBuffer ob{out, size_t(cap), 0};
        while (ob.pos == 0) {
            if (m_ib.pos == m_ib.size) {
                int64_t n = m_in->read(m_buf.data(), int64_t(m_buf.size()));
                if (n < 0) {
                    m_error = m_in->error();
                    return -1;
                }
                if (n == 0) {
                    if (m_lastRet != 0) {
                        m_error = "truncated zstd stream";
                        return -1;
                    }
                    return 0;
                }
                m_ib = ZSTD_inBuffer{m_buf.data(), size_t(n), 0};
            }
            size_t rc = ZSTD_decompressStream(m_ds, &ob, &m_ib);
            if (ZSTD_isError(rc)) {
                m_error = std::string("corrupt zstd stream: ") + ZSTD_getErrorName(rc);
                return -1;
            }
            m_lastRet = rc;
        }
        return int64_t(ob.pos);
    }
    int64_t rawBytesRead() const override { return m_in->rawBytesRead() - int64_t(m_ib.size - m_ib.pos); }

  private:
    std::unique_ptr<ByteSource> m_in;
    std::vector<char> m_buf;
    ZSTD_DStream* m_ds;
    ZSTD_inBuffer m_ib{nullptr, 0, 0};
    size_t m_lastRet = 0;
};

class MemorySource final : public ByteSource {
  public:
    explicit MemorySource(std::string_view d) : m_data(d) {}
    int64_t read(char* buf, int64_t cap) override {
        size_t n = std::min<size_t>(size_t(std::min(cap, kChunk)), m_data.size() - m_pos);
        std::memcpy(buf, m_data.data() + m_pos, n);
        m_pos += n;
        return int64_t(n);
    }
    int64_t rawBytesRead() const override { return int64_t(m_pos); }

  private:
    std::string_view m_data;
    size_t m_pos = 0;
};

/// Stops a decompressing source whose output outgrows its input beyond any real profiler file.
class RatioGuard final : public ByteSource {
  public:
    explicit RatioGuard(std::unique_ptr<ByteSource> in) : m_in(std::move(in)) {}
    int64_t read(char* out, int64_t cap) override {
        int64_t n = m_in->read(out, cap);
        if (n < 0) {
            m_error = m_in->error();
            return -1;
        }
        m_out += n;
        if (m_out > kBombFloorBytes && m_out > kMaxRatio * std::max<int64_t>(1, m_in->rawBytesRead())) {
            m_error = "decompresses to more than " + std::to_string(kMaxRatio) +
                      " times its compressed size (past 1 GiB at byte " + std::to_string(m_out) +
                      "): not read further, a decompression bomb?";
            return -1;
        }
        return n;
    }
    int64_t rawBytesRead() const override { return m_in->rawBytesRead(); }

  private:
    std::unique_ptr<ByteSource> m_in;
    int64_t m_out = 0;
};

} // namespace

Compression sniffCompression(const std::string& path) {
    unsigned char m[4] = {0, 0, 0, 0};
    FILE* f = std::fopen(path.c_str(), "rb");
    if (!f) return Compression::None;
    size_t n = std::fread(m, 1, 4, f);
    std::fclose(f);
    if (n >= 2 && m[0] == 0x1f && m[1] == 0x8b) return Compression::Gzip;
    if (n >= 4 && m[0] == 0x28 && m[1] == 0xb5 && m[2] == 0x2f && m[3] == 0xfd) return Compression::Zstd;
    return Compression::None;
}

std::unique_ptr<ByteSource> openByteSource(const std::string& path, std::string& error) {
    Compression c = sniffCompression(path);
    int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
        error = path + ": cannot open: " + std::strerror(errno);
        return nullptr;
    }
    ::posix_fadvise(fd, 0, 0, POSIX_FADV_SEQUENTIAL);
    return decompressing(c, std::make_unique<FileSource>(fd));
}

std::unique_ptr<ByteSource> decompressing(Compression c, std::unique_ptr<ByteSource> in) {
    switch (c) {
    case Compression::Gzip:
        return std::make_unique<RatioGuard>(makeGzipSource(std::move(in)));
    case Compression::Zstd:
        return std::make_unique<RatioGuard>(std::make_unique<ZstdSource>(std::move(in)));
    case Compression::None:
        break;
    }
    return in;
}

std::unique_ptr<ByteSource> memorySource(std::string_view data) {
    return std::make_unique<MemorySource>(data);
}

std::string stripCompressionSuffix(const std::string& name) {
    for (const char* suf : {".gz", ".zst", ".zstd"}) {
        size_t n = std::strlen(suf);
        if (name.size() > n && name.compare(name.size() - n, n, suf) == 0)
            return name.substr(0, name.size() - n);
    }
    return name;
}

} // namespace rs::io
