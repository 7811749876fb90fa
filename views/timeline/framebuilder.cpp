// The frame builder's frame: its order (steps, lanes, waits, labels, outlines, annotations, the drag in the
// clipped plot; then the gutter, the ruler and the footer), the step bands, the gutter, the ruler and the
// footer. The lanes' spans and charts are in framespans.cpp, the waits in framewaits.cpp, the annotations
// and the drag in frameannotations.cpp. Any thread (see framebuilder.h).
#include "views/timeline/framebuilder.h"

#include "core/query/namekinds.h"
#include "views/common/palette.h"
#include "views/common/plural.h"
#include "views/timeline/timelinelegend.h"

#include <QCoreApplication>
#include <QFontMetricsF>
#include <algorithm>
#include <set>

namespace rs::views {

namespace {
QString tr(const char* s) {
    return QCoreApplication::translate("TimelineView", s);
}
} // namespace

FramePalette FramePalette::from(const QPalette& p) {
    return {p.color(QPalette::Base).rgba(),
            p.color(QPalette::AlternateBase).rgba(),
            p.color(QPalette::Window).rgba(),
            p.color(QPalette::Midlight).rgba(),
            p.color(QPalette::Mid).rgba(),
            p.color(QPalette::WindowText).rgba(),
            p.color(QPalette::PlaceholderText).rgba(),
            p.color(QPalette::Highlight).rgba()};
}

QRgb FramePalette::stepBand() const {
    return alternateBase == base ? QColor::fromRgba(base).darker(106).rgba() : alternateBase;
}

IndexedData::IndexedData(std::shared_ptr<const query::TimelineData> d) : m_data(std::move(d)) {
    for (const auto& t : m_data->tracks) {
        Track& info = m_tracks[t.trackId] = {&t, 0, true};
        for (size_t i = 0; i < t.items.size(); ++i) {
            info.longestNs = std::max(info.longestNs, t.items[i].endNs - t.items[i].startNs);
            if (i && t.items[i].startNs < t.items[i - 1].startNs) info.sorted = false;
        }
    }
    for (const auto& c : m_data->counters)
        m_counters[c.trackId] = &c;
}

const query::TrackDraw* IndexedData::track(int64_t id) const {
    auto it = m_tracks.find(id);
    return it == m_tracks.end() ? nullptr : it->second.draw;
}

const query::CounterSeries* IndexedData::counter(int64_t id) const {
    auto it = m_counters.find(id);
    return it == m_counters.end() ? nullptr : it->second;
}

int64_t IndexedData::longestNs(int64_t id) const {
    auto it = m_tracks.find(id);
    return it == m_tracks.end() ? 0 : it->second.longestNs;
}

bool IndexedData::sorted(int64_t id) const {
    auto it = m_tracks.find(id);
    return it == m_tracks.end() || it->second.sorted;
}

TimeMapping FrameInput::mapping() const {
    TimeMapping tm;
    tm.t0 = t0;
    tm.t1 = std::max(t1, t0 + 1);
    tm.x0 = Viewport::kGutter;
    tm.width = viewport.plotWidth();
    return tm;
}

TimeMapping FrameInput::rankMapping(int rank) const {
    TimeMapping tm = mapping();
    if (!aligned || !summary) return tm;
    auto it = summary->clockOffsetNs.find(rank);
    if (it == summary->clockOffsetNs.end() || it->second == 0) return tm;
    tm.t0 += it->second; // a rank whose clock runs ahead by `off` shows its events `off` earlier
    tm.t1 += it->second;
    return tm;
}

QRectF FrameInput::rankBlock(int rank) const {
    if (!layout) return {};
    auto [top, bottom] = layout->rankSpan(rank);
    if (top < 0) return {};
    return QRectF(Viewport::kGutter, viewport.yOf(top), viewport.plotWidth(), bottom - top);
}

QRectF FrameInput::ranksExtent(const std::vector<int>& ranks) const {
    if (!layout) return {};
    if (ranks.empty()) {
        auto [top, bottom] = layout->ranksSpan();
        if (top < 0) return {};
        return QRectF(Viewport::kGutter, viewport.yOf(top), viewport.plotWidth(), bottom - top);
    }
    QRectF all;
    for (int r : ranks)
        if (QRectF b = rankBlock(r); !b.isNull()) all = all.isNull() ? b : all.united(b);
    return all;
}

std::string FrameInput::laneName(const Lane& l) const {
    if (l.pinned && summary)
        for (const auto& t : summary->tracks)
            if (t.trackId == l.trackId) return t.name;
    return l.label.toStdString();
}

std::vector<QRectF> FrameInput::laneRects(const std::vector<int>& ranks,
                                          const std::vector<annotate::LaneRef>& refs) const {
    using annotate::LaneRef;
    if (!layout) return {};
    if (refs.empty() || (refs.size() == 1 && refs.front().label.empty())) {
        const bool own = !refs.empty() && refs.front().rank != LaneRef::kAnyRank;
        const QRectF r = ranksExtent(own ? std::vector<int>{refs.front().rank} : ranks);
        return r.isNull() ? std::vector<QRectF>{} : std::vector<QRectF>{r};
    }
    const auto& lanes = layout->lanes();
    std::set<size_t> rows; // indexes into lanes, in display order
    std::set<int> wanted, hit;
    auto mark = [&](int rank, const std::string& label) {
        wanted.insert(rank);
        for (size_t i : layout->lanesOfRank(rank))
            if (!lanes[i].header && laneName(lanes[i]) == label) rows.insert(i), hit.insert(rank);
    };
    const std::vector<int>& each = ranks.empty() && summary ? summary->ranks : ranks;
    for (const LaneRef& l : refs) {
        if (l.rank != LaneRef::kAnyRank)
            mark(l.rank, l.label);
        else
            for (int r : each)
                mark(r, l.label);
    }
    for (int r : wanted) // its lanes are not laid out: its header row
        if (!hit.count(r))
            for (size_t i : layout->lanesOfRank(r))
                if (lanes[i].header) rows.insert(i);
    std::vector<QRectF> out;
    for (auto it = rows.begin(); it != rows.end();) {
        size_t last = *it;
        auto next = std::next(it);
        // the run goes on over adjacent rows and over one rank header between two of its rows
        while (next != rows.end() && (*next == last + 1 || (*next == last + 2 && lanes[last + 1].header)))
            last = *next++;
        const int top = lanes[*it].y, bottom = lanes[last].y + lanes[last].height;
        out.emplace_back(Viewport::kGutter, viewport.yOf(top), viewport.plotWidth(), bottom - top);
        it = next;
    }
    return out;
}

DrawList FrameBuilder::build(const FrameInput& in) {
    DrawList out;
    const Viewport& vp = in.viewport;
    out.size = QSize(vp.width, vp.height);
    out.background = in.palette.base;
    if (!in.summary || !in.layout) {
        out.add(Text{QRectF(0, 0, vp.width, vp.height),
                     tr("Open a profile directory (File ▸ Open profile…, Ctrl+O)"), in.palette.placeholder,
                     FontRole::Base, Qt::AlignCenter});
        return out;
    }
    if (in.summary.get() != m_summary) { // the caches hold another profile's ids
        m_summary = in.summary.get();
        m_summaryRef = in.summary;
        m_colors.clear();
        m_selText.clear();
        m_selIds.clear();
        m_outlierRanks.clear();
        m_warmupOutliers.clear();
        m_trackNames.clear();
        std::unordered_set<int64_t> steadyOutliers;
        for (const auto& s : in.summary->steps)
            if (s.outlier) {
                m_outlierRanks[s.step].push_back(in.summary->shownRank(s.rank));
                (s.warmup ? m_warmupOutliers : steadyOutliers).insert(s.step);
            }
        // "warm-up outlier" only where every rank it names is in its warm-up (the report's label per rank)
        for (int64_t step : steadyOutliers)
            m_warmupOutliers.erase(step);
        computeStepMedians(*in.summary);
    }
    out.add(Clip{vp.plot()});
    addSteps(in, out);
    m_dataItems.first = out.items.size();
    addLanes(in, out);
    m_dataItems.second = out.items.size();
    if (in.showWaits && in.waits) addWaits(in, out);
    addLabels(out);
    addOutlines(in, out);
    addSelectedStep(in, out);
    addFlows(in, out);
    addArea(in, out);
    addAnnotations(in, out);
    addDrag(in, out);
    out.add(Clip{});
    addGutter(in, out);
    addAxis(in, out);
    addFlowNote(in, out);
    // one empty-state text at a time, both centred on the plot: a run without lanes says why, and a filter
    // cannot be what hides them (walk15b #5: the two were drawn over each other, unreadable)
    const bool noLanes = in.summary->tracks.empty() && !in.summary->ranks.empty(); // rank headers only
    if (in.layout->lanes().empty() && !in.options.filter.isEmpty() && !noLanes)
        out.add(Text{QRectF(Viewport::kGutter + 20, vp.lanesTop(), vp.plotWidth() - 40,
                            vp.lanesBottom() - vp.lanesTop()),
                     noMatchText(in), in.palette.placeholder, FontRole::Base,
                     int(Qt::AlignCenter) | int(Qt::TextWordWrap)});
    if (noLanes)
        out.add(Text{QRectF(Viewport::kGutter + 20, vp.lanesTop(), vp.plotWidth() - 40,
                            vp.lanesBottom() - vp.lanesTop()),
                     noLaneText(*in.summary), in.palette.placeholder, FontRole::Base,
                     int(Qt::AlignCenter) | int(Qt::TextWordWrap)});
    if (!in.exportMode) addCutLane(in, out);
    if (!in.exportMode) addFooter(in, out);
    return out;
}

QString FrameBuilder::noMatchText(const FrameInput& in) {
    const auto& only = in.options.onlyRanks;
    if (only.empty())
        return tr("No track matches \"%1\" (try \"rank 3\", \"rank 3-5\", \"rank 4, rank 5\", \"plane 0\")")
            .arg(in.options.filter);
    // the timeline shows some ranks only (a saved view's): a filter naming others matches nothing here, and
    // the text blamed the filter's form (walk 54a: a slow link's "rank 1, rank 5" under a view of rank 0)
    QStringList shown;
    for (int r : only) {
        if (shown.size() == 8) {
            shown << QStringLiteral("…");
            break;
        }
        shown << QString::number(in.summary->shownRank(r));
    }
    return tr("No track matches \"%1\" among the ranks the timeline shows (%2 %3, as the saved view chose)")
        .arg(in.options.filter, only.size() == 1 ? tr("rank") : tr("ranks"), shown.join(", "));
}

int FrameBuilder::wholeLanesBottom(const FrameInput& in) {
    // the top of a lane the footer's edge cuts through its label, when the lanes above it are shown and
    // scrolling can show it whole; else the footer's edge. A lane whose label is whole is drawn to the
    // edge: an expanded lane of 30 levels blanked whole left the screen white from its top down, its
    // spans and the annotations over it gone while the export drew them (walk 57 #1)
    const Viewport& vp = in.viewport;
    auto [from, to] = visibleLanes(in);
    for (size_t i = from; i < to; ++i) {
        const Lane& l = in.layout->lanes()[i];
        const int top = vp.yOf(l.y);
        if (top >= vp.lanesBottom() || top + l.height <= vp.lanesBottom()) continue;
        const bool fits = l.height <= vp.lanesBottom() - vp.lanesTop();
        const bool labelWhole = vp.lanesBottom() - top >= std::min(l.height, kLabelBlock);
        return top > vp.lanesTop() && fits && !labelWhole ? top : vp.lanesBottom();
    }
    return vp.lanesBottom();
}

void FrameBuilder::addCutLane(const FrameInput& in, DrawList& out) const {
    // the widget's lanes end at the last one shown whole: a lane cut by the footer's edge, its label cut
    // through, read as a lane the legend covered (walk 47: "Plane 2" at 800 × 600). Scrolling shows it whole
    const Viewport& vp = in.viewport;
    const int whole = wholeLanesBottom(in);
    if (whole < vp.lanesBottom())
        out.add(FillRect{QRectF(0, whole, vp.width - vp.bar, vp.lanesBottom() - whole), in.palette.base});
}

QString FrameBuilder::noLaneText(const query::ProfileSummary& summary) {
    // only a cluster index reads its lanes elsewhere; a run of summary files has none to read (walk 12:
    // mindinsight's framework_raw-only run was told about shards)
    if (!summary.unreadRanks.empty())
        return tr("No lane to draw: a cluster index (rankscope merge) reads the ranks' spans from their "
                  "shards, and none was found or readable (the notes say which and why); its findings, "
                  "steps and heatmap are here");
    if (summary.damagedFiles > 0)
        return tr("No lane to draw: no timed event could be read, and %1 of this run could not be read in "
                  "full (the notes and the diagnostics say which): what they hold is not known")
            .arg(counted(summary.damagedFiles, tr("source file"), tr("source files")));
    if (!summary.steps.empty())
        return tr("No lane to draw: this run's files hold no timed event (its steps are in the Steps table, "
                  "with the findings and the diagnostics)");
    // no step either: the Steps table it pointed to is empty too (walk 16, a run of framework_raw_1.csv only)
    QStringList files;
    for (const auto& r : summary.runs)
        if (r.run == summary.run)
            for (const auto& f : r.files)
                files << QString::fromStdString(f);
    QString text = tr("No lane to draw: this run's files hold no timed event and no step.");
    if (!files.isEmpty()) text += tr(" Its files: %1.").arg(files.join(", "));
    text += tr(" File ▸ Diagnostics lists what was read");
    if (summary.runs.size() > 1) text += tr("; choose another run in the toolbar or View ▸ Run");
    return text + ".";
}

void FrameBuilder::addSelectedStep(const FrameInput& in, DrawList& out) const {
    // walk 24 #7: only the step's waits were boxed, so a selected step read as its longest wait
    const Selection& sel = in.selection;
    if (sel.kind != Selection::Kind::Step || sel.rank < 0) return;
    const auto& steps = in.summary->steps;
    const auto it = std::find_if(steps.begin(), steps.end(), [&](const query::StepDesc& s) {
        return s.rank == sel.rank && s.step == sel.step;
    });
    const QRectF block = in.rankBlock(sel.rank);
    if (it == steps.end() || block.isNull()) return;
    const TimeMapping tm = in.rankMapping(sel.rank);
    const double left = Viewport::kGutter, right = in.viewport.plotRight();
    double x0 = tm.x(it->startNs), x1 = tm.x(it->endNs);
    if (x1 < left || x0 > right) return;
    x0 = std::max(x0, left - 4); // far zoomed in, a step is billions of px wide
    x1 = std::min(std::max(x1, x0 + 2), right + 4);
    out.add(
        StrokeRect{QRectF(x0, block.top() + 1, x1 - x0, block.height() - 2), selectionRingColor().rgba(), 2});
}

std::pair<size_t, size_t> FrameBuilder::visibleLanes(const FrameInput& in) {
    const auto& lanes = in.layout->lanes();
    const Viewport& vp = in.viewport;
    auto from = std::partition_point(lanes.begin(), lanes.end(),
                                     [&](const Lane& l) { return vp.yOf(l.y + l.height) < vp.lanesTop(); });
    auto to =
        std::partition_point(from, lanes.end(), [&](const Lane& l) { return vp.yOf(l.y) <= vp.height; });
    return {size_t(from - lanes.begin()), size_t(to - lanes.begin())};
}

void FrameBuilder::addGutter(const FrameInput& in, DrawList& out) const {
    const Viewport& vp = in.viewport;
    const int k = Viewport::kGutter;
    out.add(Clip{QRectF(0, vp.lanesTop(), k, vp.lanesBottom() - vp.lanesTop())});
    out.add(FillRect{QRectF(0, vp.lanesTop(), k, vp.height), in.palette.window});
    auto [from, to] = visibleLanes(in);
    for (size_t i = from; i < to; ++i) {
        const Lane& l = in.layout->lanes()[i];
        const int y = vp.yOf(l.y);
        if (l.header) {
            const bool collapsed = in.options.collapsedRanks.count(l.rank) > 0;
            // overview rows are too low for the bold font
            const FontRole role = l.height < LayoutOptions::kHeaderHeight ? FontRole::Small : FontRole::Bold;
            out.add(Text{QRectF(4, y, k - 8, l.height), QString::fromUtf8(collapsed ? "▸ " : "▾ ") + l.label,
                         in.palette.windowText, role, Qt::AlignVCenter});
        } else {
            out.add(Text{QRectF(16, y, k - 22, std::min(l.height, 16)), l.label,
                         l.laneKind == LaneKind::Communication ? qRgb(70, 90, 200) : in.palette.windowText,
                         FontRole::Small, Qt::AlignVCenter, true});
            // a lane that shows fewer levels than its track has says so (a click on its name expands it)
            const bool expanded = in.options.expandedTracks.count(l.trackId) > 0;
            if (!l.chart() && l.height >= kLabelBlock && (l.rows < l.depthRows || expanded))
                out.add(Text{QRectF(16, y + 14, k - 22, 13),
                             l.rows < l.depthRows ? tr("▸ %1 of %2 levels").arg(l.rows).arg(l.depthRows)
                                                  : tr("▾ all %1 levels").arg(l.depthRows),
                             in.palette.placeholder, FontRole::Small, Qt::AlignVCenter, true});
        }
    }
    out.add(Line{QPointF(k - 0.5, vp.lanesTop()), QPointF(k - 0.5, vp.lanesBottom()), in.palette.mid});
    out.add(Clip{});
}

void FrameBuilder::addAxis(const FrameInput& in, DrawList& out) const {
    const Viewport& vp = in.viewport;
    const int k = Viewport::kGutter, axis = Viewport::kAxis;
    const TimeMapping tm = in.mapping();
    out.add(FillRect{QRectF(0, 0, vp.width, axis), in.palette.window});
    out.add(Line{QPointF(0, axis - 0.5), QPointF(vp.width, axis - 0.5), in.palette.mid});
    const Ruler ruler = tm.ruler(90, in.boundsStart);
    // two rows: the steps' names on top, the ticks and their times next to the axis line. The ticks ran
    // up through the step names when those were the lower row ("Step 2" crossed, cluster_propose, walk 20b).
    // The origin the tick labels count from, once, in the gutter's lower row: run time at the visible origin
    out.add(Text{QRectF(4, kTickRow - 1, k - 8, 13),
                 ruler.originNs == in.boundsStart ? tr("0 = run start \u25B8")
                                                  : tr("0 = run %1 \u25B8").arg(ruler.originLabel),
                 in.palette.windowText, FontRole::AxisBold, Qt::AlignRight});
    const QFontMetricsF fm(fontFor(FontRole::Axis, in.font));
    for (const auto& t : ruler.ticks) {
        const double x = tm.x(t.ns);
        if (x < k) continue;
        out.add(Line{QPointF(x, axis - (t.major ? 9 : 5)), QPointF(x, axis - 1), in.palette.windowText});
        const QString label = t.ns == ruler.originNs ? QString("0") : t.label;
        if (x + 3 + fm.horizontalAdvance(label) > vp.width)
            continue; // cut by the edge it would mislead ("+6 s")
        out.add(Text{QRectF(x + 3, kTickRow, 120, 14), label, in.palette.windowText, FontRole::Axis,
                     Qt::AlignLeft});
    }
    addStepNames(in, fm, out);
    // the gutter's upper row; the lower holds the ruler's origin
    out.add(Text{QRectF(4, kStepRow, k - 8, 13), tr("window %1").arg(formatDuration(tm.t1 - tm.t0)),
                 in.palette.windowText, FontRole::Axis, Qt::AlignLeft});
}

void FrameBuilder::addFooter(const FrameInput& in, DrawList& out) const {
    // under the lanes: the legend's row, then the notes (they floated over the lowest lanes and labels)
    const Viewport& vp = in.viewport;
    const int top = vp.footerTop();
    out.add(FillRect{QRectF(0, top, vp.width, vp.footer), in.palette.window});
    out.add(Line{QPointF(0, top + 0.5), QPointF(vp.width, top + 0.5), in.palette.mid});
    const LegendKinds kinds{in.summary && !in.summary->unreadTails.empty(), in.showWaits,
                            vp.height < kCompactFooterBelow, in.flows && !in.flows->arrows.empty()};
    const QRect place = legendPlace(vp.width, in.font, kinds);
    addLegend(out, QPointF(place.left(), top + place.top()), in.font, in.palette, kinds, place.width());
    if (in.notes.isEmpty()) return;
    // what this view cannot show or know (another clock, ranks missing)
    const int band = legendBand(vp.width, in.font, kinds);
    const QRectF box(4, top + band, vp.width - 8, vp.footer - band - 2);
    out.add(FillRect{box, qRgb(253, 227, 184)});
    out.add(StrokeRect{box, qRgb(245, 165, 36), 1});
    out.add(Text{box.adjusted(8, 5, -8, -5), in.notes, qRgb(42, 30, 0), FontRole::Axis,
                 int(Qt::TextWordWrap)}); // dark on light orange in any theme
}

QRgb FrameBuilder::colorOf(int32_t opTypeId, bool communication) {
    const int64_t key = int64_t(opTypeId) * 2 + (communication ? 1 : 0);
    auto it = m_colors.find(key);
    if (it != m_colors.end()) return it->second;
    const auto& strings = m_summary->strings;
    const QString text = opTypeId > 0 && size_t(opTypeId) < strings.size()
                             ? QString::fromStdString(strings[size_t(opTypeId)])
                             : QString();
    return m_colors.emplace(key, colorForOpType(text, communication).rgba()).first->second;
}

const std::vector<int32_t>& FrameBuilder::selectedOpTypes(const FrameInput& in) {
    const QString& text = in.selection.opType;
    if (text == m_selText) return m_selIds;
    m_selText = text; // looked up once per selection, not per span
    m_selIds = query::highlightedOpTypes(*in.summary, text.toStdString());
    return m_selIds;
}

} // namespace rs::views
