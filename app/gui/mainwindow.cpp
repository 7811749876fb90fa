#include "app/gui/mainwindow.h"

#include "app/gui/annotationcontroller.h"
#include "app/gui/appicon.h"
#include "app/gui/comparecontroller.h"
#include "app/gui/detailspanel.h"
#include "app/gui/diagnosticsdialog.h"
#include "app/gui/dockproportions.h"
#include "app/gui/dockscrollarea.h"
#include "app/gui/findingnavigator.h"
#include "app/gui/findingspanel.h"
#include "app/gui/linktrackfilter.h"
#include "app/gui/producerfigures.h"
#include "app/gui/profilesession.h"
#include "app/gui/progresspanel.h"
#include "app/gui/readabledocktabs.h"
#include "app/gui/runchooser.h"
#include "app/gui/searchcontroller.h"
#include "app/gui/settings.h"
#include "app/gui/shortcutsdialog.h"
#include "app/gui/sqlconsolepanel.h"
#include "app/gui/statusline.h"
#include "app/gui/timelinekeyrouter.h"
#include "app/gui/typeaheadguard.h"
#include "app/gui/windowrefocus.h"
#include "views/annotate/annotationmodel.h"
#include "views/comm/commmatrixview.h"
#include "views/common/theme.h"
#include "views/compare/compareview.h"
#include "views/heatmap/heatmapview.h"
#include "views/memory/memorymapview.h"
#include "views/shapes/shapeheatmapview.h"
#include "views/tables/areastatsview.h"
#include "views/tables/drilldownview.h"
#include "views/tables/opsummaryview.h"
#include "views/timeline/minimapview.h"
#include "views/timeline/timelineview.h"

#include <QApplication>
#include <QCloseEvent>
#include <QDockWidget>
#include <QDragEnterEvent>
#include <QFileInfo>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QMimeData>
#include <QStatusBar>
#include <QStyleFactory>
#include <QTimer>
#include <QVBoxLayout>
#include <utility>

