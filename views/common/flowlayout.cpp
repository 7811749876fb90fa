#include "views/common/flowlayout.h"

#include <QWidget>
#include <algorithm>

namespace rs::views {

FlowLayout::FlowLayout(QWidget* parent, int spacing) : QLayout(parent), m_spacing(spacing) {
    setContentsMargins(0, 0, 0, 0);
}

FlowLayout::~FlowLayout() {
    while (QLayoutItem* item = takeAt(0))
        delete item;
}

void FlowLayout::addItem(QLayoutItem* item) {
    m_items.append(item);
}

QLayoutItem* FlowLayout::takeAt(int i) {
    return i >= 0 && i < m_items.size() ? m_items.takeAt(i) : nullptr;
}

QSize FlowLayout::minimumSize() const {
    // as narrow as its widest item's minimum: the rest flows onto more rows
    QSize s;
    for (const QLayoutItem* item : m_items)
        s = s.expandedTo(item->minimumSize());
    const QMargins m = contentsMargins();
    return s + QSize(m.left() + m.right(), m.top() + m.bottom());
}

QSize FlowLayout::sizeHint() const {
    // every item in one row
    int w = 0, h = 0;
    for (const QLayoutItem* item : m_items) {
        if (item->isEmpty()) continue;
        w += (w > 0 ? m_spacing : 0) + item->sizeHint().width();
        h = std::max(h, item->sizeHint().height());
    }
    const QMargins m = contentsMargins();
    return {w + m.left() + m.right(), h + m.top() + m.bottom()};
}

void FlowLayout::setGeometry(const QRect& r) {
    QLayout::setGeometry(r);
    place(r, true);
}

int FlowLayout::place(const QRect& r, bool apply) const {
    const QRect area = r.marginsRemoved(contentsMargins());
    int x = area.x(), y = area.y(), rowHeight = 0;
    for (QLayoutItem* item : m_items) {
        if (item->isEmpty()) continue;
        // its preferred width, down to its minimum where the row is narrower than that
        const int w = std::max(std::min(item->sizeHint().width(), area.width()), item->minimumSize().width());
        if (x > area.x() && x + w > area.right() + 1) { // another row
            x = area.x();
            y += rowHeight + m_spacing;
            rowHeight = 0;
        }
        const int h = item->sizeHint().height();
        if (apply) item->setGeometry(QRect(x, y, w, h));
        x += w + m_spacing;
        rowHeight = std::max(rowHeight, h);
    }
    const QMargins m = contentsMargins();
    return y + rowHeight - r.y() + m.bottom();
}

} // namespace rs::views
