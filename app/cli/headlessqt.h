#pragma once
// Qt for the commands that render pictures without a display (export, report --html): the offscreen
// platform unless one is chosen, without the platform's benign notices (no runtime dir, no window-size
// hints). Call before creating the QApplication. Main thread.
namespace rs::cli {
void useHeadlessQt();
}
