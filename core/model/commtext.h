#pragma once
// The communication matrix's quantities as text, in the producers' decimal units so nothing mixes
// MiB with MB: bytes as B, kB, MB, GB, TB (powers of 10^3, "61.21 MB" = 61 210 624 bytes, as
// communication_matrix.json's "Transit Size(MB)" counts them) and bandwidth as GB/s (10^9 bytes per
// second = bytes per ns). Three significant digits at least, the same everywhere (a cell, its tooltip, the
// CLI and the report print one figure). Pure functions; any thread.
#include <cstdint>
#include <string>

namespace rs::model {

std::string formatDecimalBytes(int64_t bytes);
/// "15.1 GB/s", "0.0248 GB/s", "761 GB/s"; "-" when not finite. Always GB/s, so the number in a cell
/// (formatBandwidthNumber) and the text beside it never differ.
std::string formatBandwidth(double gbps);
/// The number of formatBandwidth without its unit ("0.0248").
std::string formatBandwidthNumber(double gbps);
/// `v` with at least 3 significant digits, trailing zeros kept ("16.0", "420", "0.153", "0.0248").
std::string threeSignificant(double v);

} // namespace rs::model
