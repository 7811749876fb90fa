#include "views/annotate/annotationspanel.h"

#include "views/annotate/annotationpainter.h"

#include <QColorDialog>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QToolButton>
#include <QTreeWidget>
#include <QUndoGroup>
#include <QVBoxLayout>

namespace rs::views {

namespace {
enum Column { KindCol, TextCol, WhereCol, AuthorCol, StatusCol };
}

AnnotationsPanel::AnnotationsPanel(AnnotationModel* model, QWidget* parent)
    : QWidget(parent), m_model(model), m_list(new QTreeWidget(this)),
      m_empty(new QLabel(tr("No annotations yet. Pick a tool above and draw on the timeline, the heatmap or "
                            "the memory map, or right-click there: \"Add a note here…\"."),
                         this)) {
    auto* strip = new QHBoxLayout;
    strip->setContentsMargins(0, 0, 0, 0);
    struct ToolDef {
        AnnotationModel::Tool tool;
        const char* text;
        const char* tip;
    };
    const ToolDef tools[] = {
        {AnnotationModel::Tool::Note, "Note",
         "Click a lane (or a heatmap cell, a tensor) to pin a note there (N; Esc leaves the tool)"},
        {AnnotationModel::Tool::Range, "Range",
         "Drag across the timeline to mark a time range on the ranks you cover (R)"},
        {AnnotationModel::Tool::Arrow, "Arrow",
         "Drag from one lane and time to another, e.g. waiting rank → late rank (T)"},
        {AnnotationModel::Tool::Box, "Box",
         "Drag a box on the timeline, over heatmap cells or a memory region (B)"}};
    for (const auto& t : tools) {
        auto* b = new QToolButton(this);
        b->setText(tr(t.text));
        b->setToolTip(tr(t.tip));
        b->setCheckable(true);
        connect(b, &QToolButton::clicked, this, [this, t, b](bool on) {
            m_model->setTool(on ? t.tool : AnnotationModel::Tool::None);
            b->setChecked(on);
        });
        b->setProperty("tool", int(t.tool));
        strip->addWidget(b);
        m_tools.push_back(b);
    }
    strip->addStretch();
    // the edits on a row of their own: the eight buttons in one row made the dock (and with it the
    // window) at least 469 px wide (walk 21 A)
    auto* edits = new QHBoxLayout;
    edits->setContentsMargins(0, 0, 0, 0);
    auto button = [&](const QString& text, const QString& tip, auto fn) {
        auto* b = new QToolButton(this);
        b->setText(text);
        b->setToolTip(tip);
        connect(b, &QToolButton::clicked, this, fn);
        edits->addWidget(b);
        return b;
    };
    button(tr("Colour…"), tr("Colour of the selected annotation"), [this] { chooseColor(); });
    button(tr("Delete"), tr("Delete the selected annotation (Del); Undo brings it back"), [this] {
        if (!currentId().isEmpty()) m_model->remove(currentId());
    });
    auto* undo = button(tr("Undo"), tr("Undo the last annotation edit (Ctrl+Z)"),
                        [this] { m_model->undoGroup()->undo(); });
    auto* redo = button(tr("Redo"), tr("Redo (Ctrl+Shift+Z)"), [this] { m_model->undoGroup()->redo(); });
    // the shown run's history (the group's active stack): another run's edits are not undone from here
    connect(m_model->undoGroup(), &QUndoGroup::canUndoChanged, undo, &QWidget::setEnabled);
    connect(m_model->undoGroup(), &QUndoGroup::canRedoChanged, redo, &QWidget::setEnabled);
    undo->setEnabled(false);
    redo->setEnabled(false);
    edits->addStretch();

    m_list->setColumnCount(5);
    m_list->setHeaderLabels({tr("Kind"), tr("Text"), tr("Where"), tr("Author"), tr("Status")});
    m_list->setRootIsDecorated(false);
    m_list->setUniformRowHeights(true);
    m_list->setEditTriggers(QAbstractItemView::NoEditTriggers); // only the text is edited, below
    connect(m_list, &QTreeWidget::itemDoubleClicked, this, [this](QTreeWidgetItem* item) {
        if (!m_model->readOnly()) m_list->editItem(item, TextCol);
    });
    m_list->header()->setStretchLastSection(true);
    m_list->setColumnWidth(TextCol, 220);
    m_list->setColumnWidth(WhereCol, 300);
    m_list->setToolTip(tr("Double-click the text to edit it; Enter or click a row to go there"));
    connect(m_list, &QTreeWidget::itemChanged, this, [this](QTreeWidgetItem* item, int col) {
        if (m_refreshing || col != TextCol) return;
        const auto* a = m_model->find(item->data(0, Qt::UserRole).toString());
        if (!a) return;
        annotate::Annotation edited = *a;
        edited.text = item->text(TextCol).toStdString();
        m_model->update(edited);
    });
    connect(m_list, &QTreeWidget::itemActivated, this, [this](QTreeWidgetItem* item) {
        if (const auto* a = m_model->find(item->data(0, Qt::UserRole).toString())) Q_EMIT activated(*a);
    });
    connect(m_list, &QTreeWidget::itemClicked, this, [this](QTreeWidgetItem* item, int col) {
        if (col == TextCol) return; // the text column edits
        if (const auto* a = m_model->find(item->data(0, Qt::UserRole).toString())) Q_EMIT activated(*a);
    });
    m_empty->setWordWrap(true);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(strip);
    layout->addLayout(edits);
    layout->addWidget(m_empty);
    layout->addWidget(m_list, 1);
    connect(m_model, &AnnotationModel::changed, this, &AnnotationsPanel::refresh);
    connect(m_model, &AnnotationModel::toolChanged, this, [this](AnnotationModel::Tool t) {
        for (auto* b : m_tools)
            b->setChecked(b->property("tool").toInt() == int(t));
    });
    refresh();
}

void AnnotationsPanel::setRun(int run, qint64 startNs, const std::map<int, int>& dataRank) {
    m_run = run;
    m_runStart = startNs;
    m_dataRank = dataRank;
    refresh();
}

QString AnnotationsPanel::currentId() const {
    auto* item = m_list->currentItem();
    return item ? item->data(0, Qt::UserRole).toString() : QString();
}

void AnnotationsPanel::refresh() {
    m_refreshing = true;
    const QString keep = currentId();
    m_list->clear();
    for (const auto& a : m_model->items()) {
        auto* item = new QTreeWidgetItem(m_list);
        const QString id = QString::fromStdString(a.id);
        item->setData(0, Qt::UserRole, id);
        item->setText(KindCol, QString::fromStdString(annotate::kindName(a.kind)));
        QPixmap swatch(10, 10);
        swatch.fill(annotationColor(a));
        item->setIcon(KindCol, QIcon(swatch));
        item->setText(TextCol, QString::fromStdString(a.text));
        // another run's times are on its own clock: "+19587 d" from this run's start meant nothing (walk17b
        // #5)
        const bool here = a.anchor.run == m_run;
        item->setText(WhereCol,
                      here ? QString::fromStdString(annotate::describeAnchor(a, m_runStart, m_dataRank))
                           : tr("in run %1 (choose that run to see it)").arg(a.anchor.run));
        if (!here) item->setForeground(WhereCol, QColor(120, 120, 120));
        item->setText(AuthorCol, QString::fromStdString(a.author + " · " + a.created));
        const QString why = m_model->detachedReason(id);
        item->setText(StatusCol, why.isEmpty() ? tr("attached") : tr("detached: %1").arg(why));
        if (!why.isEmpty()) item->setForeground(StatusCol, QColor(200, 60, 40));
        item->setToolTip(WhereCol, item->text(WhereCol));
        item->setFlags(item->flags() | (m_model->readOnly() ? Qt::ItemFlags() : Qt::ItemIsEditable));
        if (id == keep) m_list->setCurrentItem(item);
    }
    m_empty->setVisible(m_model->items().empty());
    m_refreshing = false;
}

void AnnotationsPanel::chooseColor() {
    const auto* a = m_model->find(currentId());
    if (!a) return;
    QColor c = QColorDialog::getColor(annotationColor(*a), this, tr("Annotation colour"));
    if (!c.isValid()) return;
    annotate::Annotation edited = *a;
    edited.color = c.name().toStdString();
    m_model->update(edited);
}

} // namespace rs::views
