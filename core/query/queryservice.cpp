#include "core/query/queryservice.h"

#include "core/query/queryworker.h"

#include <QMetaObject>

Q_DECLARE_METATYPE(rs::query::TimelineWindow)

namespace rs::query {

void QueryWorker::open(const QString& path) {
    try {
        m_lanes.reset();
        m_db = std::make_unique<index::Db>(path.toStdString(), true);
        m_lanes = std::make_unique<LaneReader>(*m_db, path.toStdString());
        Q_EMIT summaryReady(m_lanes->summary());
    } catch (const std::exception& e) {
        m_lanes.reset();
        m_db.reset();
        Q_EMIT failed(QString::fromStdString(e.what()));
    }
}

void QueryWorker::selectRun(int run) {
    if (!m_lanes) return;
    try {
        Q_EMIT summaryReady(m_lanes->summary(run));
    } catch (const std::exception& e) {
        Q_EMIT failed(QString::fromStdString(e.what()));
    }
}

void QueryWorker::timeline(quint64 id, TimelineWindow w) {
    if (!m_lanes) return;
    try {
        Q_EMIT timelineReady(id, std::make_shared<const TimelineData>(m_lanes->timeline(w)));
    } catch (const std::exception& e) {
        Q_EMIT failed(QString::fromStdString(e.what()));
    }
}

void QueryWorker::spanDetail(quint64 id, qint64 spanId) {
    if (!m_lanes) return;
    try {
        Q_EMIT spanDetailReady(id, m_lanes->spanDetail(spanId));
    } catch (const std::exception& e) {
        Q_EMIT failed(QString::fromStdString(e.what()));
    }
}

void QueryWorker::search(quint64 id, const QString& text, int limit, const std::vector<int>& ranks) {
    if (!m_lanes) return;
    try {
        std::vector<int64_t> tracks;
        auto hits = m_lanes->search(text.toStdString(), limit, &tracks, ranks);
        Q_EMIT searchReady(id, std::move(hits), std::vector<qint64>(tracks.begin(), tracks.end()));
    } catch (const std::exception& e) {
        Q_EMIT failed(QString::fromStdString(e.what()));
    }
}

void QueryWorker::run(quint64 id, const std::function<QVariant(index::Db&)>& job) {
    if (!m_db) return;
    try {
        Q_EMIT resultReady(id, job(*m_db));
    } catch (const std::exception& e) {
        Q_EMIT failed(QString::fromStdString(e.what()));
    }
}

void QueryWorker::runForRank(quint64 id, int rank, const std::function<QVariant(const RankSource&)>& job) {
    if (!m_lanes) return;
    try {
        RankSource src = m_lanes->rankSource(rank);
        if (!src.db) src = {m_db.get(), rank, 0, true}; // its shard is gone (the summary's notes say so)
        Q_EMIT resultReady(id, job(src));
    } catch (const std::exception& e) {
        Q_EMIT failed(QString::fromStdString(e.what()));
    }
}

void QueryWorker::runWithLanes(quint64 id, const std::function<QVariant(LaneReader&)>& job) {
    if (!m_lanes) return;
    try {
        Q_EMIT resultReady(id, job(*m_lanes));
    } catch (const std::exception& e) {
        Q_EMIT failed(QString::fromStdString(e.what()));
    }
}

QueryService::QueryService(QObject* parent) : QObject(parent), m_worker(new QueryWorker) {
    qRegisterMetaType<rs::query::TimelineWindow>();
    qRegisterMetaType<std::shared_ptr<const rs::query::ProfileSummary>>();
    qRegisterMetaType<std::shared_ptr<const rs::query::TimelineData>>();
    qRegisterMetaType<std::optional<rs::query::SpanDetail>>();
    qRegisterMetaType<std::vector<rs::query::DrawItem>>();
    qRegisterMetaType<std::vector<qint64>>();
    m_worker->moveToThread(&m_thread);
    connect(&m_thread, &QThread::finished, m_worker, &QObject::deleteLater);
    connect(m_worker, &QueryWorker::summaryReady, this, &QueryService::summaryReady);
    connect(m_worker, &QueryWorker::timelineReady, this, &QueryService::timelineReady);
    connect(m_worker, &QueryWorker::spanDetailReady, this, &QueryService::spanDetailReady);
    connect(m_worker, &QueryWorker::searchReady, this, &QueryService::searchReady);
    connect(m_worker, &QueryWorker::resultReady, this, &QueryService::resultReady);
    connect(m_worker, &QueryWorker::failed, this, &QueryService::failed);
    m_thread.setObjectName("rankscope-query");
    m_thread.start();
}

QueryService::~QueryService() {
    m_thread.quit();
    m_thread.wait();
}

void QueryService::open(const QString& dbPath) {
    m_dbPath = dbPath;
    QMetaObject::invokeMethod(m_worker, "open", Qt::QueuedConnection, Q_ARG(QString, dbPath));
}

void QueryService::selectRun(int run) {
    QMetaObject::invokeMethod(m_worker, "selectRun", Qt::QueuedConnection, Q_ARG(int, run));
}

quint64 QueryService::requestTimeline(const TimelineWindow& w) {
    quint64 id = m_nextId++;
    QMetaObject::invokeMethod(
        m_worker, [worker = m_worker, id, w] { worker->timeline(id, w); }, Qt::QueuedConnection);
    return id;
}

quint64 QueryService::requestSpanDetail(qint64 spanId) {
    quint64 id = m_nextId++;
    QMetaObject::invokeMethod(
        m_worker, [worker = m_worker, id, spanId] { worker->spanDetail(id, spanId); }, Qt::QueuedConnection);
    return id;
}

quint64 QueryService::requestSearch(const QString& text, int limit, const std::vector<int>& ranks) {
    quint64 id = m_nextId++;
    QMetaObject::invokeMethod(
        m_worker, [worker = m_worker, id, text, limit, ranks] { worker->search(id, text, limit, ranks); },
        Qt::QueuedConnection);
    return id;
}

} // namespace rs::query

