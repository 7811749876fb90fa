#pragma once
// The main window: creates the query service, the one InteractionState and the views, and wires them
// (views never talk to each other). Docks: Findings, Details; a progress panel with Cancel while
// indexing; status bar with profile, ranks, window and selection; File/View/Navigate/Help menus with
// shortcuts; recent profiles, drag and drop of a folder, layout and theme remembered with QSettings.
// GUI thread only.
#include "app/gui/comparejob.h"
#include "app/gui/imagewriter.h"
#include "app/gui/indexjob.h"
#include "app/gui/viewexporter.h"
#include "app/gui/viewstate.h"
#include "core/query/queryservice.h"
#include "views/common/interactionstate.h"

#include <QMainWindow>
#include <memory>
#include <nlohmann/json_fwd.hpp>

class QComboBox;
class QLabel;
class QLineEdit;
class QListWidget;
class QProgressBar;
class QPushButton;
class QTextBrowser;
class QAction;
class QMenu;

namespace rs::views {
class TimelineView;
class HeatmapView;
class MemoryMapView;
class DrillDownView;
class OpSummaryView;
class MinimapView;
class HistogramView;
class CompareView;
class ShapeHeatmapView;
class AnnotationModel;
} // namespace rs::views

namespace rs::gui {

class FindingNavigator;

class AnnotationController;
class ViewExporter;

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
    views::HistogramView* histogram() const { return m_histogram; }
    views::InteractionState* state() const { return m_state; }
    query::QueryService* queryService() const { return m_service; }
    views::AnnotationModel* annotationModel() const;
    AnnotationController* annotations() const { return m_annotate; }
    const QString& profilePath() const { return m_profile; }
    /// The caption of an export of `view` (window, timeline, heatmap, memory) as the window stands.
    Caption exportCaption(const QString& view, bool lanesCut = false) const;
    /// The picture as it stands, for File ▸ Save view.
    ViewState captureViewState() const;
    /// Shows a saved picture: opens its profile and run first when they are not the ones shown.
    void applyViewState(const ViewState& s);
    /// Opens File ▸ Export… (or exports `choice` directly when given, for tests and scripts).
    void exportImage(const std::optional<ExportChoice>& choice = std::nullopt);
    /// File ▸ Export report: the HTML (or Markdown) report with its pictures, written by a child process.
    void exportReport();
    /// True once a profile's summary has arrived (tests wait on it).
    bool profileLoaded() const { return m_summary != nullptr; }

    /// Compares the open run (baseline) with the profile in `dir` (candidate), off the GUI thread; the
    /// Comparison panel shows the result (compareReady follows).
    /// `run`: that run of `dir` (default: its default run); the baseline is the run shown.
    void compareWith(const QString& dir, std::optional<int> run = std::nullopt);

  Q_SIGNALS:
    void profileReady();
    void compareReady();
    /// An export finished: `path` written (empty: the clipboard), or `error`.
    void exported(const QString& path, const QString& error);

  protected:
    void closeEvent(QCloseEvent*) override;
    void dragEnterEvent(QDragEnterEvent*) override;
    void dropEvent(QDropEvent*) override;

  private:
    void buildMenus();
    QAction* buildFileMenu(); ///< returns Open profile (the toolbar shows it)
    void buildNavigateMenu();
    QAction* buildViewMenu(); ///< returns Show communication waits
    void buildHelpMenu();
    void buildToolbar(QAction* open, QAction* waits);
    void buildDocks();
    void onIndexFinished(bool ok, bool cancelled, const QString& dbPath, const QString& error, double secs,
                         bool reused);
    void onSummary(std::shared_ptr<const query::ProfileSummary> s);
    void onSelection(const views::Selection& s);
    void updateStatus();
    void updateRecentMenu();
    void showDiagnostics();
    void showShortcuts();
    void runSearch(int direction);
    /// Selects and zooms to a finding (report JSON object) in every view.
    void navigateToFinding(const nlohmann::json& f);
    void updateRunChooser();
    void applyViewStateNow(ViewState s); ///< by value: it may be the pending state it clears
    void saveViewAs();
    void openViewFile();

    query::QueryService* m_service;
    views::InteractionState* m_state;
    views::TimelineView* m_timeline;
    IndexJob* m_job;
    CompareJob* m_compareJob = nullptr;
    AnnotationController* m_annotate = nullptr;
    ViewExporter* m_exporter = nullptr;
    std::optional<ViewState> m_pendingState;
    views::CompareView* m_compare = nullptr;
    views::ShapeHeatmapView* m_shapes = nullptr;
    std::shared_ptr<const query::ProfileSummary> m_summary;
    QString m_profile;
    QListWidget* m_findings = nullptr;
    QTextBrowser* m_details = nullptr;
    views::HeatmapView* m_heatmap = nullptr;
    views::MemoryMapView* m_memory = nullptr;
    views::DrillDownView* m_drill = nullptr;
    views::OpSummaryView* m_opSummary = nullptr;
    views::MinimapView* m_minimap = nullptr;
    std::unique_ptr<FindingNavigator> m_navigator; ///< where each finding points
    views::HistogramView* m_histogram = nullptr;
    quint64 m_histRequest = 0;
    quint64 m_opKernelsRequest = 0;
    quint64 m_opKernelsKeepWindow =
        0; ///< that request's kernels are highlighted where the window is (a saved view)
    QWidget* m_progressPanel = nullptr;
    QProgressBar* m_progress = nullptr;
    QLabel* m_progressLabel = nullptr;
    QLabel* m_statusProfile = nullptr;
    QLabel* m_statusWindow = nullptr;
    QLabel* m_statusSelection = nullptr;
    QLineEdit* m_search = nullptr;
    QLineEdit* m_filter = nullptr;
    QComboBox* m_runBox = nullptr;
    QAction* m_runAction = nullptr;
    QLabel* m_notice = nullptr; ///< what the view must say: several runs, lanes not aligned, ranks missing
    QMenu* m_recentMenu = nullptr;
    QMenu* m_compareRunMenu = nullptr; ///< File ▸ Compare with run: the folder's other runs
    QAction* m_backAction = nullptr;
    QAction* m_forwardAction = nullptr;
    quint64 m_detailRequest = 0, m_searchRequest = 0, m_shapeKernelsRequest = 0;
    std::vector<query::DrawItem> m_searchHits;
    QString m_profileShown; ///< the profile whose summary is on screen (empty while a new one opens)
    /// Clears what belonged to the previous run (selection, search hits) or profile (also the search text
    /// and the comparison).
    void resetProfileState(bool newProfile);
    /// The spans highlighted on the timeline and stepped through with F3 (`tracks`: each one's track).
    void setHits(std::vector<query::DrawItem> spans, std::vector<qint64> tracks);
    /// The Details panel's text for a selected tensor: who allocated it, size, address, lifetime.
    QString tensorDetails(const views::Selection& s) const;

  public:
    /// Every key binding and gesture (keys, what it does): the menus' actions, then the timeline's table.
    std::vector<std::pair<QString, QString>> shortcutRows() const;

  private:
    /// Adds the profile to Open Recent and "reopen last" once it opened with data.
    void rememberOpened(const query::ProfileSummary& s);
    std::vector<qint64> m_searchTracks;
    QString m_shapeLabel; ///< the shape group whose kernels are highlighted
    int m_searchIndex = -1;
};

} // namespace rs::gui
