#include "app/gui/viewexporter.h"

#include "app/gui/docktabs.h"
#include "app/gui/mainwindow.h"
#include "core/query/queryservice.h"
#include "views/comm/commmatrixcanvas.h"
#include "views/comm/commmatrixview.h"
#include "views/heatmap/heatmapcanvas.h"
#include "views/heatmap/heatmapview.h"
#include "views/memory/memorymapcanvas.h"
#include "views/memory/memorymapview.h"
#include "views/timeline/timelineview.h"

#include <QApplication>
#include <QClipboard>
#include <QDockWidget>
#include <QTimer>

namespace rs::gui {

ViewExporter::ViewExporter(MainWindow* window) : QObject(window), m_window(window) {
    connect(m_window->queryService(), &query::QueryService::timelineReady, this,
            &ViewExporter::timelineArrived);
}

ViewExporter::~ViewExporter() = default;

void ViewExporter::start(const ExportChoice& c) {
    if (m_busy) return;
    m_choice = c;
    if (c.view == "window") {
        Caption cap = m_window->exportCaption("window");
        deliver(widgetPicture(*m_window), cap);
        return;
    }
    if (c.view == "heatmap") {
        views::HeatmapCanvas canvas;
        const auto* live = m_window->heatmap()->canvas();
        canvas.setData(live->sharedData());
        canvas.setStatistic(live->statistic());
        canvas.setSort(live->sort());
        canvas.setHighlights(live->highlights()); // the cells the widget on screen highlights
        if (c.annotations) canvas.setAnnotations(m_window->annotationModel());
        QSize hint = canvas.sizeHint();
        canvas.resize(std::max(hint.width(), 480), std::max(hint.height(), 360));
        deliver(widgetPicture(canvas), m_window->exportCaption("heatmap"));
        return;
    }
    if (c.view == "comm") { // the whole grid at its natural size, as the live one shows it
        views::CommMatrixCanvas canvas;
        const auto* live = m_window->commView()->canvas();
        canvas.setMatrix(live->sharedMatrix());
        canvas.setMetric(live->metric());
        canvas.setSelected(live->selected().first, live->selected().second);
        const QSize hint = canvas.sizeHint();
        canvas.resize(std::max(hint.width(), 480), std::max(hint.height(), 300));
        deliver(widgetPicture(canvas), m_window->exportCaption("comm"));
        return;
    }
    if (c.view == "memory") {
        auto* m = m_window->memoryMap();
        // a dock behind another tab keeps the layout of the size it last had (walk 38: 304×548, the bank
        // strip over the legend, no usage chart): raised for the picture, the user's tab raised again after
        QDockWidget* behind = raiseForPicture("memory");
        m->canvas()->setAnnotationsShown(c.annotations);
        deliver(memoryPicture(*m), m_window->exportCaption("memory"));
        m->canvas()->setAnnotationsShown(true);
        if (behind) behind->raise();
        return;
    }
    startTimeline();
}

QDockWidget* ViewExporter::raiseForPicture(const QString& dockName) {
    auto* dock = m_window->findChild<QDockWidget*>(dockName);
    QDockWidget* front = frontDockOf(*m_window, dock);
    if (!dock || front == dock) return nullptr;
    dock->show();
    dock->raise();
    QCoreApplication::processEvents(); // laid out at the dock's size before it is painted
    return front;
}

void ViewExporter::startTimeline() {
    // The timeline with every lane: a copy of the live scene (same lanes, switches and hits) whose data
    // request covers all lanes; built and painted as the widget is when the answer arrives.
    const auto* live = m_window->timeline();
    if (!live->summary()) {
        Q_EMIT finished(m_choice.path, tr("no profile is open"));
        return;
    }
    m_busy = true;
    m_scene = live->scene();
    views::LayoutOptions o = m_scene.layoutOptions();
    m_ranks = isDefaultRankLayout(o, *live->summary()) ? manyRanksPicture(*live->summary()) : std::nullopt;
    if (m_ranks) { // the overview rows of every rank, untouched by the user: the picture rule's ranks
        showRanks(o, m_ranks->ranks);
        m_scene.setLayoutOptions(o);
    }
    const int full = m_scene.fullHeight();
    m_cut = full > kMaxPictureHeight;
    const auto* state = m_window->state();
    m_frame = m_scene.picture(live->width(), std::min(full, kMaxPictureHeight), *state,
                              m_choice.annotations ? m_window->annotationModel() : nullptr);
    m_request = m_window->queryService()->requestTimeline(m_scene.request(
        m_frame.t0, m_frame.t1, int(m_frame.viewport.plotWidth()), 0, m_frame.viewport.height));
    const quint64 id = m_request;
    QTimer::singleShot(60000, this, [this, id] {
        if (!m_busy || m_request != id) return; // that export finished; another may be running
        m_busy = false;
        Q_EMIT finished(m_choice.path, tr("the timeline's data did not arrive in time"));
    });
}

void ViewExporter::timelineArrived(quint64 id, std::shared_ptr<const query::TimelineData> data) {
    // only this export's request (the live view's answers and a previous export's late one are not ours)
    if (!m_busy || id != m_request || !data) return;
    m_busy = false;
    m_frame.data = std::make_shared<const views::IndexedData>(std::move(data));
    PicturedAnnotations pictured;
    const Picture pic = timelinePicture(m_frame, &pictured);
    deliver(pic, m_window->exportCaption("timeline", m_cut, m_ranks ? &*m_ranks : nullptr,
                                         m_frame.layout.get(), &pictured));
}

void ViewExporter::deliver(const Picture& pic, const Caption& caption) {
    const Caption* cap = m_choice.caption ? &caption : nullptr;
    if (m_choice.path.isEmpty()) {
        QApplication::clipboard()->setImage(renderImage(pic, cap, m_choice.scale));
        Q_EMIT finished({}, {});
        return;
    }
    QString error;
    writeImage(pic, cap, m_choice.scale, m_choice.path, error);
    Q_EMIT finished(m_choice.path, error);
}

} // namespace rs::gui
