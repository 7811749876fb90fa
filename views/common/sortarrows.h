#pragma once
// Header sort arrows that point the way the rows run: ▼ when the largest (or last) comes first
// (Qt::DescendingOrder), ▲ when the smallest does. QHeaderView hands the style SortUp for a descending sort
// and Fusion on Linux draws SortUp as an up arrow, so the op summary, listing the largest total first, showed
// ▲ (walk 13). A proxy style on the header draws the arrow from the header's own order instead, with the
// base style's arrow primitives. GUI thread only.
class QHeaderView;

namespace rs::views {

/// Gives `header` the arrows that match its sort order (the style is owned by the header).
void pointSortArrows(QHeaderView* header);

} // namespace rs::views
