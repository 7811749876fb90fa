#pragma once
// The Area statistics panel: the spans of an area by op name (count, total and self time inside it,
// average, min, max, p95 — per rank or over the ranks together; sortable, filterable, copied as TSV) and
// its counters (first, last, min, max). The area is the timeline's window (followed as it moves), the area
// marked on the timeline (InteractionState::area, while one is), or a step (each rank's own extent of it);
// over the ranks typed (producer numbers, "0,3-5"; empty: every rank of the run) and the lane kinds chosen.
// Figures come from the query service (query::computeAreaStats on its worker thread; a newer request stops
// the one before); the panel asks only while it is shown. A row the user picks emits rowChosen (the app
// highlights those spans on the timeline). GUI thread only.
#include "core/query/queryservice.h"
#include "views/common/interactionstate.h"

#include <QElapsedTimer>
#include <QWidget>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QMenu;
class QSortFilterProxyModel;
class QTableView;
class QTimer;

namespace rs::views {

class AreaStatsModel;
class AreaCounterModel;

class AreaStatsView : public QWidget {
    Q_OBJECT
  public:
    enum class Source { Window, Area, Step };

    AreaStatsView(InteractionState* state, query::QueryService* service, QWidget* parent = nullptr);
    /// A profile (or run) is shown: its steps are offered, its ranks are the default.
    void setProfile(std::shared_ptr<const query::ProfileSummary> s);
    /// The timeline draws clock-aligned ranks: its window means each rank's own time shifted by its offset.
    void setAligned(bool on);
    void chooseWindow();
    void chooseStep(qint64 step);
    Source source() const { return m_source; }
    /// The query the table answers (or is waiting for).
    const query::AreaQuery& areaQuery() const { return m_query; }
    /// The ops table's rows shown (the selected ones, or all) as tab-separated text; copy() puts them on
    /// the clipboard.
    QString tsv() const;
    void copy() const;
    AreaStatsModel* model() const { return m_model; }
    AreaCounterModel* counterModel() const { return m_counters; }
    QTableView* table() const { return m_table; }
    QTableView* counterTable() const { return m_counterTable; }
    QLineEdit* rankField() const { return m_ranks; }
    QCheckBox* perRankBox() const { return m_perRank; }
    QComboBox* areaChooser() const { return m_area; }
    QLabel* caption() const { return m_caption; }
    /// The op rows a panel of comfortableHeight() shows under the table's header.
    static constexpr int kComfortableRows = 8;
    /// The height (px) that shows the controls, the ops table's header and kComfortableRows rows, the
    /// counters' header and two rows, and the caption: what the app gives the panel's dock when it is
    /// raised (at 30 % of a 900 px window the dock scrolled the panel and hid the counters and caption).
    int comfortableHeight() const;
    /// The least height the panel needs at width `w` (its controls, the tables' least, the caption wrapped
    /// at `w`): a dock's scroll area (app/gui/dockscrollarea.h) takes it as the panel's minimum.
    int heightForWidth(int w) const override;

  Q_SIGNALS:
    /// The user picked a row: its spans (name on lanes of `kind`, on `rank` or every rank when −1).
    void rowChosen(const rs::query::AreaQuery& q, const QString& name, const QString& kind, int rank);
    /// New figures are shown.
    void statsShown();

  protected:
    void showEvent(QShowEvent* e) override;

  private:
    QWidget* buildControls();
    QMenu* buildKindMenu();
    void fillAreaChooser();
    /// A step of the chooser: "step 3", or "whole trace (no step marks)" where every rank having it has
    /// it as its whole trace (query/wholetracestep.h).
    QString stepName(qint64 step) const;
    void onAreaChosen(int index);
    void onAreaMarked(const MarkedArea& a);
    void scheduleRefresh(int delayMs = 0);
    void refresh();
    /// The query for the area chosen; false with `why` when none can be made (bad rank list, …).
    /// `wholeTraces`: the ranks (keys) whose whole trace a step's query leaves out (query/wholetracestep.h).
    bool buildQuery(query::AreaQuery& q, QString& why, std::vector<int>& wholeTraces) const;
    /// Which ranks a step's figures leave out, and why: "rank 1 has no step marks (a whole trace is no
    /// step); rank 3 has no step 7" (query/wholetracestep.h); "" none.
    QString ranksLeftOutText() const;
    std::vector<int> chosenRanks(QString& why) const;
    void onResult(quint64 id, const QVariant& v);
    void onCurrent(const QModelIndex& cur);
    void updateCaption();
    QString areaText() const;

    InteractionState* m_state;
    query::QueryService* m_service;
    std::shared_ptr<const query::ProfileSummary> m_summary;
    bool m_aligned = false;
    Source m_source = Source::Window;
    qint64 m_step = -1;
    std::set<std::string> m_kinds;
    query::AreaQuery m_query;
    std::shared_ptr<const query::AreaStats> m_stats;
    QString m_problem;                     ///< why no figures (a bad rank list)
    std::vector<int> m_wholeTracesLeftOut; ///< rank keys a step's figures leave out (their whole traces)
    quint64 m_pending = 0;
    bool m_dirty = true;
    QElapsedTimer m_clock;
    qint64 m_lastMs = 0;
    AreaStatsModel* m_model;
    AreaCounterModel* m_counters;
    QSortFilterProxyModel* m_proxy;
    QSortFilterProxyModel* m_counterProxy;
    QTableView* m_table;
    QTableView* m_counterTable;
    QComboBox* m_area;
    QLineEdit* m_ranks;
    QCheckBox* m_perRank;
    QLineEdit* m_filter;
    QLabel* m_caption;
    QWidget* m_controls; ///< the row above the tables
    QTimer* m_debounce;
};

} // namespace rs::views
