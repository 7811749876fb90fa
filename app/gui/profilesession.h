#pragma once
// What belongs to the profile (and the run) on screen, in one place. The profile being opened, the
// summary shown, and the state made on them: the selection, the time window, the ranks shown, collapsed
// and pinned lanes and the timeline's scroll (the view state, saved and reopened as a .rsview through
// app/gui/viewstate.h), the search hits and text, the comparison. When a summary arrives, accept() decides
// what it is — the same run again, another run of the profile, or a new profile — and resets what
// belonged to the previous one before the views take it: on a new run the selection, the area, the lanes'
// ranks, the search hits and the comparison (their ids, ranks and clocks are the previous run's). Owners
// of other per-run state follow `reset` (the main window: the search text, the track and Op summary
// filters, an armed annotation tool — on a new run as on a new profile). A view state applied
// before its profile (or run) is open waits here and is applied once it is; one that never can be (its
// profile fails to open, its open is cancelled or another is opened, its run is not in the profile) is
// dropped, saying why
// (walk 27: its comparison was left "comparing", and a missing run asked for again and again). GUI thread
// only.
#include "app/gui/viewstate.h"
#include "core/query/queryservice.h"
#include "views/common/interactionstate.h"

#include <QObject>
#include <memory>
#include <optional>

class QMainWindow;

namespace rs::views {
class TimelineView;
class MemoryMapView;
} // namespace rs::views

namespace rs::gui {

class ProfileSession : public QObject {
    Q_OBJECT
  public:
    enum class Change { SameRun, NewRun, NewProfile };
    /// The tabbed docks under the timeline, by object name in tab order: the main window names them from
    /// this list, and a view state saves and raises whichever is on top (once only five were listed, so a
    /// view saved with the Op summary open said "timeline").
    static const QStringList& viewDocks();

    ProfileSession(QMainWindow* window, views::InteractionState* state, query::QueryService* service,
                   views::TimelineView* timeline, views::MemoryMapView* memory);
    /// The profile being opened or shown (absolute path), empty before the first.
    const QString& path() const { return m_path; }
    const std::shared_ptr<const query::ProfileSummary>& summary() const { return m_summary; }
    /// A profile is being opened: the next summary is a new profile's (a view state waiting for another
    /// profile is dropped).
    void beginOpen(const QString& path);
    /// The profile being opened could not be (`why`): a view state waiting for it is dropped, and the
    /// profile still on screen is the one path() names again, as after openCancelled.
    void openFailed(const QString& why);
    /// The user cancelled the open: a view state waiting for it is dropped (once it waited on, and was
    /// applied when that profile was opened later, r47c #1), and the profile still on screen is the one
    /// path() names again (a run chosen on it is not a new profile's).
    void openCancelled();
    /// A summary arrived: resets what belonged to the previous run or profile (emitting reset), keeps it,
    /// and says what it was.
    Change accept(std::shared_ptr<const query::ProfileSummary> s);
    /// Once the views show the summary: a view state waiting for this run is applied (or its run asked
    /// for).
    void applyPending();

    /// The picture as it stands (File ▸ Save view).
    ViewState capture() const;
    /// Shows a saved picture: opens its profile (openRequested) or run first when they are not the ones
    /// shown, then applies it.
    void apply(const ViewState& s);

  Q_SIGNALS:
    /// The selection and the timeline's lanes are reset; the rest of a run's state must go (and the search
    /// text too when `newProfile`).
    void reset(bool newProfile);
    void openRequested(const QString& path);
    /// A view state was applied (its waits and clock alignment: the View menu's checks follow).
    void applied(const rs::gui::ViewState& s);
    /// A view state will never be applied, for the reason `why` ("run 7 is not in /p: it holds runs 0, 1").
    void dropped(const rs::gui::ViewState& s, const QString& why);

  private:
    void applyNow(ViewState s);    ///< by value: it may be the pending state it clears
    void drop(const QString& why); ///< of the pending state
    /// An open that ended without a summary: path() is the profile still on screen again (if any).
    void restoreShown();
    /// Why the summary shown cannot show `s`'s run ("" when it can: no run named, or one of its runs).
    QString missingRun(const ViewState& s) const;
    QMainWindow* m_window;
    views::InteractionState* m_state;
    query::QueryService* m_service;
    views::TimelineView* m_timeline;
    views::MemoryMapView* m_memory;
    QString m_path;
    QString m_shown;     ///< the profile whose summary is on screen (empty while a new one opens)
    QString m_lastShown; ///< the profile on screen before the open under way (empty: none)
    std::shared_ptr<const query::ProfileSummary> m_summary;
    std::optional<ViewState> m_pending;
};

} // namespace rs::gui
