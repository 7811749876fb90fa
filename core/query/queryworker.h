#pragma once
// The worker side of QueryService: lives on the service's thread and owns the read-only connection.
#include "core/index/sqlite.h"
#include "core/query/lanereader.h"
#include "core/query/namekinds.h"
#include "core/query/timelinequery.h"

#include <QObject>
#include <QVariant>
#include <functional>
#include <memory>
#include <optional>

namespace rs::query {

class QueryWorker : public QObject {
    Q_OBJECT
  public:
    /// `job` over where `rank`'s events are (a cluster index: its shard, lanereader.h). Not a slot (moc
    /// does not spell the job's type): QueryService queues it as a functor.
    void runForRank(quint64 id, int rank, const std::function<QVariant(const RankSource&)>& job);
    /// `job` over the open index's lanes (a cluster index: its shards' events too). Not a slot (as above).
    void runWithLanes(quint64 id, const std::function<QVariant(LaneReader&)>& job);

  public Q_SLOTS:
    void open(const QString& path);
    void selectRun(int run);
    void timeline(quint64 id, rs::query::TimelineWindow w);
    void spanDetail(quint64 id, qint64 spanId);
    void search(quint64 id, const QString& text, int limit, const std::vector<int>& ranks);
    void run(quint64 id, const std::function<QVariant(index::Db&)>& job);

  Q_SIGNALS:
    void summaryReady(std::shared_ptr<const rs::query::ProfileSummary> summary);
    void timelineReady(quint64 requestId, std::shared_ptr<const rs::query::TimelineData> data);
    void spanDetailReady(quint64 requestId, std::optional<rs::query::SpanDetail> detail);
    void searchReady(quint64 requestId, std::vector<rs::query::DrawItem> hits, std::vector<qint64> trackIds);
    void resultReady(quint64 requestId, QVariant result);
    void failed(QString message);

  private:
    std::unique_ptr<index::Db> m_db;
    std::unique_ptr<LaneReader> m_lanes; ///< over m_db
};

} // namespace rs::query
