#pragma once
// The main window creates the query service, the one InteractionState, the views, the panels and the
// controllers, and wires them; it holds no logic of its own (views never talk to each other). Central:
// the progress panel while indexing, the notice banner, the minimap and the timeline. Docks: Findings,
// Details, Annotations; the linked views, the area statistics and the SQL console tabbed below. Menus and
// toolbar: mainwindowmenus.cpp; pictures, saved views and the report: mainwindowexport.cpp. What belongs to
// the profile on screen is the ProfileSession's; what is remembered between sessions is Settings'. GUI thread
// only.
#include "app/gui/comparejob.h"
#include "app/gui/imagewriter.h"
#include "app/gui/indexjob.h"
#include "app/gui/manyrankspicture.h"
#include "app/gui/savepaths.h"
#include "app/gui/viewexporter.h"
#include "app/gui/viewstate.h"
#include "core/query/queryservice.h"
#include "views/common/interactionstate.h"

#include <QMainWindow>
#include <memory>

class QAction;
class QLabel;
class QLineEdit;
class QMenu;

namespace rs::views {
class TimelineLayout;
class TimelineView;
class HeatmapView;
class MemoryMapView;
class DrillDownView;
class OpSummaryView;
class MinimapView;
class HistogramView;
class CompareView;
class ShapeHeatmapView;
class CommMatrixView;
class AreaStatsView;
class AnnotationModel;
} // namespace rs::views

namespace rs::gui {

class AnnotationController;
class CompareController;
class DetailsPanel;
class DockProportions;
class FindingNavigator;
class FindingsPanel;
class ProfileSession;
class ProgressPanel;
class RunChooser;
class SearchController;
class LinkTrackFilter;
class SqlConsolePanel;
class StatusLine;
class ViewExporter;
struct Finding;

class MainWindow : public QMainWindow {
    Q_OBJECT
  public:
    MainWindow();
    ~MainWindow() override;
    void openProfile(const QString& dir);
    void reopenLast();
    void applyTheme(const QString& theme);
    views::TimelineView* timeline() const { return m_timeline; }
    views::HeatmapView* heatmap() const { return m_heatmap; }
    views::MemoryMapView* memoryMap() const { return m_memory; }
    views::DrillDownView* drillDown() const { return m_drill; }
    views::OpSummaryView* opSummary() const { return m_opSummary; }
    views::MinimapView* minimap() const { return m_minimap; }
    views::CommMatrixView* commView() const { return m_comm; }
    views::AreaStatsView* areaStats() const { return m_areaStats; }
    SqlConsolePanel* sqlConsole() const { return m_console; }
    views::HistogramView* histogram() const;
    views::InteractionState* state() const { return m_state; }
    query::QueryService* queryService() const { return m_service; }
    views::AnnotationModel* annotationModel() const;
    AnnotationController* annotations() const { return m_annotate; }
    FindingsPanel* findingsPanel() const { return m_findings; }
    DetailsPanel* detailsPanel() const { return m_details; }
    SearchController* search() const { return m_search; }
    ProgressPanel* progressPanel() const { return m_progress; }
    RunChooser* runChooser() const { return m_runs; }
    StatusLine* statusLine() const { return m_status; }
    ProfileSession* session() const { return m_session; }
    const QString& profilePath() const;
    /// The caption of an export of `view` (window, timeline, heatmap, memory, comm) as the window stands;
    /// `ranks`: the ranks a timeline picture of many ranks shows instead of the window's
    /// (manyrankspicture.h).
    /// `layout`: the timeline picture's lanes (the annotations on none of its ranks are not counted).
    /// `pictured`: what the timeline picture draws of the annotations (the window's: the timeline's as
    /// painted).
    Caption exportCaption(const QString& view, bool lanesCut = false, const ManyRanksPicture* ranks = nullptr,
                          const views::TimelineLayout* layout = nullptr,
                          const PicturedAnnotations* pictured = nullptr) const;
    /// The timeline's ranks with a lane on screen as it is scrolled (a whole-window picture's).
    std::set<int> ranksOnScreen() const;
    /// The picture as it stands, for File ▸ Save view.
    ViewState captureViewState() const;
    /// Shows a saved picture: opens its profile and run first when they are not the ones shown.
    void applyViewState(const ViewState& s);
    /// A saved view opened by the user (Open view, `rankscope FILE.rsview`, `--state`): the window takes
    /// the size it was saved at (within the screen's free area; not when maximized or full screen), its
    /// docks' layout being of that size, then applyViewState. `export --state` sizes its own window.
    void openSavedView(const ViewState& s);
    /// Opens File ▸ Export… (or exports `choice` directly when given, for tests and scripts).
    void exportImage(const std::optional<ExportChoice>& choice = std::nullopt);
    /// File ▸ Export report: the HTML (or Markdown) report with its pictures, written by a child process.
    void exportReport();
    /// Where the save dialogs of `kind` start (Save view, Export image, Export report, the console's
    /// Export CSV): a free name of the profile and run shown, in the profile's folder (SavePaths).
    QString proposedSavePath(SavePaths::Kind kind) const;
    /// True once a profile's summary has arrived (tests wait on it).
    bool profileLoaded() const;
    /// A comparison was asked for (Compare with…, a saved view's, also while that view waits for its
    /// profile or run) and the panel waits for its answer.
    bool comparing() const;
    /// Why the last comparison asked for failed, or was never made because its saved view was dropped
    /// (ProfileSession::dropped); empty: it did not, or none was asked for.
    QString comparisonFailure() const;
    /// Why the last view state applied never will be (its profile failed to open or another was opened,
    /// its run is not in the profile); empty when it was or still waits.
    const QString& viewStateDropped() const { return m_viewDropped; }
    /// Compares the run shown (the candidate, unless the comparison was swapped: Settings) with the
    /// profile in `dir` (the baseline), off the GUI thread; the Comparison panel shows the result
    /// (compareReady follows). `run`: that run of `dir` (default: its default run).
    void compareWith(const QString& dir, std::optional<int> run = std::nullopt);
    /// Every key binding and gesture (keys, what it does): the menus' actions, then the timeline's table.
    std::vector<std::pair<QString, QString>> shortcutRows() const;
    std::optional<int> shownRun() const; ///< the run on screen (nullopt before a summary)

