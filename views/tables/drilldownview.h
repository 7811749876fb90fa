#pragma once
// Step ▸ op ▸ tensor drill-down: the Steps table (every rank × step, outliers marked, sortable), the Ops
// of the selected step and rank, and the Tensors of the selected op (or step). Enter drills down,
// Backspace goes up, breadcrumbs show where you are, a filter box narrows the current table (the Steps
// table reads "rank 5", "step 11" as the track filter does: termfilterproxy.h). Selecting a
// step zooms the timeline to it (all ranks); an op selects its span everywhere; a tensor selects it in the
// memory map. Data from the QueryService; GUI thread only.
#include "core/query/queryservice.h"
#include "views/common/interactionstate.h"
#include "views/tables/drillpath.h"

#include <QStringList>
#include <QWidget>
#include <map>
#include <optional>
#include <vector>

class QLabel;
class QLineEdit;
class QSortFilterProxyModel;
class QStackedWidget;
class QTableView;

namespace rs::views {

class StepsModel;
class OpsModel;
class TensorsModel;
class ProducerFiguresView;

class DrillDownView : public QWidget {
    Q_OBJECT
  public:
    DrillDownView(InteractionState* state, query::QueryService* service, QWidget* parent = nullptr);
    /// A new profile or run: `ranks` the shown run's rank keys (empty: every rank), `dataRank` the
    /// producer's number per key (for the labels).
    void setProfile(const std::vector<int>& ranks = {}, const std::map<int, int>& dataRank = {});
    /// The shown run's summary: why a step the Steps filter names has no row (setProfile keeps it).
    void setSummary(std::shared_ptr<const query::ProfileSummary> summary) { m_summary = std::move(summary); }
    int level() const { return m_level; }
    void drillDown();
    void goUp();
    QTableView* table(int level) const;
    StepsModel* stepsModel() const { return m_steps; }
    OpsModel* opsModel() const { return m_ops; }
    TensorsModel* tensorsModel() const { return m_tensors; }
    /// msprof-analyze's own step figures, under the Steps table (at the Steps level only; hidden without).
    ProducerFiguresView* producerFigures() const { return m_producer; }
    /// ProducerFiguresView::setFigures, shown while the Steps level is.
    void setProducerFigures(const QStringList& lines, const QStringList& header,
                            const std::vector<QStringList>& rows, const QStringList& headerTips = {});
    /// Where the drill-down stands (a saved view's).
    DrillPath path() const;
    /// Goes to `p` (a saved view's) once the Steps rows are in: its step's ops, its op's tensors; the row of
    /// the shared selection (a span, a tensor) selected there. A step the run lacks leaves the Steps level.
    void restorePath(const DrillPath& p);
    QString breadcrumbs() const;
    QString tensorTitle() const; ///< the tensor level's breadcrumb: which list it shows

  protected:
    void keyPressEvent(QKeyEvent*) override;

  private:
    /// Sizes `t`'s columns to their contents, none wider than two fifths of its view (GUI thread).
    static void fitColumns(QTableView* t);
    void setLevel(int level);
    void showCrumbs(); ///< the breadcrumbs of the level shown, into the label
    /// The filter `text` on `level`'s table: the Steps table's read as terms (TermFilterProxy), else text.
    void applyFilter(int level, const QString& text);
    void onRowSelected(int level, const QModelIndex& proxyIndex);
    /// Why the Steps filter's one step ("step 1") has no row: its ranks' reason (query::lackingStepText,
    /// the one `export --step` and `stats --step` give); "" when a row passes or no one step is named.
    QString stepFilterEmptyWhy() const;
    /// A selection other than a step's at the Steps level: its step's row marked (a span's), or none.
    void markStepOf(const Selection& s);
    void onSelection(const Selection& s);
    void openStep(const query::StepRow& r); ///< level 1: `r`'s ops asked for
    /// Level 2: the op's tensors asked for (its type, name, start and end in ns).
    void openOp(const QString& opType, const QString& opName, qint64 startNs, qint64 endNs);
    void applyRestore(); ///< m_restore, once the Steps rows are in
    /// The rows of `level` that stand for the shared selection (an op's span, a tensor) selected, without
    /// acting on them (a restored list's).
    void markSelected(int level);
    std::optional<DrillPath> m_restore; ///< a saved view's path, waiting for the Steps rows
    bool m_stepsLoaded = false;
    bool m_keepFocus = false; ///< setLevel leaves the focus where it is (a restore's)
    InteractionState* m_state;
    query::QueryService* m_service;
    std::shared_ptr<const query::ProfileSummary> m_summary;
    StepsModel* m_steps;
    OpsModel* m_ops;
    TensorsModel* m_tensors;
    QSortFilterProxyModel* m_proxy[3];
    QTableView* m_tables[3];
    QStackedWidget* m_stack;
    ProducerFiguresView* m_producer;
    QLabel* m_crumbs;
    QLineEdit* m_filter;
    QString m_filterText[3]; ///< each level's filter as typed
    int m_level = 0;
    int m_rank = -1;
    qint64 m_step = -1, m_stepStart = 0; ///< the drilled step's start: its bounds' (its wall's interval)
    qint64 m_stepEnd = 0;                ///< and its end (ns)
    QString m_stepOrigin;                ///< what m_stepStart is (model::stepBoundsText)
    bool m_wholeTrace = false;           ///< the drilled row is its rank's whole trace, no step
    /// "step 3", or "whole trace" for a rank's whole trace (the index's step 0: no step); `inSentence`:
    /// "the whole trace"
    QString stepText(bool inSentence = false) const;
    void followStep(const query::StepRow& r);
    QString m_op, m_opName; ///< the drilled op's type and name
    qint64 m_opStartNs = 0, m_opEndNs = 0;
    /// Which list the tensor level shows: the op's own, its collective algorithm's in the step (records
    /// name "AllReduce", not hcom_allReduce__908_2_1), else its op type's in the step; with none, what
    /// the step's records name (StepRecords: the level stays empty and says so).
    enum class TensorScope {
        Op,
        CollectiveInStep,
        OpTypeInStep,
        StepRecords
    } m_tensorScope = TensorScope::Op;
    QString m_stepRecords;        ///< what the step's records name (stepRecordsText); "" when it has none
    QString m_tiedName;           ///< the op name the records give, for CollectiveInStep
    bool m_tensorsLoaded = false; ///< the tensor level's answer has arrived (an empty list then says why)
    qint64 m_tensorsLeftOut = 0;  ///< address-less rows the shown list leaves out (TensorRows)
    void showTensors(std::shared_ptr<const query::TensorRows> rows);
    void parkCurrent(int level);
    quint64 m_pendingSteps = 0, m_pendingOps = 0, m_pendingTensors = 0;
    bool m_syncing = false;
};

} // namespace rs::views
