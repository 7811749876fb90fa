#pragma once
namespace rs::gui {
/// Runs the desktop app (QApplication event loop); argv may name a profile directory to open.
int runGui(int argc, char** argv);
} // namespace rs::gui
