#include "app/gui/annotationcontroller.h"

#include "app/gui/dockscrollarea.h"
#include "app/gui/textprompt.h"

#include "core/query/queryservice.h"
#include "views/annotate/annotationspanel.h"
#include "views/common/interactionstate.h"
#include "views/heatmap/heatmapcanvas.h"
#include "views/heatmap/heatmapview.h"
#include "views/memory/memorymapcanvas.h"
#include "views/memory/memorymapview.h"
#include "views/timeline/timelineview.h"

#include <QAction>
#include <QDockWidget>
#include <QGuiApplication>
#include <QInputDialog>
#include <QMainWindow>
#include <QMenu>
#include <QStatusBar>
#include <QUndoGroup>

namespace rs::gui {

AnnotationController::AnnotationController(QMainWindow* window, query::QueryService* service,
                                           views::InteractionState* state, views::TimelineView* timeline,
                                           views::HeatmapView* heatmap, views::MemoryMapView* memory)
    : QObject(window), m_window(window), m_service(service), m_state(state), m_timeline(timeline),
      m_heatmap(heatmap), m_memory(memory), m_model(new views::AnnotationModel(this)),
      m_panel(new views::AnnotationsPanel(m_model)), m_dock(new QDockWidget(tr("Annotations"), window)) {
    m_dock->setObjectName("annotations");
    m_dock->setWidget(new DockScrollArea(m_panel));
    m_timeline->setAnnotations(m_model);
    m_heatmap->canvas()->setAnnotations(m_model);
    m_memory->canvas()->setAnnotations(m_model);
    connect(m_timeline, &views::TimelineView::annotationDrafted, this, &AnnotationController::addDrafted);
    connect(m_timeline, &views::TimelineView::annotationEditRequested, this, &AnnotationController::editText);
    connect(m_heatmap->canvas(), &views::HeatmapCanvas::annotationDrafted, this,
            &AnnotationController::addDrafted);
    connect(m_memory->canvas(), &views::MemoryMapCanvas::annotationDrafted, this,
            &AnnotationController::addDrafted);
    connect(m_panel, &views::AnnotationsPanel::activated, this, &AnnotationController::goTo);
    connect(m_model, &views::AnnotationModel::failed, this, [this](const QString& msg) {
        m_window->statusBar()->showMessage(tr("Annotations: %1").arg(msg), 15000);
    });
    connect(m_model, &views::AnnotationModel::historyStep, this,
            [this](const QString& msg) { m_window->statusBar()->showMessage(msg, 6000); });
    connect(m_service, &query::QueryService::resultReady, this, [this](quint64 id, const QVariant& v) {
        if (id != m_factsRequest) return;
        if (auto f = v.value<std::shared_ptr<const annotate::AnchorFacts>>()) m_model->setFacts(*f);
    });
    // a tensor named by a new annotation is checked once it exists in the set
    connect(m_model->undoGroup(), &QUndoGroup::indexChanged, this, [this] { requestFacts(); });
}

void AnnotationController::buildMenu(QMenu* menu) {
    using Tool = views::AnnotationModel::Tool;
    struct Def {
        Tool tool;
        const char* text;
        const char* key;
        const char* name;
    };
    // in Tool's order after None (the status bar names the armed one by its place)
    static const Def defs[] = {{Tool::Note, "&Note tool", "N", "Note"},
                               {Tool::Range, "&Range tool", "R", "Range"},
                               {Tool::Arrow, "&Arrow tool", "T", "Arrow"},
                               {Tool::Box, "&Box tool", "B", "Box"}};
    std::vector<QAction*> actions;
    for (const auto& d : defs) {
        auto* a = menu->addAction(tr(d.text));
        a->setCheckable(true);
        a->setShortcut(QKeySequence(d.key));
        connect(a, &QAction::triggered, this,
                [this, d](bool on) { m_model->setTool(on ? d.tool : Tool::None); });
        actions.push_back(a);
    }
    // Esc leaves the tool from any view (walk 36: with the heatmap focused it did nothing); the key is the
    // window's only while a tool is armed, so Esc keeps its own meaning everywhere else
    auto* stop = menu->addAction(tr("&Stop annotating"), this, [this] { m_model->setTool(Tool::None); });
    stop->setShortcut(QKeySequence(Qt::Key_Escape));
    stop->setToolTip(tr("Back to panning and selecting"));
    stop->setEnabled(false);
    connect(m_model, &views::AnnotationModel::toolChanged, this, [this, actions, stop](Tool t) {
        for (size_t i = 0; i < actions.size(); ++i)
            actions[i]->setChecked(defs[i].tool == t);
        stop->setEnabled(t != Tool::None);
        if (t != Tool::None)
            m_window->statusBar()->showMessage(tr("%1 tool: places one annotation (hold Shift as you place "
                                                  "it to keep the tool); Esc leaves it")
                                                   .arg(defs[int(t) - 1].name),
                                               0);
        else
            m_window->statusBar()->clearMessage();
    });
    menu->addSeparator();
    // the group's: they act on the shown run's history only (AnnotationModel::setRun)
    auto* undo = m_model->undoGroup()->createUndoAction(this, tr("&Undo"));
    undo->setShortcut(QKeySequence::Undo);
    auto* redo = m_model->undoGroup()->createRedoAction(this, tr("&Redo"));
    // both keys on every platform: QKeySequence::Redo is Ctrl+Y on one platform and Ctrl+Shift+Z on X11,
    // so the README's and the Shortcuts dialog's table (written offscreen) named a key X11 did not answer
    redo->setShortcuts({QKeySequence("Ctrl+Y"), QKeySequence("Ctrl+Shift+Z")});
    menu->addAction(undo);
    menu->addAction(redo);
    menu->addSeparator();
    auto* show = menu->addAction(tr("Show &annotations"));
    show->setCheckable(true);
    show->setChecked(true);
    connect(show, &QAction::toggled, m_model, &views::AnnotationModel::setVisible);
    menu->addAction(m_dock->toggleViewAction());
}

void AnnotationController::openIndex(const QString& dbPath) {
    m_model->open(QString::fromStdString(annotate::annotationsPath(dbPath.toStdString())));
}

void AnnotationController::setSummary(std::shared_ptr<const query::ProfileSummary> s) {
    m_summary = std::move(s);
    m_model->setRun(m_summary ? m_summary->run : 0); // Undo acts on the shown run's edits only
    m_panel->setRun(m_summary ? m_summary->run : 0, m_summary ? m_summary->startNs : 0,
                    m_summary ? m_summary->dataRank : std::map<int, int>{});
    requestFacts();
}

void AnnotationController::requestFacts() {
    if (m_summary) m_factsRequest = m_service->requestAnchorFacts(m_model->set());
}

void AnnotationController::addDrafted(annotate::Annotation a) {
    // a tool places one annotation, then the views pan and select again (walk 36: it stayed armed and the
    // next drag drew another); Shift held as it is placed keeps it for the next. Read now: the text prompt
    // below takes the keyboard
    const bool keepTool = QGuiApplication::keyboardModifiers() & Qt::ShiftModifier;
    if (m_summary) a.anchor.run = m_summary->run;
    const annotate::RunFit fit = fitToRun(a);
    if (fit == annotate::RunFit::Outside) return;
    if (a.text.empty()) {
        bool ok = false;
        QString where = QString::fromStdString(annotate::describeAnchor(
            a, m_summary ? m_summary->startNs : 0, m_summary ? m_summary->dataRank : std::map<int, int>{}));
        if (fit == annotate::RunFit::Clipped)
            where += tr(" (cut to the run: the run has no data before its start or after its end)");
        QString text =
            TextPrompt::ask(m_window, tr("New %1").arg(QString::fromStdString(annotate::kindName(a.kind))),
                            tr("Text of the %1:").arg(where), QString(), &ok);
        if (!ok || text.trimmed().isEmpty()) return;
        a.text = text.trimmed().toStdString();
    }
    QString id = m_model->add(a);
    if (!id.isEmpty() && !keepTool) m_model->setTool(views::AnnotationModel::Tool::None);
    if (!id.isEmpty()) {
        m_dock->show();
        m_window->statusBar()->showMessage(
            fit == annotate::RunFit::Clipped
                ? tr("Annotation %1 added, cut to the run's extent (Ctrl+Z undoes it)").arg(id)
                : tr("Annotation %1 added (Ctrl+Z undoes it)").arg(id),
            8000);
    }
}

annotate::RunFit AnnotationController::fitToRun(annotate::Annotation& a) {
    // the detached check's facts: what is added is never listed as detached and drawn nowhere (walk 42)
    const annotate::AnchorFacts* facts = m_model->facts();
    if (!facts) return annotate::RunFit::Inside;
    const annotate::RunFit fit = annotate::fitToRun(a, *facts);
    if (fit == annotate::RunFit::Outside)
        m_window->statusBar()->showMessage(
            tr("Not added: the %1 is outside the run, where it has no data; draw it over the run's lanes")
                .arg(QString::fromStdString(annotate::kindName(a.kind))),
            10000);
    return fit;
}

void AnnotationController::editText(const QString& id) {
    const auto* a = m_model->find(id);
    if (!a || m_model->readOnly()) return;
    bool ok = false;
    QString text = TextPrompt::ask(m_window, tr("Edit annotation %1").arg(id), tr("Text:"),
                                   QString::fromStdString(a->text), &ok);
    if (!ok || text.trimmed().isEmpty()) return;
    annotate::Annotation edited = *a;
    edited.text = text.trimmed().toStdString();
    m_model->update(edited); // undoable
}

void AnnotationController::goTo(const annotate::Annotation& a) {
    const auto& an = a.anchor;
    if (m_summary && an.run != m_summary->run) { // its times are on that run's clock, not this one's
        m_window->statusBar()->showMessage(tr("Annotation %1 is in run %2: choose that run to go to it")
                                               .arg(QString::fromStdString(a.id))
                                               .arg(an.run),
                                           8000);
        return;
    }
    if (an.view == annotate::Surface::Heatmap) {
        if (auto* d = m_window->findChild<QDockWidget*>("heatmap")) {
            d->show();
            d->raise();
        }
        views::Selection s;
        s.kind = views::Selection::Kind::OpType;
        s.opType = an.opTypes.empty() ? QString() : QString::fromStdString(an.opTypes.front());
        s.rank = an.ranks.size() == 1 ? an.ranks.front() : -1;
        m_state->setSelection(s);
        return;
    }
    if (an.view == annotate::Surface::Memory) {
        if (auto* d = m_window->findChild<QDockWidget*>("memory")) {
            d->show();
            d->raise();
        }
        if (!an.ranks.empty()) m_memory->showRank(an.ranks.front());
    }
    int64_t a0 = an.t0Ns, a1 = std::max(an.t1Ns, a.kind == annotate::Kind::Arrow ? an.toNs : an.t1Ns);
    if (a.kind == annotate::Kind::Arrow) a0 = std::min(a0, an.toNs);
    int64_t pad = std::max<int64_t>((a1 - a0) / 4, 200000);
    m_state->setWindow(a0 - pad, a1 + pad);
    if (!an.ranks.empty()) {
        QRect block = m_timeline->rankBlock(an.ranks.front());
        if (block.isValid())
            m_timeline->setScrollOffset(m_timeline->scrollOffset() + block.top() -
                                        views::TimelineView::kAxis);
    }
}

} // namespace rs::gui
