#pragma once
// The delta heatmap of a comparison: op type × matched rank, each cell coloured by candidate median /
// baseline median on the diverging scale (blue faster, white equal, red slower; log-symmetric), cells of
// a regression outlined, a legend naming both colours and the scale's ends. A cell prints its change in
// per cent when its text fits the cell (else its tooltip gives it, and the legend says so); a change that
// rounds to 0 % prints "0%" and is drawn white. A text line the scroll area around the grid shows only in
// part is not drawn (whole or scrolled, never cut in half), nor is a row of cells. Tooltips give both
// medians. GUI thread only.
#include "core/compare/comparisondata.h"
#include "views/heatmap/heatmapscale.h"

#include <QWidget>
#include <memory>
#include <optional>

namespace rs::views {

class DeltaGrid : public QWidget {
    Q_OBJECT
  public:
    explicit DeltaGrid(QWidget* parent = nullptr);
    void setData(std::shared_ptr<const compare::ComparisonData> d);
    /// The cell of (row, column) in widget pixels (for tests).
    QRect cellRect(int row, int column) const;
    /// The change a cell prints: "+8%", "-3%", "0%" for a change that rounds to 0 (pure; ratio = candidate
    /// / baseline).
    static QString changeText(double ratio);
    /// The colour a cell of `ratio` is drawn in: neutral (the scale's 1.0) when its change rounds to 0 %.
    QColor cellColor(double ratio) const;
    /// Whether the cell (row, column) prints its number: it has a ratio and its text fits the cell (px) at
    /// the widget's font or one down to kMinNumberScale of its size (numberFont).
    bool cellShowsNumber(int row, int column) const;
    /// The font `text` is printed in within a cell of `cell` px: `base`, else smaller down to
    /// kMinNumberScale of its size; none when it does not fit even then (pure).
    static std::optional<QFont> numberFont(const QFont& base, const QString& text, QSize cell);
    static constexpr qreal kMinNumberScale = 0.75;
    /// The legend's lines, top to bottom (the red end, the middle, the blue end, and what a narrow cell
    /// does when there is one), as painted.
    QStringList legendLines() const;
    /// The legend's colour bar (widget pixels): red at its top, blue at its bottom.
    QRect legendBarRect() const;
    /// Whether op-type row `row` is drawn now: wholly inside what the scroll area around the grid shows
    /// (its label, cells and numbers together; a row the viewport cuts is left out, not drawn blank).
    bool rowDrawn(int row) const;
    QSize sizeHint() const override;
    /// The narrowest the grid is drawn whole: its cells at their narrowest and the legend beside them; as
    /// tall as its rows (a shorter pane scrolls to them).
    QSize minimumSizeHint() const override;
    /// Why the grid has no cells ("" when it has): no op type above the share in both runs, or no rank in
    /// both runs (walk 11: 8 op labels and a legend over nothing, unexplained).
    QString emptyReason() const;

  Q_SIGNALS:
    void cellClicked(QString opType, int rank);

  protected:
    void paintEvent(QPaintEvent*) override;
    void mousePressEvent(QMouseEvent*) override;
    void resizeEvent(QResizeEvent*) override;
    bool event(QEvent*) override;

  private:
    bool cellAt(QPoint p, int& row, int& col) const;
    bool regressed(const std::string& op, int rank) const;
    /// The cells' width for the widget's width (px): as wide as 56 px, as narrow as 14, so the legend
    /// always fits beside them (a 1200 px panel cut the 8-rank demo's legend off).
    void fitCells();
    /// The legend's width: its swatch and its longest label (px).
    int legendWidth() const;
    QString legendText(int which) const; ///< 0: slower, 1: equal, 2: faster, 3: the numbers' note
    /// Whether some cell with a ratio is too narrow for its number (the legend then says: its tooltip).
    bool someNumberHidden() const;
    int legendBar() const; ///< the legend's colour bar's height (px)
    /// The legend's height (px): its bar and its note.
    int legendHeight() const;
    std::shared_ptr<const compare::ComparisonData> m_data;
    HeatScale m_scale;
    int m_left = 160, m_top = 40, m_cellW = 40, m_cellH = 18;
    static constexpr int kMinCellW = 14, kMaxCellW = 56, kLegendGap = 16, kSwatchW = 18;
};

} // namespace rs::views
