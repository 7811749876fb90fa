#pragma once
// Answers the views' typed requests on a worker thread with its own read-only SQLite connection, so the
// GUI thread never waits on SQLite. Every request carries an id; a view keeps only the answer to its
// latest request (stale answers are dropped by comparing ids). Results are value types delivered with
// queued signals on the thread that owns the service (the GUI thread).
#include "core/annotate/anchorcheck.h"
#include "core/annotate/annotationset.h"
#include "core/query/activityquery.h"
#include "core/query/analysisqueries.h"
#include "core/query/areastats.h"
#include "core/query/commmatrix.h"
#include "core/query/flowquery.h"
#include "core/query/lanereader.h"
#include "core/query/rankqueries.h"
#include "core/query/spanlocator.h"
#include "core/query/timelinequery.h"
#include "core/shapes/shapetable.h"
#include "core/shapes/unlinkedshapes.h"

#include <QObject>
#include <QThread>
#include <QVariant>
#include <functional>
#include <memory>
#include <optional>

namespace rs::query {

class QueryWorker;

struct ShapeKernels {
    std::vector<DrawItem> spans;
    std::vector<int64_t> trackIds; ///< per span
};

class QueryService : public QObject {
    Q_OBJECT
  public:
    /// The most spans a request for an op's, a shape's or an area row's kernels returns (a full answer is
    /// a lower bound, never their count).
    static constexpr int kKernelLimit = 5000;
    explicit QueryService(QObject* parent = nullptr);
    ~QueryService() override;
    /// Opens `dbPath` on the worker (asynchronous; summaryReady follows).
    void open(const QString& dbPath);
    /// Shows another run of the open profile (asynchronous; summaryReady follows with that run).
    void selectRun(int run);
    quint64 requestTimeline(const TimelineWindow& w);
    quint64 requestSpanDetail(qint64 spanId);
    /// Spans matching `text` on `ranks` (the shown run's; empty: every rank). Answered by searchReady.
    quint64 requestSearch(const QString& text, int limit, const std::vector<int>& ranks = {});
    // Linked views: each answer arrives as resultReady(id, QVariant holding std::shared_ptr<const T>).
    quint64 requestOpRankHeatmap(const std::vector<int>& ranks = {}); ///< T = HeatmapData
    quint64 requestOpStepHeatmap(int rank);                           ///< T = HeatmapData
    /// `ranks`: the shown run's (empty: every rank). T = HeatmapData
    quint64 requestRankStepHeatmap(const QString& opType, const std::vector<int>& ranks = {});
    quint64 requestMemoryMap(int rank);           ///< T = MemoryMapData
    quint64 requestStepRows();                    ///< T = std::vector<StepRow>
    quint64 requestOpRows(int rank, qint64 step); ///< T = std::vector<OpRow>
    quint64 requestTensorRows(int rank, std::optional<qint64> step,
                              const QString& opName); ///< T = std::vector<TensorItem>
    /// The tensors one op allocated (loadOpTensorRows).
    quint64 requestOpTensorRows(int rank, const QString& opName, const QString& opType, qint64 startNs,
                                qint64 endNs); ///< T = std::vector<TensorItem>
    /// The buffers of a collective named by its algorithm in its step (loadCollectiveTensorRows).
    quint64 requestCollectiveTensorRows(int rank, const QString& opName,
                                        qint64 startNs);       ///< T = std::vector<TensorItem>
    quint64 requestHistogram(const QString& opType, int rank); ///< T = Histogram
    /// The kernels of one (op type, rank) heatmap cell, of one step when `step` ≥ 0 (query::opKernelSpans).
    /// T = ShapeKernels
    quint64 requestOpKernels(const QString& opType, int rank, qint64 step = -1);
    /// Op latency by input shape of one run. T = std::vector<shapes::OpShapeTable>
    quint64 requestShapeTables(int run);
    /// The kernels no input shape was linked to, by why (shapes::unlinkedShapeKernels). T = UnlinkedShapes
    quint64 requestUnlinkedShapes();
    /// The kernel spans of one shape group (query::shapeKernelSpans). T = ShapeKernels
    quint64 requestShapeKernels(int run, const QString& opType, const QString& inputShapes,
                                const QString& dtypes);
    /// The communication matrix (query::loadCommMatrix). T = CommMatrix
    quint64 requestCommMatrix(const CommMatrixRequest& r);
    /// The collectives behind one matrix cell (query::loadLinkSpans). T = LinkSpans
    quint64 requestLinkSpans(int run, std::optional<qint64> step, const QString& group, qint64 src,
                             qint64 dst);
    /// How busy each rank's device is over [t0, t1] in `columns` columns (loadRankActivity). T = RankActivity
    quint64 requestRankActivity(const std::vector<int>& ranks, qint64 t0, qint64 t1, int columns);
    /// What the annotations' anchors refer to (detached check). T = annotate::AnchorFacts
    quint64 requestAnchorFacts(const annotate::AnnotationSet& set);
    /// The spans rows of a user query name (query::locateSpans). T = LocatedSpans
    quint64 requestLocateSpans(const std::vector<SpanRef>& refs);
    /// The statistics of an area (query::computeAreaStats). A newer area request stops this one where it
    /// is (its answer then has `cancelled` set). T = AreaStats
    quint64 requestAreaStats(const AreaQuery& q);
    /// The spans of one row of an area's table (query::areaSpans). T = ShapeKernels
    quint64 requestAreaSpans(const AreaQuery& q, const QString& name, const QString& kind, int rank);
    /// The flow arrows of one span, both directions (query::loadSpanFlows). T = FlowArrows
    quint64 requestSpanFlows(qint64 spanId);
    /// The flow arrows of a window's tracks and categories (query::loadWindowFlows). T = FlowArrows
    quint64 requestWindowFlows(const FlowWindow& w);
    /// The profile's flow categories (query::loadFlowCategories). T = std::vector<std::string>
    quint64 requestFlowCategories();
    /// The span a LOD bucket of a lane draws (query::bucketSpan), in the summary's ids: a click on a
    /// zoomed-out span selects it. T = LocatedSpans (none or one span)
    quint64 requestBucketSpan(qint64 trackId, int depth, qint64 t0Ns, qint64 t1Ns);
    QString dbPath() const { return m_dbPath; }

