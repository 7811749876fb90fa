#include "app/gui/profilesession.h"

#include "views/memory/memorymapview.h"
#include "views/timeline/timelineview.h"

#include <QDockWidget>
#include <QFileInfo>
#include <QLineEdit>
#include <QMainWindow>

namespace rs::gui {

const QStringList& ProfileSession::viewDocks() {
    static const QStringList docks = {"heatmap", "memory",     "drilldown", "opsummary", "shapes",
                                      "comm",    "comparison", "areastats", "sqlconsole"};
    return docks;
}

ProfileSession::ProfileSession(QMainWindow* window, views::InteractionState* state,
                               query::QueryService* service, views::TimelineView* timeline,
                               views::MemoryMapView* memory)
    : QObject(window), m_window(window), m_state(state), m_service(service), m_timeline(timeline),
      m_memory(memory) {}

void ProfileSession::beginOpen(const QString& path) {
    m_path = QFileInfo(path).absoluteFilePath();
    if (!m_shown.isEmpty()) m_lastShown = m_shown; // (an open replacing an open keeps the one on screen)
    m_shown.clear();
    if (m_pending && QFileInfo(m_pending->profile).absoluteFilePath() != m_path)
        drop(tr("%1 was opened instead of its profile %2").arg(m_path, m_pending->profile));
}

void ProfileSession::openFailed(const QString& why) {
    if (m_pending) drop(tr("its profile %1 could not be opened: %2").arg(m_path, why));
    restoreShown(); // r47f: after an empty folder failed, F5 re-indexed it and Save view named it
}

void ProfileSession::openCancelled() {
    if (m_pending) drop(tr("opening its profile %1 was cancelled").arg(m_path));
    restoreShown();
}

void ProfileSession::restoreShown() {
    // a re-index that ended so (its profile is on screen), or nothing shown yet: the path stays
    if (!m_shown.isEmpty() || m_lastShown.isEmpty()) return;
    m_path = m_lastShown;
    m_shown = m_lastShown;
}

void ProfileSession::drop(const QString& why) {
    const ViewState s = *m_pending;
    m_pending.reset();
    Q_EMIT dropped(s, why);
}

QString ProfileSession::missingRun(const ViewState& s) const {
    if (!s.run || !m_summary) return {};
    QStringList runs;
    for (const auto& r : m_summary->runs) {
        if (r.run == *s.run) return {};
        runs << QString::number(r.run);
    }
    return tr("run %1 is not in %2 (its runs: %3)").arg(*s.run).arg(m_path, runs.join(", "));
}

ProfileSession::Change ProfileSession::accept(std::shared_ptr<const query::ProfileSummary> s) {
    const bool newProfile = m_shown != m_path;
    const bool newRun = newProfile || !m_summary || m_summary->run != s->run;
    if (newRun) {
        // the selection, the area and the lanes chosen name the previous run's spans, ranks and tracks
        m_state->clearSelection();
        m_state->clearArea();
        auto o = m_timeline->layoutOptions();
        o.onlyRanks.clear();
        views::applyRankDefaults(o, *s); // many ranks open as the overview
        o.pinned.clear();
        m_timeline->setLayoutOptions(o);
        m_timeline->setScrollOffset(0);
        Q_EMIT reset(newProfile);
    }
    m_shown = m_path;
    m_summary = std::move(s);
    return newProfile ? Change::NewProfile : newRun ? Change::NewRun : Change::SameRun;
}

void ProfileSession::applyPending() {
    if (!m_pending || !m_summary) return;
    // a run the profile lacks: asking for it gave the default run again, and asked again, for ever
    if (const QString why = missingRun(*m_pending); !why.isEmpty()) return drop(why);
    if (!m_pending->run || *m_pending->run == m_summary->run)
        applyNow(*m_pending);
    else
        m_service->selectRun(*m_pending->run);
}

ViewState ProfileSession::capture() const {
    ViewState s;
    s.profile = m_path;
    if (m_summary) s.run = m_summary->run;
    s.window = std::make_pair(m_state->windowStart(), m_state->windowEnd());
    s.selection = m_state->selection();
    const auto& o = m_timeline->layoutOptions();
    s.ranks = o.onlyRanks;
    s.collapsed = o.collapsedRanks;
    s.pinned = o.pinned;
    s.aligned = m_timeline->aligned();
    s.showWaits = m_timeline->showWaits();
    s.windowFlows = m_timeline->windowFlows();
    s.scroll = m_timeline->scrollOffset();
    s.trackFilter = m_timeline->layoutOptions().filter;
    if (m_state->area().valid()) s.area = m_state->area();
    if (m_memory->rank() >= 0) s.memoryRank = m_memory->rank();
    for (const QString& name : viewDocks()) // the linked view on top of its tab group
        if (auto* d = m_window->findChild<QDockWidget*>(name);
            d && d->isVisible() && !d->visibleRegion().isEmpty()) {
            s.view = name;
            break;
        }
    return s;
}

void ProfileSession::apply(const ViewState& s) {
    const bool sameProfile = QFileInfo(s.profile).absoluteFilePath() == QFileInfo(m_path).absoluteFilePath();
    if (!sameProfile || !m_summary) {
        m_pending = s;
        Q_EMIT openRequested(s.profile);
        return;
    }
    if (s.run && *s.run != m_summary->run) {
        m_pending = s;
        if (const QString why = missingRun(s); !why.isEmpty()) return drop(why);
        m_service->selectRun(*s.run);
        return;
    }
    applyNow(s);
}

void ProfileSession::applyNow(ViewState s) {
    m_pending.reset();
    auto o = m_timeline->layoutOptions();
    o.onlyRanks = s.ranks;
    o.collapsedRanks = s.collapsed;
    o.pinned = s.pinned;
    o.filter = s.trackFilter;
    m_timeline->setLayoutOptions(o);
    // the filter's field says what the lanes are filtered by (it feeds setTrackFilter: the same text)
    if (auto* field = m_window->findChild<QLineEdit*>("trackFilter")) field->setText(s.trackFilter);
    m_timeline->setAligned(s.aligned);
    m_timeline->setShowWaits(s.showWaits);
    m_timeline->setWindowFlows(s.windowFlows);
    // the area the Area statistics measured (none: the saved picture marked none, so neither does this)
    m_state->setArea(s.area.value_or(views::MarkedArea{}));
    if (s.memoryRank) m_memory->showRank(*s.memoryRank);
    if (s.window) m_state->setWindow(s.window->first, s.window->second);
    m_state->setSelection(s.selection);
    if (s.window) m_state->setWindow(s.window->first, s.window->second); // the selection may have moved it
    m_timeline->setScrollOffset(s.scroll);
    // the docks as saved (shown, tabbed, their heights), before the tab saved is raised
    if (!s.dockLayout.isEmpty()) m_window->restoreState(s.dockLayout);
    if (auto* d = m_window->findChild<QDockWidget*>(s.view)) {
        d->show();
        d->raise();
    }
    Q_EMIT applied(s);
}

} // namespace rs::gui
