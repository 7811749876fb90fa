#pragma once
// The app's colour themes as palettes: "dark", "light" (Fusion's standard) and "system" (the platform's).
// The views paint from the palette they are given, so a theme switch reaches every view and chart.
// GUI thread.
#include <QPalette>
#include <QString>

namespace rs::views {

QPalette darkPalette();
/// The palette of `theme` ("dark", "light", anything else: the platform's).
QPalette themePalette(const QString& theme);

} // namespace rs::views
