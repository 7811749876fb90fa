#pragma once
// The spans behind one delta in both runs (compare::SpanPair): the baseline's step above the
// candidate's, lane by lane, on one time axis from each step's start (each run on its own clock: the steps
// are laid one above the other, not aligned by wall time). The delta's spans — an op type's kernels, one
// collective — are drawn in the run's colour, the rest in grey; each side's title gives the step, its wall
// time and the hits' count and time; it, the subject and the notes above (which step, why) wrap. Hovering a
// span names it. GUI thread only.
#include "core/compare/spanpair.h"

#include <QWidget>
#include <memory>

namespace rs::views {

class SpanPairView : public QWidget {
    Q_OBJECT
  public:
    explicit SpanPairView(QWidget* parent = nullptr);
    void setSpans(std::shared_ptr<const compare::SpanPair> spans, QString subject);
    /// What it says with no spans ("": how to ask for them).
    void setEmptyText(const QString& text);
    /// What the spans are of (the strip's bold first line).
    const QString& subject() const { return m_subject; }
    const compare::SpanPair* spans() const { return m_spans.get(); }
    /// Where span `i` of `side` is drawn (empty when not drawn), for tests and tooltips.
    QRectF spanRect(int side, size_t i) const;
    /// Where note `i` is drawn: wrapped onto as many lines as the width needs, never cut.
    QRect noteRect(size_t i) const;
    /// Where the delta's subject (bold, on top) and side `side`'s title are drawn: wrapped like the notes.
    QRect subjectRect() const;
    QRect titleRect(int side) const;
    /// Side `side`'s title: "baseline · step 5 · wall 12 ms · MatMulV2: 96 kernels, 3.1 ms in all".
    QString titleText(int side) const;
    QSize sizeHint() const override;
    /// Every line's height (the scroll area around it scrolls rather than cutting the last lines off).
    QSize minimumSizeHint() const override;

  protected:
    void paintEvent(QPaintEvent*) override;
    bool event(QEvent* e) override;
    void resizeEvent(QResizeEvent* e) override;

  private:
    int sideTop(int side) const;
    int lanesTop(int side) const; ///< the first lane's top: below the side's wrapped title
    QFont subjectFont() const;
    QRect wrappedRect(int top, int minHeight, const QFont& f, const QString& text) const;
    double xOf(int64_t ns) const;
    std::shared_ptr<const compare::SpanPair> m_spans;
    QString m_subject;
    double m_spanNs = 1; ///< the axis: the longer of the two steps
    QString m_emptyText;
};

} // namespace rs::views
