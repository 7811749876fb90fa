#pragma once
// The annotations of the open profile for the app: the AnnotationSet of its file (loaded when a profile
// opens, saved after every change), edits as undoable commands on a QUndoStack per run (the shown run's is
// the one Undo acts on: an undo never changes a run that is not on screen; walk 48e's Ctrl+Z in run 1
// removed a box of run 0 unseen), the tool the user
// draws with (note, range, arrow, box) and, once the query service has checked them, which anchors are
// detached. Owned by app/ beside the InteractionState; every view draws the annotations that concern it
// and drafts new ones (annotationDrafted) without talking to another view. GUI thread only.
// The file may change under the app (`rankscope annotate … add` beside it): the model watches it and
// reloads what another program wrote (its undo history then starts again), and checks once more right
// before each edit, so an edit never writes over annotations it has not read (walk 24 #1: the app's
// first note replaced six the command line had added).
#include "core/annotate/anchorcheck.h"
#include "core/annotate/annotationset.h"

#include <QObject>
#include <QString>
#include <cstdint>
#include <map>
#include <utility>

class QFileSystemWatcher;
class QUndoGroup;
class QUndoStack;

namespace rs::views {

class AnnotationModel : public QObject {
    Q_OBJECT
  public:
    enum class Tool { None, Note, Range, Arrow, Box };
    explicit AnnotationModel(QObject* parent = nullptr);

    /// Loads the file at `path` (missing: empty). A damaged file is reported (failed) and never
    /// overwritten: the model stays read-only until another profile opens.
    void open(const QString& path);
    /// Replaces the annotations without a file (headless export of a given set); read-only.
    void setAnnotations(const annotate::AnnotationSet& set);
    void close();
    QString path() const { return m_path; }
    bool readOnly() const { return m_readOnly; }

    const std::vector<annotate::Annotation>& items() const { return m_set.items(); }
    const annotate::Annotation* find(const QString& id) const;
    const annotate::AnnotationSet& set() const { return m_set; }

    /// Undoable edits; each saves the file. add returns the new id.
    QString add(const annotate::Annotation& a);
    void remove(const QString& id);
    void update(const annotate::Annotation& a);
    /// The shown run's history (setRun); an edit goes on its annotation's run's.
    QUndoStack* undoStack() const;
    /// Every run's history, the shown run's active: what the Undo / Redo actions and buttons follow.
    QUndoGroup* undoGroup() const { return m_undo; }
    /// Run `run` is shown: Undo and Redo act on its edits only (each run keeps its own history).
    void setRun(int run);

    /// The anchors' facts from the index (QueryService::requestAnchorFacts); detached() follows them.
    void setFacts(const annotate::AnchorFacts& f);
    /// The facts set last; null before the first arrives.
    const annotate::AnchorFacts* facts() const { return m_facts ? &*m_facts : nullptr; }
    /// Why an annotation's anchor is gone, or empty when it is attached (or not yet checked).
    QString detachedReason(const QString& id) const;
    bool detached(const annotate::Annotation& a) const {
        return !detachedReason(QString::fromStdString(a.id)).isEmpty();
    }

    Tool tool() const { return m_tool; }
    void setTool(Tool t);
    /// Draws annotations in the views (View ▸ Show annotations); exports have their own switch.
    bool visible() const { return m_visible; }
    void setVisible(bool on);

    // used by the undo commands
    void applyAdd(const annotate::Annotation& a, int position);
    int applyRemove(const QString& id);
    void applyUpdate(const annotate::Annotation& a);

  Q_SIGNALS:
    void changed();
    void toolChanged(rs::views::AnnotationModel::Tool t);
    void failed(const QString& message);
    /// An edit was undone or redone (by any caller of the stack): "Undone: Add note "x" (…)", for the
    /// status bar.
    void historyStep(const QString& message);

  private:
    void save();
    void recheck();
    /// When the file is not as this model last read or wrote it: reloads it (undo history cleared,
    /// historyStep says so) and returns true.
    bool reloadIfChangedOnDisk();
    /// The file's size and modification time (ns) now; {-1, 0} when it does not exist.
    std::pair<int64_t, int64_t> diskStamp() const;
    void watch();
    std::pair<int64_t, int64_t> m_disk{-1, 0}; ///< diskStamp() when last read or written
    QFileSystemWatcher* m_watcher = nullptr;
    annotate::AnnotationSet m_set;
    QString m_path;
    bool m_readOnly = true;
    bool m_visible = true;
    void clearHistory();          ///< every run's
    QUndoStack* stackOf(int run); ///< run `run`'s history, made on first use
    QUndoGroup* m_undo;
    std::map<int, QUndoStack*> m_stacks; ///< by run (children of the group)
    int m_run = 0;                       ///< the shown run
    Tool m_tool = Tool::None;
    std::optional<annotate::AnchorFacts> m_facts;
    std::map<std::string, QString> m_detached;
};

} // namespace rs::views

Q_DECLARE_METATYPE(rs::annotate::Annotation)
