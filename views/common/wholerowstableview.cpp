#include "views/common/wholerowstableview.h"

#include <QHeaderView>
#include <QPaintEvent>

namespace rs::views {

int WholeRowsTableView::wholeRowsBottom() const {
    const int h = viewport()->height();
    const int row = rowAt(h - 1);
    if (row < 0) return h; // the rows end above the edge
    const int top = rowViewportPosition(row);
    // a row taller than the whole viewport is shown as it can be: leaving it out would show nothing
    return top + rowHeight(row) > h && top > 0 ? top : h;
}

QModelIndex WholeRowsTableView::indexAt(const QPoint& p) const {
    if (p.y() >= wholeRowsBottom()) return {}; // the row left out is not there to click or hover
    return QTableView::indexAt(p);
}

void WholeRowsTableView::paintEvent(QPaintEvent* e) {
    // the rows and grid of the region above the cut only: the viewport's own background fills the rest
    const QRegion whole = e->region() & QRect(0, 0, viewport()->width(), wholeRowsBottom());
    QPaintEvent clipped(whole);
    QTableView::paintEvent(&clipped);
}

} // namespace rs::views
