#pragma once
// Answers the views' typed requests on a worker thread with its own read-only SQLite connection, so the
// GUI thread never waits on SQLite. Every request carries an id; a view keeps only the answer to its
// latest request (stale answers are dropped by comparing ids). Results are value types delivered with
// queued signals on the thread that owns the service (the GUI thread).
#include "core/query/timelinequery.h"

#include <QObject>
#include <QThread>
#include <memory>
#include <optional>

namespace rs::query {

class QueryWorker;

class QueryService : public QObject {
    Q_OBJECT
public:
    explicit QueryService(QObject* parent = nullptr);
    ~QueryService() override;
    /// Opens `dbPath` on the worker (asynchronous; summaryReady follows).
    void open(const QString& dbPath);
    quint64 requestTimeline(const TimelineWindow& w);
    quint64 requestSpanDetail(qint64 spanId);
    quint64 requestSearch(const QString& text, int limit);
    QString dbPath() const { return m_dbPath; }

Q_SIGNALS:
    void summaryReady(std::shared_ptr<const rs::query::ProfileSummary> summary);
    void timelineReady(quint64 requestId, std::shared_ptr<const rs::query::TimelineData> data);
    void spanDetailReady(quint64 requestId, std::optional<rs::query::SpanDetail> detail);
    void searchReady(quint64 requestId, std::vector<rs::query::DrawItem> hits, std::vector<qint64> trackIds);
    void failed(QString message);

private:
    QThread m_thread;
    QueryWorker* m_worker;
    quint64 m_nextId = 1;
    QString m_dbPath;
};

} // namespace rs::query
