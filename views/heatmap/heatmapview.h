#pragma once
// The op heatmap view: op type × rank (default, coloured by the ratio to the op type's cross-rank median
// so a slow card stands out), or per step — op type × step for one rank, rank × step for one op type.
// Statistic and sort are chosen in its tool row. Clicking a cell selects (op type, rank); selections
// made elsewhere highlight the matching cell (cellChosen is the user's click only). A grid wider or taller
// than the view scrolls (scrollbars; the wheel scrolls the ranks when no op row is out of view, Shift+wheel
// always), its op and rank labels staying in view; the colour legend is a column of its own right of it,
// covering no cell, and scrolls itself when the panel is shorter than it; in a narrow panel it is a strip
// under the grid, and a short panel shows its caption in one line. Data from the QueryService; GUI thread
// only.
#include "core/query/queryservice.h"
#include "views/common/interactionstate.h"
#include "views/heatmap/heatmapcanvas.h"
#include "views/heatmap/heatmaplegend.h"

#include <QWidget>
#include <optional>

class QBoxLayout;
class QComboBox;
class QLabel;
class QScrollArea;

namespace rs::views {

class HeatmapView : public QWidget {
    Q_OBJECT
  public:
    HeatmapView(InteractionState* state, query::QueryService* service, QWidget* parent = nullptr);
    /// Called when a profile is open: loads the op × rank heatmap and fills the rank/op choosers.
    /// `complete`: every rank of the job is in the run (else `worldSize`, when known, says how many it had),
    /// so the caption can say whether "no straggler" covers the whole job.
    void setProfile(const std::vector<int>& ranks, std::optional<int64_t> worldSize = std::nullopt,
                    bool complete = true);
    void setMode(query::HeatmapData::Mode mode, int rank = -1, const QString& opType = {});
    /// The layout to show once a profile's op × rank grid has named its ops (the last session's choice:
    /// `mode` 1 with a rank's number as the files write it, 2 with an op); mode 0 changes nothing.
    void setPreferredLayout(int mode, const QString& op, int rankNumber);
    /// The shown layout as a saved view keeps it: mode 0–2, the op of mode 2 (else empty), the rank key of
    /// mode 1 (else -1).
    int layoutMode() const;
    QString layoutOp() const;
    int layoutRank() const;
    /// The statistic the user chose, by its key (statisticKey); empty while the grid's default shows.
    QString chosenStatistic() const;
    /// A saved view's layout (as layoutMode etc.) and statistic key (empty: the default): shown now when
    /// this run's ops are known, else once its op × rank grid names them; mode -1 keeps the layout shown.
    void showSaved(int mode, const QString& op, int rankKey, const QString& statistic);
    /// A statistic's key in a saved view: "ratio", "median", "p95", "mean", "total"; and back (nullopt:
    /// not one of them).
    static QString statisticKey(HeatStatistic s);
    static std::optional<HeatStatistic> statisticFromKey(const QString& key);
    /// Whether `d`'s ratios compare anything: more than one rank (op × rank, rank × step) or step (op ×
    /// step). The export follows it too.
    static bool ratiosCompare(const query::HeatmapData& d);
    /// Whether a grid of `mode` holds statistic `s`: the per-step grids keep each cell's count and total
    /// only, so no median or p95 (their cells showed the mean under a "p95" legend, r53b).
    static bool holds(HeatStatistic s, query::HeatmapData::Mode mode);
    /// The statistic a grid of `mode` shows for `s`: `s` when it holds it, else the mean.
    static HeatStatistic shownFor(HeatStatistic s, query::HeatmapData::Mode mode) {
        return holds(s, mode) ? s : HeatStatistic::Mean;
    }
    /// The summary whose ranks the chooser and captions name (views/common/rankname.h), before setProfile.
    void setSummary(std::shared_ptr<const query::ProfileSummary> s) { m_summary = std::move(s); }
    /// Supplies data directly (headless export).
    void setData(std::shared_ptr<const query::HeatmapData> d);
    HeatmapCanvas* canvas() const { return m_canvas; }
    HeatmapLegend* legend() const { return m_legend; }
    /// The scroll area around the grid (the legend's is beside it).
    QScrollArea* gridArea() const { return m_scroll; }
    /// The least height the panel needs at width `w`: its tool row, its caption wrapped at `w` and a grid
    /// area of a few rows. A dock's scroll area (app/gui/dockscrollarea.h) takes this as the panel's
    /// minimum; it took the layout's preferred height, the whole grid's, so the dock scrolled the panel and
    /// the grid's own horizontal bar sat below the dock's edge, out of sight (walk 42).
    int heightForWidth(int w) const override;
    /// The height the panel needs at its width to show kComfortableRows op rows (px): its tool row, its
    /// caption, the column labels, the rows, the grid's horizontal bar and the legend under it when it is
    /// there. What a short window's dock keeps for it (DockProportions::keepRoom).
    int comfortableHeight() const;
    static constexpr int kComfortableRows = 6;
    /// The line above the grid (what the outlines mean, or that there are none).
    QString caption() const;
    /// The op × rank cells a selection names: its op type and its further ones, on its rank.
    static std::vector<HeatmapCanvas::Cell> opRankCells(const Selection& s);
    /// The cells a grid of `d` highlights for `s` (none when it names no op type on a rank): the rule the
    /// view follows, and the exports with it, so a picture shows the current selection only.
    static std::vector<HeatmapCanvas::Cell> highlightsFor(const query::HeatmapData* d, const Selection& s);

