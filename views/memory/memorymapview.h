#pragma once
// The memory view of one rank (a rank chooser): the address map (MemoryMapCanvas), the per-bank
// occupancy strip and the allocated/reserved/active curves with the peak marked, all on one time axis;
// a curve's value past its last sample is held to the run's end, dashed and named in the legend (a row
// above the curves, never over them), as the timeline's memory lane draws it (views/common/heldvalue.h). A
// line under the caption keys the bars' colours to the ops that allocated them.
// Clicking a tensor selects it; selections of an op type or tensor elsewhere highlight here (switching
// rank when needed). Data from the QueryService; GUI thread only.
#include "core/query/queryservice.h"
#include "views/common/interactionstate.h"

#include <QWidget>
#include <map>
#include <optional>

class QComboBox;
class QLabel;
class QPainter;
class QCustomPlot;

namespace rs::views {

class MemoryMapCanvas;
class BankStrip;
class ElidedLabel;

class MemoryMapView : public QWidget {
    Q_OBJECT
  public:
    MemoryMapView(InteractionState* state, query::QueryService* service, QWidget* parent = nullptr);
    /// `dataRank`: the producer's rank number per rank key, for the labels (keys differ when runs collide).
    void setProfile(const std::vector<int>& ranks, const std::map<int, int>& dataRank = {});
    void showRank(int rank);
    /// Supplies data directly (headless export).
    void setData(std::shared_ptr<const query::MemoryMapData> d);
    MemoryMapCanvas* canvas() const { return m_canvas; }
    BankStrip* strip() const { return m_strip; }
    QCustomPlot* plot() const { return m_plot; }
    int rank() const { return m_rank; }
    /// The memory data shown: its first and last record (absolute ns); unset when it holds none.
    std::optional<std::pair<qint64, qint64>> dataSpan() const;
    /// The colour key of the tensor bars (views/memory/tensorlegend.h), on screen and in pictures.
    ElidedLabel* legend() const { return m_legend; }
    /// The caption line (the rank, the selection, what the map holds), elided to one line.
    ElidedLabel* caption() const { return m_caption; }
    /// What an op highlight could not show ("No tensor in rank 0's memory map names MatMulV2's ops …"),
    /// hidden when there is nothing to say.
    QLabel* highlightNote() const { return m_hlNote; }
    /// Paints the view as a picture (File ▸ Export, `rankscope export`): as on screen, the legend included,
    /// without the rank drop-down (walk15a #10: the picture showed a "rank 0 ▾" control), its caption whole.
    void renderPicture(QPainter& p);

  Q_SIGNALS:
    /// setData showed a rank's memory data (canvas()->data()).
    void dataShown();
    /// An op type's or span's op is highlighted on rank key `rank`'s map: `tensors` bars name it (0: none
    /// does, and nothing is dimmed).
    void opHighlightShown(const QString& op, int rank, int tensors);

  protected:
    void changeEvent(QEvent* e) override;
    bool eventFilter(QObject* watched, QEvent* e) override; ///< the plot's resize wraps its legend

  private:
    /// A click's selection (none: empty map), noting the window it moved to (m_clickMovedTo).
    void selectClicked(const Selection& s);
    /// A double-click: the shared window to [t0, t1) (ns), its first click's move taken back.
    void showDataRange(qint64 t0, qint64 t1);
    std::optional<std::pair<qint64, qint64>> m_clickMovedTo; ///< the window the last click moved to
    void showColorKey();
    /// The legend in a row above the axis rect, where it covers no curve (the widget and exports alike).
    static void placeLegendAbovePlot(QCustomPlot& plot);
    /// The plot's legend in as many rows as its width needs (on the plot's resize and new entries).
    static void wrapLegend(QCustomPlot& plot);
    /// A selection made: the map goes to its rank (a tensor's, an op type's), then shows it.
    void followSelection(const Selection& s);
    /// The selection's highlight on the rank shown, whichever rank that is.
    void showSelection(const Selection& s);
    /// The note under the legend for the op highlighted (and whose rank it is when the map shows another),
    /// and opHighlightShown.
    void showHighlightNote(const Selection& s);
    /// The caption: the rank, the selection on its map and what it holds (memorycaption.h).
    void showCaption(const Selection& s);
    QString m_contents; ///< memoryContentsCaption of the data shown
    /// The allocated/reserved/active curves, each held (dashed) from its last sample to the run's end.
    void plotCurves(const query::MemoryMapData& d);
    void syncTime(qint64 t0, qint64 t1);
    /// Whether [t0, t1) (ns) is a window of the run shown, the one the map follows whether or not memory
    /// was recorded in it.
    bool isProfileWindow(qint64 t0, qint64 t1) const;
    InteractionState* m_state;
    query::QueryService* m_service;
    QComboBox* m_rankBox;
    ElidedLabel* m_caption;
    ElidedLabel* m_legend; ///< the colour key, one line elided (whole in a picture)
    QLabel* m_hlNote;
    MemoryMapCanvas* m_canvas;
    BankStrip* m_strip;
    QCustomPlot* m_plot;
    quint64 m_pending = 0;
    int m_rank = -1;
    std::map<int, int> m_dataRank; ///< setProfile's: rank key → the producer's number
    int shownRank(int key) const;  ///< the producer's number of rank key `key`, for labels
    qint64 m_origin = 0;
};

} // namespace rs::views
