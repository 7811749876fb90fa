#pragma once
// Device address ↔ pixel maths of the memory map (addresses grow downwards, bank 0 on top), with a
// minimum bar height so small tensors stay visible. Pure value type; tested without widgets.
#include <cstdint>

namespace rs::views {

struct AddressMapping {
    uint64_t a0 = 0, a1 = 1; ///< visible address range [a0, a1)
    double y0 = 0, height = 1;
    double y(uint64_t addr) const;
    uint64_t addr(double py) const;
    /// Pixel height of a tensor of `size` bytes, at least `minPx`.
    double barHeight(int64_t size, double minPx = 2.0) const;
};

} // namespace rs::views
