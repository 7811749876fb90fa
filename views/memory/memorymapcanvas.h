#pragma once
#include "core/annotate/annotation.h"
// Paints one rank's tensors as lifetime bars placed by device address (x = time, y = address, height =
// size with a minimum), HBM banks as labelled bands, bars coloured by the op that allocated them (the
// colour key of what the window shows: tensorcolorkey.h), the
// bank anomaly outlined. Without addresses it stacks bars by allocation order and says so. Wheel zooms
// time around the cursor (Ctrl+wheel: addresses), drag pans both axes, double-click shows the memory data's
// whole range (its addresses, and its time as the shared window: every view); click selects a tensor. GUI
// thread only.
#include "core/query/analysisqueries.h"
#include "views/common/lineedges.h"
#include "views/common/timemapping.h"
#include "views/memory/addressmapping.h"
#include "views/memory/tensorcolorkey.h"

#include <QLineF>
#include <QWidget>
#include <memory>
#include <optional>

namespace rs::views {

class AnnotationModel;

class MemoryMapCanvas : public QWidget, public LineEdges {
    Q_OBJECT
  public:
    explicit MemoryMapCanvas(QWidget* parent = nullptr);
    void setData(std::shared_ptr<const query::MemoryMapData> d);
    /// The time origin of the tooltip's "+x ms" (ns, the run's start, as the timeline's ruler and Details
    /// count); unset (0): the data's first sample. The first memory sample is not the run's start: the
    /// tooltip read +21.752 ms where Details said +41.406 ms (walk15b #1).
    void setOrigin(qint64 originNs) { m_originNs = originNs; }
    qint64 origin() const { return m_originNs ? m_originNs : (m_data ? m_data->startNs : 0); }
    const query::MemoryMapData* data() const { return m_data.get(); }
    void setTimeWindow(qint64 t0, qint64 t1);
    qint64 t0() const { return m_t0; }
    qint64 t1() const { return m_t1; }
    /// The tensors alive at some time of the window [t0, t1): with none the map says so rather than
    /// showing an empty plot.
    int aliveInWindow() const;
    /// What the map says over a window with no tensor alive ("" while some are): where tensors were never
    /// freed in the data, their bars end with the memory data, and a window after it cannot say they died.
    QString emptyWindowText() const;
    /// The colours the bars are painted in: the ops of the window's data (tensorcolorkey.h).
    const TensorColorKey& colorKey() const { return m_key; }
    /// Highlights tensors of `opName` (dims the rest) and/or one tensor; empty clears. When no tensor of
    /// the data names `opName` (Ascend's memory records name aten:: ops, never a kernel type such as
    /// MatMulV2), nothing is dimmed: every bar dimmed read as "it allocated nothing" (walk18b #3).
    void setHighlight(const QString& opName, const QString& tensorId);
    QString highlightedOp() const { return m_hlOp; }
    /// The tensors of the data whose record names `opName` as the op that allocated them, or one of its
    /// kernels (a "cann::" prefix aside: query::recordNamesOp): the one rule by which bars are
    /// highlighted and the memory view and Details say what is.
    int tensorsNamedBy(const QString& opName) const;
    /// Whether the op highlight dims the bars it does not name (some tensor names the op).
    bool dimsOthers() const { return !m_hlOp.isEmpty() && m_hlMatches > 0; }
    TimeMapping timeMapping() const;
    AddressMapping addressMapping() const;
    /// Bar rectangle of tensor `i` (index into data()->tensors), in widget pixels.
    QRectF barRect(size_t i) const;
    /// The bank anomaly's dashed outline per anomalous op (widget pixels, the pen's width inside): around
    /// its bars shown, padded, but within the bands of the banks its tensors lie in.
    std::vector<std::pair<std::string, QRectF>> anomalyOutlines() const;
    static constexpr double kOutlinePen = 2; ///< px, the anomaly outline's pen
    /// Where a tensor note's leader meets its tensor `bar` (px): the note's time and, on a map with
    /// addresses, its address, kept on the bar's part inside the plot.
    QPointF noteAnchor(const annotate::Annotation& a, const QRectF& bar) const;
    /// A bank's label in the left margin: its name, or its base address under it.
    struct BankLabel {
        QRectF rect; ///< widget pixels, inside its bank's band
        QString text;
        bool address = false;
    };
    /// The bank labels drawn at the current size and zoom: the name and the base address when the band is
    /// two lines high, the name alone when it is one line high, nothing in a thinner band (a label cut at
    /// the band's border lost half its digits: walk17a L6). The tooltip names the bank and address anyway.
    std::vector<BankLabel> bankLabels() const;
    /// Without a bank model (Kineto): round hex addresses along the axis, a power of two apart, at least
    /// three lines apart (empty with a bank model, or without addresses).
    std::vector<BankLabel> addressLabels() const;
    /// A tensor's name in the tooltip and menus: its id and op, the op alone when the id is only its address
    /// and allocation time (Kineto's), never an empty "()".
    static QString tensorTitle(const query::TensorItem& t);
    /// The tooltip of the tensor bar at `pos` (name, op, size, address, bank, alloc, free, lifetime), or
    /// empty.
    QString tooltipAt(QPoint pos) const;
    static constexpr int kLeft = 90;
    static constexpr int kMinHeight = 100; ///< px, without banks to label
    /// px: the height at which every bank of the data (up to 8) has its name and base address labelled; the
    /// widget's minimum height once data is set.
    int labelledHeight() const;
    /// The bank band `y` (px) runs through, so that the dock's edge cuts no band and no label in half;
    /// none without banks (a map of addresses alone or of lifetimes has no lines).
    std::optional<std::pair<int, int>> lineThrough(int y) const override;
    /// The leader from a callout's `box` to its `target` (px): between their nearest points; null where the
    /// box touches the target (kTouchPx).
    static QLineF leaderLine(const QRectF& box, const QRectF& target);
    static constexpr double kTouchPx = 4;
    /// Memory annotations of this rank (a tensor, or an address × time region) are drawn; the model's
    /// box tool drafts a region, the context menu a note on a tensor.
    void setAnnotations(AnnotationModel* m);
    void setAnnotationsShown(bool on);

