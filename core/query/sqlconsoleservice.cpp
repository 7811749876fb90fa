#include "core/query/sqlconsoleservice.h"

#include "core/query/readonlyquery.h"
#include "core/query/sqlconsoleworker.h"

#include <QSaveFile>

namespace rs::query {

namespace {
constexpr size_t kPageTextBytes = 16 << 20; ///< a page ends early past this much text (huge values)
}

void SqlConsoleWorker::start(quint64 id, const QString& db, const QString& sql, int rows, int64_t budgetMs,
                             const Flag& cancel) {
    m_cursor.reset();
    m_id = id;
    m_cancel = cancel;
    m_cursor = std::make_unique<ReadOnlyCursor>(db.toStdString(), sql.toStdString(), budgetMs, cancel.get());
    if (!m_cursor->ok()) {
        Q_EMIT failed(id, int(m_cursor->failure()), QString::fromStdString(m_cursor->error()), 0);
        m_cursor.reset();
        return;
    }
    QStringList columns;
    for (const auto& c : m_cursor->columns())
        columns << QString::fromStdString(c);
    Q_EMIT started(id, columns);
    page(rows);
}

void SqlConsoleWorker::fetch(quint64 id, int rows) {
    if (id == m_id && m_cursor) page(rows);
}

void SqlConsoleWorker::stop(quint64 id) {
    if (id != m_id || !m_cursor) return;
    const qint64 rows = m_cursor->rowsFetched();
    m_cursor.reset();
    Q_EMIT failed(id, int(QueryFailure::Cancelled), QStringLiteral("cancelled"), rows);
}

void SqlConsoleWorker::page(int rows) {
    auto p = std::make_shared<ResultPage>(int(m_cursor->columns().size()));
    const RowSink sink = [&](const std::vector<std::string>& v, const std::vector<bool>& nulls) {
        p->addRow(v, nulls);
    };
    // in slices, so a page of huge values ends early instead of holding gigabytes
    while (p->rows() < rows && p->textBytes() < kPageTextBytes && !m_cursor->done())
        m_cursor->fetch(std::min<int64_t>(256, rows - p->rows()), sink);
    const quint64 id = m_id;
    const bool ok = m_cursor->ok();
    Q_EMIT rowsReady(id, p, m_cursor->done(), qint64(m_cursor->elapsed().count()));
    if (!ok)
        Q_EMIT failed(id, int(m_cursor->failure()), QString::fromStdString(m_cursor->error()),
                      m_cursor->rowsFetched());
    if (m_cursor->done()) m_cursor.reset();
}

void SqlConsoleWorker::exportCsv(quint64 id, const QString& db, const QString& sql, const QString& path,
                                 int64_t budgetMs, const Flag& cancel) {
    ReadOnlyCursor cursor(db.toStdString(), sql.toStdString(), budgetMs, cancel.get());
    QSaveFile file(path); // written beside `path` and renamed into place only when complete
    if (!cursor.ok()) {
        Q_EMIT exportFinished(id, 0, QString::fromStdString(cursor.error()));
        return;
    }
    if (!file.open(QIODevice::WriteOnly)) {
        Q_EMIT exportFinished(id, 0, file.errorString());
        return;
    }
    const auto line = [&](const std::vector<std::string>& v, const std::vector<bool>* nulls) {
        std::string text;
        for (size_t i = 0; i < v.size(); ++i)
            text += (i ? "," : "") + (nulls && (*nulls)[i] ? std::string() : csvField(v[i]));
        text += "\r\n";
        file.write(text.data(), qint64(text.size()));
    };
    line(cursor.columns(), nullptr);
    while (!cursor.done())
        cursor.fetch(4096,
                     [&](const std::vector<std::string>& v, const std::vector<bool>& n) { line(v, &n); });
    if (!cursor.ok()) {
        file.cancelWriting();
        Q_EMIT exportFinished(id, cursor.rowsFetched(), QString::fromStdString(cursor.error()));
        return;
    }
    if (!file.commit()) {
        Q_EMIT exportFinished(id, cursor.rowsFetched(), file.errorString());
        return;
    }
    Q_EMIT exportFinished(id, cursor.rowsFetched(), {});
}

void SqlConsoleWorker::views(const QString& db) {
    try {
        index::Db conn(db.toStdString(), true);
        Q_EMIT viewsReady(std::make_shared<const std::vector<ViewDesc>>(loadSchemaViews(conn)));
    } catch (const std::exception&) {
        Q_EMIT viewsReady(std::make_shared<const std::vector<ViewDesc>>());
    }
}

SqlConsoleService::SqlConsoleService(QObject* parent)
    : QObject(parent), m_worker(new SqlConsoleWorker),
      m_runCancel(std::make_shared<std::atomic<bool>>(false)),
      m_exportCancel(std::make_shared<std::atomic<bool>>(false)) {
    qRegisterMetaType<std::shared_ptr<const ResultPage>>();
    qRegisterMetaType<std::shared_ptr<const std::vector<ViewDesc>>>();
    m_worker->moveToThread(&m_thread);
    connect(&m_thread, &QThread::finished, m_worker, &QObject::deleteLater);
    connect(m_worker, &SqlConsoleWorker::started, this, &SqlConsoleService::started);
    connect(m_worker, &SqlConsoleWorker::rowsReady, this, &SqlConsoleService::rowsReady);
    connect(m_worker, &SqlConsoleWorker::failed, this, &SqlConsoleService::failed);
    connect(m_worker, &SqlConsoleWorker::exportFinished, this, &SqlConsoleService::exportFinished);
    connect(m_worker, &SqlConsoleWorker::viewsReady, this, &SqlConsoleService::viewsReady);
    m_thread.setObjectName("rankscope-sql-console");
    m_thread.start();
}

SqlConsoleService::~SqlConsoleService() {
    m_runCancel->store(true); // a running statement stops at its next progress check
    m_exportCancel->store(true);
    m_thread.quit();
    m_thread.wait();
}

void SqlConsoleService::setDatabase(const QString& dbPath) {
    m_runCancel->store(true);
    QMetaObject::invokeMethod(
        m_worker, [w = m_worker, id = m_current] { w->stop(id); }, Qt::QueuedConnection);
    m_current = 0;
    m_dbPath = dbPath;
    QMetaObject::invokeMethod(
        m_worker, [w = m_worker, dbPath] { w->views(dbPath); }, Qt::QueuedConnection);
}

quint64 SqlConsoleService::run(const QString& sql, int firstRows) {
    m_runCancel->store(true); // the run before stops, even mid-statement
    m_runCancel = std::make_shared<std::atomic<bool>>(false);
    const quint64 id = m_current = m_nextId++;
    QMetaObject::invokeMethod(
        m_worker,
        [w = m_worker, id, db = m_dbPath, sql, firstRows, budget = m_budgetMs, flag = m_runCancel] {
            w->start(id, db, sql, firstRows, budget, flag);
        },
        Qt::QueuedConnection);
    return id;
}

void SqlConsoleService::fetchMore(quint64 id, int rows) {
    if (id != m_current) return;
    QMetaObject::invokeMethod(
        m_worker, [w = m_worker, id, rows] { w->fetch(id, rows); }, Qt::QueuedConnection);
}

void SqlConsoleService::cancel() {
    m_runCancel->store(true);
    m_exportCancel->store(true);
    QMetaObject::invokeMethod(
        m_worker, [w = m_worker, id = m_current] { w->stop(id); }, Qt::QueuedConnection);
}

quint64 SqlConsoleService::exportCsv(const QString& sql, const QString& path) {
    m_exportCancel = std::make_shared<std::atomic<bool>>(false);
    const quint64 id = m_nextId++;
    QMetaObject::invokeMethod(
        m_worker,
        [w = m_worker, id, db = m_dbPath, sql, path, budget = m_budgetMs, flag = m_exportCancel] {
            w->exportCsv(id, db, sql, path, budget, flag);
        },
        Qt::QueuedConnection);
    return id;
}

} // namespace rs::query
