#pragma once
// The one formatter of times for every text Rankscope shows: findings, the report, the ruler, the status
// bar, tooltips and tables. Pure functions; any thread. Times are int64 ns.
//  - formatDuration: a length, 3 significant digits in the best unit ("820 ns", "340 µs", "12.5 ms",
//    "1.20 s"), then minutes, hours and days for long spans ("12 min 5 s", "3 h 25 min", "8 d 12 h").
//  - formatOffset: a signed position relative to an origin, precise to `resolutionNs` ("+14.8002 s",
//    "-3.30 ms", "+8 d 12:10:04.2"): two offsets that differ by at least the resolution never print alike; a
//    value that rounds to zero prints as zero ("+0 µs", never "-0 µs").
#include <cstdint>
#include <string>

namespace rs::model {

std::string formatDuration(int64_t ns);
std::string formatOffset(int64_t ns, int64_t resolutionNs);
/// "+29.064 ms … +31.889 ms (2.83 ms)": a window's ends as offsets from an origin (`fromNs`, `toNs`: ns
/// from it), precise to a thousandth of its width, and its length as the difference of the ends printed:
/// the status bar and an export's caption of windows that print alike say one length (walk 23b: "2.82 ms"
/// and "2.83 ms" under the same ends).
std::string formatWindow(int64_t fromNs, int64_t toNs);

} // namespace rs::model
