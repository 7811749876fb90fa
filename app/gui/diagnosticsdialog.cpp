#include "app/gui/diagnosticsdialog.h"

#include "app/gui/diagnosticsmodel.h"
#include "views/common/plural.h"

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
#include <set>

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
    m_view->sortByColumn(DiagnosticsModel::Count, Qt::DescendingOrder);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_view->verticalHeader()->hide();
    m_view->horizontalHeader()->setStretchLastSection(true);
    m_view->resizeColumnsToContents();
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
        new QLabel(tr("Per-record problems found while indexing (the import went on past them):")));
    lay->addWidget(m_filter);
    lay->addWidget(m_view, 1);
    lay->addWidget(m_summary);
    lay->addWidget(buttons);
    updateSummary();
}

void DiagnosticsDialog::updateSummary() {
    qint64 problems = 0;
    for (int r = 0; r < m_proxy->rowCount(); ++r)
        problems += m_proxy->index(r, DiagnosticsModel::Count).data().toLongLong();
    if (m_model->rowCount() == 0)
        m_summary->setText(tr("No problem was counted while indexing."));
    else
        m_summary->setText(tr("%1 in %2 shown (of %3)")
                               .arg(views::counted(problems, tr("problem"), tr("problems")),
                                    views::counted(m_proxy->rowCount(), tr("row"), tr("rows")))
                               .arg(m_model->rowCount()));
}

QString DiagnosticsDialog::copyText() const {
    std::set<int> chosen;
    for (const QModelIndex& i : m_view->selectionModel()->selectedRows())
        chosen.insert(i.row());
    std::vector<int> rows(chosen.begin(), chosen.end());
    if (rows.empty())
        for (int r = 0; r < m_proxy->rowCount(); ++r)
            rows.push_back(r);
    return DiagnosticsModel::asText(*m_proxy, rows);
}

void DiagnosticsDialog::copy() const {
    QApplication::clipboard()->setText(copyText());
}

} // namespace rs::gui
