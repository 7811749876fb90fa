#pragma once
// Op latency by input shape, as a view: choose an op type (largest kernel time first) and a dtype/layout;
// the two dims that vary most span the grid (ShapeGridCanvas) unless others are chosen, coloured by p95,
// median or time per element; the work model and the outliers are named under it. Clicking a cell selects the
// op type, zooms the timeline to that shape's first kernel and asks for all its kernels (shapeChosen); the
// kernels a Kineto trace links to no shape are counted under it. Data from the QueryService; GUI thread only.
#include "core/query/queryservice.h"
#include "views/common/interactionstate.h"
#include "views/shapes/shapegridcanvas.h"

#include <QWidget>

class QComboBox;
class QLabel;
class QScrollArea;

namespace rs::views {

class ShapeHeatmapView : public QWidget {
    Q_OBJECT
  public:
    ShapeHeatmapView(InteractionState* state, query::QueryService* service, QWidget* parent = nullptr);
    /// Loads the shape tables of `run` of the open profile.
    void setProfile(int run);
    /// Supplies data directly (tests, headless).
    void setTables(std::shared_ptr<const std::vector<shapes::OpShapeTable>> t);
    /// The kernels left out of every table for want of a linked shape, said under the grid.
    void setUnlinked(const shapes::UnlinkedShapes& u);
    void chooseOpType(const QString& op);
    /// The dims the grid spans, chosen by hand (by their names, "input 1, dim 2"); false when not offered.
    bool chooseDims(const QString& columns, const QString& rows);
    ShapeGridCanvas* canvas() const { return m_canvas; }
    QString captionText() const;
    /// The strip holding the summary under the grid: as tall as its whole lines, at most kCaptionLines
    /// (then it scrolls), never a line cut in half.
    QScrollArea* captionArea() const { return m_captionArea; }
    QLabel* caption() const { return m_caption; }
    static constexpr int kCaptionLines = 4;
    /// The op type, dtype, columns, rows and colour boxes (each elides its text, whole in its tooltip).
    QList<QComboBox*> boxes() const { return {m_op, m_kind, m_cols, m_rows, m_stat}; }

  Q_SIGNALS:
    /// A cell was clicked: the app highlights every kernel of that shape group on the timeline.
    void shapeChosen(const QString& opType, const QString& inputShapes, const QString& dtypes);

  protected:
    bool eventFilter(QObject* o, QEvent* e) override;

  private:
    void setCaption(const QString& text);
    void fitCaption(); ///< the summary's strip: its whole lines at its width, at most kCaptionLines
    void fillKinds();
    void fillDims();
    void showGrid();
    const shapes::OpShapeTable* current() const;
    InteractionState* m_state;
    query::QueryService* m_service;
    ShapeGridCanvas* m_canvas;
    QComboBox *m_op, *m_kind, *m_cols, *m_rows, *m_stat;
    QLabel* m_caption;
    QScrollArea* m_captionArea;
    quint64 m_pending = 0, m_unlinkedPending = 0;
    QString m_unlinked; ///< shapes::unlinkedShapesText, "" when every kernel with a source has its shape
    std::shared_ptr<const std::vector<shapes::OpShapeTable>> m_tables;
};

} // namespace rs::views
