// libFuzzer target: the gzip and zstd decoders behind every compressed input (truncated streams, bad
// CRCs, concatenated members, bombs): errors are reported, never a crash or a hang.
#include "core/io/bytesource.h"

#include <cstddef>
#include <cstdint>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    std::string_view bytes(reinterpret_cast<const char*>(data), size);
    std::vector<char> buf(1 << 16);
    for (auto c : {rs::io::Compression::Gzip, rs::io::Compression::Zstd}) {
        auto src = rs::io::decompressing(c, rs::io::memorySource(bytes));
        int64_t total = 0;
        for (int i = 0; i < 4096; ++i) { // at most 256 MiB of output per input
            int64_t n = src->read(buf.data(), int64_t(buf.size()));
            if (n <= 0) break;
            total += n;
        }
        (void)total;
    }
    return 0;
}