  Q_SIGNALS:
    void profileReady();
    void compareReady();
    /// An export finished: `path` written (empty: the clipboard), or `error`.
    void exported(const QString& path, const QString& error);

  protected:
    void closeEvent(QCloseEvent*) override;
    void dragEnterEvent(QDragEnterEvent*) override;
    void dropEvent(QDropEvent*) override;
    /// Esc that the focused widget left alone (the comm view, a table, the Details text): deselects a
    /// selected link wherever the focus is (LinkTrackFilter::escape). The timeline takes its own Esc.
    void keyPressEvent(QKeyEvent*) override;

  private:
    /// The export view (ExportDialog's) of what the user looks at: the timeline when it has the focus,
    /// else the raised tab's picture, the whole window for a tab without one of its own.
    QString viewOnScreen() const;
    /// The run Export report pictures: the one on screen in a folder of several, else none (the default).
    std::optional<int> reportRun() const;
    // creation (mainwindow.cpp)
    QWidget* buildCentral();
    void buildDocks();
    void tabLinkedViews();
    void createControllers();
    // wiring (mainwindow.cpp)
    void wireIndexing();
    void wireProfile();
    void wireNavigation();
    // menus and toolbar (mainwindowmenus.cpp)
    void buildMenus();
    QAction* buildFileMenu(); ///< returns Open profile (the toolbar shows it)
    void addOpenActions(QMenu* file);
    void addCompareActions(QMenu* file);
    void addPictureActions(QMenu* file);
    void buildNavigateMenu();
    void buildQueryMenu();
    void buildViewMenu();
    void addLaneActions(QMenu* view);
    void buildHelpMenu();
    void showAbout();
    void buildToolbar(QAction* open);
    void updateRecentMenu();
    void updateCompareRunMenu();
    void updateShowRunMenu();
    // what arrives
    void onIndexFinished(bool ok, bool cancelled, const QString& dbPath, const QString& error, double secs,
                         bool reused);
    void onSummary(std::shared_ptr<const query::ProfileSummary> s);
    void onReset(bool newProfile);
    void goToFinding(const Finding& f);
    void showDiagnostics();
    void updateTrackCount();
    void showNotice(const QString& text);
    /// Adds the profile to Open Recent and "reopen last" once it opened with data.
    void rememberOpened(const query::ProfileSummary& s);
    void saveViewAs();
    void openViewFile();
    void reindex();