namespace rs::gui {

namespace {
/// The most of the window's height the Area statistics dock takes for its comfortable height.
constexpr double kAreaStatsMaxShare = 0.45;
constexpr double kHeatmapMaxShare = 0.45;
} // namespace

MainWindow::MainWindow()
    : m_service(new query::QueryService(this)), m_state(new views::InteractionState(this)),
      m_timeline(new views::TimelineView(m_state, m_service)), m_job(new IndexJob(this)) {
    setWindowTitle("Rankscope");
    setWindowIcon(appIcon());
    setAcceptDrops(true);
    resize(1500, 900);
    setCentralWidget(buildCentral());
    buildDocks();
    createControllers();
    buildMenus();
    m_status = new StatusLine(statusBar(), m_state);
    connect(m_timeline, &views::TimelineView::unlabelledChanged, m_status, &StatusLine::setHiddenLabels);
    wireIndexing();
    wireProfile();
    wireNavigation();
    const Settings st;
    restoreGeometry(st.windowGeometry());
    restoreState(st.windowState());
    updateRecentMenu();
    // the keyboard starts on the timeline, the view its keys (W/S/A/D, the tools' letters) are for: Qt
    // gave it to the first focusable widget, the findings table, whose type-ahead then took the letters
    m_timeline->setFocus(Qt::OtherFocusReason);
}

MainWindow::~MainWindow() = default;

QWidget* MainWindow::buildCentral() {
    auto* central = new QWidget;
    auto* lay = new QVBoxLayout(central);
    lay->setContentsMargins(0, 0, 0, 0);
    lay->setSpacing(0);
    m_progress = new ProgressPanel;
    lay->addWidget(m_progress);
    m_notice = new QLabel;
    m_notice->setWordWrap(true);
    m_notice->setTextFormat(Qt::PlainText);
    m_notice->setContentsMargins(8, 4, 8, 4);
    // dark text on an opaque light orange in any theme (light text on it could not be read)
    m_notice->setStyleSheet(
        "QLabel { background: #fde3b8; color: #2a1e00; border-bottom: 1px solid #f5a524; padding: 2px; }");
    m_notice->hide();
    lay->addWidget(m_notice);
    m_minimap = new views::MinimapView(m_state, m_service);
    lay->addWidget(m_minimap);
    lay->addWidget(m_timeline, 1);
    return central;
}

void MainWindow::buildDocks() {
    // the findings and details run the window's whole height (their sentences wrap in a narrow column);
    // the linked views below the timeline
    setCorner(Qt::BottomRightCorner, Qt::RightDockWidgetArea);
    setCorner(Qt::TopRightCorner, Qt::RightDockWidgetArea);
    new ReadableDockTabs(this);
    m_proportions = new DockProportions(this);
    auto* fd = new QDockWidget(tr("Findings"), this);
    fd->setObjectName("findings");
    m_findings = new FindingsPanel;
    fd->setWidget(m_findings); // both narrow (70 px) already: not scrolled (dockscrollarea.h)
    addDockWidget(Qt::RightDockWidgetArea, fd);
    auto* dd = new QDockWidget(tr("Details"), this);
    dd->setObjectName("details");
    m_details = new DetailsPanel(m_state, m_service);
    dd->setWidget(m_details);
    addDockWidget(Qt::RightDockWidgetArea, dd);
    tabLinkedViews();
    // what the memory map highlights for an op type is the map's to know (its records may name other ops)
    connect(m_memory, &views::MemoryMapView::opHighlightShown, m_details,
            &DetailsPanel::memoryHighlightShown);
    m_annotate = new AnnotationController(this, m_service, m_state, m_timeline, m_heatmap, m_memory);
    addDockWidget(Qt::RightDockWidgetArea, m_annotate->dock());
    tabifyDockWidget(dd, m_annotate->dock());
    dd->raise();
    // The timeline keeps most of the height by default; docks can only be sized once the window is laid
    // out, and a saved layout (restoreState) wins.
    QTimer::singleShot(0, this, [this, fd, dd] {
        if (!Settings().hasWindowLayout()) {
            resizeDocks({findChild<QDockWidget*>("heatmap")}, {height() * 3 / 10}, Qt::Vertical);
            resizeDocks({fd, dd}, {width() * 3 / 10, width() * 3 / 10}, Qt::Horizontal);
            resizeDocks({fd, dd}, {height() / 2, height() / 2}, Qt::Vertical);
        }
        m_proportions->remember(); // the shares the docks keep as the window is resized
        m_proportions->restore();  // and the room kept in a window opened short
    });
}

void MainWindow::tabLinkedViews() {
    // the linked views, tabbed below the timeline
    m_heatmap = new views::HeatmapView(m_state, m_service);
    if (const HeatmapLayoutSetting l = Settings().heatmapLayout(); l.mode != 0)
        m_heatmap->setPreferredLayout(l.mode, l.op, l.rankNumber);
    connect(m_heatmap, &views::HeatmapView::layoutChosen, this, [](int mode, const QString& op, int rank) {
        Settings().setHeatmapLayout({mode, op, rank});
    });
    m_memory = new views::MemoryMapView(m_state, m_service);
    m_drill = new views::DrillDownView(m_state, m_service);
    m_opSummary = new views::OpSummaryView(m_state, m_service);
    m_shapes = new views::ShapeHeatmapView(m_state, m_service);
    m_comm = new views::CommMatrixView(m_state, m_service);
    m_comm->setPreferredMetric(views::CommMetric(Settings().commMetric()));
    connect(m_comm, &views::CommMatrixView::metricChosen, this,
            [](views::CommMetric m) { Settings().setCommMetric(int(m)); });
    m_compareView = new views::CompareView;
    m_areaStats = new views::AreaStatsView(m_state, m_service);
    m_console = new SqlConsolePanel;
    const std::pair<QWidget*, QString> views[] = {
        {m_heatmap, tr("Op heatmap")},          {m_memory, tr("Memory")},
        {m_drill, tr("Steps ▸ ops ▸ tensors")}, {m_opSummary, tr("Op summary")},
        {m_shapes, tr("Input shapes")},         {m_comm, tr("Communication")},
        {m_compareView, tr("Comparison")},      {m_areaStats, tr("Area statistics")},
        {m_console, tr("SQL console")}};
    const QStringList& names = ProfileSession::viewDocks(); // what a saved view names
    Q_ASSERT(size_t(names.size()) == std::size(views));
    QDockWidget* previous = nullptr;
    for (size_t i = 0; i < std::size(views); ++i) {
        auto* d = new QDockWidget(views[i].second, this);
        d->setObjectName(names[qsizetype(i)]);
        d->setWidget(new DockScrollArea(views[i].first));
        addDockWidget(Qt::BottomDockWidgetArea, d);
        if (previous) tabifyDockWidget(previous, d);
        previous = d;
    }
    auto* heatmap = findChild<QDockWidget*>("heatmap");
    heatmap->raise();
    // a short window's heatmap keeps room for a few rows (its legend and caption above them)
    m_proportions->keepRoom(
        heatmap, [this] { return m_heatmap->comfortableHeight(); }, kHeatmapMaxShare);
    // the area statistics' two tables and caption need more than the heatmap's 30 % of the window
    auto* area = findChild<QDockWidget*>("areastats");
    connect(area, &QDockWidget::visibilityChanged, this, [this, area](bool shown) {
        if (shown) // once the raised tab is laid out
            QTimer::singleShot(0, this, [this, area] {
                layout()->activate(); // the panel at its width: its caption wraps there
                m_proportions->makeRoom(area, m_areaStats->comfortableHeight(), kAreaStatsMaxShare);
            });
    });
}

void MainWindow::createControllers() {
    m_session = new ProfileSession(this, m_state, m_service, m_timeline, m_memory);
    m_search = new SearchController(m_state, m_service, m_timeline, this);
    m_navigator =
        std::make_unique<FindingNavigator>(this, m_state, m_heatmap, m_search, m_timeline, m_memory);
    m_compare = new CompareController(m_compareView, m_state, this);
    m_runs = new RunChooser;
    // lists and tables keep their type-ahead letters, but not the window's keys: the tools' N/R/T/B work
    // wherever the focus is, except where text is typed
    qApp->installEventFilter(new TypeAheadGuard(this));
    // the timeline's W/S/A/D/F… work wherever the focus is, except where text is typed
    qApp->installEventFilter(new TimelineKeyRouter(this, m_timeline));
    // the keys work again as soon as a dialog closes, with or without a window manager
    qApp->installEventFilter(new WindowRefocus(this));
}

void MainWindow::wireIndexing() {
    connect(m_job, &IndexJob::progress, this,
            [this](qint64 done, qint64 total, qint64 events, double secs, const QString& phase) {
                m_progress->setProgress({done, total, events, secs, phase});
            });
    connect(m_progress, &ProgressPanel::cancelRequested, m_job, &IndexJob::cancel);
    connect(m_job, &IndexJob::finished, this, &MainWindow::onIndexFinished);
    connect(m_service, &query::QueryService::summaryReady, this, &MainWindow::onSummary);
    connect(m_service, &query::QueryService::failed, this,
            [this](const QString& msg) { statusBar()->showMessage(tr("Query failed: %1").arg(msg), 10000); });
}

void MainWindow::wireProfile() {
    connect(m_session, &ProfileSession::reset, this, &MainWindow::onReset);
    connect(m_session, &ProfileSession::openRequested, this, &MainWindow::openProfile);
    connect(m_session, &ProfileSession::applied, this, [this](const ViewState& s) {
        const QSignalBlocker w(m_waitsAction), a(m_alignAction),
            f(m_flowsAction); // the view's, not a default
        m_waitsAction->setChecked(s.showWaits);
        m_flowsAction->setChecked(s.windowFlows);
        m_minimap->setShowWaits(s.showWaits);
        m_alignAction->setChecked(s.aligned);
        // the saved window, not the restored link's first collective: the user saved where they looked
        if (s.window) m_comm->keepWindowOfLink(s.selection);
        // after the selection (a link's shows its own step): the step the view was saved with
        if (s.commStep) m_comm->showStep(*s.commStep);
        if (s.commGroup) m_comm->showGroup(*s.commGroup);
        m_heatmap->showSaved(s.heatmapMode, s.heatmapOp, s.heatmapRank, s.heatmapStatistic);
        // the drill-down's list as saved (walk 52b: reopened, it showed the Steps level); none: Steps
        m_drill->restorePath(s.drill.value_or(views::DrillPath{}));
        // the finding saved, its row and its text in Details, the selection it went to being the view's
        if (s.finding >= 0) m_findings->restoreFinding(s.finding, s.selection);
        if (!s.dockLayout.isEmpty()) m_proportions->remember(); // a resize keeps the saved docks' shares
        if (s.view == "areastats" && !s.area) // an older file, or none marked: what the figures cover
            statusBar()->showMessage(tr("The saved view marks no area: Area statistics show the timeline's "
                                        "window over the ranks typed there"),
                                     15000);
        // the saved comparison, compared again on the run now shown (walk 26 #3: a saved view reopened,
        // in the app or by `export --state`, said "No comparison yet")
        m_comparisonPending = false;
        if (s.comparison) {
            m_keepTabOnCompare = s.view != "comparison"; // the tab saved stays on top
            const auto& shown = m_session->summary();
            m_compare->restore(m_session->path(), shown ? std::optional<int>(shown->run) : std::nullopt,
                               *s.comparison);
        }
    });
    connect(m_session, &ProfileSession::dropped, this, [this](const ViewState& s, const QString& why) {
        // said where the user looks, and by comparisonFailure to `export --state`, which waited for it
        m_comparisonPending = false;
        m_viewDropped = why;
        m_droppedComparison = s.comparison.has_value();
        statusBar()->showMessage(tr("The saved view was not applied: %1").arg(why), 15000);
    });
    connect(m_runs, &RunChooser::runChosen, m_service, &query::QueryService::selectRun);
    connect(m_compare, &CompareController::compared, this, [this] {
        if (auto* dock = findChild<QDockWidget*>("comparison");
            dock && !std::exchange(m_keepTabOnCompare, false)) {
            dock->show();
            dock->raise();
        }
        Q_EMIT compareReady();
    });
    const auto toStatusBar = [this](const QString& text, int ms) { statusBar()->showMessage(text, ms); };
    connect(m_search, &SearchController::message, this, toStatusBar);
    connect(m_compare, &CompareController::message, this, toStatusBar);
}

void MainWindow::wireNavigation() {
    connect(m_findings, &FindingsPanel::findingActivated, this, &MainWindow::goToFinding);
    connect(m_findings, &FindingsPanel::findingRestored, m_details, &DetailsPanel::showFinding);
    connect(m_state, &views::InteractionState::selectionChanged, m_findings, &FindingsPanel::followSelection);
    connect(m_state, &views::InteractionState::historyChanged, this, [this] {
        m_backAction->setEnabled(m_state->canGoBack());
        m_forwardAction->setEnabled(m_state->canGoForward());
    });
    // a heatmap cell, an Op summary row or a comparison's op type the user picked: the (op type, rank)'s
    // kernels highlighted, the timeline at the longest, F3 steps on (a selection restored from a saved view
    // keeps its window)
    connect(m_heatmap, &views::HeatmapView::cellChosen, m_search, &SearchController::highlightOpKernels);
    // Details says which of the cell's kernels the timeline does not draw (a highlight nobody can see)
    connect(m_search, &SearchController::opKernelsDrawn, m_details, &DetailsPanel::timelineHighlightShown);
    connect(m_opSummary, &views::OpSummaryView::rowChosen, m_search,
            [this](const QString& op, int rank) { m_search->highlightOpKernels(op, rank); }); // every step
    connect(m_compareView, &views::CompareView::opTypeChosen, this, [this](const QString& op, int dataRank) {
        const views::Selection s = m_compare->selectionFor(op, dataRank);
        if (s.rank >= 0) m_search->highlightOpKernels(op, s.rank);
    });
    // a comparison's link or bank row goes where the report's finding of it would (walk 32: they went
    // nowhere)
    connect(m_compare, &CompareController::findingChosen, this, [this](const Finding& f) {
        if (const QString hidden = m_navigator->go(f); !hidden.isEmpty())
            statusBar()->showMessage(hidden, 10000);
    });
    // a shape heatmap cell: every kernel of that shape highlighted, F3 / Shift+F3 step through them
    connect(m_shapes, &views::ShapeHeatmapView::shapeChosen, m_search,
            &SearchController::highlightShapeKernels);
    // an area-statistics row: its spans highlighted; console rows naming spans: selected or highlighted
    connect(m_areaStats, &views::AreaStatsView::rowChosen, m_search, &SearchController::highlightAreaSpans);
    connect(m_state, &views::InteractionState::areaChanged, this, [this](const views::MarkedArea& a) {
        if (!a.valid()) return; // an area just marked (Ctrl+drag): its figures are what the user asked for
        if (auto* dock = findChild<QDockWidget*>("areastats")) {
            dock->show();
            dock->raise();
        }
    });
    connect(m_console, &SqlConsolePanel::spansChosen, m_search, &SearchController::showSpanRows);
    // a communication link: its two ranks in the track filter (visible, clearable), so both ends of the
    // outlined collectives are on screen together; the user's filter comes back when the link goes
    m_linkFilter = new LinkTrackFilter(m_filter, m_state, this);
    connect(m_comm, &views::CommMatrixView::ranksToShow, m_linkFilter, &LinkTrackFilter::showRanks);
    connect(m_linkFilter, &LinkTrackFilter::message, this,
            [this](const QString& text, int ms) { statusBar()->showMessage(text, ms); });
}

const QString& MainWindow::profilePath() const {
    return m_session->path();
}

bool MainWindow::profileLoaded() const {
    return m_session->summary() != nullptr;
}

views::HistogramView* MainWindow::histogram() const {
    return m_details->histogram();
}

void MainWindow::openProfile(const QString& dir) {
    if (m_job->running()) m_job->cancel();
    m_session->beginOpen(dir);
    m_status->setMessage(tr("Indexing %1…").arg(m_session->path()));
    m_progress->start(QFileInfo(m_session->path()).fileName());
    pipeline::BuildOptions o;
    std::string err;
    if (!o.analysis.loadDeviceFile(m_session->path().toStdString(), err))
        statusBar()->showMessage(QString::fromStdString(err), 10000);
    m_job->start(m_session->path(), o);
}

void MainWindow::reindex() {
    if (m_session->path().isEmpty()) return;
    pipeline::BuildOptions o;
    o.force = true;
    std::string err;
    o.analysis.loadDeviceFile(m_session->path().toStdString(), err);
    m_progress->start(QFileInfo(m_session->path()).fileName());
    m_job->start(m_session->path(), o);
}

void MainWindow::compareWith(const QString& dir, std::optional<int> run) {
    Settings().setLastCompareDir(dir);
    // the open side is the run on screen, not the folder's default one
    const auto& s = m_session->summary();
    m_compare->compareOpenWith(m_session->path(), s ? std::optional<int>(s->run) : std::nullopt, dir, run);
}

void MainWindow::reopenLast() {
    const QString last = Settings().lastProfile();
    if (!last.isEmpty() && QFileInfo::exists(last)) openProfile(last);
}

void MainWindow::onIndexFinished(bool ok, bool cancelled, const QString& dbPath, const QString& error,
                                 double secs, bool reused) {
    m_progress->finish();
    if (!ok) {
        // (a job replaced by another's open never says it finished: IndexJob drops its signals)
        const QString failed = m_session->path(); // the session goes back to the profile on screen
        if (cancelled)
            m_session->openCancelled();
        else
            m_session->openFailed(error);
        m_status->setMessage(cancelled ? tr("Indexing cancelled") : tr("Could not open %1").arg(failed));
        if (!cancelled) {
            // window-modal without a nested event loop: `export --state` of a view whose profile fails
            // waited in it for ever, and now says why (walk 27)
            auto* box = new QMessageBox(QMessageBox::Critical, tr("Cannot open profile"), error,
                                        QMessageBox::Ok, this);
            box->setAttribute(Qt::WA_DeleteOnClose);
            box->open();
        }
        return;
    }
    statusBar()->showMessage(reused ? tr("Opened cached index in %1 s").arg(secs, 0, 'f', 2)
                                    : tr("Indexed in %1 s").arg(secs, 0, 'f', 1),
                             8000);
    m_annotate->openIndex(dbPath);
    m_service->open(dbPath);
    m_console->setDatabase(dbPath, profilePath());
}

void MainWindow::onReset(bool newProfile) {
    // another run resets what another profile does: the search, its count in the status bar ("1 match for
    // GetNext" over a run without it, walk15b #5), the track filter (it blanked the next timeline: "No
    // track matches rank 3", walk 5, or hid 11 of a run's 17 lanes), the window's flows (they buried the
    // next lanes), the Op summary's filter (walk15a #6) and an armed annotation tool (the first heatmap
    // click on the next profile opened the box's dialog, walk15a #7), the Area statistics' rank list (rank 5
    // of the demo kept over a one-rank profile: a blank table, walk 22a)
    m_search->clear(true);
    m_areaStats->rankField()->clear();
    if (!newProfile) statusBar()->clearMessage(); // a new profile's says how it was indexed
    m_flowsAction->setChecked(false);
    m_filter->clear();
    m_opSummary->clearFilter();
    m_annotate->model()->setTool(views::AnnotationModel::Tool::None);
    m_compare->clear(); // its baseline was the run on screen
}

void MainWindow::rememberOpened(const query::ProfileSummary& s) {
    // only a profile that opened with something in it is offered again (Open Recent, reopen on start)
    if (s.ranks.empty() && s.tracks.empty() && s.steps.empty()) return;
    Settings st;
    st.setLastProfileDir(m_session->path());
    st.addRecentProfile(m_session->path());
    updateRecentMenu();
}

void MainWindow::onSummary(std::shared_ptr<const query::ProfileSummary> s) {
    if (m_session->accept(s) == ProfileSession::Change::NewProfile) rememberOpened(*s);
    m_runs->setSummary(s);
    QString title = QString("Rankscope — %1").arg(QFileInfo(m_session->path()).fileName());
    if (const QString run = m_runs->shownRun(); !run.isEmpty()) title += " — " + run;
    setWindowTitle(title);
    m_runAction->setVisible(m_runs->severalRuns());
    updateCompareRunMenu();
    updateShowRunMenu();
    showNotice(m_runs->notice()); // (the summary's own notes are drawn by the timeline, under its lanes)
    m_state->setBounds(s->startNs, s->endNs);
    m_timeline->setSummary(s);
    m_minimap->setSummary(s);
    m_navigator->setSummary(s);
    m_search->setSummary(s);
    m_compare->setSummary(s);
    // parsed once here for the panels that read it (the Findings, the producer's figures): on the GUI thread
    const nlohmann::json report = nlohmann::json::parse(s->reportJson, nullptr, false);
    m_findings->setFindings(findingsFromParsedReport(report, s->run), s->dataRank, noneContextOf(*s));
    m_details->setSummary(s);
    const query::RunDesc* run = nullptr;
    for (const auto& r : s->runs)
        if (r.run == s->run) run = &r;
    m_heatmap->setSummary(s);
    m_heatmap->setProfile(s->ranks, run ? run->worldSize : std::nullopt, run ? run->complete : true);
    m_proportions->restore(); // the room kept for the heatmap's rows in a short window
    m_memory->setProfile(s->ranks, s->dataRank);
    m_drill->setProfile(s->ranks, s->dataRank);
    m_drill->setSummary(s);
    showProducerFigures(m_drill, report, s->run); // msprof-analyze's own, under the Steps table
    m_opSummary->setProfile(s->ranks);
    m_shapes->setProfile(s->run);
    m_comm->setProfile(s->run);
    m_areaStats->setProfile(s);
    m_annotate->setSummary(s);
    m_status->setSummary(m_session->path(), s);
    updateTrackCount();
    m_session->applyPending();
    Q_EMIT profileReady();
}

void MainWindow::showNotice(const QString& text) {
    m_notice->setText(text);
    m_notice->setVisible(!text.isEmpty());
}

void MainWindow::updateTrackCount() {
    int shown = 0; // lanes the track filter leaves (all of them without one)
    for (const auto& l : m_timeline->lanes())
        shown += !l.header && !l.pinned;
    m_status->setTracksShown(shown, m_filter && !m_filter->text().isEmpty());
}

void MainWindow::goToFinding(const Finding& f) {
    if (const QString hidden = m_navigator->go(f); !hidden.isEmpty()) statusBar()->showMessage(hidden, 10000);
    m_findings->setActivatedSelection(m_state->selection());
    m_details->showFinding(f);
}

void MainWindow::showDiagnostics() {
    const auto& s = m_session->summary();
    DiagnosticsDialog d(s ? s->diagnostics : std::vector<query::DiagnosticDesc>{}, this);
    d.exec();
}

std::vector<std::pair<QString, QString>> MainWindow::shortcutRows() const {
    return gui::shortcutRows(menuBar());
}

void MainWindow::applyTheme(const QString& theme) {
    if (theme == "dark" || theme == "light") qApp->setStyle(QStyleFactory::create("Fusion"));
    qApp->setPalette(views::themePalette(theme));
}

void MainWindow::closeEvent(QCloseEvent* e) {
    Settings().setWindowLayout(saveGeometry(), saveState());
    m_job->cancel();
    e->accept();
}

void MainWindow::dragEnterEvent(QDragEnterEvent* e) {
    if (e->mimeData()->hasUrls()) e->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent* e) {
    const auto urls = e->mimeData()->urls();
    if (!urls.isEmpty() && urls.first().isLocalFile()) openProfile(urls.first().toLocalFile());
}

void MainWindow::keyPressEvent(QKeyEvent* e) {
    // reached only when no widget took the key: a line edit's, a table editor's own Esc comes first
    if (e->key() == Qt::Key_Escape && e->modifiers() == Qt::NoModifier && m_linkFilter->escape()) {
        e->accept();
        return;
    }
    QMainWindow::keyPressEvent(e);
}

} // namespace rs::gui
