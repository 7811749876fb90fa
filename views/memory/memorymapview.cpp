#include "views/memory/memorymapview.h"

#include "core/query/tensortext.h"

#include "views/common/chartstyle.h"
#include "views/common/elidedlabel.h"
#include "views/common/heldvalue.h"
#include "views/common/timemapping.h"
#include "views/memory/bankstrip.h"
#include "views/memory/memorycaption.h"
#include "views/memory/memorymapcanvas.h"
#include "views/memory/memoryplotticks.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QSplitter>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>
#include <qcustomplot.h>

namespace rs::views {

namespace {
QLabel* wrappedLabel(const char* objectName) {
    auto* l = new QLabel;
    l->setObjectName(objectName);
    l->setWordWrap(true);
    return l;
}
} // namespace

MemoryMapView::MemoryMapView(InteractionState* state, query::QueryService* service, QWidget* parent)
    : QWidget(parent), m_state(state), m_service(service), m_hlNote(wrappedLabel("highlightNote")),
      m_canvas(new MemoryMapCanvas), m_strip(new BankStrip), m_plot(new QCustomPlot) {
    m_hlNote->hide();
    auto* lay = new QVBoxLayout(this);
    lay->setContentsMargins(2, 2, 2, 2);
    auto* row = new QHBoxLayout;
    m_rankBox = new QComboBox;
    m_rankBox->setToolTip(tr("The rank whose device memory is shown"));
    // in one line, elided at a word, whole in its tooltip: wrapped in 3–4 lines at 800 × 600 it left the
    // map ~2½ banks high (walk 48)
    m_caption = new ElidedLabel;
    m_caption->setObjectName("caption");
    m_caption->setTextFormat(Qt::RichText); // names in it are escaped (memorycaption.h)
    row->addWidget(m_rankBox);
    row->addWidget(m_caption, 1);
    lay->addLayout(row);
    // the colour key in one line too, elided at a word, whole in its tooltip: wrapped, its second line was
    // drawn over the map in a small window (r49b #2)
    m_legend = new ElidedLabel;
    m_legend->setObjectName("tensorLegend");
    m_legend->setTextFormat(Qt::RichText);
    lay->addWidget(m_legend);
    lay->addWidget(m_hlNote);
    auto* split = new QSplitter(Qt::Vertical);
    split->addWidget(m_canvas);
    split->addWidget(m_strip);
    split->addWidget(m_plot);
    split->setStretchFactor(0, 4);
    split->setStretchFactor(1, 0);
    split->setStretchFactor(2, 2);
    split->setSizes({500, 60, 200});
    lay->addWidget(split, 1);
    m_canvas->setToolTip(
        tr("Wheel: zoom time · Ctrl+wheel: zoom addresses · drag: pan · click: select · double-click: a "
           "tensor's lifetime, elsewhere the whole run (as Fit)"));
    m_plot->setMinimumHeight(130); // room for 3 value labels a line apart beside the tick and axis labels
    m_plot->yAxis->setLabel(tr("GiB"));
    m_plot->xAxis->setLabel(tr("from the run's start")); // the same origin as the timeline's ruler
    m_plot->legend->setVisible(true);
    m_plot->legend->setFont(QFont(font().family(), 7));
    placeLegendAbovePlot(*m_plot);
    stylePlot(m_plot, palette());
    // ticks fitted to the plot's size and range on every replot (memoryplotticks.h)
    connect(m_plot, &QCustomPlot::beforeReplot, this, [this] { fitMemoryPlotTicks(*m_plot); });
    // the legend wraps to the plot's width (wrapLegend): in one row it held the panel wider than a small
    // window's dock, which scrolled it sideways, the caption and the colour key cut mid-word (walk 47). It
    // is wrapped when the plot's width or its entries change (eventFilter, setData), not on each replot:
    // a pan replots many times a second, each measuring every entry again
    m_plot->installEventFilter(this);
    m_plot->setMinimumWidth(MemoryMapCanvas::kLeft + 120);
    // align the plot's axis rect with the canvas' time axis
    m_plot->axisRect()->setAutoMargins(QCP::msTop | QCP::msBottom);
    m_plot->axisRect()->setMargins(QMargins(MemoryMapCanvas::kLeft, 0, 8, 0));
    connect(m_rankBox, &QComboBox::currentIndexChanged, this, [this] {
        if (m_rankBox->currentIndex() >= 0) showRank(m_rankBox->currentData().toInt());
    });
    connect(m_canvas, &MemoryMapCanvas::timeWindowChanged, this, &MemoryMapView::syncTime);
    connect(m_canvas, &MemoryMapCanvas::colorKeyChanged, this, &MemoryMapView::showColorKey);
    // one time window for every view: the timeline's moves the map, the map's wheel and drag move it
    connect(m_state, &InteractionState::windowChanged, this, [this](qint64 t0, qint64 t1) {
        if (m_canvas->data() && isProfileWindow(t0, t1)) m_canvas->setTimeWindow(t0, t1);
    });
    connect(m_canvas, &MemoryMapCanvas::timeWindowMoved, this,
            [this](qint64 t0, qint64 t1) { m_state->setWindow(t0, t1); });
    connect(m_canvas, &MemoryMapCanvas::tensorClicked, this, [this](int i) {
        const auto* d = m_canvas->data();
        if (!d || i < 0) {
            selectClicked(Selection{});
            return;
        }
        const auto& t = d->tensors[size_t(i)];
        Selection s;
        s.kind = Selection::Kind::Tensor;
        s.rank = d->rank;
        s.tensorId = QString::fromStdString(t.tensorId);
        s.tensorName = QString::fromStdString(query::tensorName(t));
        s.opType = QString::fromStdString(t.opName);
        s.startNs = t.allocNs.value_or(0);
        s.endNs = t.freeNs.value_or(s.startNs);
        if (t.allocStep) s.step = int64_t(std::floor(*t.allocStep));
        s.bytes = t.sizeBytes;
        if (t.addr) s.addr = *t.addr;
        // a click selects (Details says what it is); the window stays where the user is looking: the
        // timeline moved it to 200 µs about the allocation and added a Back step (r49b #6)
        s.keepWindow = true;
        selectClicked(s);
    });
    connect(m_canvas, &MemoryMapCanvas::dataRangeAsked, this, &MemoryMapView::showDataRange);
    connect(m_canvas, &MemoryMapCanvas::fitAsked, this,
            [this] { showDataRange(m_state->boundsStart(), m_state->boundsEnd()); });
    connect(m_state, &InteractionState::selectionChanged, this, &MemoryMapView::followSelection);
    if (m_service)
        connect(m_service, &query::QueryService::resultReady, this, [this](quint64 id, const QVariant& v) {
            if (id != m_pending) return;
            setData(v.value<std::shared_ptr<const query::MemoryMapData>>());
        });
}

void MemoryMapView::selectClicked(const Selection& s) {
    // the window the selection moved to (the timeline brings a tensor's allocation into it), if it did
    const std::pair<qint64, qint64> before{m_state->windowStart(), m_state->windowEnd()};
    m_state->setSelection(s);
    const std::pair<qint64, qint64> after{m_state->windowStart(), m_state->windowEnd()};
    m_clickMovedTo = after != before ? std::optional(after) : std::nullopt;
}

void MemoryMapView::showDataRange(qint64 t0, qint64 t1) {
    // a double-click's first click selected (and may have moved the window to its tensor): that move is
    // taken back, so one double-click is one step of Back, not two (walk 48)
    if (m_clickMovedTo == std::make_pair(m_state->windowStart(), m_state->windowEnd())) m_state->back();
    m_clickMovedTo.reset();
    m_state->setWindow(t0, t1);
    // the canvas reset its own view for the double-click: it shows the shared window again, also where
    // that did not change (a Fit on a fitted window)
    if (isProfileWindow(m_state->windowStart(), m_state->windowEnd()))
        m_canvas->setTimeWindow(m_state->windowStart(), m_state->windowEnd());
}

void MemoryMapView::showColorKey() {
    // the key of what the canvas draws now: it follows the window (tensorcolorkey.h)
    m_legend->setFullText(m_canvas->colorKey().html());
    m_legend->setVisible(!m_legend->fullText().isEmpty());
}

void MemoryMapView::placeLegendAbovePlot(QCustomPlot& plot) {
    // in a row of its own above the curves, at the axis rect's right end: inside the axis rect (its top
    // right corner) it covered the reserved line and the top of the allocated curve (issue 19). One row: a
    // stacked legend cut its last entry on a short plot. The row is the plot's own layout, so the widget and
    // every export (ExportScene renders this widget) lay it out alike.
    plot.legend->setFillOrder(QCPLayoutGrid::foColumnsFirst);
    plot.legend->setWrap(0);
    auto* row = new QCPLayoutGrid;
    plot.plotLayout()->insertRow(0);
    plot.plotLayout()->addElement(0, 0, row);
    plot.plotLayout()->setRowStretchFactor(0, 0.001); // its height only: the rest is the curves'
    plot.plotLayout()->setRowSpacing(0);
    row->setAutoMargins(QCP::msNone);
    row->setMargins(QMargins(MemoryMapCanvas::kLeft, 3, 8, 0)); // the axis rect's fixed side margins
    row->addElement(0, 0, new QCPLayoutElement(&plot)); // an empty cell: the legend keeps to the right
    row->addElement(0, 1, plot.legend);                 // taken out of the axis rect's inset layout
    row->setColumnStretchFactor(0, 1);
    row->setColumnStretchFactor(1, 0.001);
}

void MemoryMapView::wrapLegend(QCustomPlot& plot) {
    // as many entries a row as the plot's width holds beside the axis rect's side margins, at least one
    QCPLegend* legend = plot.legend;
    // the entries, not the grid's cells: once wrapped, the last row's empty cells are counted too and hold
    // no item (walk 31: a window made larger again with the Memory tab shown crashed here)
    std::vector<QCPAbstractLegendItem*> items;
    for (int i = 0; i < legend->itemCount(); ++i)
        if (QCPAbstractLegendItem* item = legend->item(i)) items.push_back(item);
    const int room = plot.width() - MemoryMapCanvas::kLeft - 8;
    int used = 0, columns = 0;
    for (size_t i = 0; i < items.size(); ++i) {
        used += items[i]->minimumOuterSizeHint().width() + (i > 0 ? legend->columnSpacing() : 0);
        if (used > room && columns > 0) break;
        ++columns;
    }
    const int wrap = columns >= int(items.size()) ? 0 : columns; // 0: one row
    if (wrap == legend->wrap()) return;
    legend->setWrap(wrap);
    legend->setFillOrder(QCPLayoutGrid::foColumnsFirst, true); // the entries laid out again by the new wrap
}

int MemoryMapView::shownRank(int key) const {
    auto it = m_dataRank.find(key);
    return it == m_dataRank.end() ? key : it->second;
}

void MemoryMapView::setProfile(const std::vector<int>& ranks, const std::map<int, int>& dataRank) {
    m_dataRank = dataRank;
    m_rankBox->blockSignals(true);
    m_rankBox->clear();
    for (int r : ranks)
        m_rankBox->addItem(tr("rank %1").arg(shownRank(r)), r);
    m_rankBox->blockSignals(false);
    // the previous profile's map is no map of this one: whoever reads the canvas (a bank finding's
    // lifetime) waits for this profile's (review of stop 48: a finding's window came from the old tensors)
    m_canvas->setData(nullptr);
    if (!ranks.empty()) showRank(ranks.front());
}

void MemoryMapView::showRank(int rank) {
    m_rank = rank;
    int idx = m_rankBox->findData(rank);
    if (idx >= 0 && idx != m_rankBox->currentIndex()) {
        m_rankBox->blockSignals(true);
        m_rankBox->setCurrentIndex(idx);
        m_rankBox->blockSignals(false);
    }
    if (m_service) m_pending = m_service->requestMemoryMap(rank);
}

void MemoryMapView::setData(std::shared_ptr<const query::MemoryMapData> d) {
    if (!d) return;
    m_rank = d->rank;
    if (m_rankBox->findData(d->rank) < 0) m_rankBox->addItem(tr("rank %1").arg(shownRank(d->rank)), d->rank);
    m_rankBox->blockSignals(true);
    m_rankBox->setCurrentIndex(m_rankBox->findData(d->rank));
    m_rankBox->blockSignals(false);
    // ms from the run's start, as the timeline's ruler, on screen and in `rankscope export` alike (the
    // export never calls setProfile; a rank without memory data has startNs 0, which put the axis at
    // 1.7·10¹² ms); the rank's first sample only when no run is known
    m_origin = m_state->boundsEnd() > m_state->boundsStart() ? m_state->boundsStart() : d->startNs;
    m_canvas->setOrigin(m_origin);          // the tooltip's times count from it too
    m_contents = memoryContentsCaption(*d); // the caption is set with the selection (showSelection)
    m_plot->clearGraphs();
    m_plot->clearItems();
    plotCurves(*d);
    if (d->peakAllocatedBytes > 0 && d->peakTimed) { // an untimed peak has no place on the time axis
        auto* tracer = new QCPItemTracer(m_plot);
        tracer->position->setCoords(double(d->peakTsNs - m_origin) / 1e6,
                                    double(d->peakAllocatedBytes) / double(1 << 30));
        // a ring, not a dot: a peak a few µs long is a spike of a few px, and a filled dot over it made the
        // curve seem to stop short of the peak it labels (walk 51, level1's 40 µs at 1.23 GiB)
        tracer->setStyle(QCPItemTracer::tsCircle);
        tracer->setSize(11);
        tracer->setPen(QPen(referenceInk(palette()), 1.5));
        tracer->setBrush(Qt::NoBrush);
        auto* label = new QCPItemText(m_plot);
        label->position->setParentAnchor(tracer->position);
        // the text runs away from the nearer edge, so a peak at either end stays readable
        bool leftHalf = d->peakTsNs - d->startNs < (d->endNs - d->startNs) / 2;
        label->setPositionAlignment(Qt::AlignBottom | (leftHalf ? Qt::AlignLeft : Qt::AlignRight));
        label->position->setCoords(leftHalf ? 6 : -6, -4);
        label->setText(tr("peak %1").arg(formatBytes(d->peakAllocatedBytes)));
        label->setFont(QFont(font().family(), 7));
        label->setColor(palette().color(QPalette::Text));
    }
    wrapLegend(*m_plot);                                  // its entries changed
    m_plot->legend->setVisible(m_plot->graphCount() > 0); // an empty legend box is a claim of nothing
    if (m_plot->graphCount() == 0) { // an empty plot under a blank legend read as a flat zero curve
        auto* noCurve = new QCPItemText(m_plot);
        noCurve->position->setType(QCPItemPosition::ptAxisRectRatio);
        noCurve->position->setCoords(0.5, 0.5);
        // a curve whose samples were all left out was recorded: the caption says why it is not drawn
        noCurve->setText(d->sources.leftOut.empty() ? tr("No memory curve recorded for this rank")
                                                    : tr("No memory curve drawn for this rank"));
        noCurve->setColor(palette().color(QPalette::PlaceholderText));
    }
    m_plot->rescaleAxes();
    m_plot->yAxis->setRangeLower(0);
    m_plot->yAxis->setRangeUpper(m_plot->graphCount() ? m_plot->yAxis->range().upper * 1.15 + 0.01 : 1.0);
    m_canvas->setData(d);
    m_strip->setData(d);
    m_strip->setVisible(d && d->bankSizeBytes > 0 && d->hasAddresses); // no bank model: no strip
    // the shared window, where it is one of this profile's (a state not set up yet says 0 … 1 ns)
    if (isProfileWindow(m_state->windowStart(), m_state->windowEnd()))
        m_canvas->setTimeWindow(m_state->windowStart(), m_state->windowEnd());
    syncTime(m_canvas->t0(), m_canvas->t1());
    // the selection's highlight on this rank's map, without going back to the selection's rank: the rank
    // the user picked in the box while an op of another rank was selected snapped back to it (walk 21)
    showSelection(m_state->selection());
    Q_EMIT dataShown();
}

void MemoryMapView::renderPicture(QPainter& p) {
    // the rank drop-down is a control, not part of the picture (its caption names the rank): left out,
    // then put back as it was; the caption and the colour key whole, wrapped: a picture has no tooltip to
    // say the rest
    const bool hidden = m_rankBox->isHidden();
    m_rankBox->hide();
    m_caption->setShownWhole(true);
    m_legend->setShownWhole(true);
    layout()->activate();
    render(&p, QPoint(), QRegion(), QWidget::DrawChildren);
    m_rankBox->setHidden(hidden);
    m_caption->setShownWhole(false);
    m_legend->setShownWhole(false);
    layout()->activate();
}

void MemoryMapView::plotCurves(const query::MemoryMapData& d) {
    const char* names[] = {"allocated", "reserved", "active"};
    const QColor colors[] = {QColor(214, 96, 77), QColor(67, 147, 195), QColor(120, 120, 120)};
    const auto ms = [this](int64_t ns) { return double(ns - m_origin) / 1e6; };
    bool heldNamed = false;
    for (int k = 0; k < 3; ++k) {
        QVector<double> x, y;
        int64_t lastNs = 0;
        for (const auto& p : d.curve) {
            double v = k == 0 ? p.allocated : k == 1 ? p.reserved : p.active;
            if (std::isnan(v)) continue;
            x.push_back(ms(p.tsNs));
            y.push_back(v / double(1 << 30));
            lastNs = p.tsNs;
        }
        if (x.isEmpty()) continue;
        auto* g = m_plot->addGraph();
        g->setName(tr(names[k]) + (k == 0 && !d.curveComponent.empty()
                                       ? QString(" (%1)").arg(QString::fromStdString(d.curveComponent))
                                       : ""));
        g->setPen(QPen(colors[k], 1.5));
        g->setLineStyle(QCPGraph::lsStepLeft);
        if (k == 0) g->setBrush(QColor(214, 96, 77, 40));
        g->setData(x, y, true);
        // past the last sample the value is held to the run's end, as the timeline's memory lane draws it
        // (heldvalue.h): dashed, lighter, and the legend says from when
        const HeldTail held = heldTail(lastNs, m_state->boundsEnd());
        if (!held.valid()) continue;
        auto* tail = m_plot->addGraph();
        QPen pen(colors[k], 1.5, Qt::DashLine);
        tail->setPen(pen);
        tail->setLineStyle(QCPGraph::lsStepLeft);
        if (k == 0) tail->setBrush(QColor(214, 96, 77, kHeldFillAlpha));
        tail->setData({ms(held.fromNs), ms(held.toNs)}, {y.back(), y.back()}, true);
        if (heldNamed) {
            tail->removeFromLegend();
        } else {
            tail->setName(heldText(held.fromNs, m_origin));
            heldNamed = true;
        }
    }
}

bool MemoryMapView::eventFilter(QObject* watched, QEvent* e) {
    // the plot lays its legend out in the replot its resize asks for: the wrap is set before it
    if (watched == m_plot && e->type() == QEvent::Resize) wrapLegend(*m_plot);
    return QWidget::eventFilter(watched, e);
}

void MemoryMapView::changeEvent(QEvent* e) {
    QWidget::changeEvent(e);
    if (e->type() != QEvent::PaletteChange) return;
    stylePlot(m_plot, palette());
    for (int i = 0; i < m_plot->itemCount(); ++i) {
        if (auto* t = qobject_cast<QCPItemTracer*>(m_plot->item(i))) t->setPen(QPen(referenceInk(palette())));
        if (auto* l = qobject_cast<QCPItemText*>(m_plot->item(i)))
            l->setColor(palette().color(QPalette::Text));
    }
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

std::optional<std::pair<qint64, qint64>> MemoryMapView::dataSpan() const {
    const auto* d = m_canvas->data();
    if (!d || (d->tensors.empty() && d->curve.empty()) || d->endNs < d->startNs) return std::nullopt;
    return std::make_pair(qint64(d->startNs), qint64(d->endNs));
}

bool MemoryMapView::isProfileWindow(qint64 t0, qint64 t1) const {
    // the run's window, not the memory data's: a window before the first or after the last memory record
    // widened the map to the data (+70 … +127 ms under a +103.750 … +105.733 ms caption: walk 28)
    // and only where those bounds are this data's run: a state not set up yet (0 … 1 ns) is nobody's
    // window, and applying it drew the map over 1 ns of nothing (tst_linkedviews)
    const auto* d = m_canvas->data();
    const bool dataInBounds = d && d->endNs > m_state->boundsStart() && d->startNs < m_state->boundsEnd();
    return dataInBounds && t1 > t0 && t1 > m_state->boundsStart() && t0 < m_state->boundsEnd();
}

void MemoryMapView::syncTime(qint64 t0, qint64 t1) {
    const auto* d = m_canvas->data();
    if (t1 <= t0 || !d || (d->tensors.empty() && d->curve.empty())) {
        // no memory data (the canvas spans 0 … 1 µs then): the shown window, never an axis at -10^12 ms
        t0 = m_state->windowStart();
        t1 = std::max(m_state->windowEnd(), t0 + 1);
    }
    m_strip->setTimeWindow(t0, t1);
    m_plot->xAxis->setRange(double(t0 - m_origin) / 1e6, double(t1 - m_origin) / 1e6);
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void MemoryMapView::followSelection(const Selection& s) {
    // a tensor or an op type just selected brings its rank's map (a span's op is highlighted on the rank
    // shown)
    const bool follows = s.kind == Selection::Kind::Tensor || s.kind == Selection::Kind::OpType;
    if (follows && s.rank >= 0 && s.rank != m_rank) showRank(s.rank);
    showSelection(s);
}

void MemoryMapView::showSelection(const Selection& s) {
    switch (s.kind) {
    case Selection::Kind::Tensor:
        m_canvas->setHighlight({}, s.tensorId);
        break;
    case Selection::Kind::OpType:
    case Selection::Kind::Span:
        m_canvas->setHighlight(s.opType, {});
        break;
    default:
        m_canvas->setHighlight({}, {});
    }
    showHighlightNote(s);
    showCaption(s);
}

void MemoryMapView::showCaption(const Selection& s) {
    const auto* d = m_canvas->data();
    if (!d) return;
    // the rank first (the map may show another rank than the selection's: the user's pick in the box), then
    // what is selected on it, then what it holds
    const QString op = m_canvas->highlightedOp();
    m_caption->setFullText(tr("Rank %1 · ").arg(shownRank(d->rank)) +
                           memorySelectionCaption(s, *d, op, m_canvas->tensorsNamedBy(op)) + m_contents);
}

void MemoryMapView::showHighlightNote(const Selection& s) {
    const QString op = m_canvas->highlightedOp();
    const auto* d = m_canvas->data();
    const int named = m_canvas->tensorsNamedBy(op);
    QString note;
    if (!op.isEmpty() && d && !d->tensors.empty() && named == 0) {
        // the ops the records do name, most tensors first: what the reader can select instead
        std::map<std::string, int> byOp;
        for (const auto& t : d->tensors)
            ++byOp[t.opName];
        std::vector<std::pair<int, std::string>> top;
        for (const auto& [name, n] : byOp)
            top.push_back({-n, name});
        std::sort(top.begin(), top.end());
        QStringList names;
        for (size_t i = 0; i < top.size() && i < 3; ++i)
            names << QString::fromStdString(top[i].second);
        note = tr("No tensor in rank %1's memory map names %2's ops: its records name the ops that allocated "
                  "(such as %3), so nothing is highlighted and no tensor is dimmed.")
                   .arg(shownRank(d->rank))
                   .arg(op, names.join(", "));
    } else if (!op.isEmpty() && d && s.rank >= 0 && s.rank != d->rank)
        note = tr("This map is rank %1's: the %2 selected is rank %3's; rank %1's tensors of %2 are "
                  "highlighted.")
                   .arg(shownRank(d->rank))
                   .arg(op)
                   .arg(shownRank(s.rank));
    m_hlNote->setText(note);
    m_hlNote->setVisible(!note.isEmpty());
    if (!op.isEmpty() && d) Q_EMIT opHighlightShown(op, d->rank, named);
}

} // namespace rs::views
