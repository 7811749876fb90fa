#pragma once
// A drop-down that, narrower than its current item, shows it cut at a word's end with "…" and says it
// whole in its tooltip (before its own tooltip): Qt's style cut it at the box's edge mid-word ("median
// ove", walk 48: the heatmap's boxes at 800 × 600). GUI thread only.
#include <QComboBox>

namespace rs::views {

class ElidingComboBox : public QComboBox {
    Q_OBJECT
  public:
    explicit ElidingComboBox(QWidget* parent = nullptr) : QComboBox(parent) {}
    /// The current item's text as the box shows it (elided to its field's width).
    QString shownText() const;
    /// What hovering shows: the current item whole while it is elided, then the box's own tooltip.
    QString hoverText() const;

  protected:
    void paintEvent(QPaintEvent* e) override;
    bool event(QEvent* e) override;

  private:
    int fieldWidth() const; ///< px: the text's room inside the box's frame and arrow
};

} // namespace rs::views
