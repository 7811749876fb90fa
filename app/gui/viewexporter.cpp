#include "app/gui/viewexporter.h"

#include "app/gui/mainwindow.h"
#include "views/comm/commmatrixcanvas.h"
#include "views/comm/commmatrixview.h"
#include "views/heatmap/heatmapcanvas.h"
#include "views/heatmap/heatmapview.h"
#include "views/memory/memorymapcanvas.h"
#include "views/memory/memorymapview.h"
#include "views/timeline/timelineview.h"

#include <QApplication>
#include <QClipboard>
#include <QTimer>

namespace rs::gui {

ViewExporter::ViewExporter(MainWindow* window) : QObject(window), m_window(window) {}

ViewExporter::~ViewExporter() = default;

void ViewExporter::start(const ExportChoice& c) {
    if (m_busy) return;
    m_choice = c;
    if (c.view == "window") {
        Caption cap = m_window->exportCaption("window");
        deliver(*m_window, cap);
        return;
    }
    if (c.view == "heatmap") {
        views::HeatmapCanvas canvas;
        const auto* live = m_window->heatmap()->canvas();
        canvas.setData(live->sharedData());
        canvas.setStatistic(live->statistic());
        canvas.setSort(live->sort());
        if (c.annotations) canvas.setAnnotations(m_window->annotationModel());
        QSize hint = canvas.sizeHint();
        canvas.resize(std::max(hint.width(), 480), std::max(hint.height(), 360));
        deliver(canvas, m_window->exportCaption("heatmap"));
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
        deliver(canvas, m_window->exportCaption("comm"));
        return;
    }
    if (c.view == "memory") {
        auto* m = m_window->memoryMap();
        m->canvas()->setAnnotationsShown(c.annotations);
        deliver(*m, m_window->exportCaption("memory"));
        m->canvas()->setAnnotationsShown(true);
        return;
    }
    // The timeline with every lane: a copy of the live one (same state, same lanes), laid out at full
    // height, whose data request covers all lanes; drawn when the answer arrives.
    const auto* live = m_window->timeline();
    if (!live->summary()) {
        Q_EMIT finished(c.path, tr("no profile is open"));
        return;
    }
    m_busy = true;
    m_timeline = std::make_unique<views::TimelineView>(m_window->state(), m_window->queryService());
    m_timeline->setExportMode(true);
    m_timeline->setLayoutOptions(live->layoutOptions());
    m_timeline->setAligned(live->aligned());
    m_timeline->setShowWaits(live->showWaits());
    if (c.annotations) m_timeline->setAnnotations(m_window->annotationModel());
    m_timeline->resize(live->width(), 400);
    m_timeline->setSummary(live->summary());
    const int full = m_timeline->fullHeight();
    // resizeNow: the hidden copy's resize event would wait until it is shown, and the request sent by
    // setSummary covered only the lanes of its first 400 px (ranks 4-7 of the demo came out empty)
    m_timeline->resizeNow(live->width(), std::min(full, kMaxPictureHeight));
    auto* t = m_timeline.get();
    connect(t, &views::TimelineView::timelineDataChanged, this, [this, t, full] {
        // only this export's copy: a previous copy, not yet deleted, may still get a late answer (it
        // delivered the next export before its data came: an empty second picture)
        if (!m_busy || m_timeline.get() != t) return;
        m_busy = false;
        Caption cap = m_window->exportCaption("timeline", full > kMaxPictureHeight);
        deliver(*m_timeline, cap);
        disconnect(t, nullptr, this, nullptr);
        m_timeline.release()->deleteLater();
    });
    // the request was sent on the resize; nothing comes back for an empty layout
    QTimer::singleShot(60000, this, [this, t] {
        if (!m_busy || m_timeline.get() != t) return; // that export finished; another may be running
        m_busy = false;
        Q_EMIT finished(m_choice.path, tr("the timeline's data did not arrive in time"));
        m_timeline.reset();
    });
}

void ViewExporter::deliver(QWidget& w, const Caption& caption) {
    const Caption* cap = m_choice.caption ? &caption : nullptr;
    if (m_choice.path.isEmpty()) {
        QApplication::clipboard()->setImage(renderImage(w, cap, m_choice.scale));
        Q_EMIT finished({}, {});
        return;
    }
    QString error;
    writeImage(w, cap, m_choice.scale, m_choice.path, error);
    Q_EMIT finished(m_choice.path, error);
}

} // namespace rs::gui
