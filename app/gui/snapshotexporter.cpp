#include "app/gui/snapshotexporter.h"

#include "core/index/sqlite.h"
#include "core/query/analysisqueries.h"
#include "core/query/timelinequery.h"
#include "views/common/interactionstate.h"
#include "views/heatmap/heatmapview.h"
#include "views/memory/memorymapview.h"
#include "views/timeline/timelineview.h"

#include <qcustomplot.h>

#include <QDir>
#include <QImage>
#include <QPainter>
#include <QSvgGenerator>
#include <nlohmann/json.hpp>

namespace rs::gui {

namespace {

// Writes `w` as PNG (pixels) or SVG (vector, via QSvgGenerator) at the request's size.
QString writeWidget(QWidget& w, const ExportRequest& r, const QString& name, QString& error) {
    QString path = QDir(r.outDir).filePath(name + "." + r.format);
    if (r.format == "svg") {
        QSvgGenerator gen;
        gen.setFileName(path);
        gen.setSize(r.size);
        gen.setViewBox(QRect(QPoint(0, 0), r.size));
        gen.setTitle(name);
        gen.setDescription("Rankscope " RANKSCOPE_VERSION);
        QPainter p;
        if (!p.begin(&gen)) {
            error = "cannot write " + path;
            return {};
        }
        w.render(&p);
        p.end();
        return path;
    }
    QImage img(r.size, QImage::Format_ARGB32_Premultiplied);
    img.fill(Qt::white);
    w.render(&img);
    if (!img.save(path)) {
        error = "cannot write " + path;
        return {};
    }
    return path;
}

QString renderTimeline(index::Db& db, std::shared_ptr<const query::ProfileSummary> summary,
                       const ExportRequest& r, qint64 t0, qint64 t1, const QString& name, QString& error) {
    views::InteractionState state;
    state.setBounds(summary->startNs, summary->endNs);
    views::TimelineView view(&state, nullptr);
    view.resize(r.size);
    view.setSummary(summary);
    state.setWindow(t0, t1);
    view.setTimelineData(
        std::make_shared<const query::TimelineData>(query::loadTimeline(db, view.currentRequest())));
    return writeWidget(view, r, name, error);
}

QString saveWidget(QWidget& w, const ExportRequest& r, const QString& name, QString& error) {
    w.resize(r.size);
    w.show(); // offscreen: lays out children so render() draws them
    QCoreApplication::processEvents();
    return writeWidget(w, r, name, error);
}

} // namespace

QStringList exportSnapshots(const ExportRequest& r, QString& error) {
    QStringList files;
    if (!QDir().mkpath(r.outDir)) {
        error = "cannot create " + r.outDir;
        return files;
    }
    if (r.format != "png" && r.format != "svg") {
        error = "--format must be png or svg";
        return files;
    }
    try {
        index::Db db(r.dbPath.toStdString(), true);
        auto summary = std::make_shared<const query::ProfileSummary>(query::loadSummary(db));
        if (r.view == "all" || r.view == "timeline") {
            QString f =
                renderTimeline(db, summary, r, summary->startNs, summary->endNs, "timeline-overview", error);
            if (f.isEmpty()) return files;
            files << f;
            // The step to zoom to: asked for, else the worst outlier, else the median step of the first rank.
            int64_t step = r.step;
            auto report = nlohmann::json::parse(summary->reportJson);
            if (step < 0 && !report["outlier_steps"].empty())
                step = report["outlier_steps"][0]["step"].get<int64_t>();
            std::vector<const query::StepDesc*> firstRank;
            for (const auto& s : summary->steps)
                if (!summary->ranks.empty() && s.rank == summary->ranks.front()) firstRank.push_back(&s);
            if (step < 0 && !firstRank.empty()) step = firstRank[firstRank.size() / 2]->step;
            for (const auto* s : firstRank) {
                if (s->step != step) continue;
                int64_t pad = (s->endNs - s->startNs) / 20;
                f = renderTimeline(db, summary, r, s->startNs - pad, s->endNs + pad,
                                   QString("timeline-step-%1").arg(step), error);
                if (f.isEmpty()) return files;
                files << f;
                // and the end of that step, where the AllReduce and its waits are
                int64_t tail = std::max<int64_t>((s->endNs - s->startNs) / 6, 1000000);
                f = renderTimeline(db, summary, r, s->endNs - tail, s->endNs + pad,
                                   QString("timeline-step-%1-allreduce").arg(step), error);
                if (f.isEmpty()) return files;
                files << f;
            }
        }
        if (r.view == "all" || r.view == "heatmap") {
            views::InteractionState state;
            views::HeatmapView view(&state, nullptr);
            view.setData(std::make_shared<const query::HeatmapData>(query::loadOpRankHeatmap(db)));
            QString f = saveWidget(view, r, "heatmap", error);
            if (f.isEmpty()) return files;
            files << f;
        }
        if (r.view == "all" || r.view == "memory") {
            // the rank with a bank anomaly when there is one: that is the picture worth exporting
            auto report = nlohmann::json::parse(summary->reportJson);
            int rank = summary->ranks.empty() ? 0 : summary->ranks.front();
            if (!report["memory"]["bank_anomalies"].empty())
                rank = report["memory"]["bank_anomalies"][0]["rank"].get<int>();
            views::InteractionState state;
            state.setBounds(summary->startNs, summary->endNs);
            views::MemoryMapView view(&state, nullptr);
            view.setData(std::make_shared<const query::MemoryMapData>(query::loadMemoryMap(db, rank)));
            view.plot()->replot();
            QString f = saveWidget(view, r, QString("memory-rank-%1").arg(rank), error);
            if (f.isEmpty()) return files;
            files << f;
        }
    } catch (const std::exception& e) {
        error = QString::fromStdString(e.what());
    }
    return files;
}

} // namespace rs::gui
