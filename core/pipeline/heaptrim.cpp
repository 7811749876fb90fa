#include "core/pipeline/heaptrim.h"

#include <cstdlib> // defines __GLIBC__ (through <features.h>) before the test below

#if defined(__GLIBC__)
#include <malloc.h>
#endif

namespace rs::pipeline {

namespace {
constexpr int kParsePadBytes = 16 << 20;
constexpr int kDefaultPadBytes = 128 << 10; // glibc's M_TOP_PAD default (mallopt(3))
} // namespace

ParseHeapPad::ParseHeapPad() {
#if defined(__GLIBC__)
    mallopt(M_TOP_PAD, kParsePadBytes);
#endif
}

ParseHeapPad::~ParseHeapPad() {
#if defined(__GLIBC__)
    mallopt(M_TOP_PAD, kDefaultPadBytes);
    malloc_trim(0);
#endif
}

} // namespace rs::pipeline
