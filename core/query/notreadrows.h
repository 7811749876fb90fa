#pragma once
// The rows of File ▸ Diagnostics that are files discovery did not read (an `ignored` line of `rankscope
// info`, the report's `files_not_read`): listed as notes with why, counted apart from the notes. Pure.
#include "core/query/timelinequery.h"

#include <string_view>

namespace rs::query {

/// What such a row's problem starts with ("not read: CANN raw timeline …").
inline constexpr std::string_view kNotRead = "not read";

/// Whether `d` is such a row: a note of one file, at no place in it, saying it was not read.
inline bool isNotReadRow(const DiagnosticDesc& d) {
    return d.severity == "info" && d.count == 1 && d.firstOffset < 0 && d.excerpt.empty() &&
           std::string_view(d.what).substr(0, kNotRead.size()) == kNotRead;
}

} // namespace rs::query
