#pragma once
// The op heatmap's colour legend: the colour bar of the grid's scale with its values and units, the
// statistic's name under it and the keys of what the grid shows (straggler outline, no shared kernels,
// partial rank). One painting function for both places it is drawn: right of the whole grid in a picture
// (HeatmapCanvas), and on screen in a column of its own beside the scrolled grid (HeatmapLegend), so it
// never covers a cell (walk 42: pinned over the grid's right edge in a narrow dock it hid rank 3's
// straggler cells and every rank right of them). Pixels. GUI thread only.
#include "views/heatmap/heatmapscale.h"

#include <QWidget>

namespace rs::views {

class HeatmapCanvas;

/// Which keys the legend lists under its bar: those the grid has cells of.
struct HeatLegendKeys {
    bool flagged = false;    ///< an outlined straggler cell
    bool uncompared = false; ///< a hatched cell without a ratio (no kernel shared with another rank)
    bool partial = false;    ///< a cross-hatched cell of a rank whose files were cut
};

/// The legend's parts, in px: its width, the colour bar's height range, and the height under the bar
/// (the statistic's name and the keys).
struct HeatLegendMetrics {
    static constexpr int kWidth = 135;
    static constexpr int kMinBar = 40, kMaxBar = 240;
    static constexpr int kBelowBar = 132;
    /// The box of the words saying where the colours are full (saturationText), under the statistic's name:
    /// two lines of the legend's width.
    static constexpr int kSaturationHeight = 30;
};

/// Paints the legend with its top left at `at` and a colour bar `barHeight` px high, in the painter's font.
void paintHeatLegend(QPainter& p, QPoint at, int barHeight, const HeatScale& scale,
                     query::HeatmapData::Mode mode, HeatLegendKeys keys, const QPalette& palette);

/// The legend as a strip under the grid of a narrow panel: "lo [bar] hi" and the keys in a row, wrapped
/// at `width` px into as few lines as fit; the statistic is named by the panel's combo box above. Standing
/// under the grid, the upright legend took 140 px of a 640-800 px window's short dock, which left the grid
/// two rows (walk 24 #1). `note`, when given, ends it, elided. Returns the height it takes (px); paints
/// when `p` is given.
int paintHeatLegendStrip(QPainter* p, int width, const HeatScale& scale, HeatLegendKeys keys,
                         const QPalette& palette, const QFontMetrics& fm, const QString& note = {});

/// The legend of a HeatmapCanvas's grid as a widget beside it: its bar as tall as the widget allows
/// (HeatLegendMetrics' range), level with the cells below the column labels. Repainted when told
/// (HeatmapView calls refresh after the canvas's data or statistic changed).
class HeatmapLegend : public QWidget {
    Q_OBJECT
  public:
    explicit HeatmapLegend(const HeatmapCanvas* canvas, QWidget* parent = nullptr);
    /// The canvas's grid changed: the legend's height and picture follow.
    void refresh();
    QSize sizeHint() const override;
    /// The shortest bar with every key under it: below this the legend's own scroll area scrolls.
    QSize minimumSizeHint() const override;
    /// The colour bar's rectangle as drawn now (widget pixels; for tests).
    QRect barRect() const;
    /// A strip under the grid (paintHeatLegendStrip) instead of the upright legend beside it.
    void setStrip(bool on);
    bool isStrip() const { return m_strip; }
    /// The strip's height at `width` px, with its note or without.
    int stripHeight(int width, bool withNote = true) const;
    /// A line the strip ends with, elided, whole in its tooltip (a short panel's caption); "": none.
    void setNote(const QString& note);

  protected:
    void paintEvent(QPaintEvent*) override;

  private:
    int barHeight() const;
    const HeatmapCanvas* m_canvas;
    bool m_strip = false;
    QString m_note;
};

} // namespace rs::views
