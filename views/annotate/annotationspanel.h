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
    /// Times in the list are shown relative to this (the run's start, as the ruler shows them).
    void setRunStart(qint64 ns);
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
    bool m_refreshing = false;
};

} // namespace rs::views
