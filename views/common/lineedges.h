#pragma once
// What a widget drawing lines of its own (a map's bank bands) tells the scroll area around it, so that the
// area's edge falls between two lines, never through one (gui::DockScrollArea: at 800 × 600 the memory
// dock cut bank 5's band and label in half, r55c). Item views (tables, trees) need none: their rows are
// found through QAbstractItemView. Widget pixels. GUI thread only.

#include <QCoreApplication>
#include <QEvent>
#include <optional>
#include <utility>

namespace rs::views {

class LineEdges {
  public:
    virtual ~LineEdges() = default;
    /// The top and bottom (this widget's pixels, [top, bottom)) of the line that `y` runs through, inside
    /// it (top < y < bottom); none where `y` is an edge between lines or runs through none.
    virtual std::optional<std::pair<int, int>> lineThrough(int y) const = 0;
    /// The event such a widget sends itself when its lines move while its size stays (a zoom, a pan, new
    /// data): a scroll area around it snaps on that, on its scrolls and resizes, never on every paint.
    static QEvent::Type linesMovedEvent() {
        static const auto type = QEvent::Type(QEvent::registerEventType());
        return type;
    }

  protected:
    /// Tells the scroll area around `self` (this widget) that its lines moved.
    static void linesMoved(QObject* self) {
        QEvent moved(linesMovedEvent());
        QCoreApplication::sendEvent(self, &moved);
    }
    LineEdges() = default;
    LineEdges(const LineEdges&) = default;
    LineEdges& operator=(const LineEdges&) = default;
};

} // namespace rs::views
