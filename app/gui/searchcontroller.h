#pragma once
// The span search and every other set of highlighted spans stepped through with F3 / Shift+F3: the
// toolbar's search box (Enter asks the query service for spans whose name or op type contains the text,
// then goes to the first), a shape cell's kernels and a heatmap cell's kernels (the timeline goes to the
// longest), the spans rows of the SQL console name, and an area-statistics row's spans. The hits are
// drawn on the timeline; next() and previous() visit them in time order and wrap around, selecting each span,
// moving the window to it and scrolling its lane into view. Only hits on lanes the timeline shows are
// visited (walk 13: filter "rank 3-5", the first MatMul hit selected was on rank 0, off screen); those the
// track filter, the ranks chosen or the hidden lane kinds hide, and those on lanes the timeline does not
// draw (another clock), are counted and said. The search looks in the shown run only; hits belong to the
// run they were found in: clear() drops them (and the text, for a new profile). Highlighted kernels other
// than a text search's go when the selection they came with is replaced (one selection at a time). GUI thread
// only.
#include "core/query/queryservice.h"
#include "views/common/interactionstate.h"

#include <QLineEdit>
#include <QObject>
#include <QPointer>
#include <memory>
#include <unordered_set>
#include <vector>

namespace rs::views {
class TimelineView;
}

namespace rs::gui {

class SearchController : public QObject {
    Q_OBJECT
  public:
    SearchController(views::InteractionState* state, query::QueryService* service,
                     views::TimelineView* timeline, QObject* parent = nullptr);
    ~SearchController() override;
    /// The search box (the window puts it in its toolbar).
    QLineEdit* field() const; // out of line: QPointer<QLineEdit> needs the complete type
    void setSummary(std::shared_ptr<const query::ProfileSummary> s);

    /// Asks for the spans matching `text` (at most kLimit); an empty text clears the hits.
    void search(const QString& text);
    void next() { step(+1); }
    void previous() { step(-1); }
    /// Selects the op type of the hits (every span of it highlighted in every view).
    void selectAllMatches();
    /// Every kernel of a shape group (a shape heatmap cell).
    void highlightShapeKernels(const QString& opType, const QString& shapes, const QString& dtypes);
    /// Every kernel of (op type, rank) (a heatmap cell), of `step` only when ≥ 0 (a per-step cell); the
    /// timeline goes to the longest.
    void highlightOpKernels(const QString& opType, int rank, qint64 step = -1);
    /// The spans rows of the SQL console name: one is selected and shown; several are highlighted and the
    /// first is selected (F3 steps on). Rows naming no span, or a span of a run not shown, are said.
    void showSpanRows(const std::vector<query::SpanRef>& refs);
    /// The spans of one row of an area's statistics (`rank` −1: every rank): highlighted, the first shown.
    void highlightAreaSpans(const query::AreaQuery& q, const QString& name, const QString& kind, int rank);
    /// Drops the hits (and the search text when `text`).
    void clear(bool text);

    const std::vector<query::DrawItem>& hits() const { return m_hits; }
    int current() const { return m_index; } ///< the hit shown, -1 before the first
    static constexpr int kLimit = 5000;
    /// What the status bar says of `hits` answers: their count, or that the search stopped at kLimit.
    static QString countText(qint64 hits);
    /// The same for a cell's, a shape's or an area row's `n` kernels (the request stops at
    /// QueryService::kKernelLimit): "12 kernels", or "the first 5000 kernels" and `more` says so.
    static QString kernelCountText(qint64 n, const QString& one, const QString& many, QString& more);

  Q_SIGNALS:
    /// A line for the status bar, shown for `ms` milliseconds.
    void message(const QString& text, int ms);
    /// The kernels of (op type `opType`, rank key `rank`) highlightOpKernels asked for came: `kernels` of
    /// them, `notDrawn` on lanes the timeline does not draw now, `why` (hiddenBy's words) and `how` to show
    /// them ("" when all are drawn). Details says so rather than claim a highlight nobody can see.
    void opKernelsDrawn(const QString& opType, int rank, qint64 kernels, qint64 notDrawn, const QString& why,
                        const QString& how);

  private:
    /// What a search could not read ("" when it read every shown rank).
    QString unsearchedText() const;
    enum class Kind { Search, Shape, OpKernels, SpanRows, Area };
    void onSearch(quint64 id, std::vector<query::DrawItem> hits, std::vector<qint64> tracks);
    void onKernels(quint64 id, const QVariant& v);
    void onSpanRows(const query::LocatedSpans& found, size_t asked);
    void setHits(std::vector<query::DrawItem> spans, std::vector<qint64> tracks);
    /// Drops highlighted kernels (not a text search's hits) once the selection they came with is gone.
    void followSelection(const views::Selection& s);
    void step(int direction);
    void show(size_t i, bool select);
    /// The tracks the timeline shows as laid out now (views::shownTracks); empty before a summary.
    std::unordered_set<int64_t> shownTracks() const;
    /// Whether hit `i` is on a lane of `shown` (shownTracks()).
    bool isShown(size_t i, const std::unordered_set<int64_t>& shown) const;
    /// The first shown hit from `from` on in `direction`, wrapping; -1 when none is shown.
    int nextShown(int from, int direction, const std::unordered_set<int64_t>& shown) const;
    /// Why the hits the timeline does not show are not on its lanes ("hidden by the track filter \"rank
    /// 3-5\"", "not drawn: not aligned …"), and how many they are.
    /// `how` (optional): what shows them ("clear the track filter", …), one clause per cause.
    QString hiddenBy(qint64& hidden, QString* how = nullptr) const;
    /// What the status bar adds of the hits the timeline hides ("" when none is): how many, and what hides
    /// them.
    QString hiddenText() const;
    /// The message for hits none of which is on a shown lane.
    QString allHiddenText(const QString& what) const;
    int rankOfTrack(qint64 trackId) const;
    views::InteractionState* m_state;
    query::QueryService* m_service;
    views::TimelineView* m_timeline;
    QPointer<QLineEdit> m_field; ///< owned until the window re-parents it into its toolbar
    std::shared_ptr<const query::ProfileSummary> m_summary;
    std::vector<query::DrawItem> m_hits;
    std::vector<qint64> m_tracks; ///< each hit's track
    int m_index = -1;
    bool m_hitsOfSearch = false;      ///< the hits are the search box's (they stay while its text does)
    views::Selection m_hitsSelection; ///< the selection the other hits came with
    quint64 m_searchRequest = 0, m_kernelRequest = 0;
    Kind m_kernelKind = Kind::Shape;
    QString m_label;  ///< what the kernels asked for are ("MatMul on rank 3", "MatMul [8,16]")
    QString m_opType; ///< highlightOpKernels' op type and rank key, for opKernelsDrawn
    int m_opRank = -1;
    size_t m_refsAsked = 0; ///< rows of the console the last showSpanRows asked about
};

} // namespace rs::gui