  Q_SIGNALS:
    void tensorClicked(int index);
    void timeWindowChanged(qint64 t0, qint64 t1);
    /// The user zoomed or panned time here (wheel, drag): the other views follow.
    void timeWindowMoved(qint64 t0, qint64 t1);
    /// A double-click on a tensor asked for a window [t0, t1) (ns): the lifetime of the tensor its first
    /// click chose, a fiftieth either side, as a double-click on the timeline zooms to its span (walk 34: it
    /// went to the data's whole range, as on empty space). Its first click was a click (tensorClicked)
    /// already: the view makes the two one move (walk 48).
    void dataRangeAsked(qint64 t0, qint64 t1);
    /// A double-click on empty space asked for View ▸ Fit's window (r49b #6: it went to the memory data's
    /// range padded by 2 %, a window Fit never shows).
    void fitAsked();
    void annotationDrafted(const rs::annotate::Annotation& a);
    /// The colour key changed (new data, or the window shows other ops).
    void colorKeyChanged();

  protected:
    void paintEvent(QPaintEvent*) override;
    /// The margin's and labels' font: a point and a half under the widget's.
    QFont smallFont() const;
    void wheelEvent(QWheelEvent*) override;
    void mousePressEvent(QMouseEvent*) override;
    void mouseMoveEvent(QMouseEvent*) override;
    void mouseReleaseEvent(QMouseEvent*) override;
    void mouseDoubleClickEvent(QMouseEvent*) override;
    bool event(QEvent*) override;
    void contextMenuEvent(QContextMenuEvent*) override;

  private:
    /// Whether bar `r` (barRect) is at least partly on the plot.
    bool barShown(const QRectF& r) const;
    void paintAddressAxis(QPainter& p) const; ///< addressLabels with their ticks
    /// Data with a time extent: without it (not arrived yet, a rank without memory events: 0 … 0) the
    /// canvas' window is a placeholder, and a wheel or drag on it threw the shared window to 1 ns before
    /// the profile.
    bool hasTimeAxis() const { return m_data && m_data->endNs > m_data->startNs; }
    /// A note placed at one time only: a dashed rule across the map at `line`'s x.
    /// A dotted line from a callout placed off `target` to `target` (leaderLine).
    static void paintLeader(QPainter& p, const QRectF& box, const QRectF& target, const QColor& c);
    void paintMoment(QPainter& p, const QRectF& line, const annotate::Annotation& a) const;
    /// The annotations' regions and callouts, the callouts clear of `labels` (the finding's label) and,
    /// where the map has room, of `bars` (the drawn tensor bars and the finding's outline).
    void paintAnnotations(QPainter& p, std::vector<QRectF> labels, const std::vector<QRectF>& bars);
    bool drafting() const;
    /// The annotation the armed tool drafts from the press to `end` (widget px): a note on the tensor under
    /// the press (or, with the note tool, at its time), else a region; none where a click names nothing.
    std::optional<annotate::Annotation> draftAt(QPoint end, bool click) const;
    /// A note on tensor `i` anchored where `at` is on its bar (a click, a context menu's press).
    annotate::Annotation tensorNote(size_t i, QPoint at) const;
    AnnotationModel* m_annotations = nullptr;
    bool m_annotationsShown = true;
    QPoint m_draftEnd;
    int tensorAt(QPoint p) const;
    /// What the canvas says where it draws no bar: why (the rank's shard unread, its memory rows left out
    /// and by which diagnostic, or no memory records in its files).
    QString emptyText() const;
    void resetView();
    void updateColorKey();
    TensorColorKey m_key;
    std::shared_ptr<const query::MemoryMapData> m_data;
    qint64 m_t0 = 0, m_t1 = 1;
    qint64 m_originNs = 0;
    uint64_t m_a0 = 0, m_a1 = 1;
    uint64_t m_fullA0 = 0, m_fullA1 = 1;
    std::vector<double> m_stackY; // lifetime view: row per tensor in allocation order
    QString m_hlOp, m_hlTensor;
    int m_hlMatches = 0; ///< tensorsNamedBy(m_hlOp), kept with the data and the highlight
    bool m_drag = false;
    /// The press under way is a double-click's second: its release is no click (the map moved under it)
    bool m_doubleClicked = false;
    int m_clickedTensor = -1; ///< the tensor the last click chose (index into m_data->tensors), -1: none
    QPoint m_pressPos;
    qint64 m_pressT0 = 0, m_pressT1 = 0;
    uint64_t m_pressA0 = 0, m_pressA1 = 0;
};

} // namespace rs::views
