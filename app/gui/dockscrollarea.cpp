#include "app/gui/dockscrollarea.h"

namespace rs::gui {

DockScrollArea::DockScrollArea(QWidget* view, QWidget* parent) : QScrollArea(parent) {
    setFrameShape(QFrame::NoFrame);
    setWidgetResizable(true); // the view fills the dock, down to its own minimum: then it scrolls
    setWidget(view);
    setFocusProxy(view); // a dock raised for a finding gives its view the keys, as before
}

} // namespace rs::gui
