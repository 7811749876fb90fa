#pragma once
// The Communication view: the run's communication matrix (CommMatrixCanvas) with the metric (bandwidth,
// size, time, transport type), step and group chosen above it, what the picture must say in a notice
// ("ranks are group-local: profiler_metadata.json has no parallel_group_info", "Kineto: logical bytes,
// not link bandwidth", "no link data (Level0 export)"), and the slow-link thresholds under it. A cell click
// selects that link (Selection::Kind::CommLink) in the shared InteractionState; the view then asks the
// query service for the link's collectives and completes the selection with their spans, so the timeline
// outlines them, and moves the window to the first of them (wide enough to see its outline) and asks
// (ranksToShow) for the link's two ranks to be shown. A link selected elsewhere (a saved view, a finding) is
// outlined and resolved; a saved view's link (keepWindowOfLink) leaves the saved window where it was. Its
// step is chosen, never followed: the step box (the user), a saved view (showStep), or a selected link's own
// step, since its figures are that step's. A step selected elsewhere (the Steps drill-down, a finding) does
// not move it — a line above the grid says so while they differ, where a default-height dock shows it (walk
// 38 #5: it followed the drill-down silently; r51c: said under the grid, it was scrolled out of sight).
// A selected link follows the step box: it becomes the same cell of the step chosen, resolved again
// (Details and the outline then describe what the matrix shows), the timeline's window left where it is.
// A link selected elsewhere brings its group into the group box (and its step into the step box); the
// user choosing another group deselects it.
// Data from the QueryService, or setMatrix() for tests and headless export. GUI thread only.
#include "core/query/queryservice.h"
#include "views/comm/commmatrixcanvas.h"
#include "views/common/interactionstate.h"

#include <QWidget>
#include <memory>
#include <optional>

class QComboBox;
class QFrame;
class QLabel;

namespace rs::views {

class CommMatrixView : public QWidget {
    Q_OBJECT
  public:
    CommMatrixView(InteractionState* state, query::QueryService* service, QWidget* parent = nullptr);
    /// Loads `run`'s matrix (its default group, every step).
    void setProfile(int run);
    /// Shows `m` (tests, headless export) and fills the choosers from it.
    void setMatrix(std::shared_ptr<const query::CommMatrix> m);
    const query::CommMatrix* matrix() const { return m_canvas->matrix(); }
    void setMetric(CommMetric m);
    CommMetric metric() const { return m_canvas->metric(); }
    /// The metric the user prefers (the app remembers it): shown for matrices with link data (a logical
    /// one has only sizes).
    void setPreferredMetric(CommMetric m);
    CommMatrixCanvas* canvas() const { return m_canvas; }
    /// The honest state above the grid (empty when there is none to say).
    QString noticeText() const;
    /// The line under the grid: the slow-link thresholds, or what a click found.
    QString captionText() const;
    /// Said above the grid while a step selected elsewhere is not the one shown ("" none).
    QString stepNoteText() const { return m_stepNote; }
    /// The note for `s` selected while the matrix shows `shownStep` (-1: all steps): "" unless `s` is a step
    /// the matrix does not show (the export's caption says it as the view does).
    static QString stepNoteFor(const Selection& s, qint64 shownStep);
    /// The request the choosers make (run, step, group).
    query::CommMatrixRequest currentRequest() const;
    /// Shows `step`'s links (-1: every step's), as if chosen in the step box (a saved view's step): asked
    /// for at once, before the run's matrix has arrived too.
    void showStep(qint64 step);
    /// The step chosen (-1: all steps), whether or not its matrix has arrived.
    qint64 step() const { return m_stepChoice; }
    /// Shows `group`'s links ("": every group, the box's "all"), as if chosen in the group box (a saved
    /// view's group): asked for at once, before the run's matrix has arrived too.
    void showGroup(const QString& group);
    /// The group chosen ("": all), whether or not its matrix has arrived; none before any matrix named one.
    std::optional<QString> group() const;
    /// Answers a link's collectives (the service's answer, or a headless caller's).
    void showLinkSpans(const query::LinkSpans& spans);
    /// The link being resolved is a saved view's: its collectives are outlined and its ranks shown, but the
    /// timeline's window stays the saved one (the user saved where they were looking), not the first
    /// collective's. No effect unless `link` is the link being resolved.
    void keepWindowOfLink(const Selection& link);
    /// A link's collectives or its ranks' scope are still awaited (export waits for them).
    bool resolvingLink() const { return m_awaitingSpans || !m_ranksAwaitingScope.isEmpty(); }

  Q_SIGNALS:
    /// The user chose a metric for a matrix with link data.
    void metricChosen(rs::views::CommMetric m);
    /// A clicked link's two ranks (data ranks, global), for the timeline to show both.
    void ranksToShow(const QList<qint64>& ranks);

  private:
    struct LinkWindow {
        qint64 t0, t1;
        QString note; ///< which collective the window shows
    };
    /// Where the timeline goes for a link's collectives: around the first one it outlines.
    static std::optional<LinkWindow> linkWindow(const query::LinkSpans& spans);
    void request();
    void fillChoosers();
    void onCellClicked(qint64 src, qint64 dst);
    void onSelection(const Selection& s);
    void updateTexts();
    void updateStepNote(const Selection& s);
    /// The step box changed: a selected link of another step becomes that link in the step chosen.
    void linkFollowsStep();
    /// The group box chose another group than the selected link's: the link is deselected (said in the
    /// caption), never described in Details as the current one beside another group's matrix.
    void linkLeavesWithItsGroup();
    /// The selected link is of a group the group box does not show: the box goes to it (no effect before
    /// the run's matrix filled the box; setMatrix calls it again).
    void showGroupOfLink();
    /// `m` is of a group held for a saved view (m_groupChoice) that the run does not list: the run's
    /// default group is asked for instead and m_groupNote says so; `m` is not shown.
    bool dropsAbsentGroup(const query::CommMatrix& m);
    /// Asks for a resolved link's ranks to be shown once the matrix says its ranks are global.
    void showLinkRanks();
    InteractionState* m_state;
    query::QueryService* m_service;
    CommMatrixCanvas* m_canvas;
    QComboBox *m_metric, *m_step, *m_group;
    QFrame* m_notice; ///< the notes above the grid, one elided line each
    QLabel *m_stepLabel, *m_caption;
    QString m_linkNote; ///< what the last click found on the timeline
    /// Said while a step selected elsewhere is not the one shown ("" none): the matrix does not follow it.
    QString m_stepNote;
    qint64 m_stepChoice = -1;             ///< the step asked for (-1: all steps)
    std::optional<QString> m_groupChoice; ///< a group asked for before the box lists it (a saved view's)
    QString m_groupNote; ///< a saved view's group the run lacks, its default shown instead ("" none)
    int m_run = 0;
    CommMetric m_preferred = CommMetric::Bandwidth;
    quint64 m_pending = 0, m_pendingSpans = 0;
    std::optional<Selection> m_resolving; ///< the link whose collectives were asked for
    bool m_awaitingSpans = false;         ///< m_resolving's collectives are asked for, not yet answered
    bool m_keepWindow = false;            ///< m_resolving is a saved view's: its window is not moved
    /// A resolved link's ranks, held until a matrix tells whether they are global (a saved view's link
    /// resolves before the run's matrix arrives: walk r51c, its other rank was never shown)
    QList<qint64> m_ranksAwaitingScope;
};

} // namespace rs::views
