#pragma once
// Paints a CommMatrix: source ranks down, destination ranks across, each link's cell coloured by the
// chosen metric (bandwidth, size or time on a log scale; transport type by colour), slow links outlined
// in ink, the selected link in the highlight colour, ranks labelled (every k-th when cells are small),
// and a legend with units and the slow-link rule. Tooltips give every figure of a link. Emits
// cellClicked(src, dst). GUI thread only.
#include "core/query/commmatrix.h"
#include "views/comm/commscale.h"

#include <QWidget>
#include <memory>

namespace rs::views {

class CommMatrixCanvas : public QWidget {
    Q_OBJECT
  public:
    explicit CommMatrixCanvas(QWidget* parent = nullptr);
    void setMatrix(std::shared_ptr<const query::CommMatrix> m);
    const query::CommMatrix* matrix() const { return m_matrix.get(); }
    std::shared_ptr<const query::CommMatrix> sharedMatrix() const { return m_matrix; }
    /// What the picture shows, for an export's caption: group, step, colour, the outline's meaning.
    QStringList captionLines() const;
    void setMetric(CommMetric m);
    CommMetric metric() const { return m_metric; }
    const CommScale& scale() const { return m_scale; }
    /// Outlines this link as the selected one (-1, -1: none).
    void setSelected(qint64 src, qint64 dst);
    std::pair<qint64, qint64> selected() const { return m_selected; }
    /// The cell of (src, dst) in widget pixels (invalid when the ranks are not on the axes).
    QRect cellRect(qint64 src, qint64 dst) const;
    QSize sizeHint() const override;
    /// What the canvas says in its centre instead of a grid (the matrix's reason it has none); empty when
    /// it draws a grid. The one place the view says it (walk 26: the notice above said it again).
    QString placeholderText() const;
    /// The tooltip text of a link (empty for no link): what the view shows on hover.
    QString linkText(const query::CommCell& c) const;
    /// The size or time legend's figures (top, bottom; or the one value every cell has), as the cells
    /// write them; empty for bandwidth and transport.
    QStringList legendValueTexts() const;

  Q_SIGNALS:
    void cellClicked(qint64 src, qint64 dst);

  protected:
    void paintEvent(QPaintEvent*) override;
    void mousePressEvent(QMouseEvent*) override;
    bool event(QEvent*) override;

  private:
    void layoutCells();
    int axisIndex(qint64 rank) const;
    const query::CommCell* cellAt(QPoint p) const;
    QString emptyText(QPoint p) const; ///< the tooltip of a cell no link fills
    void paintAxes(QPainter& p);
    void paintCell(QPainter& p, const query::CommCell& c);
    void paintLegend(QPainter& p);
    int paintRatioLegend(QPainter& p, int lx, int y); ///< returns the y below it
    /// Size and time when every cell has one value: its swatch and figure, no range; returns the y below it.
    int paintOneValueLegend(QPainter& p, int lx, int y);
    QString sizeOrTimeName() const; ///< the legend's name of the size or time metric
    std::shared_ptr<const query::CommMatrix> m_matrix;
    CommMetric m_metric = CommMetric::Bandwidth;
    CommScale m_scale;
    std::pair<qint64, qint64> m_selected{-1, -1};
    int m_left = 64, m_top = 58, m_cell = 40, m_labelEvery = 1, m_legendW = 250;
};

} // namespace rs::views
