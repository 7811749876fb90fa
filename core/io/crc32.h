#pragma once
// CRC-32 of bytes, the same value as zlib's crc32() and gzip's trailer (reflected IEEE polynomial), through
// ISA-L's crc32_gzip_refl (carry-less multiply where the CPU has it): the discovery fingerprint samples
// 16 KiB of every input file on each reopen, and zlib's table CRC was a tenth of a 512-rank reopen. Any
// thread.
#include <cstddef>
#include <cstdint>

namespace rs::io {

/// `crc` continued over `len` bytes at `data` (start from 0): crc32(crc32(0, a), b) == crc32(0, a + b).
uint32_t crc32(uint32_t crc, const void* data, size_t len);

} // namespace rs::io
