#pragma once
// Wires the annotations into the main window: the AnnotationModel of the open profile (its file beside
// the index), the Annotations dock, the Annotate menu (tools N/R/T/B, undo/redo), the text prompt for
// what the views draft, going to an annotation, and the detached check through the query service
// whenever the profile or the set changes. GUI thread only.
#include "core/annotate/anchorcheck.h"
#include "views/annotate/annotationmodel.h"

#include <QObject>

class QMainWindow;
class QMenu;
class QDockWidget;

namespace rs::query {
class QueryService;
struct ProfileSummary;
} // namespace rs::query

namespace rs::views {
class InteractionState;
class TimelineView;
class HeatmapView;
class MemoryMapView;
class AnnotationsPanel;
} // namespace rs::views

namespace rs::gui {

class AnnotationController : public QObject {
    Q_OBJECT
  public:
    AnnotationController(QMainWindow* window, query::QueryService* service, views::InteractionState* state,
                         views::TimelineView* timeline, views::HeatmapView* heatmap,
                         views::MemoryMapView* memory);
    views::AnnotationModel* model() const { return m_model; }
    views::AnnotationsPanel* panel() const { return m_panel; }
    QDockWidget* dock() const { return m_dock; }
    /// Fills the Annotate menu.
    void buildMenu(QMenu* menu);
    /// A profile's index is open: loads its annotations.
    void openIndex(const QString& dbPath);
    /// Its summary arrived (or another run is shown): times in the list, the detached check.
    void setSummary(std::shared_ptr<const query::ProfileSummary> s);
    /// Adds a drafted annotation after asking for its text (empty `text` given: ask).
    void addDrafted(annotate::Annotation a);
    void goTo(const annotate::Annotation& a);
    /// Asks for a new text of annotation `id` (undoable).
    void editText(const QString& id);

  private:
    void requestFacts();
    /// annotate::fitToRun with the model's facts; says in the status bar why one outside is not added.
    annotate::RunFit fitToRun(annotate::Annotation& a);
    QMainWindow* m_window;
    query::QueryService* m_service;
    views::InteractionState* m_state;
    views::TimelineView* m_timeline;
    views::HeatmapView* m_heatmap;
    views::MemoryMapView* m_memory;
    views::AnnotationModel* m_model;
    views::AnnotationsPanel* m_panel;
    QDockWidget* m_dock;
    std::shared_ptr<const query::ProfileSummary> m_summary;
    quint64 m_factsRequest = 0;
};

} // namespace rs::gui
