#include "views/timeline/timelinescene.h"

#include "views/annotate/annotationmodel.h"

#include <QGuiApplication>
#include <algorithm>

namespace rs::views {

void TimelineScene::setSummary(std::shared_ptr<const query::ProfileSummary> s) {
    m_summary = std::move(s);
    auto waits = std::make_shared<WaitIndex>();
    if (m_summary) waits->build(m_summary->waits); // points into the summary, which the frames hold too
    m_waits = std::move(waits);
    m_data.reset();
    m_hits.reset();
    m_flows.reset();
    setLayoutOptions(m_options);
}

void TimelineScene::setLayoutOptions(const LayoutOptions& o) {
    m_options = o;
    m_layout = std::make_shared<const TimelineLayout>(m_summary ? layoutLanes(*m_summary, m_options)
                                                                : std::vector<Lane>{});
}

void TimelineScene::setData(std::shared_ptr<const query::TimelineData> d) {
    m_data = d ? std::make_shared<const IndexedData>(std::move(d)) : nullptr;
}

void TimelineScene::setHits(const std::vector<query::DrawItem>& items, const std::vector<int64_t>& trackIds) {
    m_hits = items.empty() ? nullptr : std::make_shared<const HitList>(items, trackIds);
}

query::TimelineWindow TimelineScene::request(int64_t t0, int64_t t1, int widthPx, int top, int bottom) const {
    query::TimelineWindow w;
    w.t0 = t0;
    w.t1 = t1;
    w.widthPx = std::max(1, widthPx);
    if (m_aligned && m_summary) { // aligned lanes show each rank shifted: ask for the union of their windows
        int64_t most = 0;
        for (const auto& [r, off] : m_summary->clockOffsetNs)
            most = std::max<int64_t>(most, std::llabs(off));
        w.t0 -= most;
        w.t1 += most;
    }
    for (const auto& l : m_layout->lanes())
        if (!l.header && l.y + l.height >= top && l.y <= bottom) w.trackIds.push_back(l.trackId);
    return w;
}

query::FlowWindow TimelineScene::flowRequest(int64_t t0, int64_t t1, int top, int bottom,
                                             const std::vector<std::string>& categories) const {
    const query::TimelineWindow w = request(t0, t1, 1, top, bottom);
    query::FlowWindow f;
    f.t0 = w.t0;
    f.t1 = w.t1;
    f.trackIds = w.trackIds;
    f.categories = categories;
    return f;
}

QString TimelineScene::notes() const {
    QStringList lines;
    if (m_summary)
        for (const auto& n : m_summary->notes)
            lines << QString::fromStdString(n);
    return lines.join("\n");
}

FrameInput TimelineScene::frame(const Viewport& vp, const InteractionState& state,
                                const AnnotationModel* annotations, const QPalette& palette,
                                const QFont& font) const {
    FrameInput in;
    in.summary = m_summary;
    in.waits = m_waits;
    in.layout = m_layout;
    in.data = m_data;
    in.hits = m_hits;
    // the selected span's arrows only while it is the one selected (its new answer may be on its way)
    if (m_flows && m_flows->spanId &&
        (state.selection().kind != Selection::Kind::Span || state.selection().spanId != m_flows->spanId)) {
        auto rest = std::make_shared<FlowOverlay>(*m_flows);
        rest->arrows.erase(rest->arrows.begin(), rest->arrows.begin() + std::ptrdiff_t(rest->spanArrows));
        rest->spanArrows = 0;
        rest->spanId = 0;
        in.flows = std::move(rest);
    } else {
        in.flows = m_flows;
    }
    in.options = m_options;
    in.viewport = vp;
    in.t0 = state.windowStart();
    in.t1 = state.windowEnd();
    in.boundsStart = state.boundsStart();
    in.selection = state.selection();
    in.area = state.area();
    in.showWaits = m_showWaits;
    in.aligned = m_aligned;
    in.notes = notes();
    in.palette = FramePalette::from(palette);
    in.font = font;
    if (annotations && m_annotationsShown && annotations->visible() && m_summary)
        for (const auto& a : annotations->items())
            if (a.anchor.view == annotate::Surface::Timeline && a.anchor.run == m_summary->run &&
                !annotations->detached(a))
                in.annotations.push_back(a);
    // the note on the window's arrows has a strip of its own under the lanes, only while there is one
    in.viewport.noteStrip = FrameBuilder::flowNoteStrip(in);
    return in;
}

FrameInput TimelineScene::picture(int width, int height, const InteractionState& state,
                                  const AnnotationModel* annotations) const {
    // the lanes keep the height asked; the flow note's strip, when the frame has the note, is added under
    // them (a strip taken from it cut the last lane)
    const int strip = FrameBuilder::noteStripHeight(QGuiApplication::font());
    Viewport vp;
    vp.width = width;
    vp.height = (height > 0 ? height : fullHeight()) + strip;
    FrameInput in = frame(vp, state, annotations, QGuiApplication::palette(), QGuiApplication::font());
    if (in.viewport.noteStrip == 0) in.viewport.height -= strip;
    in.exportMode = true;
    in.notes.clear();
    return in;
}

} // namespace rs::views
