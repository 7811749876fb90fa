#include "app/gui/sqlconsolepanel.h"

#include "app/gui/savepaths.h"
#include "app/gui/settings.h"
#include "views/common/plural.h"
#include "views/common/tabletext.h"
#include "views/tables/sqlresultgrid.h"
#include "views/tables/sqlresultmodel.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QDir>
#include <QFileDialog>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPlainTextEdit>
#include <QSplitter>
#include <QTableView>
#include <QToolButton>
#include <QTreeWidget>
#include <QVBoxLayout>
#include <algorithm>
#include <set>

namespace rs::gui {

namespace {
constexpr int kMaxPickedRows = 5000;

/// What the banner says for a failure: its kind first, then SQLite's (or the cursor's) words.
QString failureText(query::QueryFailure f, const QString& message) {
    switch (f) {
    case query::QueryFailure::Syntax:
        return QObject::tr("SQL error: %1").arg(message);
    case query::QueryFailure::Refused:
    case query::QueryFailure::TooMany:
        return QObject::tr("Refused: %1. The console only reads: one SELECT (or WITH) over the views listed "
                           "on the left.")
            .arg(message);
    case query::QueryFailure::Empty:
        return QObject::tr("Nothing to run: the editor holds no SQL statement.");
    case query::QueryFailure::TimedOut:
        return QObject::tr("Time budget exceeded: %1. Narrow the statement down (WHERE on rank, ts_ns or "
                           "step; LIMIT); the rows it gave are kept.")
            .arg(message);
    case query::QueryFailure::Open:
        return QObject::tr("Cannot open the index: %1").arg(message);
    case query::QueryFailure::Runtime:
        return QObject::tr("Error while running: %1").arg(message);
    case query::QueryFailure::Cancelled:
    case query::QueryFailure::None:
        break;
    }
    return {};
}
} // namespace

SqlConsolePanel::SqlConsolePanel(QWidget* parent)
    : QWidget(parent), m_service(new query::SqlConsoleService(this)),
      m_model(new views::SqlResultModel(m_service, this)), m_views(new QTreeWidget),
      m_editor(new QPlainTextEdit), m_grid(new views::SqlResultGrid), m_error(new QLabel),
      m_status(new QLabel), m_historyLabel(new QLabel) {
    m_history = Settings().sqlHistory();
    buildActions();
    auto* right = new QSplitter(Qt::Vertical);
    m_editor->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_editor->setPlaceholderText(
        tr("SELECT op_type, count(*) AS n, sum(dur_ns) AS total_ns FROM spans GROUP BY op_type ORDER BY "
           "total_ns DESC\n\nCtrl+Enter runs one read-only statement; Ctrl+Up / Ctrl+Down go through the "
           "history; the views and their columns are on the left (double-click inserts)."));
    m_editor->setTabChangesFocus(true);
    right->addWidget(m_editor);
    right->addWidget(buildResultArea());
    right->setStretchFactor(0, 1);
    right->setStretchFactor(1, 3);
    auto* split = new QSplitter(Qt::Horizontal);
    split->addWidget(buildViewList());
    split->addWidget(right);
    split->setStretchFactor(0, 1);
    split->setStretchFactor(1, 4);
    split->setSizes({230, 900}); // the view list wide enough for its names and types
    auto* lay = new QVBoxLayout(this);
    lay->setContentsMargins(2, 2, 2, 2);
    lay->addWidget(split);
    connect(m_service, &query::SqlConsoleService::viewsReady, this, &SqlConsolePanel::showViews);
    connect(m_service, &query::SqlConsoleService::exportFinished, this, &SqlConsolePanel::onExported);
    connect(m_model, &views::SqlResultModel::changed, this, &SqlConsolePanel::onModelChanged);
    onModelChanged();
}

void SqlConsolePanel::buildActions() {
    const auto make = [this](const QString& text, const QList<QKeySequence>& keys, auto slot) {
        auto* a = new QAction(text, this);
        a->setShortcuts(keys);
        a->setShortcutContext(Qt::WidgetWithChildrenShortcut); // only while the focus is in the console
        connect(a, &QAction::triggered, this, slot);
        addAction(a);
        return a;
    };
    m_run = make(tr("&Run query"),
                 {QKeySequence(Qt::CTRL | Qt::Key_Return), QKeySequence(Qt::CTRL | Qt::Key_Enter)},
                 [this] { runQuery(); });
    m_run->setToolTip(tr("Run the editor's statement (Ctrl+Enter): one read-only statement, at most %1")
                          .arg(QString::fromStdString(query::budgetText(m_service->budgetMs()))));
    m_cancel = make(tr("&Cancel query"), {}, [this] { cancelQuery(); });
    m_cancel->setToolTip(tr("Stop the statement running (the rows it gave stay)"));
    m_older =
        make(tr("&Previous query"), {QKeySequence(Qt::CTRL | Qt::Key_Up)}, [this] { stepHistory(true); });
    m_newer =
        make(tr("&Next query"), {QKeySequence(Qt::CTRL | Qt::Key_Down)}, [this] { stepHistory(false); });
    m_export = make(tr("&Export result as CSV…"), {}, [this] { exportCsv(); });
    m_export->setToolTip(
        tr("Every row of the last run's statement (run again from the start), with a header"));
    m_older->setToolTip(tr("The statement run before (Ctrl+Up); the history is kept for every profile"));
    m_newer->setToolTip(tr("The statement run after (Ctrl+Down)"));
}

QList<QAction*> SqlConsolePanel::consoleActions() const {
    return {m_run, m_cancel, m_older, m_newer, m_export};
}

QWidget* SqlConsolePanel::buildViewList() {
    m_views->setColumnCount(2);
    m_views->setHeaderLabels({tr("view / column"), tr("type")});
    m_views->setRootIsDecorated(true);
    m_views->setToolTip(tr("The open index's public views and their columns (core/index/SCHEMA.md explains "
                           "them). Double-click a view: SELECT from it; a column: its name at the cursor."));
    connect(m_views, &QTreeWidget::itemActivated, this, &SqlConsolePanel::onViewActivated);
    return m_views;
}

QWidget* SqlConsolePanel::buildResultArea() {
    auto* box = new QWidget;
    auto* lay = new QVBoxLayout(box);
    lay->setContentsMargins(0, 0, 0, 0);
    auto* buttons = new QHBoxLayout;
    for (QAction* a : {m_run, m_cancel, m_export}) {
        auto* b = new QToolButton;
        b->setDefaultAction(a);
        b->setToolButtonStyle(Qt::ToolButtonTextOnly);
        buttons->addWidget(b);
    }
    buttons->addStretch(1);
    buttons->addWidget(m_historyLabel);
    lay->addLayout(buttons);
    m_error->setObjectName("sqlError");
    m_error->setWordWrap(true);
    m_error->setTextFormat(Qt::PlainText);
    m_error->setTextInteractionFlags(Qt::TextSelectableByMouse);
    // dark text on an opaque light red in any theme, like the window's notice banner
    m_error->setStyleSheet(
        "QLabel { background: #f9d0cc; color: #3a0a05; border: 1px solid #d9534f; padding: 4px; }");
    m_error->hide();
    lay->addWidget(m_error);
    m_grid->setResultModel(m_model);
    m_grid->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_grid->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_grid->setWordWrap(false);
    m_grid->verticalHeader()->setDefaultSectionSize(m_grid->fontMetrics().height() + 6);
    m_grid->horizontalHeader()->setDefaultSectionSize(140);
    m_grid->horizontalHeader()->setResizeContentsPrecision(200); // fit to the first rows, not all
    // a result's first page fits its columns (a 19-digit ts_ns is never cut), none wider than a third
    connect(m_model, &QAbstractItemModel::rowsInserted, this, [this](const QModelIndex&, int first, int) {
        if (first != 0) return;
        m_grid->resizeColumnsToContents();
        const int widest = std::max(120, m_grid->viewport()->width() / 3);
        for (int c = 0; c < m_model->columnCount(); ++c)
            m_grid->setColumnWidth(c, std::min(m_grid->columnWidth(c), widest));
    });
    auto* copy = new QAction(tr("Copy rows"), m_grid);
    copy->setShortcut(QKeySequence::Copy);
    copy->setShortcutContext(Qt::WidgetShortcut);
    connect(copy, &QAction::triggered, this,
            [this] { QApplication::clipboard()->setText(views::tabSeparatedSelection(*m_grid)); });
    m_grid->addAction(copy);
    connect(m_grid->selectionModel(), &QItemSelectionModel::selectionChanged, this,
            &SqlConsolePanel::onRowsPicked);
    // the status says which row the cursor is on, of how many fetched (Ctrl+End parks on the last one)
    connect(m_grid->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            &SqlConsolePanel::onModelChanged);
    lay->addWidget(m_grid, 1);
    m_status->setWordWrap(true);
    lay->addWidget(m_status);
    return box;
}

void SqlConsolePanel::setDatabase(const QString& dbPath, const QString& profile) {
    m_profile = profile;
    m_model->cancel();
    m_views->clear();
    m_service->setDatabase(dbPath);
}

void SqlConsolePanel::showViews(const std::shared_ptr<const std::vector<query::ViewDesc>>& views) {
    m_views->clear();
    m_viewNotes.clear();
    for (const auto& v : *views) {
        if (!v.note.empty()) m_viewNotes.push_back({v.name, v.note});
        auto* item = new QTreeWidgetItem(m_views, {QString::fromStdString(v.name)});
        QStringList cols;
        for (const auto& c : v.columns) {
            new QTreeWidgetItem(item, {QString::fromStdString(c.name), QString::fromStdString(c.type)});
            cols << QString::fromStdString(c.name);
        }
        QString tip = tr("%1(%2)\nDouble-click: SELECT * FROM %1").arg(item->text(0), cols.join(", "));
        if (!v.note.empty()) { // a cluster index's empty view: greyed, and why
            tip += "\n" + QString::fromStdString(v.note);
            item->setForeground(0, palette().color(QPalette::Disabled, QPalette::Text));
        }
        item->setToolTip(0, tip);
    }
    m_views->resizeColumnToContents(0);
}

void SqlConsolePanel::onViewActivated(QTreeWidgetItem* item) {
    if (!item) return;
    if (!item->parent() && m_editor->toPlainText().trimmed().isEmpty())
        m_editor->setPlainText(QString("SELECT * FROM %1 LIMIT 100").arg(item->text(0)));
    else
        m_editor->insertPlainText(item->text(0));
    m_editor->setFocus();
}

void SqlConsolePanel::runQuery() {
    const QString sql = m_editor->toPlainText().trimmed();
    if (m_service->database().isEmpty()) {
        showError(tr("No profile is open: the console reads the open profile's index."));
        return;
    }
    if (sql.isEmpty()) {
        showError(failureText(query::QueryFailure::Empty, {}));
        return;
    }
    Settings().addSqlHistory(sql);
    m_history = Settings().sqlHistory();
    m_historyPos = -1;
    m_draft.clear();
    m_model->run(sql);
}

void SqlConsolePanel::cancelQuery() {
    m_model->cancel();
    if (m_exportId) m_service->cancel();
}

void SqlConsolePanel::stepHistory(bool older) {
    m_history = Settings().sqlHistory(); // another window may have run one
    if (m_history.isEmpty()) return;
    if (m_historyPos == -1) m_draft = m_editor->toPlainText();
    const int pos = std::clamp(m_historyPos + (older ? 1 : -1), -1, int(m_history.size()) - 1);
    if (pos == m_historyPos) return;
    m_historyPos = pos;
    m_editor->setPlainText(pos < 0 ? m_draft : m_history[pos]);
    m_editor->moveCursor(QTextCursor::End);
    onModelChanged();
}

QString SqlConsolePanel::proposedCsvPath() const {
    return SavePaths::propose(SavePaths::Kind::Csv, m_profile, std::nullopt, "query", "csv");
}

void SqlConsolePanel::exportCsv(QString path) {
    if (!m_model->hasResult()) {
        showError(tr("Run a statement that gives a result first: Export CSV writes the last run's result."));
        return;
    }
    if (path.isEmpty()) {
        Settings st;
        path = QFileDialog::getSaveFileName(this, tr("Export the result as CSV"), proposedCsvPath(),
                                            tr("CSV (*.csv);;All files (*)"));
        if (path.isEmpty()) return;
        st.setLastCsvFile(path);
    }
    m_exportPath = path;
    m_exportId = m_service->exportCsv(m_model->sql(), path);
    onModelChanged();
}

void SqlConsolePanel::onExported(quint64 id, qint64 rows, const QString& error) {
    if (id != m_exportId) return;
    m_exportId = 0;
    if (!error.isEmpty())
        showError(tr("CSV export failed (nothing written to %1): %2").arg(m_exportPath, error));
    onModelChanged();
    if (error.isEmpty())
        m_status->setText(
            tr("%1 written to %2").arg(views::counted(rows, tr("row"), tr("rows")), m_exportPath));
    Q_EMIT exported(m_exportPath, rows, error);
}

void SqlConsolePanel::showError(const QString& text) {
    m_error->setText(text);
    m_error->setVisible(!text.isEmpty());
}

void SqlConsolePanel::onModelChanged() {
    using State = views::SqlResultModel::State;
    const State s = m_model->state();
    if (s == State::Failed)
        showError(failureText(m_model->failure(), m_model->error()));
    else if (s == State::Running)
        showError({});
    QString status = m_model->statusText();
    if (const QModelIndex at = m_grid->currentIndex(); at.isValid() && m_model->rowCount() > 0)
        status = tr("row %1 of %2 · ").arg(at.row() + 1).arg(m_model->rowCount()) + status;
    if (m_model->namesSpans() && m_model->rowCount() > 0)
        status += tr(" · rows name spans: click one to select it on the timeline, select several to "
                     "highlight them (F3 steps through)");
    if (s == State::Done && m_model->rowCount() == 0) // a cluster index's view without its rows: say why
        for (const auto& [view, note] : m_viewNotes)
            if (query::mentionsView(m_model->sql().toStdString(), view)) {
                status += " · " + QString::fromStdString(note);
                break;
            }
    if (m_exportId) status = tr("writing %1… (Cancel stops it)").arg(m_exportPath);
    m_status->setText(status);
    // only while SQLite works: a first page shown with more rows waiting is no statement running (walk 23)
    m_cancel->setEnabled(m_model->busy() || m_exportId);
    m_export->setEnabled(m_model->hasResult() && !m_exportId); // no result, nothing to write
    m_historyLabel->setText(m_historyPos < 0
                                ? tr("history: %1").arg(m_history.size())
                                : tr("history %1 of %2").arg(m_historyPos + 1).arg(m_history.size()));
}

void SqlConsolePanel::onRowsPicked() {
    // only rows the user picked (a click, the keys): a reset grid changes nothing
    if (!m_grid->hasFocus() || !m_model->namesSpans()) return;
    std::set<int> rows;
    for (const QModelIndex& i : m_grid->selectionModel()->selectedRows())
        rows.insert(i.row());
    std::vector<query::SpanRef> refs;
    for (int r : rows) {
        if (refs.size() >= size_t(kMaxPickedRows)) break;
        if (auto ref = m_model->spanRef(r)) refs.push_back(*ref);
    }
    if (!refs.empty()) Q_EMIT spansChosen(refs);
}

} // namespace rs::gui
