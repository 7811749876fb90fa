#pragma once
// Text for a wrapped GUI cell with each number kept on one line with its unit ("1.40 s", "14.2 GB/s",
// "+8.0 %"): a narrow Findings column broke "1.40 / s" and "14.2 GB/ / s" (issue 19). The space between a
// number and its unit becomes a no-break space, and a rate's slash a word joiner's neighbour. For display
// only: the CLI's and the report's texts keep plain spaces. Any thread.
#include <QString>

namespace rs::views {

/// `text` with no line break allowed between a number and the unit after it (ns, µs, ms, s, min, h, B,
/// KB…TB, KiB…TiB, a rate of one per s, %), nor inside such a rate.
QString unitsJoined(const QString& text);

} // namespace rs::views