    query::QueryService* m_service;
    views::InteractionState* m_state;
    views::TimelineView* m_timeline;
    IndexJob* m_job;
    ProfileSession* m_session = nullptr;
    AnnotationController* m_annotate = nullptr;
    CompareController* m_compare = nullptr;
    bool m_keepTabOnCompare = false;  ///< a saved view's comparison lands without raising its panel
    bool m_comparisonPending = false; ///< a view state with a comparison waits for its profile or run
    QString m_viewDropped;            ///< why the last view state applied was dropped (empty: it was not)
    bool m_droppedComparison = false; ///< … and it held a comparison, never made
    SearchController* m_search = nullptr;
    LinkTrackFilter* m_linkFilter = nullptr; ///< a selected link's ranks in the track filter, for a while
    ViewExporter* m_exporter = nullptr;
    DockProportions* m_proportions = nullptr;      ///< the docks' shares of a resized window
    std::unique_ptr<FindingNavigator> m_navigator; ///< where each finding points
    ProgressPanel* m_progress = nullptr;
    FindingsPanel* m_findings = nullptr;
    DetailsPanel* m_details = nullptr;
    RunChooser* m_runs = nullptr;
    StatusLine* m_status = nullptr;
    views::CompareView* m_compareView = nullptr;
    views::ShapeHeatmapView* m_shapes = nullptr;
    views::CommMatrixView* m_comm = nullptr;
    views::HeatmapView* m_heatmap = nullptr;
    views::MemoryMapView* m_memory = nullptr;
    views::DrillDownView* m_drill = nullptr;
    views::OpSummaryView* m_opSummary = nullptr;
    views::MinimapView* m_minimap = nullptr;
    views::AreaStatsView* m_areaStats = nullptr;
    SqlConsolePanel* m_console = nullptr;
    QLineEdit* m_filter = nullptr;
    QAction* m_runAction = nullptr;
    QAction* m_waitsAction = nullptr;
    QAction* m_alignAction = nullptr;
    QAction* m_flowsAction = nullptr;
    QMenu* m_flowCategoryMenu = nullptr; ///< one checkable action per category of the open profile
    bool m_noFlowLinks = false;          ///< the open profile's categories are known, and there are none
    void addFlowActions(QMenu* view);
    void fillFlowCategories(const QStringList& categories);
    /// What View ▸ Show flows and Flow categories say on a profile whose files link no spans.
    static QString noFlowLinksText();
    QLabel* m_notice = nullptr; ///< what the view must say: several runs in the folder
    QMenu* m_recentMenu = nullptr;
    QMenu* m_compareRunMenu = nullptr; ///< File ▸ Compare with run: the folder's other runs
    /// View ▸ Run: shows another run of the folder (the toolbar's chooser goes behind its overflow button
    /// in a narrow window, walk 53b at 800 × 600)
    QMenu* m_showRunMenu = nullptr;
    QAction* m_backAction = nullptr;
    QAction* m_forwardAction = nullptr;
};

} // namespace rs::gui
