#pragma once
// The spans behind one delta in both runs (compare::SpanPair): the baseline's step above the
// candidate's, lane by lane, on one time axis from each step's start (each run on its own clock: the steps
// are laid one above the other, not aligned by wall time). The delta's spans — an op type's kernels, one
// collective — are drawn in the run's colour, the rest in grey; each side's title gives the step, its wall
// time and the hits' count and time; the notes above (which step, why) wrap. Hovering a span names it. GUI
// thread only.
#include "core/compare/spanpair.h"

#include <QWidget>
#include <memory>

namespace rs::views {

class SpanPairView : public QWidget {
    Q_OBJECT
  public:
    explicit SpanPairView(QWidget* parent = nullptr);
    void setSpans(std::shared_ptr<const compare::SpanPair> spans, QString subject);
    const compare::SpanPair* spans() const { return m_spans.get(); }
    /// Where span `i` of `side` is drawn (empty when not drawn), for tests and tooltips.
    QRectF spanRect(int side, size_t i) const;
    /// Where note `i` is drawn: wrapped onto as many lines as the width needs, never cut.
    QRect noteRect(size_t i) const;
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override { return {260, 80}; }

  protected:
    void paintEvent(QPaintEvent*) override;
    bool event(QEvent* e) override;

  private:
    int sideTop(int side) const;
    double xOf(int64_t ns) const;
    std::shared_ptr<const compare::SpanPair> m_spans;
    QString m_subject;
    double m_spanNs = 1; ///< the axis: the longer of the two steps
};

} // namespace rs::views
