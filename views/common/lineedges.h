#pragma once
// What a widget drawing lines of its own (a map's bank bands) tells the scroll area around it, so that the
// area's edge falls between two lines, never through one (gui::DockScrollArea: at 800 × 600 the memory
// dock cut bank 5's band and label in half, r55c). Item views (tables, trees) need none: their rows are
// found through QAbstractItemView. Widget pixels. GUI thread only.

#include <optional>
#include <utility>

namespace rs::views {

class LineEdges {
  public:
    virtual ~LineEdges() = default;
    /// The top and bottom (this widget's pixels, [top, bottom)) of the line that `y` runs through, inside
    /// it (top < y < bottom); none where `y` is an edge between lines or runs through none.
    virtual std::optional<std::pair<int, int>> lineThrough(int y) const = 0;

  protected:
    LineEdges() = default;
    LineEdges(const LineEdges&) = default;
    LineEdges& operator=(const LineEdges&) = default;
};

} // namespace rs::views
