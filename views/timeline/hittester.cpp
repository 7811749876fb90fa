#include "views/timeline/hittester.h"

#include "core/model/findingtext.h"
#include "core/model/waitkind.h"

#include "views/common/heldvalue.h"
#include "views/common/rankname.h"

#include "core/query/namekinds.h"
#include "core/query/wholetracestep.h"

#include <QCoreApplication>
#include <algorithm>

namespace rs::views {

namespace {

QString tr(const char* s) {
    return QCoreApplication::translate("TimelineView", s);
}

/// The first wait of `lane`'s rank overlapping [t0, t1] (in start order) drawn on `lane`, or null: a wait
/// with a lane of its own is on that lane and its rank's header only.
const query::WaitDesc* waitAt(const FrameInput& in, const Lane& lane, int64_t t0, int64_t t1) {
    const query::WaitDesc* found = nullptr;
    if (!in.showWaits || !in.waits) return nullptr;
    in.waits->forEach(lane.rank, t0, t1, [&](const WaitIndex::Entry& e) {
        const query::WaitDesc& w = *e.wait;
        const bool on = lane.header || (w.taskTrackId ? lane.laneKind != LaneKind::Communication ||
                                                            w.onCommLane(lane.trackId)
                                                      : w.onCommLane(lane.trackId));
        if (!found && on) found = e.wait;
    });
    return found;
}

/// The first item (in start order) of `depth` within `slop` of `t`, looking back only as far as the
/// track's longest item reaches.
std::optional<query::DrawItem> itemAt(const FrameInput& in, int64_t trackId, int depth, int64_t t,
                                      int64_t slop) {
    const query::TrackDraw* track = in.data ? in.data->track(trackId) : nullptr;
    if (!track) return std::nullopt;
    const auto& v = track->items;
    const int64_t reach = in.data->longestNs(trackId) + slop;
    const bool sorted = in.data->sorted(trackId);
    auto from = sorted ? std::partition_point(v.begin(), v.end(),
                                              [&](const query::DrawItem& d) { return d.startNs < t - reach; })
                       : v.begin(); // not in start order (hand-made data): every item
    for (auto d = from; d != v.end(); ++d) {
        if (sorted && d->startNs > t + slop) break;
        if (d->depth == depth && t >= d->startNs - slop && t <= d->endNs + slop) return *d;
    }
    return std::nullopt;
}

/// Whether the run holding rank key `rank` has every rank of the job (run.complete, the runs pass's rule
/// the report's banner follows); a rank of no listed run counts as complete.
bool runComplete(const query::ProfileSummary& s, int rank) {
    for (const auto& run : s.runs)
        if (std::find(run.ranks.begin(), run.ranks.end(), rank) != run.ranks.end()) return run.complete;
    return true;
}

/// The collective's whole wait (all its pieces); `complete`: the wait's run has every rank of the job
/// (runComplete). Ranks named by views::rankName, as the lanes' headers name them (`s` may be null).
QString waitText(const query::ProfileSummary* s, const query::WaitDesc& w, bool complete) {
    const QString coll = QString::fromStdString(w.collective).toHtmlEscaped();
    if (w.kind == "collective_wait" && !w.blamedRank && w.pointToPoint)
        return tr("<b>waited %1</b> in %2 (step %3)<br>the rank it waited for is not known: a send or "
                  "receive "
                  "is not matched to its peer across ranks")
            .arg(formatDuration(w.wholeNs()), coll)
            .arg(w.step);
    // the same rule as the report's banner: only a run the runs pass found incomplete is missing ranks
    if (w.kind == "collective_wait" && !w.blamedRank)
        return tr("<b>waited %1</b> in %2 (step %3)<br>the rank it waited for is not known: %4")
            .arg(formatDuration(w.wholeNs()), coll)
            .arg(w.step)
            .arg(complete ? tr("this collective is not matched across the ranks of its run")
                          : tr("not every rank of this collective is in the profile"));
    if (w.kind == "collective_wait")
        // the waiting rank came earlier, not necessarily first: the wait names only the last arrival (walk
        // 53a: each of the demo's seven waiting ranks read "arrived first", rank 4 did)
        return tr("<b>waited %1 for %2</b> in %3 (step %4)<br>%5 arrived earlier and waited; %2 arrived "
                  "last")
            .arg(formatDuration(w.wholeNs()), rankName(s, *w.blamedRank).toHtmlEscaped(), coll)
            .arg(w.step)
            .arg(rankName(s, w.rank).toHtmlEscaped());
    return tr("<b>device idle %1</b> before %2 (step %3)<br>%4 had no device work here and reached the "
              "collective last: the other ranks waited for it")
        .arg(formatDuration(w.wholeNs()), coll)
        .arg(w.step)
        .arg(rankName(s, w.rank).toHtmlEscaped());
}

/// A measured wait of a collective (the producer's own measure: Notify_Wait tasks, communication.json, …)
/// beside which the producer's step breakdown may stand: what the hatching is not (a 79 ms allReduce mostly
/// unhatched read against step_trace_time's 102 ms not overlapped); "" for inferred waits and idle gaps.
QString waitIsNot(const query::WaitDesc& w) {
    if (w.kind != "collective_wait" || w.source.empty() || w.source == model::kInferredWaitSource) return {};
    return "<br><i>" +
           tr("Hatched: %1.").arg(QString::fromStdString(std::string(model::kWaitIsNotCommNotOverlapped))) +
           "</i>";
}

/// A wait stored where its wait tasks ran is drawn in pieces: the tooltip's figure is all of them, and says
/// so, with the piece under the pointer.
QString waitTooltip(const query::ProfileSummary* s, const query::WaitDesc& w, bool complete) {
    // measured and inferred waits are told apart: "measured in hccl_raw", "inferred from arrival order"
    const QString text =
        waitText(s, w, complete) +
        (w.source.empty()
             ? QString()
             : "<br>" + QString::fromStdString(model::waitSourcesText({{w.source, w.wholeNs()}})));
    if (w.pieces < 2) return text + waitIsNot(w);
    return text +
           tr("<br>drawn where the waiting happened: %1 intervals of wait tasks, this one %2")
               .arg(w.pieces)
               .arg(formatDuration(w.durNs)) +
           waitIsNot(w);
}

const query::UnreadTail* unreadAt(const query::ProfileSummary& s, int64_t trackId, int64_t t) {
    const auto [first, last] = query::tailsOfTrack(s.unreadTails, trackId);
    for (auto it = first; it != last; ++it)
        if (t >= it->startNs && t <= it->endNs) return &*it;
    return nullptr;
}

/// What the index cannot know there: the lane may have been busy in what the cut took.
QString unreadTooltip(const query::ProfileSummary* s, const query::UnreadTail& u, int64_t boundsStart) {
    return tr("<b>not read</b>: %1 was cut%2; what it held past that is missing<br>this lane's last event "
              "read from it ends at %3; the run goes on to %5<br><i>%4's lane may have been busy "
              "here: its events may be in the part not read</i>")
        .arg(QString::fromStdString(u.file).toHtmlEscaped(),
             u.cutAtByte ? tr(" at byte %1").arg(*u.cutAtByte) : QString(),
             formatOffset(u.startNs - boundsStart, 1000))
        .arg(rankName(s, u.rank).toHtmlEscaped())
        .arg(formatOffset(u.endNs - boundsStart, 1000));
}

} // namespace

TimelineHit hitTest(const FrameInput& in, QPointF pos) {
    TimelineHit h;
    const Viewport& vp = in.viewport;
    if (!in.summary || !in.layout) return h; // wholeLanesBottom reads the layout
    // under the lanes shown whole nothing is hit: the widget blanks a lane the footer's edge cuts
    const int bottom = in.exportMode ? vp.lanesBottom() : FrameBuilder::wholeLanesBottom(in);
    if (pos.x() < Viewport::kGutter || pos.y() < vp.lanesTop() || pos.y() >= bottom) return h;
    h.lane = in.layout->laneAtY(vp.contentY(int(pos.y())));
    if (!h.lane) return h;
    const Lane& l = *h.lane;
    const TimeMapping tm = in.rankMapping(l.rank);
    const int64_t t = tm.t(pos.x()), slop = int64_t(2 * tm.nsPerPx());
    // the wait first where it is hatched (the header, a communication lane) or the lane has no spans (a
    // chart); on a lane it only tints (compute, host), the span under the pointer first, as drawn on top
    // (walk 35: a ProfilerStep on rank 6's host lane answered "waited 200 ms for rank 5", not its own name)
    if (l.header || l.laneKind == LaneKind::Communication || l.chart()) {
        h.wait = waitAt(in, l, t - slop, t + slop);
        if (h.wait || l.header) return h;
    }
    if (l.chart()) {
        h.counter = in.data ? in.data->counter(l.trackId) : nullptr;
        h.counterNs = t;
        return h;
    }
    const double rowH = double(l.height - 3) / l.rows;
    const int depth = int((pos.y() - vp.yOf(l.y) - 1) / rowH);
    h.item = itemAt(in, l.trackId, depth, t, slop);
    if (!h.item) h.unread = unreadAt(*in.summary, l.trackId, t);
    if (!h.item && !h.unread) h.wait = waitAt(in, l, t, t);
    return h;
}

namespace {
/// " · step 3", " · whole trace" on a rank without step marks (its pseudo step 0 is no step: walk 28), or
/// nothing outside any step.
QString stepSuffix(const FrameInput& in, const Lane& lane, std::optional<int64_t> step) {
    if (!step) return {};
    if (query::isWholeTraceStep(*in.summary, lane.rank, *step)) return QObject::tr(" · whole trace");
    // a device span's step is by its device start (index/spanstep.h): a kernel may run a step after its
    // launch (walk 38), so the tooltip says which clock placed it
    if (lane.laneKind != LaneKind::Host) return QObject::tr(" · step %1 (by device start)").arg(*step);
    return QObject::tr(" · step %1").arg(*step);
}

/// A level-of-detail bucket: its extent is the merged spans', not the longest's, so its times are given as
/// the group's (walk17b #10: "Notify_Wait 78.8 ms, start +57.664 ms" was a 0.7 µs Notify_Record's start).
QString mergedTooltip(const FrameInput& in, const TimelineHit& h, const QString& longest,
                      const QString& opType, std::optional<int64_t> step) {
    const auto& it = *h.item;
    return QObject::tr(
               "<b>%1 spans</b> merged at this zoom; the longest: <b>%2</b> (op type: %3)<br>together: "
               "%4 … %5 (%6) from the run's start<br>%7 · %8%9<br><i>zoom in for each span's own "
               "start and duration</i>")
        .arg(it.count)
        .arg(longest.toHtmlEscaped(), opType.toHtmlEscaped(), formatOffset(it.startNs - in.boundsStart, 1000),
             formatOffset(it.endNs - in.boundsStart, 1000), formatDuration(it.endNs - it.startNs))
        .arg(rankName(in.summary.get(), h.lane->rank).toHtmlEscaped())
        .arg(h.lane->label.toHtmlEscaped())
        .arg(stepSuffix(in, *h.lane, step));
}
} // namespace

QString tooltipFor(const FrameInput& in, const TimelineHit& h) {
    if (h.counter && !h.counter->points.empty()) {
        double v = h.counter->points.front().second;
        for (const auto& [ts, value] : h.counter->points)
            if (ts <= h.counterNs) v = value;
        QString tip = QString("<b>%1</b> (%2)<br>%3 at %4")
                          .arg(h.lane->label.toHtmlEscaped())
                          .arg(rankName(in.summary.get(), h.lane->rank).toHtmlEscaped())
                          .arg(h.counter->bytes ? formatBytes(int64_t(v)) : QString::number(v, 'g', 6))
                          .arg(formatOffset(h.counterNs - in.boundsStart, 1000));
        // past the last sample the value is the last one recorded, not a measurement (heldvalue.h)
        if (h.counter->lastSampleNs && h.counterNs > *h.counter->lastSampleNs)
            tip += "<br><i>" + heldText(*h.counter->lastSampleNs, in.boundsStart) + "</i>";
        return tip;
    }
    if (h.wait)
        return waitTooltip(in.summary.get(), *h.wait, !in.summary || runComplete(*in.summary, h.wait->rank));
    if (h.unread) return unreadTooltip(in.summary.get(), *h.unread, in.boundsStart);
    if (!h.item || !in.summary) return {};
    const auto& s = *in.summary;
    const auto& it = *h.item;
    auto text = [&](int32_t id) {
        return id >= 0 && size_t(id) < s.strings.size() ? QString::fromStdString(s.strings[size_t(id)])
                                                        : QString();
    };
    // the rule Details and the index's spans view apply: a span past the last step is in none
    const auto step = query::spanStepOf(s, h.lane->rank, it.startNs);
    if (it.count > 1) return mergedTooltip(in, h, text(it.nameId), text(query::opTypeIdOf(s, it)), step);
    QString tip =
        QString("<b>%1</b><br>op type: %2<br>duration: %3<br>start: %4 (%5 ns)<br>%6 · %7%8")
            .arg(text(it.nameId).toHtmlEscaped(), text(query::opTypeIdOf(s, it)).toHtmlEscaped(),
                 formatDuration(it.endNs - it.startNs), formatOffset(it.startNs - in.boundsStart, 1000))
            .arg(it.startNs)
            .arg(rankName(&s, h.lane->rank).toHtmlEscaped())
            .arg(h.lane->label.toHtmlEscaped())
            .arg(stepSuffix(in, *h.lane, step));
    return tip;
}

QString annotationTooltip(const annotate::Annotation& a, int64_t boundsStart) {
    return tr("<b>%1</b><br>%2<br>%3 · %4<br><i>double-click to edit, right-click for more</i>")
        .arg(QString::fromStdString(a.text).toHtmlEscaped(),
             QString::fromStdString(annotate::describeAnchor(a, boundsStart)).toHtmlEscaped(),
             QString::fromStdString(a.author).toHtmlEscaped(), QString::fromStdString(a.created));
}

QString calloutAt(const DrawList& frame, QPointF pos) {
    for (auto it = frame.callouts.rbegin(); it != frame.callouts.rend(); ++it) // the last drawn is on top
        if (it->first.contains(pos)) return it->second;
    return {};
}

const FlowLabel* flowLabelAt(const DrawList& frame, QPointF pos) {
    for (auto it = frame.flowLabels.rbegin(); it != frame.flowLabels.rend(); ++it)
        if (it->box.contains(pos)) return &*it;
    return nullptr;
}

QString flowTooltipAt(const DrawList& frame, QPointF pos) {
    if (const FlowLabel* l = flowLabelAt(frame, pos)) return l->tip;
    for (auto it = frame.flowMarks.rbegin(); it != frame.flowMarks.rend(); ++it) {
        const QLineF& l = it->first;
        const QPointF d = l.p2() - l.p1();
        const double len2 = d.x() * d.x() + d.y() * d.y();
        const double t = len2 > 0 ? std::clamp(QPointF::dotProduct(pos - l.p1(), d) / len2, 0.0, 1.0) : 0;
        const QPointF near = l.p1() + t * d;
        if (QLineF(near, pos).length() <= 4) return it->second;
    }
    return {};
}

} // namespace rs::views
