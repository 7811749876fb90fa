#include "app/gui/searchcontroller.h"

#include "views/common/plural.h"
#include "views/common/rankname.h"
#include "views/common/timemapping.h"
#include "views/timeline/timelineinput.h"
#include "views/timeline/timelineview.h"
#include "views/timeline/trackvisibility.h"

#include <QLineEdit>

namespace rs::gui {

using views::Selection;

SearchController::SearchController(views::InteractionState* state, query::QueryService* service,
                                   views::TimelineView* timeline, QObject* parent)
    : QObject(parent), m_state(state), m_service(service), m_timeline(timeline), m_field(new QLineEdit) {
    m_field->setPlaceholderText(tr("Search spans by name or op type (Ctrl+F)"));
    m_field->setClearButtonEnabled(true);
    m_field->setMaximumWidth(280);
    connect(m_field, &QLineEdit::returnPressed, this, [this] { search(m_field->text()); });
    connect(m_service, &query::QueryService::searchReady, this, &SearchController::onSearch);
    connect(m_service, &query::QueryService::resultReady, this, &SearchController::onKernels);
    connect(m_state, &views::InteractionState::selectionChanged, this, &SearchController::followSelection);
}

void SearchController::followSelection(const Selection& s) {
    // a heatmap cell's (a shape's, an area row's, the console's) kernels belong to the selection they came
    // with: a later selection elsewhere drops them, or the screen and its exports outlined rank 3's Cast
    // kernels under a caption naming a span on rank 0 (walk15a #5). Stepping through them (F3, a click on
    // one) keeps them; a text search's hits stay while its text is in the box.
    if (m_hits.empty() || m_hitsOfSearch || s == m_hitsSelection) return;
    const bool oneOfThem = s.kind == Selection::Kind::Span &&
                           std::any_of(m_hits.begin(), m_hits.end(),
                                       [&](const query::DrawItem& h) { return h.spanId == s.spanId; });
    if (!oneOfThem) setHits({}, {});
}

QLineEdit* SearchController::field() const {
    return m_field;
}

SearchController::~SearchController() {
    // The field has no parent until a window puts it in a toolbar; unplaced, it is ours to delete.
    if (m_field && !m_field->parent()) delete m_field;
}

void SearchController::setSummary(std::shared_ptr<const query::ProfileSummary> s) {
    m_summary = std::move(s);
}

void SearchController::search(const QString& text) {
    if (text.isEmpty()) {
        clear(false);
        return;
    }
    // the shown run's ranks only: another run's spans are no match of the run on screen (walk 48e: 672
    // matches of which 336 on the other run, "hidden by the track filter \"\"")
    m_searchRequest =
        m_service->requestSearch(text, kLimit, m_summary ? m_summary->ranks : std::vector<int>{});
}

void SearchController::onSearch(quint64 id, std::vector<query::DrawItem> hits, std::vector<qint64> tracks) {
    if (id != m_searchRequest) return;
    setHits(std::move(hits), std::move(tracks));
    m_hitsOfSearch = true;
    const QString found = tr("%1 for \"%2\"").arg(countText(qint64(m_hits.size())), m_field->text());
    if (!m_hits.empty() && nextShown(0, +1, shownTracks()) < 0) {
        Q_EMIT message(allHiddenText(found) + unsearchedText(), 10000);
        return;
    }
    Q_EMIT message(
        tr("%1 (Enter / F3: next, Shift+F3: previous)%2%3").arg(found, hiddenText(), unsearchedText()), 8000);
    next();
}

std::unordered_set<int64_t> SearchController::shownTracks() const {
    const auto& summary = m_timeline->summary();
    return summary ? views::shownTracks(*summary, m_timeline->layoutOptions())
                   : std::unordered_set<int64_t>{};
}

bool SearchController::isShown(size_t i, const std::unordered_set<int64_t>& shown) const {
    return i >= m_tracks.size() || shown.count(m_tracks[i]);
}

int SearchController::nextShown(int from, int direction, const std::unordered_set<int64_t>& shown) const {
    const int n = int(m_hits.size());
    for (int k = 0; k < n; ++k) {
        const int i = ((from + direction * k) % n + n) % n;
        if (isShown(size_t(i), shown)) return i;
    }
    return -1;
}

QString SearchController::hiddenBy(qint64& hidden, QString* how) const {
    hidden = 0;
    const auto& summary = m_timeline->summary();
    if (!summary || m_hits.empty()) return {};
    const views::LayoutOptions& o = m_timeline->layoutOptions();
    const auto shown = views::shownTracks(*summary, o);
    // a lane the summary does not list is not drawn at all, whatever the settings: its rank's lanes on
    // another clock (no sync record; Diagnostics names them). Walk 48e blamed an empty track filter
    std::unordered_set<int64_t> drawn;
    for (const auto& t : summary->tracks)
        drawn.insert(t.trackId);
    // each setting alone (the others cleared): which of them hide the hidden hits
    views::LayoutOptions byFilter = o, byRanks = o, byKinds = o;
    byFilter.onlyRanks.clear(), byFilter.hiddenKinds.clear();
    byRanks.filter.clear(), byRanks.hiddenKinds.clear();
    byKinds.filter.clear(), byKinds.onlyRanks.clear();
    const std::unordered_set<int64_t> alone[3] = {views::shownTracks(*summary, byFilter),
                                                  views::shownTracks(*summary, byRanks),
                                                  views::shownTracks(*summary, byKinds)};
    bool hides[3] = {false, false, false}, notDrawn = false;
    for (size_t i = 0; i < m_hits.size(); ++i) {
        if (isShown(i, shown)) continue;
        ++hidden;
        if (!drawn.count(m_tracks[i])) {
            notDrawn = true;
            continue;
        }
        for (int k = 0; k < 3; ++k)
            hides[k] = hides[k] || !isShown(i, alone[k]);
    }
    QStringList by;
    if (hides[0]) by << tr("the track filter \"%1\"").arg(o.filter);
    if (hides[1]) by << tr("the ranks the view shows");
    if (hides[2]) by << tr("the hidden lane kinds");
    QStringList why;
    if (!by.isEmpty()) why << tr("hidden by %1").arg(by.join(tr(" and ")));
    if (notDrawn)
        why << tr("not drawn: not aligned with their rank's other lanes (no sync record; File ▸ "
                  "Diagnostics names them)");
    if (how) {
        QStringList ways;
        if (hides[0]) ways << tr("clear or widen the track filter");
        if (hides[1]) ways << tr("show their rank (the timeline shows some ranks only)");
        if (hides[2]) ways << tr("show their lane kind (View ▸ Show … lanes)");
        if (notDrawn) ways << tr("no setting draws lanes on another clock");
        *how = ways.join(tr("; "));
    }
    return why.join(tr(", or "));
}

QString SearchController::hiddenText() const {
    qint64 hidden = 0;
    const QString by = hiddenBy(hidden);
    return hidden == 0 ? QString() : tr("; %1 of them on lanes %2 (not visited)").arg(hidden).arg(by);
}

QString SearchController::allHiddenText(const QString& what) const {
    qint64 hidden = 0;
    const QString by = hiddenBy(hidden);
    return tr("%1, all on lanes %2: none to visit").arg(what, by);
}

QString SearchController::countText(qint64 hits) {
    // the query stops at kLimit: a full answer is a lower bound, never the count (walk 13: "5000 matches"
    // for 15 360 MatMulV2 spans)
    if (hits >= kLimit)
        return tr("the first %1 matches (the search stops there; there may be more)").arg(kLimit);
    return views::counted(hits, tr("match"), tr("matches"));
}

QString SearchController::kernelCountText(qint64 n, const QString& one, const QString& many, QString& more) {
    // walk 22a: "5000 kernels … highlighted" for a cell of 5005 (df_index_resolver's vectorized_elementwise)
    if (n < query::QueryService::kKernelLimit) {
        more.clear();
        return views::counted(n, one, many);
    }
    more = tr(" (the query stops at %1: there may be more, not highlighted)")
               .arg(query::QueryService::kKernelLimit);
    return tr("the first %1 %2").arg(query::QueryService::kKernelLimit).arg(many);
}

QString SearchController::unsearchedText() const {
    if (!m_summary || m_summary->unreadRanks.empty()) return {};
    QStringList ranks;
    for (int r : m_summary->unreadRanks) {
        auto d = m_summary->dataRank.find(r);
        ranks << QString::number(d == m_summary->dataRank.end() ? r : d->second);
    }
    return tr("; not searched: %1 %2 (their shard of the cluster index is missing or changed)")
        .arg(ranks.size() == 1 ? tr("rank") : tr("ranks"), ranks.join(", "));
}

void SearchController::highlightShapeKernels(const QString& opType, const QString& shapes,
                                             const QString& dtypes) {
    if (!m_summary) return;
    m_kernelKind = Kind::Shape;
    m_label = opType + " " + shapes;
    m_kernelRequest = m_service->requestShapeKernels(m_summary->run, opType, shapes, dtypes);
}

void SearchController::highlightOpKernels(const QString& opType, int rank, qint64 step) {
    m_kernelKind = Kind::OpKernels;
    m_opType = opType, m_opRank = rank;
    m_label = tr("%1 on %2").arg(opType, views::rankName(m_summary.get(), rank));
    if (step >= 0) m_label += tr(" in step %1").arg(step);
    m_kernelRequest = m_service->requestOpKernels(opType, rank, step);
}

void SearchController::showSpanRows(const std::vector<query::SpanRef>& refs) {
    m_kernelKind = Kind::SpanRows;
    m_refsAsked = refs.size();
    m_kernelRequest = m_service->requestLocateSpans(refs);
}

void SearchController::highlightAreaSpans(const query::AreaQuery& q, const QString& name, const QString& kind,
                                          int rank) {
    m_kernelKind = Kind::Area;
    m_label = rank < 0
                  ? tr("%1 (%2) in the area").arg(name, kind)
                  : tr("%1 (%2) on %3 in the area").arg(name, kind, views::rankName(m_summary.get(), rank));
    m_kernelRequest = m_service->requestAreaSpans(q, name, kind, rank);
}

void SearchController::onSpanRows(const query::LocatedSpans& found, size_t asked) {
    // a row of another run than the one shown cannot be drawn: said, not selected
    std::vector<query::DrawItem> spans;
    std::vector<qint64> tracks;
    int otherRun = 0;
    for (size_t i = 0; i < found.spans.size(); ++i) {
        if (m_summary && std::find(m_summary->ranks.begin(), m_summary->ranks.end(), found.ranks[i]) ==
                             m_summary->ranks.end()) {
            ++otherRun;
            continue;
        }
        spans.push_back(found.spans[i]);
        tracks.push_back(found.trackIds[i]);
    }
    QStringList notes;
    if (found.missing > 0)
        notes
            << tr("%1 name no span of this index").arg(views::counted(found.missing, tr("row"), tr("rows")));
    if (otherRun > 0)
        notes << tr("%1 on ranks of another run (the run chooser shows it)")
                     .arg(views::counted(otherRun, tr("span"), tr("spans")));
    if (spans.empty()) {
        Q_EMIT message(notes.isEmpty() ? tr("No span to show") : notes.join("; "), 10000);
        return;
    }
    setHits(std::move(spans), std::move(tracks));
    const int first = nextShown(0, +1, shownTracks());
    if (first < 0) {
        Q_EMIT message(allHiddenText(views::counted(qint64(m_hits.size()), tr("span"), tr("spans"))), 10000);
        return;
    }
    show(size_t(first), true);
    m_hitsSelection = m_state->selection();
    const QString what = asked == 1
                             ? tr("The row's span selected")
                             : tr("%1 of the rows highlighted, the first selected (F3 / Shift+F3: next, "
                                  "previous)")
                                   .arg(views::counted(qint64(m_hits.size()), tr("span"), tr("spans")));
    Q_EMIT message((notes.isEmpty() ? what : what + "; " + notes.join("; ")) + hiddenText(), 10000);
}

void SearchController::onKernels(quint64 id, const QVariant& v) {
    if (id != m_kernelRequest) return;
    if (m_kernelKind == Kind::SpanRows) {
        if (auto found = v.value<std::shared_ptr<const query::LocatedSpans>>())
            onSpanRows(*found, m_refsAsked);
        return;
    }
    auto k = v.value<std::shared_ptr<const query::ShapeKernels>>();
    if (!k || (m_kernelKind != Kind::Shape && k->spans.empty())) return;
    setHits(k->spans, {k->trackIds.begin(), k->trackIds.end()});
    m_hitsSelection = m_state->selection(); // the cell's (or a shape's): they go when it goes
    QString more;
    const QString count = m_kernelKind == Kind::Area
                              ? kernelCountText(qint64(m_hits.size()), tr("span"), tr("spans"), more)
                              : kernelCountText(qint64(m_hits.size()), tr("kernel"), tr("kernels"), more);
    const auto shown = shownTracks();
    if (m_kernelKind == Kind::OpKernels) { // Details says what of them the timeline draws
        qint64 notDrawn = 0;
        QString how;
        const QString why = hiddenBy(notDrawn, &how);
        Q_EMIT opKernelsDrawn(m_opType, m_opRank, qint64(m_hits.size()), notDrawn, why, how);
    }
    if (m_kernelKind != Kind::Shape && nextShown(0, +1, shown) < 0) {
        Q_EMIT message(allHiddenText(tr("%1 of %2").arg(count, m_label)) + more, 10000);
        return;
    }
    if (m_kernelKind == Kind::Area) {
        show(size_t(nextShown(0, +1, shown)), true);
        Q_EMIT message(tr("%1 of %2 highlighted (F3 / Shift+F3: next, previous)%3%4")
                           .arg(count, m_label, hiddenText(), more),
                       10000);
        return;
    }
    if (m_kernelKind == Kind::Shape) {
        m_index = 0; // the shape view already went to the first one
        Q_EMIT message(tr("%1 of %2 highlighted (F3 / Shift+F3: next, previous)%3").arg(count, m_label, more),
                       10000);
        return;
    }
    // a heatmap cell: the timeline at its longest kernel on a shown lane (the selection stays the cell's)
    size_t longest = size_t(nextShown(0, +1, shown));
    for (size_t i = 0; i < m_hits.size(); ++i)
        if (isShown(i, shown) &&
            m_hits[i].endNs - m_hits[i].startNs > m_hits[longest].endNs - m_hits[longest].startNs)
            longest = i;
    show(longest, false);
    Q_EMIT message(tr("%1 of %2 highlighted; showing the longest%3 (F3 / Shift+F3: next, previous)%4%5")
                       .arg(count, m_label, more.isEmpty() ? QString() : tr(" of them"), hiddenText(), more),
                   10000);
}

void SearchController::setHits(std::vector<query::DrawItem> spans, std::vector<qint64> tracks) {
    m_hits = std::move(spans);
    m_tracks = std::move(tracks);
    m_index = -1;
    m_hitsOfSearch = false;
    m_hitsSelection = {};
    m_timeline->setSearchHits(m_hits, m_tracks); // outlined by lane and time, at any zoom
}

void SearchController::clear(bool text) {
    m_searchRequest = m_kernelRequest = 0; // answers still on their way belong to what was cleared
    setHits({}, {});
    if (text) m_field->clear();
}

void SearchController::step(int direction) {
    if (m_hits.empty()) return;
    const int n = int(m_hits.size());
    const int from = m_index < 0 ? (direction > 0 ? 0 : n - 1) : (m_index + direction + n) % n;
    // the track filter may have changed since the hits came: only what the timeline shows now is visited
    const int i = nextShown(from, direction, shownTracks());
    if (i < 0) {
        Q_EMIT message(allHiddenText(views::counted(n, tr("highlighted span"), tr("highlighted spans"))),
                       8000);
        return;
    }
    show(size_t(i), true);
}

void SearchController::show(size_t i, bool select) {
    m_index = int(i);
    const auto& h = m_hits[i];
    const int64_t pad = std::max<int64_t>((h.endNs - h.startNs) * 4, 20000);
    // inside the run: a hit near the start showed a quarter of the view before the run, and a hit as long
    // as the run showed it at a quarter of the width
    const int64_t lo = m_state->boundsStart(), hi = m_state->boundsEnd();
    const auto [a, b] = views::panWindow(h.startNs - pad, h.endNs + pad, 0, lo, hi);
    m_state->setWindow(std::max(a, std::min(lo, h.startNs)), std::min(b, std::max(hi, h.endNs)));
    if (select) {
        // the selection a click on the span makes, op type and all: without it the memory map (which
        // highlights a span's op) kept the previous selection's tensors (r54c #2)
        const int rank = i < m_tracks.size() ? rankOfTrack(m_tracks[i]) : -1;
        Selection s;
        if (m_summary) {
            s = views::TimelineInput::spanSelection(*m_summary, rank, h,
                                                    i < m_tracks.size() ? m_tracks[i] : 0);
        } else {
            s.kind = Selection::Kind::Span;
            s.rank = rank;
            s.spanId = h.spanId;
            s.startNs = h.startNs;
            s.endNs = h.endNs;
        }
        m_state->setSelection(s);
    }
    if (i < m_tracks.size()) m_timeline->scrollToTrack(m_tracks[i]);
}

int SearchController::rankOfTrack(qint64 trackId) const {
    if (m_summary)
        for (const auto& t : m_summary->tracks)
            if (t.trackId == trackId) return t.rank;
    return -1;
}

void SearchController::selectAllMatches() {
    if (m_hits.empty() || !m_summary) return;
    const auto id = size_t(m_hits.front().opTypeId);
    if (id >= m_summary->strings.size()) return;
    Selection s;
    s.kind = Selection::Kind::OpType;
    s.opType = QString::fromStdString(m_summary->strings[id]);
    m_state->setSelection(s);
}

} // namespace rs::gui
