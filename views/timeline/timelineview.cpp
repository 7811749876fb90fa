#include "views/timeline/timelineview.h"

#include "views/timeline/flowoverlay.h"

#include "views/common/timemapping.h"
#include "views/common/wordelide.h"
#include "views/timeline/framepainter.h"
#include "views/timeline/hittester.h"
#include "views/timeline/timelinelegend.h"

#include <QContextMenuEvent>
#include <QHelpEvent>
#include <QKeyEvent>
#include <QMenu>
#include <QPainter>
#include <QScrollBar>
#include <QToolTip>
#include <QWheelEvent>
#include <algorithm>

namespace rs::views {

namespace {
/// Marks the view's own input while it runs: a selection it makes needs no following.
struct OwnInput {
    explicit OwnInput(bool& flag) : m_flag(flag), m_was(flag) { m_flag = true; }
    ~OwnInput() { m_flag = m_was; }
    bool& m_flag;
    bool m_was;
};
} // namespace

TimelineView::TimelineView(InteractionState* state, query::QueryService* service, QWidget* parent)
    : QWidget(parent), m_state(state), m_service(service), m_input(state, this),
      m_vbar(new QScrollBar(Qt::Vertical, this)) {
    setFocusPolicy(Qt::StrongFocus);
    setMouseTracking(true);
    setMinimumSize(400, kMinHeight);
    setAttribute(Qt::WA_OpaquePaintEvent);
    connect(m_vbar, &QScrollBar::valueChanged, this, [this] {
        hideStaleTooltip();
        requestData();
        update();
    });
    connect(m_state, &InteractionState::windowChanged, this, [this] {
        hideStaleTooltip();
        requestData();
        update();
    });
    connect(m_state, &InteractionState::selectionChanged, this, [this](const Selection& s) {
        m_bucketPending = 0; // a clicked bucket's answer arriving after another selection is dropped
        if (!m_ownInput) follow(s);
        requestFlows();
        update();
    });
    if (m_service) {
        connect(m_service, &query::QueryService::timelineReady, this,
                [this](quint64 id, std::shared_ptr<const query::TimelineData> d) {
                    if (id != m_pending) return; // stale: a newer request is in flight
                    setTimelineData(std::move(d));
                });
        connect(m_service, &query::QueryService::resultReady, this, &TimelineView::flowsArrived);
    }
}

void TimelineView::requestFlows() {
    if (!m_service || !summary()) return;
    const Selection& sel = m_state->selection();
    const qint64 span = sel.kind == Selection::Kind::Span ? sel.spanId : 0;
    if (span != m_spanFlowsOf) {
        m_spanFlowsOf = span;
        m_spanFlows.clear();
        m_spanFlowsPending = span ? m_service->requestSpanFlows(span) : 0;
        rebuildFlows();
    }
    if (!m_windowFlows || m_flowCategories.empty()) {
        m_windowFlowsPending = 0;
        if (!m_windowFlowArrows.empty()) {
            m_windowFlowArrows.clear();
            rebuildFlows();
        }
        return;
    }
    std::vector<std::string> cats;
    for (const QString& c : m_flowCategories)
        cats.push_back(c.toStdString());
    const int scroll = m_vbar->value();
    m_windowFlowsPending = m_service->requestWindowFlows(m_scene.flowRequest(
        m_state->windowStart(), m_state->windowEnd(), scroll - 200, scroll + height() + 200, cats));
}

void TimelineView::selectBucketSpan(const Lane& lane, const query::DrawItem& bucket) {
    if (!m_service || !summary()) return;
    m_bucketRank = lane.rank;
    m_bucketTrack = lane.trackId;
    m_bucketPending = m_service->requestBucketSpan(lane.trackId, bucket.depth, bucket.startNs, bucket.endNs);
}

bool TimelineView::bucketSpanArrived(quint64 id, const QVariant& v) {
    if (id != m_bucketPending) return false;
    m_bucketPending = 0;
    auto found = v.value<std::shared_ptr<const query::LocatedSpans>>();
    if (!found || found->spans.empty() || !summary()) return true; // the span is gone: nothing to select
    const query::DrawItem& item = found->spans.front();
    {
        OwnInput own(m_ownInput); // clicked where it is: no following
        m_state->setSelection(TimelineInput::spanSelection(*summary(), m_bucketRank, item, m_bucketTrack));
    }
    Q_EMIT spanActivated(item.spanId);
    return true;
}

void TimelineView::flowsArrived(quint64 id, const QVariant& v) {
    if (!id) return;
    if (m_bucketPending && bucketSpanArrived(id, v)) return;
    if (id == m_categoriesPending) {
        m_categoriesPending = 0;
        m_profileCategories.clear();
        if (auto c = v.value<std::shared_ptr<const std::vector<std::string>>>())
            for (const auto& s : *c)
                m_profileCategories << QString::fromStdString(s);
        Q_EMIT flowCategoriesKnown(m_profileCategories);
        return;
    }
    if (id != m_spanFlowsPending && id != m_windowFlowsPending) return; // another view's, or stale
    auto f = v.value<std::shared_ptr<const query::FlowArrows>>();
    if (!f) return;
    if (id == m_spanFlowsPending) {
        m_spanFlowsPending = 0;
        m_spanFlows = f->arrows;
    } else {
        m_windowFlowsPending = 0;
        m_windowFlowArrows = f->arrows;
        m_windowFlowCounts = {{}, f->truncated, f->matched, f->matchedAtLeast};
    }
    rebuildFlows();
}

void TimelineView::rebuildFlows() {
    if (m_spanFlows.empty() && m_windowFlowArrows.empty())
        m_scene.setFlows(nullptr);
    else {
        FlowOverlay o = FlowOverlay::merge(m_spanFlowsOf, m_spanFlows, m_windowFlowArrows);
        query::FlowArrows counts = m_windowFlowCounts;
        counts.arrows = m_windowFlowArrows;
        o.setWindowCounts(counts);
        m_scene.setFlows(std::make_shared<const FlowOverlay>(std::move(o)));
    }
    relayout(); // the legend names the arrows while some are drawn
    update();
    Q_EMIT flowsChanged();
}

void TimelineView::setWindowFlows(bool on) {
    m_windowFlows = on;
    requestFlows();
    update();
}

void TimelineView::setFlowCategories(const std::set<QString>& on) {
    m_flowCategories = on;
    requestFlows();
    update();
}

bool TimelineView::followFlow() {
    const auto& flows = m_scene.flows();
    const Selection& sel = m_state->selection();
    if (!flows || sel.kind != Selection::Kind::Span || flows->spanId != sel.spanId) return false;
    const query::FlowEnd* e = flows->next(m_jumpedFrom);
    if (!e) return false;
    goToFlowEnd(*e); // a copy: the overlay changes with the selection
    return true;
}

bool TimelineView::followFlowKey() {
    if (followFlow()) return true;
    const Selection& sel = m_state->selection();
    if (sel.kind != Selection::Kind::Span)
        Q_EMIT notice(tr("J follows the selected span's flow arrow: select a span first"));
    else if (m_spanFlowsPending || m_spanFlowsOf != sel.spanId)
        Q_EMIT notice(tr("The selected span's flow arrows are still being read: press J again in a moment"));
    else
        Q_EMIT notice(
            tr("The selected span has no flow arrow: no flow event of its files links it to another "
               "event"));
    return true;
}

bool TimelineView::followFlowLabel(QPoint pos) {
    const FlowLabel* l = flowLabelAt(m_frame, pos);
    const auto& flows = m_scene.flows();
    if (!l || !flows || l->arrow >= flows->arrows.size()) return false;
    const query::FlowArrow& a = flows->arrows[l->arrow];
    const query::FlowEnd& end = l->dst ? a.dst : a.src;
    if (end.spanId != l->spanId) return false; // the overlay changed since the frame was painted
    goToFlowEnd(end);
    return true;
}

void TimelineView::goToFlowEnd(query::FlowEnd target) {
    const Selection& sel = m_state->selection();
    m_jumpedFrom = sel.kind == Selection::Kind::Span ? sel.spanId : 0; // J from there comes back
    // selected as a click selects it, op type included: the memory map highlights the op's tensors (r54c:
    // a span reached otherwise than by a click had none, and the Memory panel kept the previous op)
    query::DrawItem item{target.startNs, target.endNs, target.nameId, target.opTypeId, target.depth, 1,
                         target.spanId};
    const Selection s = TimelineInput::spanSelection(*summary(), target.rank, item, target.trackId);
    {
        OwnInput own(m_ownInput);
        m_state->setSelection(s);
    }
    // the window: the other end in it, the window's width kept when it fits
    qint64 off = 0;
    if (m_scene.aligned())
        if (auto it = summary()->clockOffsetNs.find(target.rank); it != summary()->clockOffsetNs.end())
            off = it->second;
    const qint64 a = target.startNs - off, b = std::max(target.endNs, target.startNs) - off;
    const qint64 t0 = m_state->windowStart(), t1 = m_state->windowEnd(), w = t1 - t0;
    if (a < t0 || b > t1) {
        if (b - a < w * 8 / 10)
            m_state->setWindow((a + b) / 2 - w / 2, (a + b) / 2 + w / 2);
        else {
            const qint64 pad = std::max<qint64>((b - a) / 10, 500);
            m_state->setWindow(a - pad, b + pad);
        }
    }
    // an end below the rows its lane shows would be selected and outlined nowhere: show all its levels
    if (const Lane* l = m_scene.layout().laneOf(target.trackId); l && !l->chart() && target.depth >= l->rows)
        setExpanded(target.trackId, true);
    scrollToTrack(target.trackId);
    Q_EMIT spanActivated(target.spanId);
    update();
}

void TimelineView::follow(const Selection& s) {
    // a selected op (or a tensor's allocation) into the window, unless it was chosen where it is seen
    if ((s.kind == Selection::Kind::Span || s.kind == Selection::Kind::Tensor) && s.startNs > 0 &&
        !s.keepWindow) {
        const qint64 t0 = m_state->windowStart(), t1 = m_state->windowEnd();
        const qint64 a = s.startNs,
                     b = s.kind == Selection::Kind::Tensor ? s.startNs : std::max(s.endNs, s.startNs);
        const bool tensorFar = s.kind == Selection::Kind::Tensor && t1 - t0 > 20000000;
        if (a < t0 || b > t1 || tensorFar) {
            const qint64 w = std::clamp<qint64>((b - a) * 20, 200000, 20000000);
            const auto [t0w, t1w] =
                windowInRun(a - w / 2, a + w / 2, m_state->boundsStart(), m_state->boundsEnd());
            m_state->setWindow(t0w, t1w);
        }
    }
    if (s.rank < 0) return;
    // the rank's block in view from its top: a block whose header sat near the bottom edge left its lanes
    // below it, out of view
    const auto [top, bottom] = m_scene.layout().rankSpan(s.rank);
    const Viewport vp = viewport();
    const int visible = vp.lanesBottom() - vp.lanesTop();
    if (top >= 0 && (top < vp.scroll || bottom > vp.scroll + visible)) m_vbar->setValue(top);
}

void TimelineView::setSummary(std::shared_ptr<const query::ProfileSummary> s) {
    m_scene.setSummary(std::move(s));
    m_spanFlowsOf = 0;
    m_spanFlows.clear();
    m_windowFlowArrows.clear();
    m_profileCategories.clear();
    m_categoriesPending = m_service && summary() ? m_service->requestFlowCategories() : 0;
    relayout();
    requestData();
    update();
}

void TimelineView::setTimelineData(std::shared_ptr<const query::TimelineData> d) {
    m_scene.setData(std::move(d));
    update();
    Q_EMIT timelineDataChanged();
}

void TimelineView::setLayoutOptions(const LayoutOptions& o) {
    m_scene.setLayoutOptions(o);
    relayout();
    requestData();
    update();
}

void TimelineView::setShowWaits(bool on) {
    m_scene.setShowWaits(on);
    relayout(); // the legend names the waits' hatches only while they are drawn: its rows may change
    update();
}

void TimelineView::setAligned(bool on) {
    m_scene.setAligned(on);
    requestData();
    update();
}

void TimelineView::setTrackFilter(const QString& f) {
    LayoutOptions o = layoutOptions();
    o.filter = f;
    setLayoutOptions(o);
}

void TimelineView::setCollapsed(int rank, bool collapsed) {
    LayoutOptions o = layoutOptions();
    if (collapsed)
        o.collapsedRanks.insert(rank);
    else
        o.collapsedRanks.erase(rank);
    setLayoutOptions(o);
}

void TimelineView::toggleCollapsed(int rank) {
    setCollapsed(rank, !layoutOptions().collapsedRanks.count(rank));
}

void TimelineView::setExpanded(qint64 trackId, bool expanded) {
    LayoutOptions o = layoutOptions();
    if (expanded == (o.expandedTracks.count(trackId) > 0)) return;
    if (expanded)
        o.expandedTracks.insert(trackId);
    else
        o.expandedTracks.erase(trackId);
    setLayoutOptions(o);
}

void TimelineView::toggleExpanded(int64_t trackId) {
    setExpanded(trackId, !layoutOptions().expandedTracks.count(trackId));
}

void TimelineView::setKindVisible(const QString& kind, bool visible) {
    LayoutOptions o = layoutOptions();
    if (visible)
        o.hiddenKinds.erase(kind);
    else
        o.hiddenKinds.insert(kind);
    setLayoutOptions(o);
}

void TimelineView::setPinned(qint64 trackId, bool pinned) {
    LayoutOptions o = layoutOptions();
    o.pinned.erase(std::remove(o.pinned.begin(), o.pinned.end(), trackId), o.pinned.end());
    if (pinned) o.pinned.push_back(trackId);
    setLayoutOptions(o);
}

void TimelineView::setVisibleRanks(const std::set<int>& ranks) {
    LayoutOptions o = layoutOptions();
    o.onlyRanks = ranks;
    setLayoutOptions(o);
}

void TimelineView::setSearchHits(const std::vector<query::DrawItem>& spans,
                                 const std::vector<qint64>& trackIds) {
    m_scene.setHits(spans, std::vector<int64_t>(trackIds.begin(), trackIds.end()));
    // a hit below the rows its lane shows would be outlined nowhere: that lane shows all its levels
    for (size_t i = 0; i < spans.size() && i < trackIds.size(); ++i)
        if (const Lane* l = m_scene.layout().laneOf(trackIds[i]);
            l && !l->chart() && spans[i].depth >= l->rows)
            setExpanded(trackIds[i], true);
    update();
}

void TimelineView::setAnnotations(AnnotationModel* m) {
    m_annotations = m;
    m_input.setAnnotations(m);
    if (m) connect(m, &AnnotationModel::changed, this, qOverload<>(&QWidget::update));
    update();
}

void TimelineView::setAnnotationsShown(bool on) {
    m_scene.setAnnotationsShown(on);
    update();
}

void TimelineView::setExportMode(bool on) {
    m_exportMode = on;
    m_vbar->setVisible(!on);
    relayout();
    update();
}

Viewport TimelineView::viewport() const {
    Viewport vp;
    vp.width = width();
    vp.height = height();
    vp.scroll = m_vbar->value();
    vp.bar = m_exportMode ? 0 : m_vbar->sizeHint().width();
    vp.footer = m_footer;
    vp.noteStrip = m_noteStrip;
    return vp;
}

FrameInput TimelineView::frameInput() const {
    FrameInput in = m_scene.frame(viewport(), *m_state, m_annotations, palette(), font());
    in.exportMode = m_exportMode;
    in.notes = m_exportMode ? QString() : footerNotes();
    in.drag = m_input.overlay();
    return in;
}

QString TimelineView::footerNotes() const {
    // a short view keeps its lanes: the notes (ranks missing, another clock) take one line, not four
    const QString notes = m_scene.notes();
    if (notes.isEmpty() || height() >= kCompactFooterBelow) return notes;
    QString line = notes;
    line.replace('\n', QStringLiteral("  ·  "));
    return elideAtWord(line, QFontMetrics(fontFor(FontRole::Axis, font())), std::max(100, width() - 40));
}

QString TimelineView::compactFooterTip() const {
    // the legend's own labels, whole: the same entries as the footer's (the waits' only while drawn)
    const QString tip = tr("Colours: %1")
                            .arg(legendLabels({summary() && !summary()->unreadTails.empty(),
                                               m_scene.showWaits(), false, m_scene.flows() != nullptr})
                                     .join(" · "));
    return m_scene.notes().isEmpty() ? tip : tip + "\n\n" + m_scene.notes();
}

void TimelineView::relayout() {
    // the footer holds the legend and the notes, below the lanes (none in export mode: the caption has them)
    m_footer = m_exportMode || !summary()
                   ? 0
                   : footerHeight(footerNotes(), width(), font(),
                                  {!summary()->unreadTails.empty(), m_scene.showWaits(),
                                   height() < kCompactFooterBelow, m_scene.flows() != nullptr});
    // the frames decide the flow note's strip themselves (TimelineScene::frame); the scroll range follows
    m_noteStrip = m_scene.frame(viewport(), *m_state, nullptr, palette(), font()).viewport.noteStrip;
    const Viewport vp = viewport();
    const int visible = vp.lanesBottom() - vp.lanesTop();
    m_vbar->setRange(0, std::max(0, m_scene.layout().height() - visible + 8));
    m_vbar->setPageStep(visible);
}

query::TimelineWindow TimelineView::currentRequest() const {
    // only the lanes on screen (with a margin for small scrolls); scrolling asks again
    const int scroll = m_vbar->value();
    return m_scene.request(m_state->windowStart(), m_state->windowEnd(), int(viewport().plotWidth()),
                           scroll - 200, scroll + height() + 200);
}

void TimelineView::requestData() {
    if (!m_service || !summary()) return;
    m_pending = m_service->requestTimeline(currentRequest());
    if (m_windowFlows) requestFlows();
}

double TimelineView::xOf(qint64 ns) const {
    return frameInput().mapping().x(ns);
}

QRect TimelineView::rankBlock(int rank) const {
    const auto [top, bottom] = m_scene.layout().rankSpan(rank);
    if (top < 0) return {};
    const Viewport vp = viewport();
    return QRect(kGutter, vp.yOf(top), int(vp.plotWidth()), bottom - top);
}

QRect TimelineView::laneRect(qint64 trackId) const {
    const Lane* l = m_scene.layout().laneOf(trackId);
    if (!l) return {};
    const Viewport vp = viewport();
    return QRect(kGutter, vp.yOf(l->y), int(vp.plotWidth()), l->height);
}

void TimelineView::scrollToTrack(qint64 trackId) {
    if (!summary()) return;
    for (const auto& t : summary()->tracks)
        if (t.trackId == trackId && layoutOptions().collapsedRanks.count(t.rank)) setCollapsed(t.rank, false);
    const Lane* l = m_scene.layout().laneOf(trackId);
    if (!l) return;
    const Viewport vp = viewport();
    const int visible = vp.lanesBottom() - vp.lanesTop();
    if (l->y < vp.scroll || l->y + l->height > vp.scroll + visible) {
        // the rank's name above the lane when both fit, else the lane a third down
        const int top = l->pinned ? l->y : m_scene.layout().rankSpan(l->rank).first;
        m_vbar->setValue(l->y + l->height - top <= visible ? top : std::max(0, l->y - visible / 3));
    }
    update();
}

int TimelineView::scrollOffset() const {
    return m_vbar->value();
}

void TimelineView::setScrollOffset(int y) {
    m_vbar->setValue(y);
}

void TimelineView::resizeEvent(QResizeEvent*) {
    applyGeometry();
}

void TimelineView::applyGeometry() {
    m_vbar->setVisible(!m_exportMode);
    relayout();
    const Viewport vp = viewport();
    m_vbar->setGeometry(width() - m_vbar->sizeHint().width(), vp.lanesTop(), m_vbar->sizeHint().width(),
                        vp.lanesBottom() - vp.lanesTop());
    requestData();
}

void TimelineView::paintEvent(QPaintEvent*) {
    QPainter p(this);
    m_frame = m_builder.build(frameInput());
    paintDrawList(p, m_frame, font());
    QStringList unlabelled; // their texts, as the export's caption names them
    for (const QString& id : m_frame.unlabelled) {
        const annotate::Annotation* a = m_annotations ? m_annotations->find(id) : nullptr;
        unlabelled << (a ? "\u201C" + QString::fromStdString(a->text) + "\u201D" : id);
    }
    if (unlabelled != m_unlabelled) {
        m_unlabelled = unlabelled;
        Q_EMIT unlabelledChanged(m_unlabelled);
    }
}

QString TimelineView::calloutAt(QPoint pos) const {
    return views::calloutAt(m_frame, pos);
}

QString TimelineView::stepNameTooltip(const FrameInput& in, QPoint pos) const {
    for (const auto& [rect, step] : m_frame.stepNames)
        if (rect.contains(pos)) return FrameBuilder::stepTooltip(in, step);
    return {};
}

void TimelineView::hideStaleTooltip() {
    if (m_tipShown && QToolTip::isVisible()) QToolTip::hideText();
    m_tipShown = false;
}

bool TimelineView::event(QEvent* e) {
    if (e->type() == QEvent::Leave) m_input.leave();
    if (e->type() != QEvent::ToolTip) return QWidget::event(e);
    auto* he = static_cast<QHelpEvent*>(e);
    m_tipShown = true; // each branch below shows a tip, or hides one (then the flag is harmless)
    if (const QString id = calloutAt(he->pos()); !id.isEmpty() && m_annotations)
        if (const auto* a = m_annotations->find(id)) {
            QToolTip::showText(he->globalPos(), annotationTooltip(*a, m_state->boundsStart()), this);
            return true;
        }
    const FrameInput in = frameInput();
    if (he->pos().y() >= viewport().footerTop() && height() < kCompactFooterBelow) { // cut short
        QToolTip::showText(he->globalPos(), compactFooterTip(), this);
        return true;
    }
    QString tip = flowTooltipAt(m_frame, he->pos());
    if (tip.isEmpty()) tip = stepNameTooltip(in, he->pos());
    if (tip.isEmpty()) tip = tooltipFor(in, hitTest(in, he->pos()));
    if (tip.isEmpty())
        QToolTip::hideText();
    else
        QToolTip::showText(he->globalPos(), tip, this);
    return true;
}

void TimelineView::contextMenuEvent(QContextMenuEvent* e) {
    if (const QString id = calloutAt(e->pos()); !id.isEmpty() && m_annotations) {
        QMenu menu(this);
        menu.addAction(tr("Edit the text…"), this, [this, id] { Q_EMIT annotationEditRequested(id); });
        menu.addAction(tr("Delete the annotation"), this, [this, id] { m_annotations->remove(id); });
        if (const auto* a = m_annotations->find(id);
            a && (a->kind == annotate::Kind::Box || a->kind == annotate::Kind::Range)) {
            // its figures over exactly its lanes: the area statistics follow the marked area
            QString why;
            const auto area = TimelineInput::areaOf(frameInput(), *a, why);
            QAction* stats = menu.addAction(
                tr("Area statistics of this %1").arg(QString::fromStdString(annotate::kindName(a->kind))),
                this, [this, area] { m_state->setArea(*area); });
            stats->setEnabled(area.has_value());
            if (!area) stats->setToolTip(why);
        }
        menu.exec(e->globalPos());
        return;
    }
    const Lane* hit = m_scene.layout().laneAtY(viewport().contentY(e->pos().y()));
    if (!hit) return;
    const Lane l = *hit;
    QMenu menu(this);
    if (m_annotations && e->pos().x() >= kGutter && l.rank >= 0) {
        const QPoint at = e->pos();
        menu.addAction(tr("Add a note here…"), this, [this, at] {
            if (auto a = TimelineInput::draftFrom(frameInput(), AnnotationModel::Tool::Note, at, at))
                Q_EMIT annotationDrafted(*a);
        });
        if (l.header) {
            menu.exec(e->globalPos());
            return;
        }
        menu.addSeparator();
    }
    if (l.header) return;
    menu.addAction(l.pinned ? tr("Unpin \"%1\"").arg(l.label) : tr("Pin \"%1\" to the top").arg(l.label),
                   this, [this, l] { setPinned(l.trackId, !l.pinned); });
    const bool collapsed = layoutOptions().collapsedRanks.count(l.rank) > 0;
    const int shown = summary() ? summary()->shownRank(l.rank) : l.rank;
    menu.addAction(collapsed ? tr("Expand rank %1").arg(shown) : tr("Collapse rank %1").arg(shown), this,
                   [this, l, collapsed] { setCollapsed(l.rank, !collapsed); });
    menu.exec(e->globalPos());
}

void TimelineView::wheelEvent(QWheelEvent* e) {
    // zoomed with the wheel, the timeline is the view looked at: its keys, and Ctrl+E proposes it (the wheel
    // gave it no focus, and Ctrl+E proposed the raised heatmap tab)
    setFocus(Qt::MouseFocusReason);
    OwnInput own(m_ownInput);
    m_input.wheel(e->position(), e->angleDelta().y(), e->modifiers());
    e->accept();
}

void TimelineView::mousePressEvent(QMouseEvent* e) {
    setFocus();
    OwnInput own(m_ownInput);
    m_input.press(e->pos(), e->button(), e->modifiers());
}

void TimelineView::mouseMoveEvent(QMouseEvent* e) {
    OwnInput own(m_ownInput);
    m_input.move(e->pos());
}

void TimelineView::mouseReleaseEvent(QMouseEvent* e) {
    OwnInput own(m_ownInput);
    m_input.release(e->pos());
}

void TimelineView::mouseDoubleClickEvent(QMouseEvent* e) {
    OwnInput own(m_ownInput);
    m_input.doubleClick(e->pos());
}

void TimelineView::keyPressEvent(QKeyEvent* e) {
    OwnInput own(m_ownInput);
    if (!m_input.key(e->key(), e->modifiers(), e->matches(QKeySequence::Back),
                     e->matches(QKeySequence::Forward)))
        QWidget::keyPressEvent(e);
}

} // namespace rs::views