  Q_SIGNALS:
    /// The user clicked the cell of `opType` on `rank` (after selecting it), of `step` in a per-step
    /// layout (-1: op × rank, every step): the app takes the timeline to its kernels. A selection made
    /// elsewhere (a finding, a saved view) does not emit it.
    void cellChosen(const QString& opType, int rank, qint64 step);
    /// The user chose a layout in the mode or subject box (mode 0–2; the op of mode 2, the rank's number of
    /// mode 1): what the app remembers for the next session (walk 38: a restart went back to op × rank).
    void layoutChosen(int mode, const QString& op, int rankNumber);

  public:
    /// The fewest columns (or all, when fewer) the grid keeps in view beside its legend; narrower, the
    /// legend goes under the grid.
    static constexpr int kColumnsBesideLegend = 4;
    /// The legend's scroll area: beside the grid, or under it in a narrow panel.
    QScrollArea* legendArea() const { return m_legendArea; }

  protected:
    bool eventFilter(QObject* watched, QEvent* e) override;
    void resizeEvent(QResizeEvent* e) override;

  private:
    /// `d` with its rows of ranks the data does not name (unnamedRowKeys) called by their files
    /// (query::rankName of the summary); `d` itself when it has none. GUI thread.
    std::shared_ptr<const query::HeatmapData> namedRows(std::shared_ptr<const query::HeatmapData> d) const;
    QScrollArea* makeScrollArea(); ///< around the canvas, its labels following the scroll
    QWidget* makeGridRow();        ///< the grid's scroll area and the legend's beside it
    void fitGridWidth();           ///< the grid's area no wider than the grid: the legend beside it
    void placeLegend();            ///< beside the grid, or under it when beside leaves too few columns
    void followScroll();           ///< tells the canvas the part of it in view
    void setCaption(const QString& text);
    void fitCaption();  ///< the caption wrapped whole, or in one line when the panel is short
    void showAllRows(); ///< lifts fitWholeRows' limits (a new size, the legend moved)
    /// The grid's rows whole in view, under the legend's strip or beside the legend (no row cut).
    void fitWholeRows();
    void request();
    /// The subject chooser's entry a switch to layout `mode` (1, 2) shows: the selected rank or op, else
    /// the op of the top row in view.
    int shownSubject(int mode) const;
    void onSelection(const Selection& s);
    QString stragglerCaption(int flagged, size_t columns, query::HeatCellCounts cells) const;
    /// " Not read in full: …" when a shown rank's files were cut or not read (HeatmapData::damaged); else "".
    static QString damagedNote(const query::HeatmapData& d);
    /// The statistic for a grid whose ratios compare nothing (its total time) or back, the combo's tooltip
    /// saying why.
    void followComparable(const query::HeatmapData& d);
    /// Why `d`'s ratios compare nothing ("one step, so nothing to compare across steps …").
    QString nothingToCompare(const query::HeatmapData& d) const;
    /// The statistics a grid of `mode` holds enabled in the chooser, the others greyed out with the reason.
    void offerHeldStatistics(query::HeatmapData::Mode mode);
    /// The caption of the shown grid with the statistic it is coloured by.
    void updateCaption();
    /// " Communication kernels are not in it: …" when the summary names any communication; else "".
    QString communicationNote() const;
    bool m_statByRankCount = false; ///< the statistic was set by followComparable, not by the user
    InteractionState* m_state;
    query::QueryService* m_service;
    HeatmapCanvas* m_canvas;
    QComboBox *m_mode, *m_stat, *m_sort, *m_subject;
    QLabel* m_caption;
    QString m_captionText; ///< the caption whole (the label may show it in one line)
    QScrollArea* m_scroll;
    QScrollArea* m_legendArea;
    QBoxLayout* m_gridRow; ///< the grid's area and the legend's: a row, or a column when narrow
    HeatmapLegend* m_legend;
    quint64 m_pending = 0;
    std::vector<int> m_ranks;
    std::shared_ptr<const query::ProfileSummary> m_summary; ///< for the words naming a rank key
    std::optional<int64_t> m_worldSize;
    bool m_complete = true;
    std::vector<QString> m_ops;
    /// The per-step layout the user chose (its mode and its op, or its rank's number as the files write
    /// it), carried over a new run or profile (setProfile) until the op × rank grid has named the new
    /// run's ops (r49b #4: a run switch went back to op × rank).
    struct CarriedLayout {
        int mode = 0;
        QString op;
        int rankNumber = -1;
    };
    std::optional<CarriedLayout> m_carried;
    /// The carried layout being shown again, until its grid arrives (setData falls back when it has one step)
    std::optional<CarriedLayout> m_restored;
    /// The carried layout set aside for op × rank on this one-step run: the caption says so, the next
    /// profile tries it again
    std::optional<CarriedLayout> m_fellBackFrom;
    /// Shows the carried layout with its op or its rank's number where this run has it, else its first.
    void restoreCarried();
};

} // namespace rs::views
