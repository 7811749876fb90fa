#include "app/gui/dockscrollarea.h"

#include "views/common/lineedges.h"
#include "views/common/wholelines.h"

#include <QAbstractItemView>
#include <QCoreApplication>
#include <QEvent>
#include <QLabel>
#include <QScrollBar>
#include <QTimer>
#include <QTreeView>

namespace rs::gui {

DockScrollArea::DockScrollArea(QWidget* view, QWidget* parent) : QScrollArea(parent) {
    setFrameShape(QFrame::NoFrame);
    setWidgetResizable(true); // the view fills the dock, down to its own minimum: then it scrolls
    setWidget(view);
    setFocusProxy(view);            // a dock raised for a finding gives its view the keys, as before
    view->installEventFilter(this); // its layout (new data, another minimum) moves its lines
    follow(verticalScrollBar(), &QScrollBar::valueChanged);
    follow(verticalScrollBar(), &QScrollBar::rangeChanged);
}

DockScrollArea::~DockScrollArea() {
    // the view's models and scroll bars (and this area's own) go in ~QWidget, after this class's part: a
    // signal they send while they go must not reach snapLater on what is no longer a DockScrollArea (UBSan
    // in the sanitize stage: "downcast … which does not point to an object of type 'DockScrollArea'")
    for (const QMetaObject::Connection& c : m_connections)
        disconnect(c);
}

void DockScrollArea::resizeEvent(QResizeEvent* e) {
    QScrollArea::resizeEvent(e);
    snapLater();
}

bool DockScrollArea::eventFilter(QObject* watched, QEvent* e) {
    const auto t = e->type();
    // what moves lines: a layout, a size, a widget shown, a widget's own lines moving (a zoom, new data;
    // LineEdges), an item view's scroll (watch); a paint moves none (a hover, a blink repainted it and
    // snapped every time)
    if (t == QEvent::LayoutRequest || t == QEvent::Resize || t == QEvent::Show ||
        t == views::LineEdges::linesMovedEvent())
        snapLater();
    if (t == QEvent::Destroy) m_watched.remove(watched);
    return QScrollArea::eventFilter(watched, e);
}

void DockScrollArea::snapLater() {
    if (m_snapPending) return;
    m_snapPending = true;
    QTimer::singleShot(0, this, [this] {
        m_snapPending = false;
        snapToWholeLines();
    });
}

void DockScrollArea::watch(QWidget* w) {
    if (m_watched.contains(w)) return;
    m_watched.insert(w);
    w->installEventFilter(this);
    if (auto* items = qobject_cast<QAbstractItemView*>(w->parentWidget()); items && items->viewport() == w)
        watchRows(items);
}

void DockScrollArea::watchRows(QAbstractItemView* items) {
    // an item view's rows move with its own scroll bar, rows added or taken away, a tree's row opened
    follow(items->verticalScrollBar(), &QScrollBar::valueChanged);
    if (QAbstractItemModel* m = items->model()) {
        follow(m, &QAbstractItemModel::rowsInserted);
        follow(m, &QAbstractItemModel::rowsRemoved);
        follow(m, &QAbstractItemModel::layoutChanged);
        follow(m, &QAbstractItemModel::modelReset);
    }
    if (auto* tree = qobject_cast<QTreeView*>(items)) {
        follow(tree, &QTreeView::expanded);
        follow(tree, &QTreeView::collapsed);
    }
}

namespace {
/// The text line of `label` that `y` (its pixels) runs through inside it. A short label of one line is that
/// line whole (an elided caption in a row as tall as its combo box); other labels' lines are where it lays
/// them out, placed as its vertical alignment puts its text (the memory view's notes: r56b, a scroll of
/// the bank bands stopped through the colour key's line).
std::optional<std::pair<int, int>> labelLineThrough(const QLabel& label, int y) {
    if (label.text().isEmpty()) return std::nullopt;
    const QList<QRect> rects = views::labelLineRects(&label, label.width());
    if (rects.isEmpty()) return std::nullopt;
    // a short one-line label whole; a tall one (a placeholder centred in a large area) by its line only, or
    // its height would swallow the lines of the widgets beside it (the Comparison list's rows)
    if (rects.size() == 1 && label.height() <= 2 * label.fontMetrics().lineSpacing())
        return std::make_pair(0, label.height());
    const int textBottom = rects.back().bottom() + 1, margin = rects.front().top();
    const Qt::Alignment a = label.alignment();
    const int dy = a & Qt::AlignBottom    ? label.height() - margin - textBottom
                   : a & Qt::AlignVCenter ? (label.height() - margin - textBottom) / 2
                                          : 0;
    for (const QRect& r : rects)
        if (r.top() + dy < y && y <= r.bottom() + dy)
            return std::make_pair(r.top() + dy, r.bottom() + dy + 1);
    return std::nullopt;
}

/// Whether `w` lies in a scroll area of its own inside `view` (the Comparison panel's verdict): its lines
/// past that area's edge are not shown, and the area keeps its own lines whole.
bool inOwnScrollArea(const QWidget* w, const QWidget* view) {
    for (const QWidget* p = w->parentWidget(); p && p != view; p = p->parentWidget())
        if (qobject_cast<const QAbstractScrollArea*>(p)) return true;
    return false;
}
} // namespace

std::optional<std::pair<int, int>> DockScrollArea::linesThrough(int y) {
    QWidget* view = widget();
    std::optional<std::pair<int, int>> out;
    for (QWidget* w : view->findChildren<QWidget*>()) {
        if (!w->isVisibleTo(view)) continue;
        auto* items = qobject_cast<QAbstractItemView*>(w);
        const auto* lines = dynamic_cast<const views::LineEdges*>(w);
        const auto* label = inOwnScrollArea(w, view) ? nullptr : qobject_cast<const QLabel*>(w);
        if (!items && !lines && !label) continue;
        QWidget* area = items ? items->viewport() : w; // where the lines are drawn
        const int top = area->mapTo(view, QPoint(0, 0)).y(), local = y - top;
        if (local <= 0 || local >= area->height()) continue; // `y` does not cross it
        watch(area);
        std::optional<std::pair<int, int>> line;
        if (lines) {
            line = lines->lineThrough(local);
        } else if (label) {
            line = labelLineThrough(*label, local);
        } else if (const QModelIndex at = items->indexAt(QPoint(1, local)); at.isValid()) {
            const QRect row = items->visualRect(at);
            if (row.top() < local && local <= row.bottom())
                line = std::make_pair(row.top(), row.bottom() + 1);
        }
        if (!line) continue;
        // clipped to what of the widget shows: a row scrolled half out of its list ends at the list's edge
        const int a = top + std::max(line->first, 0), b = top + std::min(line->second, area->height());
        out = out ? std::make_pair(std::min(out->first, a), std::max(out->second, b)) : std::make_pair(a, b);
    }
    return out;
}

void DockScrollArea::snapToWholeLines() {
    if (!widget()) return;
    QScrollBar* bar = verticalScrollBar();
    const int full = viewport()->height() + m_cut; // the viewport without the cut
    const int content = widget()->height();
    int top = bar->value(), cut = 0;
    // the view is its minimum's height when taller than the viewport (widgetResizable), else the
    // viewport's: taller than the whole viewport, it scrolls
    if (content > full) {
        // a scroll that stopped inside a line goes on to its edge: its bottom scrolling down, else its top
        // (up, or a resize: showing more). Once: the edge chosen may run through a line of a view beside
        // (rows of another height), and snapping again from there would walk the view a line at a time
        if (const auto line = linesThrough(top);
            line && line->second - line->first < full && top != m_snappedTop)
            top = top > m_lastTop ? line->second : line->first;
        const int bottom = top + full;
        if (bottom < content) {
            if (const auto line = linesThrough(bottom); line && line->first > top) cut = bottom - line->first;
        } else {
            cut = bottom - content; // blank under the content: room for the top to reach the edge
        }
    }
    if (cut >= full) cut = 0;
    if (cut != m_cut) {
        m_cut = cut;
        setViewportMargins(0, 0, 0, cut);
        // the scroll range follows the viewport now, so that the top can reach the edge chosen
        QEvent relayout(QEvent::LayoutRequest);
        QCoreApplication::sendEvent(this, &relayout);
    }
    m_snappedTop = top != bar->value() ? top : -1;
    if (top != bar->value()) bar->setValue(top); // snaps again (valueChanged): the top is left there
    // a scroll moves the pixels painted before: a line drawn whole then (a grid's row, a chart's title)
    // was moved half out at the edge. Painted again, each line the edges cut is left out, not cut in half
    // (views that draw lines whole or not: wholelines.h; r56c, the Comparison dock at 800 × 600)
    if (bar->value() != m_paintedTop || cut != m_paintedCut) widget()->update();
    m_paintedTop = bar->value();
    m_paintedCut = cut;
    m_lastTop = bar->value();
}

} // namespace rs::gui
