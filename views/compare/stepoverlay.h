#pragma once
// Both runs' steady-state step wall times as overlaid histograms on one time axis (shared bins), with
// each run's median marked, so a shifted or widened distribution is seen at once. The axis covers the
// bulk of the steps (up to 1.5 × the larger median); slower steps (a 200 ms stall) go to one
// overflow bin at the right, labelled, instead of squeezing every other step into one bin. GUI thread only.
#include <QColor>
#include <QList>
#include <QRect>
#include <QWidget>
#include <utility>
#include <vector>

namespace rs::views {

class StepOverlay : public QWidget {
    Q_OBJECT
  public:
    explicit StepOverlay(QWidget* parent = nullptr);
    /// Wall times in ns, every step of `ranks` matched ranks on each side (the titles count rank-steps when
    /// several ranks' steps are pooled: 4 ranks of 5 steps read "20 steps" beside a run of 6, walk 26).
    void setSteps(std::vector<double> baseline, std::vector<double> candidate, int ranks = 1);
    /// Counts per shared bin (for tests): [0] baseline, [1] candidate; the last bin is the overflow.
    const std::vector<int>& counts(int side) const { return m_counts[side]; }
    /// The title of one side ("candidate: 7 steps, median 6.04 s"; "baseline: 20 rank-steps of 4 ranks,
    /// median 7.95 ms"), as painted. 0: baseline, 1: candidate.
    QString sideTitle(int side) const;
    /// Where a side's title is drawn (widget pixels): a line of its own above the plot, the widget's width.
    QRect titleRect(int side) const;
    /// Where the axis labels are drawn (widget pixels): the low end, the high end, and the overflow bin's
    /// when there is one; each inside the widget, drawn only when wholly on screen.
    QList<QRect> axisLabelRects() const;
    static QColor baselineColor();
    static QColor candidateColor();
    /// What the panel says instead of a chart (nothing compared yet, no rank in both runs); empty: the chart.
    void setNote(const QString& note);
    QString note() const { return m_note; }
    /// What a side without steps says in its title instead of a count (a stored record keeps its steps'
    /// median and p95, not each step); "": none. 0: baseline, 1: candidate.
    void setSideNote(int side, const QString& note);
    /// A side without steps (a stored record): its median (ns; 0 none), marked on the axis and within it, so
    /// the record's side is not missing from the picture (walk 54a: the baseline's 13.6 ms was off an axis
    /// of 16–24 ms, no bar, no marker). 0: baseline, 1: candidate.
    void setStoredMedian(int side, double ns);
    /// The axis' time range (ns), low and high ends (for tests).
    std::pair<double, double> axisRange() const { return {m_lo, m_hi}; }
    QSize sizeHint() const override { return {520, 200}; }

  protected:
    void paintEvent(QPaintEvent*) override;

  private:
    QRect plotRect() const; ///< the histogram's axes, under both titles and above the axis labels
    std::vector<double> m_steps[2];
    int m_ranks = 1;
    std::vector<int> m_counts[2];
    double m_lo = 0, m_hi = 1;
    bool m_overflow = false;
    QString m_note;
    QString m_sideNote[2];
    double m_storedMedian[2] = {0, 0};
    void rebin(); ///< the axis and the bins from the steps and the stored medians
};

} // namespace rs::views