  Q_SIGNALS:
    void summaryReady(std::shared_ptr<const rs::query::ProfileSummary> summary);
    void timelineReady(quint64 requestId, std::shared_ptr<const rs::query::TimelineData> data);
    void spanDetailReady(quint64 requestId, std::optional<rs::query::SpanDetail> detail);
    void searchReady(quint64 requestId, std::vector<rs::query::DrawItem> hits, std::vector<qint64> trackIds);
    void resultReady(quint64 requestId, QVariant result);
    void failed(QString message);

  private:
    quint64 submit(std::function<QVariant(index::Db&)> job);
    /// A rank's request: run where its events are (a cluster index's shard of the rank).
    quint64 submitForRank(int rank, std::function<QVariant(const RankSource&)> job);
    /// A request over several ranks' events: run over the lanes (rankqueries.h visits a cluster's shards).
    quint64 submitWithLanes(std::function<QVariant(LaneReader&)> job);
    QThread m_thread;
    QueryWorker* m_worker;
    quint64 m_nextId = 1;
    QString m_dbPath;
    std::shared_ptr<std::atomic<bool>> m_areaCancel; ///< the area request in flight
};

} // namespace rs::query

Q_DECLARE_METATYPE(std::shared_ptr<const rs::query::HeatmapData>)
Q_DECLARE_METATYPE(std::shared_ptr<const rs::query::MemoryMapData>)
Q_DECLARE_METATYPE(std::shared_ptr<const std::vector<rs::query::StepRow>>)
Q_DECLARE_METATYPE(std::shared_ptr<const std::vector<rs::query::OpRow>>)
Q_DECLARE_METATYPE(std::shared_ptr<const rs::query::TensorRows>)
Q_DECLARE_METATYPE(std::shared_ptr<const rs::query::Histogram>)
Q_DECLARE_METATYPE(std::shared_ptr<const std::vector<rs::shapes::OpShapeTable>>)
Q_DECLARE_METATYPE(std::shared_ptr<const rs::shapes::UnlinkedShapes>)
Q_DECLARE_METATYPE(std::shared_ptr<const rs::annotate::AnchorFacts>)
Q_DECLARE_METATYPE(std::shared_ptr<const rs::query::ShapeKernels>)
Q_DECLARE_METATYPE(std::shared_ptr<const rs::query::CommMatrix>)
Q_DECLARE_METATYPE(std::shared_ptr<const rs::query::LinkSpans>)
Q_DECLARE_METATYPE(std::shared_ptr<const rs::query::LocatedSpans>)
Q_DECLARE_METATYPE(std::shared_ptr<const rs::query::AreaStats>)
Q_DECLARE_METATYPE(std::shared_ptr<const rs::query::RankActivity>)
Q_DECLARE_METATYPE(std::shared_ptr<const rs::query::FlowArrows>)
Q_DECLARE_METATYPE(std::shared_ptr<const std::vector<std::string>>)
