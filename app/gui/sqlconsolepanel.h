#pragma once
// The SQL console dock: the index's public views with their columns (read from the open index's schema;
// double-click inserts), an editor with a history (Settings::sqlHistory, one list for every profile,
// Ctrl+Up / Ctrl+Down), Run (Ctrl+Enter) and Cancel, the result grid paging through the result on the
// console's worker thread (views::SqlResultModel), Export CSV (the last run's statement, every row), and
// what went wrong (a syntax error, a refused write, the time budget, a cancel) in a banner above the grid.
// Rows that name a span (span_id, or rank with ts_ns / start_ns) picked in the grid are emitted as
// spansChosen: the window selects one on the timeline, or highlights several. The statements run through
// the same read-only cursor, limits and 30 s budget as `rankscope query`. GUI thread only.
#include "core/query/spanlocator.h"
#include "core/query/sqlconsoleservice.h"
#include "views/tables/sqlresultgrid.h"

#include <QWidget>
#include <vector>

class QAction;
class QLabel;
class QPlainTextEdit;
class QTreeWidget;
class QTreeWidgetItem;

namespace rs::views {
class SqlResultModel;
}

namespace rs::gui {

class SqlConsolePanel : public QWidget {
    Q_OBJECT
  public:
    explicit SqlConsolePanel(QWidget* parent = nullptr);
    /// The profile's index (its views are listed; a running statement stops); empty: none open.
    /// `profile`: the profile's path, which Export CSV's proposed file is named after.
    void setDatabase(const QString& dbPath, const QString& profile = {});
    /// Where Export CSV's dialog starts: "<profile>-query.csv" in the profile's folder (SavePaths; no run:
    /// the console's views hold every run of the index).
    QString proposedCsvPath() const;

    /// Runs the editor's statement (and keeps it in the history).
    void runQuery();
    void cancelQuery();
    /// An older (`older`) or newer statement of the history into the editor; past the newest, the text
    /// being written before the history was opened comes back.
    void stepHistory(bool older);
    /// Writes the last run's whole result to `path` as CSV (asks for a file when empty).
    void exportCsv(QString path = {});

    /// Run, Cancel, Previous, Next, Export CSV: their keys work while the focus is in the panel; the window
    /// lists them in its Query menu (and so in the shortcuts table).
    QList<QAction*> consoleActions() const;
    QPlainTextEdit* editor() const { return m_editor; }
    views::SqlResultGrid* grid() const { return m_grid; }
    views::SqlResultModel* model() const { return m_model; }
    QTreeWidget* viewList() const { return m_views; }
    /// The banner that says what went wrong (hidden when nothing did).
    QLabel* errorBanner() const { return m_error; }
    QLabel* statusLabel() const { return m_status; }
    query::SqlConsoleService* service() const { return m_service; }

  Q_SIGNALS:
    /// Rows the user picked name these spans (at most 5000, in the grid's order).
    void spansChosen(const std::vector<rs::query::SpanRef>& refs);
    /// A CSV export finished: `path` written with `rows` rows, or `error`.
    void exported(const QString& path, qint64 rows, const QString& error);

  private:
    QWidget* buildViewList();
    QWidget* buildResultArea();
    void buildActions();
    void showViews(const std::shared_ptr<const std::vector<query::ViewDesc>>& views);
    void onViewActivated(QTreeWidgetItem* item);
    void onModelChanged();
    void onRowsPicked();
    void showError(const QString& text);
    void onExported(quint64 id, qint64 rows, const QString& error);

    QString m_profile;
    query::SqlConsoleService* m_service;
    views::SqlResultModel* m_model;
    QTreeWidget* m_views;
    QPlainTextEdit* m_editor;
    views::SqlResultGrid* m_grid;
    QLabel* m_error;
    QLabel* m_status;
    QLabel* m_historyLabel;
    QAction *m_run, *m_cancel, *m_older, *m_newer, *m_export;
    QStringList m_history; ///< newest first, as Settings keeps it
    int m_historyPos = -1; ///< -1: the draft
    QString m_draft;
    quint64 m_exportId = 0;
    QString m_exportPath;
    std::vector<std::pair<std::string, std::string>> m_viewNotes; ///< (view, note) of the open index's views
};

} // namespace rs::gui
