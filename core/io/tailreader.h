#pragma once
// The last bytes of a file's content (decompressed), for what a format writes at its end. A plain file's
// are read from its end; a gzip or zstd stream cannot be entered in the middle, so a compressed file is
// decompressed to its end, keeping only the last bytes (memory stays bounded whatever the file's size).
// One thread per call.
#include <cstdint>
#include <functional>
#include <string>

namespace rs::io {

enum class TailStatus { Ok, Unreadable, Cancelled };

struct Tail {
    TailStatus status = TailStatus::Unreadable;
    std::string bytes;  ///< the content's last ≤ maxBytes bytes
    int64_t passed = 0; ///< decompressed bytes read to get them (the tail alone for a plain file)
};

/// The last `maxBytes` of `path`'s content. `cancelled` is asked between 128 KiB chunks of a compressed
/// file. Unreadable on any read or decompression error (a damaged stream: the caller reads it the long way).
Tail readTail(const std::string& path, size_t maxBytes, const std::function<bool()>& cancelled);

} // namespace rs::io
