#include "app/gui/diagnosticsdialog.h"

#include "app/gui/diagnosticsmodel.h"
#include "core/query/notreadrows.h"
#include "core/query/report.h"
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
#include <QScreen>
#include <QScrollBar>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QVBoxLayout>

namespace rs::gui {

DiagnosticsDialog::DiagnosticsDialog(std::vector<query::DiagnosticDesc> rows, QWidget* parent)
    : QDialog(parent), m_model(new DiagnosticsModel(this)), m_proxy(new QSortFilterProxyModel(this)),
      m_view(new QTableView), m_filter(new QLineEdit), m_summary(new QLabel) {
    setWindowTitle(tr("Diagnostics"));
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
    // one line per row, cut with "…" (each cell whole in its tooltip): wrapped, a capped column's text
    // broke into lines the row's height cut off, mid-word and with no sign of it (issue 19 #2)
    m_view->setWordWrap(false);
    m_view->setTextElideMode(Qt::ElideRight);
    m_view->resizeColumnsToContents();
    // a long problem text or file path must not push the count and the excerpt out of sight: capped, the
    // whole text in the tooltip
    for (int c = 0; c + 1 < DiagnosticsModel::ColumnCount; ++c)
        m_view->setColumnWidth(c, std::min(m_view->columnWidth(c), kMaxColumnWidth));
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
    auto* intro =
        new QLabel(tr("Per-record problems and notes found while indexing (the import went on past them):"));
    // both lines wrap: one line long, the totals held the dialog wider than an 800 px screen
    intro->setWordWrap(true);
    m_summary->setWordWrap(true);
    lay->addWidget(intro);
    lay->addWidget(m_filter);
    lay->addWidget(m_view, 1);
    lay->addWidget(m_summary);
    lay->addWidget(buttons);
    updateSummary();
    fitToContents();
}

void DiagnosticsDialog::fitToContents() {
    // as wide as its columns want (the excerpt's too) and as tall as its rows, within the screen: a fixed
    // 980 × 440 cut the columns of a 1600 px screen's dialog and left most of it unused (issue 19 #2)
    int columns = 0;
    for (int c = 0; c < DiagnosticsModel::ColumnCount; ++c)
        columns += c + 1 < DiagnosticsModel::ColumnCount
                       ? m_view->columnWidth(c)
                       : std::min(static_cast<const QAbstractItemView*>(m_view)->sizeHintForColumn(c),
                                  kMaxColumnWidth * 2);
    const QMargins m = layout()->contentsMargins();
    const int scrollBar = m_view->verticalScrollBar()->sizeHint().width();
    const int rows = std::min(m_proxy->rowCount(), kMaxRowsShown);
    const int table = m_view->horizontalHeader()->sizeHint().height() +
                      rows * m_view->verticalHeader()->defaultSectionSize() + 2 * m_view->frameWidth();
    const int others = layout()->sizeHint().height() - m_view->sizeHint().height();
    const QRect screen = (parentWidget() ? parentWidget()->screen() : this->screen())->availableGeometry();
    resize(std::clamp(columns + 2 * m_view->frameWidth() + scrollBar + m.left() + m.right(), 640,
                      screen.width() * 9 / 10),
           std::clamp(table + others, 300, screen.height() * 8 / 10));
}

void DiagnosticsDialog::updateSummary() {
    // information rows are notes, not problems, as the report and Details count them ("15 problems" of
    // which 14 were information, walk 20a); each kind with its groups (walk 27); the files not read apart
    // from the notes, in the report's and info's words (r54c #3: "92 notes in 10 groups" here, 88 in 6 in
    // the report: its four more were the files not read, which the report did not count)
    nlohmann::json counts = {
        {"count", 0}, {"rows", 0}, {"notes", 0}, {"note_rows", 0}, {"files_not_read", 0}};
    const auto add = [&](const char* key, int64_t n) { counts[key] = counts[key].get<int64_t>() + n; };
    for (int r = 0; r < m_proxy->rowCount(); ++r) {
        const auto& d = m_model->diagnostic(m_proxy->mapToSource(m_proxy->index(r, 0)).row());
        if (query::isNotReadRow(d)) {
            add("files_not_read", 1);
        } else {
            const bool note = d.severity == "info";
            add(note ? "notes" : "count", d.count);
            add(note ? "note_rows" : "rows", 1);
        }
    }
    QString text = QString::fromStdString(query::diagnosticsCountText(counts));
    if (counts["notes"].get<int64_t>()) text += tr(" (notes: information, not problems)");
    const QString kinds =
        views::counted(m_model->rowCount(), tr("row"), tr("rows")); // the table's rows, of every kind
    if (m_model->rowCount() == 0)
        m_summary->setText(tr("No problem was counted while indexing."));
    else if (m_proxy->rowCount() == m_model->rowCount()) // a run's Details count its own, and the folder's
        m_summary->setText(tr("The whole folder: %1, as the report and rankscope info count it").arg(text));
    else
        m_summary->setText(tr("%1 of %2 shown: %3").arg(m_proxy->rowCount()).arg(kinds, text));
}

QString DiagnosticsDialog::copyText() const {
    return views::tabSeparatedSelection(*m_view);
}

void DiagnosticsDialog::copy() const {
    QApplication::clipboard()->setText(copyText());
}

} // namespace rs::gui
