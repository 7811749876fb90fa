#pragma once
// The worker side of SqlConsoleService: lives on the service's thread, holds the one open cursor (the
// current run) between pages, and writes CSV exports.
#include "core/query/readonlycursor.h"
#include "core/query/resultpage.h"
#include "core/query/schemaviews.h"

#include <QObject>
#include <QStringList>
#include <atomic>
#include <memory>

namespace rs::query {

class SqlConsoleWorker : public QObject {
    Q_OBJECT
  public:
    using Flag = std::shared_ptr<std::atomic<bool>>;
    void start(quint64 id, const QString& db, const QString& sql, int rows, int64_t budgetMs,
               const Flag& cancel);
    void fetch(quint64 id, int rows);
    /// Drops run `id`'s cursor if it is still open (cancelled while the user read its rows).
    void stop(quint64 id);
    void exportCsv(quint64 id, const QString& db, const QString& sql, const QString& path, int64_t budgetMs,
                   const Flag& cancel);
    void views(const QString& db);

  Q_SIGNALS:
    void started(quint64 id, QStringList columns);
    void rowsReady(quint64 id, std::shared_ptr<const rs::query::ResultPage> page, bool done,
                   qint64 elapsedMs);
    void failed(quint64 id, int failure, QString message, qint64 rows);
    void exportFinished(quint64 id, qint64 rows, QString error);
    void viewsReady(std::shared_ptr<const std::vector<rs::query::ViewDesc>> views);

  private:
    void page(int rows);
    std::unique_ptr<ReadOnlyCursor> m_cursor;
    quint64 m_id = 0;
    Flag m_cancel; ///< the current run's (the cursor reads it)
};

} // namespace rs::query
