#pragma once
// What says a file was replaced or rewritten while it was being read: its inode, size and modification time
// (ns). A rerun of a shard task renames a new file over the old one (another inode); an in-place rewrite
// changes the size or the time. Reads the file system only; any thread.
#include <cstdint>
#include <string>

namespace rs::index {

struct FileStamp {
    uint64_t inode = 0;
    int64_t sizeBytes = -1; ///< -1: the file could not be stat'ed
    int64_t mtimeNs = 0;

    bool operator==(const FileStamp&) const = default;
    /// The stamp of `path` now; sizeBytes -1 when it is gone or cannot be read.
    static FileStamp of(const std::string& path);
};

} // namespace rs::index