namespace rs::query {

quint64 QueryService::submit(std::function<QVariant(index::Db&)> job) {
    quint64 id = m_nextId++;
    QMetaObject::invokeMethod(
        m_worker, [worker = m_worker, id, job = std::move(job)] { worker->run(id, job); },
        Qt::QueuedConnection);
    return id;
}

quint64 QueryService::submitForRank(int rank, std::function<QVariant(const RankSource&)> job) {
    quint64 id = m_nextId++;
    QMetaObject::invokeMethod(
        m_worker, [worker = m_worker, id, rank, job = std::move(job)] { worker->runForRank(id, rank, job); },
        Qt::QueuedConnection);
    return id;
}

quint64 QueryService::submitWithLanes(std::function<QVariant(LaneReader&)> job) {
    quint64 id = m_nextId++;
    QMetaObject::invokeMethod(
        m_worker, [worker = m_worker, id, job = std::move(job)] { worker->runWithLanes(id, job); },
        Qt::QueuedConnection);
    return id;
}

template <class T> static QVariant wrap(T&& v) {
    return QVariant::fromValue(
        std::shared_ptr<const std::decay_t<T>>(std::make_shared<std::decay_t<T>>(std::forward<T>(v))));
}

quint64 QueryService::requestOpRankHeatmap(const std::vector<int>& ranks) {
    return submit([ranks](index::Db& db) { return wrap(loadOpRankHeatmap(db, ranks)); });
}
quint64 QueryService::requestOpStepHeatmap(int rank) {
    return submitForRank(rank, [rank](const RankSource& src) {
        HeatmapData h = loadOpStepHeatmap(*src.db, src.rank);
        h.rank = rank;
        if (src.unread) h.emptyReason = unreadRankNote(rank);
        return wrap(std::move(h));
    });
}
quint64 QueryService::requestRankStepHeatmap(const QString& opType, const std::vector<int>& ranks) {
    return submitWithLanes([op = opType.toStdString(), ranks](LaneReader& lanes) {
        return wrap(rankStepHeatmap(lanes, op, ranks));
    });
}
quint64 QueryService::requestMemoryMap(int rank) {
    return submitWithLanes([rank](LaneReader& lanes) { return wrap(loadMemoryMap(lanes, rank)); });
}
quint64 QueryService::requestStepRows() {
    return submit([](index::Db& db) { return wrap(loadStepRows(db)); });
}
quint64 QueryService::requestOpRows(int rank, qint64 step) {
    return submitForRank(rank, [step](const RankSource& src) {
        auto rows = loadOpRows(*src.db, src.rank, step);
        for (auto& r : rows)
            r.spanId = src.spanId(r.spanId);
        return wrap(std::move(rows));
    });
}
quint64 QueryService::requestTensorRows(int rank, std::optional<qint64> step, const QString& opName) {
    std::optional<int64_t> s = step ? std::optional<int64_t>(*step) : std::nullopt;
    return submitForRank(rank, [s, op = opName.toStdString()](const RankSource& src) {
        return wrap(loadTensorRows(*src.db, src.rank, s, op));
    });
}
quint64 QueryService::requestOpTensorRows(int rank, const QString& opName, const QString& opType,
                                          qint64 startNs, qint64 endNs) {
    return submitForRank(
        rank, [=, name = opName.toStdString(), type = opType.toStdString()](const RankSource& src) {
            return wrap(loadOpTensorRows(*src.db, src.rank, name, type, startNs, endNs));
        });
}
quint64 QueryService::requestCollectiveTensorRows(int rank, const QString& opName, qint64 startNs) {
    return submitForRank(rank, [=, name = opName.toStdString()](const RankSource& src) {
        return wrap(loadCollectiveTensorRows(*src.db, src.rank, name, startNs));
    });
}

quint64 QueryService::requestHistogram(const QString& opType, int rank) {
    return submitWithLanes([op = opType.toStdString(), rank](LaneReader& lanes) {
        return wrap(durationHistogram(lanes, op, rank));
    });
}

quint64 QueryService::requestOpKernels(const QString& opType, int rank, qint64 step) {
    return submitWithLanes([op = opType.toStdString(), rank, step](LaneReader& lanes) {
        ShapeKernels k;
        k.spans = opKernels(lanes, op, rank, kKernelLimit, &k.trackIds, step);
        return wrap(std::move(k));
    });
}

quint64 QueryService::requestShapeTables(int run) {
    return submitWithLanes([run](LaneReader& lanes) {
        shapes::ShapeQuery q;
        q.run = run;
        return wrap(shapeTables(lanes, q));
    });
}

quint64 QueryService::requestUnlinkedShapes() {
    return submit([](index::Db& db) { return wrap(shapes::unlinkedShapeKernels(db)); });
}

quint64 QueryService::requestCommMatrix(const CommMatrixRequest& r) {
    return submit([r](index::Db& db) { return wrap(loadCommMatrix(db, r)); });
}

quint64 QueryService::requestLinkSpans(int run, std::optional<qint64> step, const QString& group, qint64 src,
                                       qint64 dst) {
    std::optional<int64_t> s = step ? std::optional<int64_t>(*step) : std::nullopt;
    return submitWithLanes([=, g = group.toStdString()](LaneReader& lanes) {
        return wrap(linkSpans(lanes, run, s, g, src, dst));
    });
}

quint64 QueryService::requestRankActivity(const std::vector<int>& ranks, qint64 t0, qint64 t1, int columns) {
    return submitWithLanes(
        [=](LaneReader& lanes) { return wrap(rankActivity(lanes, ranks, t0, t1, columns)); });
}

quint64 QueryService::requestAnchorFacts(const annotate::AnnotationSet& set) {
    return submitWithLanes([set](LaneReader& lanes) { return wrap(anchorFacts(lanes, set)); });
}

quint64 QueryService::requestShapeKernels(int run, const QString& opType, const QString& inputShapes,
                                          const QString& dtypes) {
    return submitWithLanes([=](LaneReader& lanes) {
        ShapeKernels k;
        k.spans = shapeKernels(lanes, run, opType.toStdString(), inputShapes.toStdString(),
                               dtypes.toStdString(), kKernelLimit, &k.trackIds);
        return wrap(std::move(k));
    });
}

quint64 QueryService::requestSpanFlows(qint64 spanId) {
    return submitWithLanes([spanId](LaneReader& lanes) { return wrap(spanFlows(lanes, spanId)); });
}

quint64 QueryService::requestWindowFlows(const FlowWindow& w) {
    return submitWithLanes([w](LaneReader& lanes) { return wrap(windowFlows(lanes, w)); });
}

quint64 QueryService::requestFlowCategories() {
    return submitWithLanes([](LaneReader& lanes) { return wrap(flowCategories(lanes)); });
}

quint64 QueryService::requestBucketSpan(qint64 trackId, int depth, qint64 t0Ns, qint64 t1Ns) {
    return submitWithLanes([=](LaneReader& lanes) {
        LocatedSpans out;
        const std::vector<int64_t> tracks{trackId};
        lanes.visitAll(
            [&](const RankPart& part) {
                const auto local = part.localTrack(trackId);
                if (!local || !out.spans.empty()) return;
                if (auto item = bucketSpan(*part.db, *local, depth, t0Ns, t1Ns)) {
                    std::vector<DrawItem> items{*item};
                    part.toView(items, nullptr);
                    out.spans.push_back(items.front());
                    out.trackIds.push_back(trackId);
                }
            },
            &tracks);
        out.missing = out.spans.empty() ? 1 : 0;
        return wrap(std::move(out));
    });
}

quint64 QueryService::requestLocateSpans(const std::vector<SpanRef>& refs) {
    return submit([refs](index::Db& db) { return wrap(locateSpans(db, refs)); });
}

quint64 QueryService::requestAreaStats(const AreaQuery& q) {
    if (m_areaCancel) m_areaCancel->store(true);
    m_areaCancel = std::make_shared<std::atomic<bool>>(false);
    return submitWithLanes(
        [q, flag = m_areaCancel](LaneReader& lanes) { return wrap(computeAreaStats(lanes, q, flag.get())); });
}

quint64 QueryService::requestAreaSpans(const AreaQuery& q, const QString& name, const QString& kind,
                                       int rank) {
    return submitWithLanes([=](LaneReader& lanes) {
        ShapeKernels k;
        k.spans =
            areaSpans(lanes, q, name.toStdString(), kind.toStdString(), rank, kKernelLimit, &k.trackIds);
        return wrap(std::move(k));
    });
}

} // namespace rs::query
