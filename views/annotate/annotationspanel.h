#pragma once
// The Annotations panel: the tool strip (note, range, arrow, box; Esc leaves the tool), the list of the
// profile's annotations (kind, text — edited in place —, where, author, detached reason), colour,
// delete, undo and redo. Activating a row asks the app to go there (activated). GUI thread only.
#include "views/annotate/annotationmodel.h"

#include <QWidget>
#include <map>

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
    /// `dataRank` (rank key → the producer's number, ProfileSummary::dataRank) names ranks as the lanes do.
    void setRun(int run, qint64 startNs, const std::map<int, int>& dataRank = {});
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
    std::map<int, int> m_dataRank;
    bool m_refreshing = false;
};

} // namespace rs::views
