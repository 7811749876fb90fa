#pragma once
// The main window's status bar. It does not draw a temporary message (showMessage) itself: QStatusBar
// drew it from the bar's left edge to the first permanent field, cut mid-word against it and, with the
// fields squeezed, under them (issue 19 #3: "75 kernels of bn_fw_tr_1C11_kernel" run into the
// selection's field at 800 × 600). StatusLine shows the message in a field of its own instead, elided at
// a word with the whole in its tooltip. GUI thread only.
#include <QStatusBar>

namespace rs::gui {

class StatusBar : public QStatusBar {
    Q_OBJECT
  public:
    explicit StatusBar(QWidget* parent = nullptr) : QStatusBar(parent) {}

  protected:
    void paintEvent(QPaintEvent* e) override;
};

} // namespace rs::gui
