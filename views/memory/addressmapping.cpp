#include "views/memory/addressmapping.h"

#include <algorithm>

namespace rs::views {

double AddressMapping::y(uint64_t addr) const {
    // long double: addresses reach 2^47 and a double keeps every byte exactly only to 2^53
    long double span = (long double)(a1 - a0);
    long double off = addr >= a0 ? (long double)(addr - a0) : -(long double)(a0 - addr);
    return y0 + double(off / span * (long double)height);
}

uint64_t AddressMapping::addr(double py) const {
    long double frac = (long double)(py - y0) / (long double)height;
    long double a = (long double)a0 + frac * (long double)(a1 - a0);
    return a <= 0 ? 0 : uint64_t(a);
}

double AddressMapping::barHeight(int64_t size, double minPx) const {
    return std::max(minPx, double((long double)size / (long double)(a1 - a0) * (long double)height));
}

} // namespace rs::views
