#pragma once
// The Annotations panel: the tool strip (note, range, arrow, box; Esc leaves the tool), the list of the
// profile's annotations (kind, text — edited in place —, where, author, detached reason), colour,
// delete, undo and redo. Activating a row asks the app to go there (activated). GUI thread only.
#include "views/annotate/annotationmodel.h"

#include <QWidget>

class QTreeWidget;
class QTreeWidgetItem;
class QToolButton;
class QLabel;

namespace rs::views {

class AnnotationsPanel : public QWidget {
    Q_OBJECT
  public:
    explicit AnnotationsPanel(AnnotationModel* model, QWidget* parent = nullptr);
    /// The run shown and its start: times in the list are relative to it (as the ruler shows them); an
    /// annotation of another run of the folder has its own clock, so it is listed without a time.
    void setRun(int run, qint64 startNs);
    QTreeWidget* list() const { return m_list; }
    /// The id of the selected row (empty when none).
    QString currentId() const;

  Q_SIGNALS:
    void activated(const rs::annotate::Annotation& a);

  private:
    void refresh();
    void chooseColor();
    AnnotationModel* m_model;
    QTreeWidget* m_list;
    QLabel* m_empty;
    std::vector<QToolButton*> m_tools;
    qint64 m_runStart = 0;
    int m_run = 0;
    bool m_refreshing = false;
};

} // namespace rs::views
