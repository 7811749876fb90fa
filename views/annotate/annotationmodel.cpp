#include "views/annotate/annotationmodel.h"

#include <QUndoCommand>
#include <QUndoStack>

namespace rs::views {

namespace {

QString label(const annotate::Annotation& a) {
    QString t = QString::fromStdString(a.text);
    if (t.size() > 30) t = t.left(29) + QChar(0x2026);
    return QString::fromStdString(annotate::kindName(a.kind)) + " \"" + t + "\"";
}

/// An edit the stack can undo and redo; says each undo and each redo (not the first redo, which is the
/// edit itself: its own caller says it) through the model's historyStep, so the status bar names what was
/// undone instead of still naming the last edit (walk 36).
class HistoryCommand : public QUndoCommand {
  public:
    HistoryCommand(AnnotationModel* m, const QString& text) : QUndoCommand(text), m_model(m) {}
    void redo() final {
        apply();
        if (m_done) Q_EMIT m_model->historyStep(QObject::tr("Redone: %1 (Ctrl+Z undoes it)").arg(text()));
        m_done = true;
    }
    void undo() final {
        revert();
        Q_EMIT m_model->historyStep(QObject::tr("Undone: %1 (Ctrl+Y redoes it)").arg(text()));
    }

  protected:
    virtual void apply() = 0;
    virtual void revert() = 0;
    AnnotationModel* m_model;

  private:
    bool m_done = false;
};

class AddCommand : public HistoryCommand {
  public:
    AddCommand(AnnotationModel* m, annotate::Annotation a)
        : HistoryCommand(m, QObject::tr("Add %1").arg(label(a))), m_a(std::move(a)) {}
    void apply() override { m_model->applyAdd(m_a, -1); }
    void revert() override { m_model->applyRemove(QString::fromStdString(m_a.id)); }

  private:
    annotate::Annotation m_a;
};

class RemoveCommand : public HistoryCommand {
  public:
    RemoveCommand(AnnotationModel* m, annotate::Annotation a)
        : HistoryCommand(m, QObject::tr("Delete %1").arg(label(a))), m_a(std::move(a)) {}
    void apply() override { m_pos = m_model->applyRemove(QString::fromStdString(m_a.id)); }
    void revert() override { m_model->applyAdd(m_a, m_pos); }

  private:
    annotate::Annotation m_a;
    int m_pos = -1;
};

class UpdateCommand : public HistoryCommand {
  public:
    UpdateCommand(AnnotationModel* m, annotate::Annotation before, annotate::Annotation after)
        : HistoryCommand(m, QObject::tr("Edit %1").arg(label(after))), m_before(std::move(before)),
          m_after(std::move(after)) {}
    void apply() override { m_model->applyUpdate(m_after); }
    void revert() override { m_model->applyUpdate(m_before); }

  private:
    annotate::Annotation m_before, m_after;
};

} // namespace

AnnotationModel::AnnotationModel(QObject* parent) : QObject(parent), m_undo(new QUndoStack(this)) {}

void AnnotationModel::open(const QString& path) {
    m_undo->clear();
    m_path = path;
    m_facts.reset();
    m_detached.clear();
    std::string error;
    m_readOnly = !m_set.load(path.toStdString(), error);
    Q_EMIT changed();
    if (m_readOnly) Q_EMIT failed(QString::fromStdString(error));
}

void AnnotationModel::setAnnotations(const annotate::AnnotationSet& set) {
    m_undo->clear();
    m_set = set;
    m_path.clear();
    m_readOnly = true;
    recheck();
    Q_EMIT changed();
}

void AnnotationModel::close() {
    m_undo->clear();
    m_set = {};
    m_path.clear();
    m_readOnly = true;
    m_facts.reset();
    m_detached.clear();
    Q_EMIT changed();
}

const annotate::Annotation* AnnotationModel::find(const QString& id) const {
    return m_set.find(id.toStdString());
}

QString AnnotationModel::add(const annotate::Annotation& a) {
    if (m_readOnly) {
        Q_EMIT failed(tr("The annotations file cannot be changed: %1").arg(m_path));
        return {};
    }
    // the id and stamps are given once, so redo after undo brings back the same annotation
    annotate::AnnotationSet probe = m_set;
    std::string id = probe.add(a);
    annotate::Annotation stamped = *probe.find(id);
    m_undo->push(new AddCommand(this, stamped));
    return QString::fromStdString(id);
}

void AnnotationModel::remove(const QString& id) {
    const auto* a = find(id);
    if (!a || m_readOnly) return;
    m_undo->push(new RemoveCommand(this, *a));
}

void AnnotationModel::update(const annotate::Annotation& a) {
    const auto* old = find(QString::fromStdString(a.id));
    if (!old || m_readOnly || *old == a) return;
    m_undo->push(new UpdateCommand(this, *old, a));
}

void AnnotationModel::applyAdd(const annotate::Annotation& a, int position) {
    if (position < 0) {
        m_set.add(a); // keeps a's id: it is not in the set
    } else {
        m_set.insert(a, size_t(position));
    }
    recheck();
    save();
    Q_EMIT changed();
}

int AnnotationModel::applyRemove(const QString& id) {
    int pos = m_set.remove(id.toStdString());
    m_detached.erase(id.toStdString());
    save();
    Q_EMIT changed();
    return pos;
}

void AnnotationModel::applyUpdate(const annotate::Annotation& a) {
    m_set.replace(a);
    recheck();
    save();
    Q_EMIT changed();
}

void AnnotationModel::save() {
    if (m_path.isEmpty() || m_readOnly) return;
    std::string error;
    if (!m_set.save(m_path.toStdString(), error)) Q_EMIT failed(QString::fromStdString(error));
}

void AnnotationModel::setFacts(const annotate::AnchorFacts& f) {
    m_facts = f;
    recheck();
    Q_EMIT changed();
}

void AnnotationModel::recheck() {
    m_detached.clear();
    if (!m_facts) return;
    for (const auto& a : m_set.items()) {
        std::string why = annotate::detachedReason(a, *m_facts);
        if (!why.empty()) m_detached[a.id] = QString::fromStdString(why);
    }
}

QString AnnotationModel::detachedReason(const QString& id) const {
    auto it = m_detached.find(id.toStdString());
    return it == m_detached.end() ? QString() : it->second;
}

void AnnotationModel::setTool(Tool t) {
    if (t == m_tool) return;
    m_tool = t;
    Q_EMIT toolChanged(t);
}

void AnnotationModel::setVisible(bool on) {
    if (on == m_visible) return;
    m_visible = on;
    Q_EMIT changed();
}

} // namespace rs::views
