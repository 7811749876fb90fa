#include "core/io/crc32.h"

#include <isa-l/crc.h>

namespace rs::io {

uint32_t crc32(uint32_t crc, const void* data, size_t len) {
    return crc32_gzip_refl(crc, static_cast<const unsigned char*>(data), len);
}

} // namespace rs::io
