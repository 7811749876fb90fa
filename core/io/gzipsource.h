#pragma once
// The gzip stream of a profile file, inflated by ISA-L's igzip (libisal): ≈ 1.9 GB/s on this kind of
// machine against zlib's ≈ 0.6 GB/s (../shared/docs/perf-facts.md; measured again in bench_index's Kineto
// run), streaming in bounded memory (libdeflate, as fast, inflates whole buffers only: a multi-GB dump
// would have to be held). Concatenated members are read one after another, as gzip(1) does; each member's
// CRC-32 is checked. One thread at a time.
#include "core/io/bytesource.h"

#include <memory>

namespace rs::io {

/// `in`'s bytes, gzip-decompressed.
std::unique_ptr<ByteSource> makeGzipSource(std::unique_ptr<ByteSource> in);

} // namespace rs::io
