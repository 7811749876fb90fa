#pragma once
// The input-shape text Ascend exports write (kernel_details.csv "Input Shapes", the .db's inputShapes):
// `"4096,4096;4096,4096"` — dims by ',', inputs by ';', wrapped in one pair of quotes that is not part of
// the shape (the CSV writes it as three quotes). Pure functions.
#include <string>
#include <string_view>

namespace rs::import {

/// The shape without its quotes and surrounding blanks; empty for N/A, "-" or nothing.
std::string cleanShapeText(std::string_view v);

} // namespace rs::import
