#include "views/annotate/annotationmodel.h"

#include <QDir>
#include <QFileInfo>
#include <QFileSystemWatcher>
#include <QUndoCommand>
#include <QUndoGroup>
#include <QUndoStack>
#include <filesystem>

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

AnnotationModel::AnnotationModel(QObject* parent) : QObject(parent), m_undo(new QUndoGroup(this)) {
    setRun(0);
}

QUndoStack* AnnotationModel::stackOf(int run) {
    auto [it, fresh] = m_stacks.emplace(run, nullptr);
    if (fresh) {
        it->second = new QUndoStack(m_undo);
        m_undo->addStack(it->second);
    }
    return it->second;
}

QUndoStack* AnnotationModel::undoStack() const {
    return m_stacks.at(m_run); // setRun made it
}

void AnnotationModel::setRun(int run) {
    m_run = run;
    m_undo->setActiveStack(stackOf(run));
}

void AnnotationModel::clearHistory() {
    for (auto& [run, stack] : m_stacks)
        stack->clear();
}

void AnnotationModel::open(const QString& path) {
    clearHistory();
    m_path = path;
    m_facts.reset();
    m_detached.clear();
    std::string error;
    m_readOnly = !m_set.load(path.toStdString(), error);
    m_disk = diskStamp();
    watch();
    Q_EMIT changed();
    if (m_readOnly) Q_EMIT failed(QString::fromStdString(error));
}

std::pair<int64_t, int64_t> AnnotationModel::diskStamp() const {
    std::error_code ec;
    const std::filesystem::path p = m_path.toStdString();
    const auto size = std::filesystem::file_size(p, ec);
    if (ec) return {-1, 0};
    const auto t = std::filesystem::last_write_time(p, ec);
    if (ec) return {-1, 0};
    return {int64_t(size), int64_t(t.time_since_epoch().count())};
}

void AnnotationModel::watch() {
    // the folder too: a file written by rename (AnnotationSet::save) is a new file the old watch lost
    if (!m_watcher) {
        m_watcher = new QFileSystemWatcher(this);
        auto check = [this] {
            reloadIfChangedOnDisk();
            watch();
        };
        connect(m_watcher, &QFileSystemWatcher::fileChanged, this, check);
        connect(m_watcher, &QFileSystemWatcher::directoryChanged, this, check);
    }
    if (!m_watcher->files().isEmpty()) m_watcher->removePaths(m_watcher->files());
    if (!m_watcher->directories().isEmpty()) m_watcher->removePaths(m_watcher->directories());
    if (m_path.isEmpty()) return;
    const QFileInfo f(m_path);
    if (f.exists()) m_watcher->addPath(m_path);
    if (f.absoluteDir().exists()) m_watcher->addPath(f.absolutePath());
}

bool AnnotationModel::reloadIfChangedOnDisk() {
    if (m_path.isEmpty() || m_readOnly || diskStamp() == m_disk) return false;
    annotate::AnnotationSet fresh;
    std::string error;
    if (!fresh.load(m_path.toStdString(), error)) { // damaged by the other writer: keep ours, write nothing
        m_readOnly = true;
        Q_EMIT failed(QString::fromStdString(error));
        return false;
    }
    m_set = std::move(fresh);
    m_disk = diskStamp();
    clearHistory(); // its commands name annotations of the set before
    recheck();
    Q_EMIT changed();
    Q_EMIT historyStep(tr("Annotations reloaded: %1 was changed by another program (undo history cleared)")
                           .arg(QFileInfo(m_path).fileName()));
    return true;
}

void AnnotationModel::setAnnotations(const annotate::AnnotationSet& set) {
    clearHistory();
    m_set = set;
    m_path.clear();
    m_readOnly = true;
    recheck();
    Q_EMIT changed();
}

void AnnotationModel::close() {
    clearHistory();
    m_set = {};
    m_path.clear();
    m_disk = {-1, 0};
    watch();
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
    reloadIfChangedOnDisk(); // the ids given below must be new to what the file holds now
    // the id and stamps are given once, so redo after undo brings back the same annotation
    annotate::AnnotationSet probe = m_set;
    std::string id = probe.add(a);
    annotate::Annotation stamped = *probe.find(id);
    stackOf(stamped.anchor.run)->push(new AddCommand(this, stamped));
    return QString::fromStdString(id);
}

void AnnotationModel::remove(const QString& id) {
    reloadIfChangedOnDisk();
    const auto* a = find(id);
    if (!a || m_readOnly) return;
    stackOf(a->anchor.run)->push(new RemoveCommand(this, *a));
}

void AnnotationModel::update(const annotate::Annotation& a) {
    reloadIfChangedOnDisk();
    const auto* old = find(QString::fromStdString(a.id));
    if (!old || m_readOnly || *old == a) return;
    stackOf(old->anchor.run)->push(new UpdateCommand(this, *old, a));
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
    m_disk = diskStamp(); // our own write is no change from another program
    watch();
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
