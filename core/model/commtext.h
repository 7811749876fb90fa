#pragma once
// The communication matrix's quantities as text, in the producers' decimal units so nothing mixes
// MiB with MB: bytes as B, kB, MB, GB, TB (powers of 10^3, "61.21 MB" = 61 210 624 bytes, as
// communication_matrix.json's "Transit Size(MB)" counts them) and bandwidth as GB/s (10^9 bytes per
// second = bytes per ns). Three significant digits at least. Pure functions; any thread.
#include <cstdint>
#include <string>

namespace rs::model {

std::string formatDecimalBytes(int64_t bytes);
std::string formatBandwidth(double gbps);

} // namespace rs::model
