#pragma once
// The SQL console's query service: user statements run on a worker thread of their own (a long query never
// stalls the timeline's QueryService) through ReadOnlyCursor — the read-only connection, refusals, limits
// and time budget `rankscope query` uses. A run gives its columns, then pages of rows as they are asked
// for (a grid fetching as the user scrolls), so a result of millions of rows is never read at once; the
// budget counts the time SQLite spends stepping. One statement runs at a time: a new run, a new index or
// cancel() stops the one before (cancel() reaches a statement that is running, not only a queued one).
// CSV export runs the statement again from the start into a file, with a header row. Answers arrive as
// queued signals on the thread that owns the service (the GUI thread); they carry the run's id so a
// caller drops answers to runs it no longer shows.
#include "core/query/readonlycursor.h"
#include "core/query/resultpage.h"
#include "core/query/schemaviews.h"

#include <QObject>
#include <QStringList>
#include <QThread>
#include <atomic>
#include <memory>

namespace rs::query {

class SqlConsoleWorker;

class SqlConsoleService : public QObject {
    Q_OBJECT
  public:
    static constexpr int kPageRows = 1000;

    explicit SqlConsoleService(QObject* parent = nullptr);
    ~SqlConsoleService() override;
    /// The index the statements read (stops a running one); viewsReady follows.
    void setDatabase(const QString& dbPath);
    QString database() const { return m_dbPath; }
    /// Starts `sql` (stopping the run before): started (its columns) and the first page (rowsReady) follow,
    /// or failed. Returns the run's id.
    quint64 run(const QString& sql, int firstRows = kPageRows);
    /// The next `rows` rows of run `id` (rowsReady follows); nothing when `id` is no longer the current run.
    void fetchMore(quint64 id, int rows = kPageRows);
    /// Stops the current run (failed with QueryFailure::Cancelled follows) and a running export.
    void cancel();
    /// Writes the whole result of `sql` to `path` as CSV with a header row; exportFinished follows.
    quint64 exportCsv(const QString& sql, const QString& path);
    /// The time one statement may run: `rankscope query`'s default (kQueryBudgetMs) unless set (tests).
    int64_t budgetMs() const { return m_budgetMs; }
    void setBudgetMs(int64_t ms) { m_budgetMs = ms; }

  Q_SIGNALS:
    void started(quint64 id, QStringList columns);
    /// Rows of run `id`; `done`: the result has no more. `elapsedMs`: SQLite's time so far.
    void rowsReady(quint64 id, std::shared_ptr<const rs::query::ResultPage> page, bool done,
                   qint64 elapsedMs);
    /// `failure` is a QueryFailure; `rows`: the rows given before it.
    void failed(quint64 id, int failure, QString message, qint64 rows);
    void exportFinished(quint64 id, qint64 rows, QString error);
    void viewsReady(std::shared_ptr<const std::vector<rs::query::ViewDesc>> views);

  private:
    QThread m_thread;
    SqlConsoleWorker* m_worker;
    QString m_dbPath;
    quint64 m_nextId = 1;
    quint64 m_current = 0;
    int64_t m_budgetMs = kQueryBudgetMs;
    std::shared_ptr<std::atomic<bool>> m_runCancel, m_exportCancel;
};

} // namespace rs::query

Q_DECLARE_METATYPE(std::shared_ptr<const rs::query::ResultPage>)
Q_DECLARE_METATYPE(std::shared_ptr<const std::vector<rs::query::ViewDesc>>)
