#pragma once
// Chunked byte sources: plain files, gzip and zstd streams, chosen by the file's magic bytes (not its
// name). Readers never hold a whole file; they pull chunks of ≤ 128 KiB (larger read() calls were
// measured slower here). A source is used by one thread at a time.
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

namespace rs::io {

enum class Compression { None, Gzip, Zstd };

/// Decompression limits: real profiler files compress 10–20× (the HTA Kineto samples 10–18×); a stream
/// that has produced more than kBombFloorBytes and more than kMaxRatio times the compressed bytes read is
/// a decompression bomb and stops with an error naming its offset.
constexpr int64_t kBombFloorBytes = int64_t(1) << 30; // 1 GiB
constexpr int64_t kMaxRatio = 200;

class ByteSource {
  public:
    virtual ~ByteSource() = default;
    /// Reads up to `cap` decompressed bytes into `buf`. Returns the count, 0 at the end of the stream.
    /// Returns -1 on an error; error() then says what happened (e.g. a corrupt compressed stream).
    virtual int64_t read(char* buf, int64_t cap) = 0;
    /// Bytes consumed from the underlying file so far (compressed bytes for compressed sources); drives
    /// progress against file sizes.
    virtual int64_t rawBytesRead() const = 0;
    const std::string& error() const { return m_error; }

  protected:
    std::string m_error;
};

/// Opens `path`, sniffing gzip (1f 8b) and zstd (28 b5 2f fd) magic. Returns null and sets `error`
/// when the file cannot be opened.
std::unique_ptr<ByteSource> openByteSource(const std::string& path, std::string& error);

/// `in` decompressed as `c` (with the bomb guard), or `in` itself for Compression::None. For callers that
/// already hold a source (tests, fuzzers); files go through openByteSource.
std::unique_ptr<ByteSource> decompressing(Compression c, std::unique_ptr<ByteSource> in);

/// A source over bytes in memory (not owned: `data` must outlive it), read in chunks like a file.
std::unique_ptr<ByteSource> memorySource(std::string_view data);

/// The compression a file uses according to its first bytes (None when unreadable).
Compression sniffCompression(const std::string& path);

/// The file name without a trailing ".gz"/".zst" (for format detection by name).
std::string stripCompressionSuffix(const std::string& name);

} // namespace rs::io
