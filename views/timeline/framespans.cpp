// The frame builder's lanes: rank headers, lane separators, the spans of the window batched by colour with
// their labels, the counter and memory area charts, and the outlines of the search hits and the selected
// span (drawn after the waits, so a wait's fill never hides them). Any thread (see framebuilder.h).
#include "core/model/lod.h"
#include "core/model/timetext.h"
#include "core/query/namekinds.h"
#include "core/query/timelinequery.h"
#include "views/common/heldvalue.h"
#include "views/common/kernellabel.h"
#include "views/common/palette.h"
#include "views/timeline/framebuilder.h"

#include <QCoreApplication>
#include <QFontMetricsF>
#include <algorithm>
#include <cmath>

namespace rs::views {

void FrameBuilder::addLanes(const FrameInput& in, DrawList& out) {
    m_labels.clear();
    m_selected.clear();
    for (auto& [c, rects] : m_batches)
        rects.clear();
    const Viewport& vp = in.viewport;
    auto [from, to] = visibleLanes(in);
    for (size_t i = from; i < to; ++i) {
        const Lane& l = in.layout->lanes()[i];
        const double y = vp.yOf(l.y);
        if (l.header) {
            out.add(FillRect{QRectF(Viewport::kGutter, y, vp.plotWidth(), l.height), in.palette.window});
            if (!l.pinned && in.options.collapsedRanks.count(l.rank)) addStepHeat(in, l, y, out);
            continue;
        }
        out.add(Line{QPointF(Viewport::kGutter, y + l.height - 0.5),
                     QPointF(vp.plotRight(), y + l.height - 0.5), in.palette.midlight});
        if (l.chart()) {
            addChart(in, l, y, out);
            addOutsideSamples(in, l, y);
        } else {
            addUnreadTails(in, l, y, out); // under the spans: another file's spans there stay readable
            addSpans(in, l, y);
            markUnsummarisedRows(in, l, y);
        }
    }
    // in a fixed colour order: overlapping spans drawn in another order would make the same view another
    // picture (exports, saved views)
    std::vector<QRgb> colours;
    for (const auto& [c, rects] : m_batches)
        if (!rects.empty()) colours.push_back(c);
    std::sort(colours.begin(), colours.end());
    for (QRgb c : colours) {
        out.spanRects += m_batches[c].size();
        out.add(RectBatch{c, m_batches[c]});
    }
    addUnsummarised(in, out);
}

void FrameBuilder::markUnsummarisedRows(const FrameInput& in, const Lane& l, double y) {
    // A zoomed-out frame draws LOD buckets, which summarise the first kLodDepths levels: the deeper rows of
    // an expanded lane are unknown there, not empty. They can only hold spans nested under the last
    // summarised level, so that level's extent is hatched below it.
    if (!in.data || in.data->data().lodLevel < 0 || l.rows <= model::kLodDepths) return;
    const query::TrackDraw* track = in.data->track(l.trackId);
    if (!track) return;
    const TimeMapping lm = in.rankMapping(l.rank);
    const double left = Viewport::kGutter, right = in.viewport.plotRight();
    const double rowH = double(l.height - 3) / l.rows, top = y + 1 + model::kLodDepths * rowH;
    const double height = (l.rows - model::kLodDepths) * rowH - 1;
    std::vector<std::pair<double, double>> spans;
    for (const auto& item : track->items)
        if (item.depth == model::kLodDepths - 1)
            spans.push_back({std::max(lm.x(item.startNs), left), std::min(lm.x(item.endNs), right)});
    std::sort(spans.begin(), spans.end());
    for (size_t i = 0; i < spans.size();) {
        auto [x0, x1] = spans[i];
        for (++i; i < spans.size() && spans[i].first <= x1 + 2; ++i)
            x1 = std::max(x1, spans[i].second);
        if (x1 > x0) m_unsummarised.push_back(QRectF(x0, top, std::max(1.0, x1 - x0), height));
    }
}

void FrameBuilder::addUnsummarised(const FrameInput& in, DrawList& out) {
    if (m_unsummarised.empty()) return;
    const QRectF* widest = &m_unsummarised.front();
    for (const QRectF& r : m_unsummarised) {
        out.add(FillRect{r, in.palette.placeholder, Hatch::BDiag});
        if (r.width() > widest->width()) widest = &r;
    }
    const QString under =
        QString::fromStdString(model::formatDuration(query::rawSpanWindowNs(int(in.viewport.plotWidth()))));
    if (widest->width() > 220)
        m_labels.push_back(
            {widest->adjusted(4, 0, -4, 0),
             QCoreApplication::translate("FrameBuilder", "deeper levels: zoom in to a window under %1")
                 .arg(under),
             in.palette.windowText});
    m_unsummarised.clear();
}

void FrameBuilder::addLabels(DrawList& out) {
    // over the waits: a collective's name stays readable on its hatched lane
    for (auto& lb : m_labels) {
        if (lb.plate) out.add(FillRect{lb.rect, lb.plate});
        out.add(Text{lb.rect, std::move(lb.text), lb.color, FontRole::Small, lb.flags, true});
    }
    m_labels.clear();
}

void FrameBuilder::addSpans(const FrameInput& in, const Lane& l, double y) {
    const query::TrackDraw* track = in.data ? in.data->track(l.trackId) : nullptr;
    if (!track) return;
    const auto& s = *in.summary;
    const TimeMapping lm = in.rankMapping(l.rank); // raw or clock-aligned time of this rank
    const double left = Viewport::kGutter, right = in.viewport.plotRight();
    const bool laneComm = l.laneKind == LaneKind::Communication;
    const QFontMetrics labelFm(fontFor(FontRole::Small, in.font)); // the labels' (addLabels)
    const Selection& sel = in.selection;
    const bool dimByType = sel.kind == Selection::Kind::OpType;
    static const std::vector<int32_t> kNone;
    const std::vector<int32_t>& selTypes = dimByType ? selectedOpTypes(in) : kNone;
    const bool dimRank = dimByType && sel.rank >= 0 && sel.rank != l.rank;
    const double rowH = double(l.height - 3) / l.rows;
    // per row: an expanded lane shows up to LayoutOptions::expandedMaxRows rows, and rows 8 and deeper
    // shared row 7's slot: a span there of row 7's colour widened row 7's rect and was not drawn (walk 57)
    const size_t rows = size_t(std::max(l.rows, 1));
    std::vector<double> lastX1(rows, -1e9);
    // per row, the last rect batched and its colour: a span of the same colour that touches it widens it
    // (zoomed out, runs of buckets of one op type become one rect each)
    struct Open {
        std::vector<QRectF>* batch = nullptr; // unordered_map nodes stay put; their vectors' items may move
        size_t index = 0;
        QRgb color = 0;
    };
    std::vector<Open> open(rows);
    auto isComm = [&](int32_t id) {
        return id >= 0 && size_t(id) < s.communication.size() && s.communication[size_t(id)];
    };
    auto isRuntime = [&](int32_t id) {
        return id > 0 && size_t(id) < s.runtimeTask.size() && s.runtimeTask[size_t(id)]; // 0: no op type
    };
    const QRgb runtimeInk = runtimeTaskColor().rgba();
    for (const auto& item : track->items) {
        if (item.depth < 0 || item.depth >= l.rows) continue;
        double x0 = std::max(lm.x(item.startNs), left - 2);
        double x1 = std::min(lm.x(item.endNs), right + 2);
        if (x1 < left || x0 >= right) continue; // one starting at the window's end is after it
        // Edges on whole pixels, as the PNG (painted without antialiasing) fills them: an SVG viewer
        // antialiases a fractional edge, and a dense lane of 1 px spans at fractional x read pale and striped
        // there while the PNG showed solid blocks (walk 52, ns_resolution_trace's Stream 7).
        x0 = std::round(x0), x1 = std::round(x1);
        // sub-pixel spans that land in an already painted pixel add nothing
        double& last = lastX1[size_t(item.depth)];
        if (x1 - x0 < 1 && x0 < last) continue;
        // a sub-pixel span is one pixel wide, inside the plot: one ending at the window's end (the run's
        // last span at Fit) widened past the edge and was clipped away
        if (x1 - x0 < 1) x0 = std::min(x0, std::round(right) - 1), x1 = x0 + 1;
        last = x1;
        // colour by what the span is: a collective is communication on any lane (a Kineto NCCL kernel on a
        // compute stream was drawn in a compute green while the legend said communication is purple)
        const int32_t type = query::opTypeIdOf(s, item);
        // a runtime task is grey on every lane: an HCCL plane's Notify_Wait is the plane waiting, not moving
        // data (the demo's stall drew planes 1-3's 100 ms waits as transfers beside plane 0's hatched one)
        const bool runtime = !isComm(item.nameId) && (isRuntime(item.nameId) || isRuntime(type));
        const bool comm = laneComm || isComm(item.nameId) || isComm(type);
        QRgb c = runtime ? runtimeInk : colorOf(type, comm);
        if (dimByType && (dimRank || std::find(selTypes.begin(), selTypes.end(), type) == selTypes.end()))
            c = qRgba(qRed(c), qGreen(c), qBlue(c), 45);
        const QRectF r(x0, y + 1 + item.depth * rowH, x1 - x0, rowH - 1);
        Open& o = open[size_t(item.depth)];
        if (o.batch && o.color == c && x0 <= (*o.batch)[o.index].right()) {
            QRectF& widened = (*o.batch)[o.index];
            widened.setRight(std::max(widened.right(), x1));
        } else {
            auto& batch = m_batches[c];
            batch.push_back(r);
            o = {&batch, batch.size() - 1, c};
        }
        if (item.spanId && ((sel.kind == Selection::Kind::Span && item.spanId == sel.spanId) ||
                            (sel.kind == Selection::Kind::CommLink && // a link's collectives (sorted ids)
                             std::binary_search(sel.spans.begin(), sel.spans.end(), item.spanId))))
            m_selected.push_back(r);
        // zoomed out, the selected span is a bucket of one without an id: the same lane (when known), rank
        // and extent
        else if (!item.spanId && item.count == 1 && sel.kind == Selection::Kind::Span && sel.rank == l.rank &&
                 (sel.trackId == 0 || sel.trackId == l.trackId) && item.startNs == sel.startNs &&
                 item.endNs == sel.endNs)
            m_selected.push_back(r);
        // likewise a link's collective: by its lane, row and extent, alone in its bucket or merged with
        // neighbours (the bucket is outlined: the collective is in it)
        else if (!item.spanId && sel.kind == Selection::Kind::CommLink &&
                 sel.linkCollectiveIn(l.trackId, item.depth, item.startNs, item.endNs))
            m_selected.push_back(r);
        const QRectF named = nameRect(in, lm, item, r);
        if (named.width() > 32 && item.nameId >= 0 && size_t(item.nameId) < s.strings.size()) {
            QString name = QString::fromStdString(s.strings[size_t(item.nameId)]);
            const int slash = name.lastIndexOf('/');
            if (slash >= 0) name = name.mid(slash + 1);
            // a C++ kernel signature by its function's name: cut at its end, each read "void at::nat…"
            if (isKernelSignature(name)) name = shortKernelLabel(name, labelFm, int(named.width()));
            // a dimmed span's label in the placeholder grey: the text colour of its full colour vanished on
            // it
            const QRgb text = qAlpha(c) < 255 ? in.palette.placeholder : textOn(QColor::fromRgba(c)).rgba();
            m_labels.push_back({named, name, text}); // elided to the rect when longer (Text::elide)
        }
    }
}

QRectF FrameBuilder::nameRect(const FrameInput& in, const TimeMapping& lm, const query::DrawItem& item,
                              const QRectF& r) {
    // A span, or a level-of-detail bucket of one span (zoomed out, a 58 ms kernel is such a bucket, without
    // a span id: it was drawn unnamed at any window over ~64 ms), is named over its whole rect.
    const QRectF whole = r.adjusted(2, 0, -2, 0);
    const int level = in.data ? in.data->data().lodLevel : -1;
    if (item.spanId || item.count == 1 || level < 0) return whole;
    // A merged bucket carries its longest span's name. That span starts within the bucket's first width and
    // is at least as long as the one reaching the bucket's end, so it certainly covers the extent less one
    // bucket width at each end: the name goes there, never over spans it does not name.
    const int64_t width = model::lodWidthNs(level);
    if (item.endNs - item.startNs <= 2 * width) return {};
    const double x0 = std::max(lm.x(item.startNs + width), whole.left());
    const double x1 = std::min(lm.x(item.endNs - width), whole.right());
    return x1 > x0 ? QRectF(x0, r.top(), x1 - x0, r.height()) : QRectF();
}

void FrameBuilder::addChart(const FrameInput& in, const Lane& l, double y, DrawList& out) {
    const query::CounterSeries* cs = in.data ? in.data->counter(l.trackId) : nullptr;
    if (!cs || cs->points.empty() || cs->maxValue <= 0) return;
    const TimeMapping tm = in.rankMapping(l.rank);
    const double left = Viewport::kGutter, right = in.viewport.plotRight();
    const double top = y + 3, bottom = y + l.height - 2, h = bottom - top;
    QPolygonF area;
    area.reserve(int(cs->points.size()) * 2 + 4);
    area << QPointF(tm.x(cs->points.front().first), bottom);
    double prevY = bottom;
    for (const auto& [ts, v] : cs->points) {
        const double x = std::clamp(tm.x(ts), left, right);
        const double yy = bottom - h * v / cs->maxValue;
        area << QPointF(x, prevY) << QPointF(x, yy); // a step: the value holds until the next sample
        prevY = yy;
    }
    // the value holds until the run's end, never past it; past a memory lane's last sample it is held, not
    // measured: drawn lighter, as the Memory panel dashes it (heldvalue.h, the rule both follow)
    const double endX = in.summary ? std::clamp(tm.x(in.summary->endNs), left, right) : right;
    const HeldTail held =
        cs->lastSampleNs && in.summary ? heldTail(*cs->lastSampleNs, in.summary->endNs) : HeldTail{};
    const double heldX = held.valid() ? std::clamp(tm.x(held.fromNs), left, endX) : endX;
    area << QPointF(heldX, prevY) << QPointF(heldX, bottom);
    const QColor col = l.laneKind == LaneKind::Memory ? QColor(214, 96, 77) : QColor(90, 140, 190);
    QColor fill = col;
    fill.setAlpha(110);
    out.add(Area{std::move(area), col.rgba(), fill.rgba()});
    if (heldX < endX) {
        QPolygonF tail;
        tail << QPointF(heldX, bottom) << QPointF(heldX, prevY) << QPointF(endX, prevY)
             << QPointF(endX, bottom);
        QColor pen = col, light = col;
        pen.setAlpha(110);
        light.setAlpha(kHeldFillAlpha);
        out.add(Area{std::move(tail), pen.rgba(), light.rgba()});
    }
    // a lane named in percent says so on its scale too: its importers keep percent (walk 24: the text
    // export's fractions under "Hit Rate(%)" are ×100, core/import/fractionpercent.h)
    const QString maxText = cs->bytes                 ? formatBytes(int64_t(cs->maxValue))
                            : l.label.contains("(%)") ? formatCounterValue(cs->maxValue) + " %"
                                                      : formatCounterValue(cs->maxValue);
    // the lane's scale: the highest sample of this window, not the run's peak (the memory map and the
    // report give that), so the label says so. A label of the frame's (drawn over the waits' dashed links,
    // which ran through it) on a plate of the lane's background, in the text colour: grey text on the red
    // area under the links could not be read (walk 21)
    const QString scale = QCoreApplication::translate("TimelineView", "in view ≤ %1").arg(maxText);
    const QFontMetricsF fm(fontFor(FontRole::Small, in.font));
    const double w = std::min(fm.horizontalAdvance(scale) + 6, right - left);
    QColor plate = QColor::fromRgba(in.palette.base);
    plate.setAlpha(215);
    // 4 px off the plot's right edge and the text centred on its plate (3 px each side): flush right, it
    // touched the lanes' scroll bar (r43c)
    m_labels.push_back({QRectF(right - w - 4, y + 1, w, std::min(fm.height() + 1, double(l.height) - 2)),
                        scale, in.palette.windowText, plate.rgba(), Qt::AlignHCenter | Qt::AlignVCenter});
}

void FrameBuilder::addOutlines(const FrameInput& in, DrawList& out) const {
    // the search hits (or a heatmap cell's kernels) from the hit list by lane and window, at any zoom: a
    // zoomed-out frame's level-of-detail buckets carry no span id to match (a picked NCCL kernel was zoomed
    // to but not outlined)
    if (in.hits && !in.hits->empty()) {
        auto [from, to] = visibleLanes(in);
        for (size_t i = from; i < to; ++i) {
            const Lane& l = in.layout->lanes()[i];
            if (!l.header && !l.chart()) addHitOutlines(in, l, out);
        }
    }
    // a 2 px dark ring 1-3 px outside the span, inside a light band from 5 px outside to 1 px inside: the
    // ring reads on light spans and lanes, the band on dark ones (walk 23 #3: a 2.5 px ring in the
    // highlight colour was barely seen on a blue kernel)
    for (const QRectF& r : m_selected) {
        const QRectF ring = r.adjusted(-2, -2, 2, 2);
        out.add(StrokeRect{ring, selectionHaloColor().rgba(), 6});
        out.add(StrokeRect{ring, selectionRingColor().rgba(), 2});
    }
}

void FrameBuilder::addHitOutlines(const FrameInput& in, const Lane& l, DrawList& out) const {
    const double left = Viewport::kGutter, right = in.viewport.plotRight();
    const TimeMapping lm = in.rankMapping(l.rank);
    const double y = in.viewport.yOf(l.y), rowH = double(l.height - 3) / l.rows;
    // hits that touch in pixel space are outlined together, per row: zoomed out, thousands of hits would
    // each stroke the same few pixels (most of a frame's time)
    std::vector<std::pair<double, double>> open(size_t(l.rows), {0, -1});
    auto flush = [&](int depth) {
        auto& [x0, x1] = open[size_t(depth)];
        if (x1 < x0) return;
        const QRectF r(x0, y + 1 + depth * rowH, x1 - x0, rowH - 1);
        out.add(StrokeRect{r.adjusted(-1, -1, 1, 1), qRgb(255, 200, 0), 2});
        x1 = x0 - 1;
    };
    in.hits->forEach(l.trackId, lm.t(left) - 1, lm.t(right) + 1, [&](const query::DrawItem& d) {
        if (d.depth < 0 || d.depth >= l.rows) return;
        const double x0 = std::max(lm.x(d.startNs), left - 2);
        const double x1 = std::max(std::min(lm.x(d.endNs), right + 2), x0 + 1);
        auto& run = open[size_t(d.depth)];
        if (run.second >= run.first && x0 <= run.second + 1) {
            run.second = std::max(run.second, x1);
            return;
        }
        flush(d.depth);
        run = {x0, x1};
    });
    for (int depth = 0; depth < l.rows; ++depth)
        flush(depth);
}

} // namespace rs::views
