#pragma once
// A one-line label that elides its text at a word's end with "…" to the width the layout gives it, the
// whole text in its tooltip while elided (none while whole). Plain or rich text (textFormat()): a rich
// caption keeps its bold and colours up to the cut. It never asks its layout for its text's width: a
// wrapped caption took 3–4 lines of a 640 × 480 window's memory dock and left the map ~2½ banks high, a
// status line cut itself mid-number (walk 48). GUI thread only.
#include <QLabel>

namespace rs::views {

class ElidedLabel : public QLabel {
    Q_OBJECT
  public:
    explicit ElidedLabel(QWidget* parent = nullptr);
    /// The whole text (plain or rich, as textFormat() says); shown elided to the label's width.
    void setFullText(const QString& text);
    /// The whole text `head` + `tail` (plain text) where the tail matters more: too wide, the head (a
    /// path) is elided in its middle first so the tail (counts) stays whole; with no room for the tail
    /// beside a few characters of the head, the whole at a word as setFullText's.
    void setFullText(const QString& head, const QString& tail);
    QString fullText() const { return m_full; }
    /// Whether the text shown is cut (then the tooltip holds the whole).
    bool isElided() const { return text() != m_full; }
    /// Shows the text whole, wrapped to the width, as tall as it needs (a picture has no tooltip), or
    /// elided in one line again.
    void setShownWhole(bool whole);
    QSize minimumSizeHint() const override;
    QSize sizeHint() const override;

  protected:
    void resizeEvent(QResizeEvent* e) override;

  private:
    void fit();
    QString elidedPlain(int w) const; ///< m_full in `w` px, its tail kept whole where it can be
    QString m_full;
    qsizetype m_tailSize = 0; ///< the kept tail's length at m_full's end (0: none)
    bool m_whole = false;
};

} // namespace rs::views
