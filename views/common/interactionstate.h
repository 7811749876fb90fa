#pragma once
// The one interaction state every view observes (created and owned by app/): the visible time window
// with its zoom undo/redo history, the selection and the hover, all by stable integer keys (rank, span,
// step, op type, tensor). Views change it through its API and react to its signals; they never talk to
// each other. GUI thread only.
#include <QObject>
#include <QString>
#include <algorithm>
#include <array>
#include <cstdint>
#include <optional>
#include <vector>

namespace rs::views {

struct Selection {
    /// CommLink: one cell of the communication matrix — `rank` is the rank whose file holds the link,
    /// `linkSrc` → `linkDst` the matrix's ranks (global or group-local as the matrix says), `group` and
    /// `step` (-1: all steps) what it sums, `spans` its collectives on the timeline (sorted span ids).
    enum class Kind { None, Span, Step, OpType, Tensor, CommLink };
    Kind kind = Kind::None;
    int rank = -1; ///< -1: all ranks
    qint64 spanId = 0;
    /// A span's lane (0: not known, as a saved view's): zoomed out, where a level-of-detail bucket carries no
    /// span id, only the bucket of this lane is outlined (walk 54a: one click outlined the same-extent
    /// Notify_Wait of planes 1-3). Not part of the key.
    qint64 trackId = 0;
    qint64 step = -1;
    QString opType;
    /// Further op types on `rank` the selection names with `opType` (a slow card's slow op types): the
    /// heatmap outlines each of their cells too.
    std::vector<QString> moreOpTypes;
    QString tensorId;
    /// A tensor's name as the views show it (query::tensorName: "operator_memory.csv line 34" for the row
    /// keyed "om34"); shown, not part of the key. Empty: the id is its name.
    QString tensorName;
    QString tensorLabel() const { return tensorName.isEmpty() ? tensorId : tensorName; }
    qint64 startNs = 0, endNs = 0; ///< extent of the selected item (for zoom-to)
    qint64 bytes = -1;             ///< a tensor's size (-1: not known); shown, not part of the key
    std::optional<quint64> addr;   ///< a tensor's device address; shown, not part of the key
    QString group;                 ///< a communication link's group
    qint64 linkSrc = -1, linkDst = -1;
    std::vector<qint64> spans; ///< a communication link's collectives (sorted span ids), once resolved
    /// The same collectives as {lane (track id), start ns, end ns, row (depth)}, sorted: zoomed out past a
    /// few ms, a collective is inside a level-of-detail bucket without an id, outlined by its lane, extent
    /// and row (the link's collectives after the first were not outlined once the window moved, nor those
    /// merged with neighbours into a bucket of several spans). Shown, not part of the key.
    std::vector<std::array<qint64, 4>> linkExtents;
    /// Sets `spans` and `linkExtents` from a link's collectives (`trackIds` per item).
    template <class Items> void setLinkSpans(const Items& items, const std::vector<int64_t>& trackIds) {
        spans.clear();
        linkExtents.clear();
        for (size_t i = 0; i < items.size(); ++i) {
            spans.push_back(items[i].spanId);
            if (i < trackIds.size())
                linkExtents.push_back({trackIds[i], items[i].startNs, items[i].endNs, items[i].depth});
        }
        std::sort(spans.begin(), spans.end());
        spans.erase(std::unique(spans.begin(), spans.end()), spans.end());
        std::sort(linkExtents.begin(), linkExtents.end());
    }
    /// Whether a bucket of `lane`'s row `depth` over [startNs, endNs] holds one of the link's collectives.
    bool linkCollectiveIn(qint64 lane, qint64 depth, qint64 startNs, qint64 endNs) const {
        auto it = std::lower_bound(linkExtents.begin(), linkExtents.end(),
                                   std::array<qint64, 4>{lane, startNs, INT64_MIN, INT64_MIN});
        for (; it != linkExtents.end() && (*it)[0] == lane && (*it)[1] <= endNs; ++it)
            if ((*it)[3] == depth && (*it)[2] <= endNs) return true;
        return false;
    }
    /// What a communication link's figures are (shown, not part of the key): bytes with a time (so GB/s),
    /// Kineto's logical bytes (no time), or hccl_raw's size in its own unnamed unit with a time (no GB/s).
    enum class LinkSize { Bytes, LogicalBytes, HcclRawUnits };
    LinkSize linkSize = LinkSize::Bytes;
    /// Chosen where it is seen (a click on the memory map's bar): the other views do not move the window
    /// to it, a double-click zooms (r49b #6). Not part of the key.
    bool keepWindow = false;
    bool operator==(const Selection& o) const {
        return kind == o.kind && rank == o.rank && spanId == o.spanId && step == o.step &&
               opType == o.opType && moreOpTypes == o.moreOpTypes && tensorId == o.tensorId &&
               group == o.group && linkSrc == o.linkSrc && linkDst == o.linkDst && spans == o.spans;
    }
};

/// An area of the timeline the user marked (a drag across lanes and time): a window in the timeline's time
/// (clock-aligned when the timeline draws aligned ranks) over some lanes. The area statistics follow it.
struct MarkedArea {
    qint64 t0 = 0, t1 = 0;
    std::vector<qint64> trackIds; ///< the lanes (a memory lane: query::memoryTrackId(rank))
    std::vector<int> ranks;       ///< their ranks (index keys)
    bool aligned = false;         ///< t0, t1 are on the clock-aligned time
    bool valid() const { return t1 > t0 && !trackIds.empty(); }
    bool operator==(const MarkedArea& o) const {
        return t0 == o.t0 && t1 == o.t1 && trackIds == o.trackIds && ranks == o.ranks && aligned == o.aligned;
    }
};

class InteractionState : public QObject {
    Q_OBJECT
  public:
    explicit InteractionState(QObject* parent = nullptr) : QObject(parent) {}

