#include "app/gui/findingnavigator.h"
#include "app/gui/findingsmodel.h"

#include "app/gui/searchcontroller.h"
#include "views/common/timemapping.h"
#include "views/heatmap/heatmapview.h"
#include "views/memory/memorymapcanvas.h"
#include "views/memory/memorymapview.h"
#include "views/timeline/timelineview.h"

#include <QDockWidget>
#include <QMainWindow>

namespace rs::gui {

using views::Selection;

namespace {
/// The step row of `f`'s step on its rank (any rank when it names none).
const query::StepDesc* stepOf(const Finding& f, const query::ProfileSummary* s) {
    if (!f.step || !s) return nullptr;
    for (const auto& st : s->steps)
        if (st.step == *f.step && (!f.rank || st.rank == *f.rank)) return &st;
    return nullptr;
}

using model::FindingKind;

bool namesCollective(std::optional<FindingKind> k) {
    return k == FindingKind::Stall || k == FindingKind::LateRank || k == FindingKind::SlowRank ||
           k == FindingKind::PipelineWait;
}
} // namespace

FindingNavigator::FindingNavigator(QMainWindow* window, views::InteractionState* state,
                                   views::HeatmapView* heatmap, SearchController* search,
                                   views::TimelineView* timeline, views::MemoryMapView* memory)
    : m_window(window), m_state(state), m_heatmap(heatmap), m_search(search), m_timeline(timeline),
      m_memory(memory) {
    if (m_memory)
        QObject::connect(m_memory, &views::MemoryMapView::dataShown, &m_answers, [this] {
            // another rank's map shown while waiting: the user moved on, the finding's map will not come
            // (review of stop 48: much later, rank 3's map moved the window to the old finding's tensors)
            const query::MemoryMapData* d = m_memory->canvas()->data();
            if (m_lifetimeRank >= 0 && d && d->rank != m_lifetimeRank) m_lifetimeRank = -1;
            answerLifetime();
        });
}

std::optional<std::pair<int64_t, int64_t>> FindingNavigator::lifetimeOf(const query::MemoryMapData& d,
                                                                        const std::string& op) {
    std::optional<std::pair<int64_t, int64_t>> span;
    for (const auto& t : d.tensors) {
        if (t.opName != op) continue;
        const int64_t a = t.allocNs.value_or(d.startNs), b = t.freeNs.value_or(d.endNs);
        span =
            span ? std::make_pair(std::min(span->first, a), std::max(span->second, b)) : std::make_pair(a, b);
    }
    if (span && span->second <= span->first) return std::nullopt;
    return span;
}

void FindingNavigator::showExtent(int64_t a, int64_t b) {
    const int64_t pad = std::max<int64_t>((b - a) / 20, 20000);
    const int64_t lo = m_state->boundsStart(), hi = m_state->boundsEnd();
    // the run's at most (the demo's bank anomaly, whose buffers live the whole run, ran past its end)
    const auto [t0, t1] = views::windowInRun(a - pad, b + pad, lo, hi);
    m_state->setWindow(t0, t1);
}

void FindingNavigator::askLifetime(const Finding& f) {
    if (!m_memory || f.kind != model::FindingKind::BankAnomaly || !f.rank) return;
    m_lifetimeOp = f.subject.toStdString();
    m_lifetimeRank = *f.rank;
    answerLifetime();
}

void FindingNavigator::answerLifetime() {
    const query::MemoryMapData* d = m_memory->canvas()->data();
    if (m_lifetimeRank < 0 || !d || d->rank != m_lifetimeRank) return;
    m_lifetimeRank = -1;
    if (const auto span = lifetimeOf(*d, m_lifetimeOp)) showExtent(span->first, span->second);
}

void FindingNavigator::setSummary(std::shared_ptr<const query::ProfileSummary> s) {
    m_lifetimeRank = -1; // a map still on its way is the previous profile's
    m_summary = std::move(s);
}

FindingTarget FindingNavigator::targetOf(const Finding& f, const query::ProfileSummary* s) {
    FindingTarget t;
    const query::StepDesc* step = stepOf(f, s);
    if (f.startNs && f.endNs && *f.endNs > *f.startNs)
        t.extent = std::make_pair(*f.startNs, *f.endNs);
    else if (step) { // the step's bounds, as the Steps table, Details and the drill-down give them
        const auto b = query::boundsOf(step->wall, step->startNs, step->endNs);
        t.extent = std::make_pair(b.startNs, b.endNs);
    }
    if (f.rank) t.ranks.push_back(*f.rank);
    for (int r : f.waitingRanks)
        if (std::find(t.ranks.begin(), t.ranks.end(), r) == t.ranks.end()) t.ranks.push_back(r);
    Selection& sel = t.selection;
    sel.rank = f.rank.value_or(-1);
    if (namesCollective(f.kind)) {
        // the culprit's collective: the waiting ranks' red waits and their dashed links lead to it; a slow
        // card's op types go with it (the slowest first), so the heatmap outlines each (op type, rank) cell
        // it names, not only the first (walk 6: Cast on rank 3 had no frame)
        if (f.kind == FindingKind::SlowRank) {
            const QStringList ops = f.opTypes.isEmpty() ? QStringList{f.subject} : f.opTypes;
            sel.opType = ops.front();
            sel.moreOpTypes.assign(ops.begin() + 1, ops.end());
            if (f.rank) t.cellOps = ops, t.cellRank = *f.rank;
        }
        if (f.spanId) {
            sel.kind = Selection::Kind::Span;
            sel.spanId = *f.spanId;
            sel.startNs = f.startNs.value_or(0);
            sel.endNs = f.endNs.value_or(0);
        } else if (f.kind == FindingKind::SlowRank && f.rank) {
            sel.kind = Selection::Kind::OpType; // no collective to point at: its cells still outlined
        }
    } else if (f.kind == FindingKind::SlowLink && f.link) {
        // the matrix's cell, outlined in the Communication tab; the view resolves its collectives
        sel.kind = Selection::Kind::CommLink;
        sel.linkSrc = f.link->src;
        sel.linkDst = f.link->dst;
        sel.group = f.link->group;
        t.panel = FindingTarget::Panel::Communication;
    } else if (f.kind == FindingKind::BankAnomaly || f.kind == FindingKind::Straggler) {
        sel.kind = Selection::Kind::OpType;
        sel.opType = f.subject;
        t.panel =
            f.kind == FindingKind::BankAnomaly ? FindingTarget::Panel::Memory : FindingTarget::Panel::Heatmap;
        if (f.kind == FindingKind::Straggler && f.rank) t.cellOps = {f.subject}, t.cellRank = *f.rank;
    } else if (step) {
        sel.kind = Selection::Kind::Step;
        sel.rank = step->rank;
        sel.step = step->step;
        const auto b = query::boundsOf(step->wall, step->startNs, step->endNs);
        sel.startNs = b.startNs;
        sel.endNs = b.endNs;
    }
    return t;
}

QString FindingNavigator::go(const Finding& f) {
    const FindingTarget t = targetOf(f, m_summary.get());
    m_lifetimeRank = -1; // a map still on its way was the previous finding's: it must not move this one
    if (t.extent)
        showExtent(t.extent->first, t.extent->second);
    else
        askLifetime(f);
    // the cell is outlined only in the op × rank grid
    if (!t.cellOps.isEmpty())
        m_heatmap->setMode(query::HeatmapData::Mode::OpByRank, t.cellRank, t.cellOps.front());
    // a finding that selects nothing clears the last one's: a slow link's outline, caption and track filter
    // must not stand beside another finding as if they were its
    if (t.selection.kind != Selection::Kind::None)
        m_state->setSelection(t.selection);
    else
        m_state->clearSelection();
    if (!t.extent && !t.cellOps.isEmpty() && m_search)
        m_search->highlightOpKernels(t.cellOps.front(), t.cellRank);
    raise(t.panel);
    // the selection may have changed the lanes (a link's filter gave way to the user's) after the timeline
    // followed it: its rank is scrolled to in the layout as it stands now
    if (!m_timeline || t.ranks.empty() || t.panel == FindingTarget::Panel::Communication) return {};
    const int rank = t.ranks.front();
    if (const QRect block = m_timeline->rankBlock(rank); !block.isNull()) {
        // its block from its top (the scrollbar clamps it when the lanes below are fewer than a screen)
        m_timeline->setScrollOffset(m_timeline->scrollOffset() + block.top() - views::TimelineView::kAxis);
        return {};
    }
    const int shown = m_summary ? m_summary->shownRank(rank) : rank;
    const QString& filter = m_timeline->layoutOptions().filter;
    return filter.isEmpty()
               ? QObject::tr("Rank %1 of this finding is not among the ranks the timeline shows").arg(shown)
               : QObject::tr("Rank %1 of this finding is hidden by the track filter \"%2\"")
                     .arg(shown)
                     .arg(filter);
}

void FindingNavigator::raise(FindingTarget::Panel p) {
    const QString name = p == FindingTarget::Panel::Memory          ? "memory"
                         : p == FindingTarget::Panel::Heatmap       ? "heatmap"
                         : p == FindingTarget::Panel::Communication ? "comm"
                                                                    : QString();
    if (name.isEmpty()) return;
    if (auto* d = m_window->findChild<QDockWidget*>(name)) {
        d->show();
        d->raise();
    }
}

QString FindingNavigator::describe(const Finding& f) {
    QString html = "<h3>" + f.kindName.toHtmlEscaped() + "</h3><p>" + f.text.toHtmlEscaped() + "</p>";
    if (f.lostNs > 0) html += "<p>" + FindingsModel::lostSentence(f).toHtmlEscaped() + "</p>";
    return html;
}

} // namespace rs::gui
