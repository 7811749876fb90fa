#pragma once
// The application icon (icons/png/*, compiled in from resources/rankscope.qrc). GUI thread.
#include <QIcon>

namespace rs::gui {
/// The icon with all its PNG sizes (16–256 px); never null.
QIcon appIcon();
} // namespace rs::gui
