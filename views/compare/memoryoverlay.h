#pragma once
// Both runs' memory on one rank as overlaid curves: allocated (solid) and reserved (dashed), baseline in
// blue and candidate in orange (the StepOverlay colours), each whole run from its first step (or first
// sample, if earlier) on its own clock — the runs are laid side by side, not aligned by wall time — with
// each peak labelled. A sample's value holds until the next one: the curves are drawn as steps. Data comes
// ready-made (compare::MemoryCurve, read off the GUI thread). GUI thread only.
#include "core/compare/baselinerecord.h"
#include "core/compare/memorycurve.h"

#include <QWidget>

namespace rs::views {

class MemoryOverlay : public QWidget {
    Q_OBJECT
  public:
    explicit MemoryOverlay(QWidget* parent = nullptr);
    /// `peaks`: the records' peaks of the same rank (over every component, as compare judges them); when
    /// they differ from the drawn component's, they are stated beside it, so the list and the curves agree.
    void setCurves(compare::MemoryCurve baseline, compare::MemoryCurve candidate,
                   compare::MemStat baselinePeak = {}, compare::MemStat candidatePeak = {});
    /// The text line of side 0 or 1 under the title (for tests).
    QString sideText(int side) const;
    QString caption() const;   ///< the title line: which rank, over what span
    QString xAxisText() const; ///< what the x axis measures, under it
    const compare::MemoryCurve& curve(int side) const { return m_curve[side]; }
    /// The plotted y range top (bytes) and x range end (ns since the first step), for tests. When reserved
    /// memory is more than 4× the allocated peak (a caching allocator that grabbed the card) the axis
    /// follows allocated, so its changes stay visible, and reserved is stated instead of drawn.
    double yMax() const { return m_yMax; }
    double xMax() const { return m_xMax; }
    /// Pixel x of a time (ns since each run's first step) in the current size.
    double xOf(double ns) const;
    /// Where the caption, the plot and the x axis' text stand in the current size: the caption and the
    /// axis' text wrap onto more lines when the widget is narrow (never cut with "…"), and the plot
    /// makes room for them.
    struct Geometry {
        QRect caption, plot, axisText;
    };
    Geometry geometry() const;
    bool reservedOffScale() const { return m_reservedOffScale; }
    /// What the panel says instead of a chart (nothing compared yet, no rank in both runs); empty: the chart.
    void setNote(const QString& note);
    QString note() const { return m_note; }
    QSize sizeHint() const override { return {520, 200}; }

  protected:
    void paintEvent(QPaintEvent*) override;

  private:
    QRect plotRect() const { return geometry().plot; }
    compare::MemoryCurve m_curve[2];
    compare::MemStat m_peak[2];
    double m_yMax = 1, m_xMax = 1;
    bool m_reservedOffScale = false; ///< reserved ≫ allocated: the axis follows allocated, reserved is named
    QString m_note;
};

} // namespace rs::views
