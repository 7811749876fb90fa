#include "core/io/tailreader.h"

#include "core/io/bytesource.h"

#include <algorithm>
#include <cerrno>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace rs::io {

namespace {

constexpr int64_t kChunk = 128 * 1024;

/// A plain file's last bytes, read in 128 KiB chunks from (size - maxBytes) on.
Tail plainTail(const std::string& path, size_t maxBytes) {
    Tail t;
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) return t;
    struct stat st {};
    if (::fstat(fd, &st) != 0) {
        ::close(fd);
        return t;
    }
    const int64_t size = st.st_size;
    const int64_t from = std::max<int64_t>(0, size - int64_t(maxBytes));
    t.bytes.resize(size_t(size - from));
    for (int64_t got = 0; got < size - from;) {
        const ssize_t n =
            ::pread(fd, t.bytes.data() + got, size_t(std::min(kChunk, size - from - got)), from + got);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) { // an error, or the file shrank meanwhile
            ::close(fd);
            return t;
        }
        got += n;
    }
    ::close(fd);
    t.status = TailStatus::Ok;
    t.passed = size - from;
    return t;
}

/// A compressed file decompressed to its end; the last maxBytes are kept (a window at most twice as large
/// is held, and shifted when it fills).
Tail streamedTail(const std::string& path, size_t maxBytes, const std::function<bool()>& cancelled) {
    Tail t;
    std::string err;
    auto src = openByteSource(path, err);
    if (!src) return t;
    std::string& w = t.bytes;
    w.reserve(2 * maxBytes + size_t(kChunk));
    for (;;) {
        if (cancelled && cancelled()) {
            t.status = TailStatus::Cancelled;
            return t;
        }
        const size_t old = w.size();
        w.resize(old + size_t(kChunk));
        const int64_t n = src->read(w.data() + old, kChunk);
        w.resize(old + size_t(std::max<int64_t>(0, n)));
        if (n < 0) return t;
        if (n == 0) break;
        t.passed += n;
        if (w.size() > 2 * maxBytes) w.erase(0, w.size() - maxBytes);
    }
    if (w.size() > maxBytes) w.erase(0, w.size() - maxBytes);
    t.status = TailStatus::Ok;
    return t;
}

} // namespace

Tail readTail(const std::string& path, size_t maxBytes, const std::function<bool()>& cancelled) {
    if (sniffCompression(path) == Compression::None) return plainTail(path, maxBytes);
    return streamedTail(path, maxBytes, cancelled);
}

} // namespace rs::io