    /// The whole profile's extent; resets the window to it and clears the history.
    void setBounds(qint64 startNs, qint64 endNs);
    qint64 boundsStart() const { return m_lo; }
    qint64 boundsEnd() const { return m_hi; }
    qint64 windowStart() const { return m_t0; }
    qint64 windowEnd() const { return m_t1; }
    /// Moves the window; `record` pushes the previous window on the undo stack (panning passes false
    /// while dragging and records once at the end).
    void setWindow(qint64 t0, qint64 t1, bool record = true);
    /// Pushes the current window and selection on the undo stack: one history entry is both, so Back
    /// after two findings shows the first one's window with its span selected (walk 38 #4: the window
    /// came back, the selection stayed the second's, off screen).
    void recordWindow();
    void fit() { setWindow(m_lo, m_hi); }
    bool canGoBack() const { return !m_back.empty(); }
    bool canGoForward() const { return !m_forward.empty(); }
    /// The previous (next) entry's selection, then its window: a view moving the window to the selection
    /// meanwhile records nothing and is overruled.
    void back();
    void forward();

    const Selection& selection() const { return m_selection; }
    void setSelection(const Selection& s);
    void clearSelection() { setSelection(Selection{}); }
    qint64 hoverNs() const { return m_hoverNs; }
    void setHoverNs(qint64 ns);
    /// The area marked on the timeline (invalid: none).
    const MarkedArea& area() const { return m_area; }
    void setArea(const MarkedArea& a);
    void clearArea() { setArea(MarkedArea{}); }

  Q_SIGNALS:
    void windowChanged(qint64 t0, qint64 t1);
    void historyChanged();
    void selectionChanged(const rs::views::Selection& s);
    void hoverChanged(qint64 ns);
    void areaChanged(const rs::views::MarkedArea& a);

  private:
    qint64 m_lo = 0, m_hi = 1, m_t0 = 0, m_t1 = 1;
    struct HistoryEntry {
        qint64 t0, t1;
        Selection selection;
    };
    HistoryEntry current() const { return {m_t0, m_t1, m_selection}; }
    void restore(const HistoryEntry& e);
    std::vector<HistoryEntry> m_back, m_forward;
    bool m_restoring = false; ///< back() or forward() under way: no entry is recorded
    /// The window and selection before a selection changed in this turn of the event loop: a navigation
    /// that selects first and moves the window after (a search hit, a link, a finding) records what the
    /// user saw, not the old window with the new selection (review of stop 50). Dropped at the next turn.
    std::optional<HistoryEntry> m_beforeSelection;
    Selection m_selection;
    qint64 m_hoverNs = -1;
    MarkedArea m_area;
};

} // namespace rs::views
