#include "app/gui/diagnosticsdialog.h"

#include "app/gui/diagnosticsmodel.h"
#include "views/common/plural.h"
#include "views/common/sortarrows.h"
#include "views/common/tabletext.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QDialogButtonBox>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QVBoxLayout>

namespace rs::gui {

DiagnosticsDialog::DiagnosticsDialog(std::vector<query::DiagnosticDesc> rows, QWidget* parent)
    : QDialog(parent), m_model(new DiagnosticsModel(this)), m_proxy(new QSortFilterProxyModel(this)),
      m_view(new QTableView), m_filter(new QLineEdit), m_summary(new QLabel) {
    setWindowTitle(tr("Diagnostics"));
    resize(980, 440);
    m_model->setDiagnostics(std::move(rows));
    m_proxy->setSourceModel(m_model);
    m_proxy->setSortRole(DiagnosticsModel::SortRole);
    m_proxy->setFilterKeyColumn(-1); // every column
    m_proxy->setFilterCaseSensitivity(Qt::CaseInsensitive);
    m_view->setModel(m_proxy);
    m_view->setSortingEnabled(true);
    views::pointSortArrows(m_view->horizontalHeader());
    m_view->sortByColumn(DiagnosticsModel::Count, Qt::DescendingOrder);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_view->verticalHeader()->hide();
    m_view->horizontalHeader()->setStretchLastSection(true);
    m_view->resizeColumnsToContents();
    // a long problem text or file path must not push the count and the excerpt out of sight: capped, the
    // whole text in the tooltip
    for (int c = 0; c + 1 < DiagnosticsModel::ColumnCount; ++c)
        m_view->setColumnWidth(c, std::min(m_view->columnWidth(c), 320));
    m_summary->setObjectName("summary");
    m_filter->setPlaceholderText(tr("Filter: file, problem, excerpt…"));
    m_filter->setClearButtonEnabled(true);
    connect(m_filter, &QLineEdit::textChanged, this, [this](const QString& t) {
        m_proxy->setFilterFixedString(t);
        updateSummary();
    });
    auto* copyAction = new QAction(tr("Copy"), this);
    copyAction->setShortcut(QKeySequence::Copy);
    copyAction->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    connect(copyAction, &QAction::triggered, this, &DiagnosticsDialog::copy);
    addAction(copyAction);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close);
    auto* copyButton = buttons->addButton(tr("Copy"), QDialogButtonBox::ActionRole);
    copyButton->setToolTip(tr("The selected rows, or every row shown, as tab-separated text (Ctrl+C)"));
    connect(copyButton, &QPushButton::clicked, this, &DiagnosticsDialog::copy);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* lay = new QVBoxLayout(this);
    lay->addWidget(
        new QLabel(tr("Per-record problems and notes found while indexing (the import went on past them):")));
    lay->addWidget(m_filter);
    lay->addWidget(m_view, 1);
    lay->addWidget(m_summary);
    lay->addWidget(buttons);
    updateSummary();
}

void DiagnosticsDialog::updateSummary() {
    // information rows are notes, not problems, as the report and Details count them ("15 problems" of
    // which 14 were information, walk 20a)
    // each kind with its groups, as the report says them ("1 problem in 1 group; 86 notes in 4 groups"):
    // "86 notes … of 5 groups" read as a count the report's "86 notes in 4 groups" disagreed with (walk 27)
    qint64 problems = 0, notes = 0, problemRows = 0, noteRows = 0;
    for (int r = 0; r < m_proxy->rowCount(); ++r) {
        const qint64 n = m_proxy->index(r, DiagnosticsModel::Count).data().toLongLong();
        const bool note = m_proxy->index(r, DiagnosticsModel::Severity).data().toString() == "info";
        (note ? notes : problems) += n;
        ++(note ? noteRows : problemRows);
    }
    QString counts = tr("%1 in %2")
                         .arg(views::counted(problems, tr("problem"), tr("problems")),
                              views::counted(problemRows, tr("group"), tr("groups")));
    if (notes)
        counts += tr("; %1 in %2 (information, not problems)")
                      .arg(views::counted(notes, tr("note"), tr("notes")),
                           views::counted(noteRows, tr("group"), tr("groups")));
    const QString kinds =
        views::counted(m_model->rowCount(), tr("group"), tr("groups")); // as info and the report count them
    if (m_model->rowCount() == 0)
        m_summary->setText(tr("No problem was counted while indexing."));
    else if (m_proxy->rowCount() == m_model->rowCount())
        m_summary->setText(tr("The whole folder: %1").arg(counts)); // a run's Details count its own
    else
        m_summary->setText(tr("%1 of %2 shown: %3").arg(m_proxy->rowCount()).arg(kinds, counts));
}

QString DiagnosticsDialog::copyText() const {
    return views::tabSeparatedSelection(*m_view);
}

void DiagnosticsDialog::copy() const {
    QApplication::clipboard()->setText(copyText());
}

} // namespace rs::gui
