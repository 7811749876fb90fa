#include "views/tables/sqlresultgrid.h"

#include "views/tables/sqlresultmodel.h"

#include <QScrollBar>
#include <QWheelEvent>
#include <algorithm>
#include <utility>

namespace rs::views {

SqlResultGrid::SqlResultGrid(QWidget* parent) : QTableView(parent) {
    // scrolled up by hand (the bar dragged): the grid fetches as it scrolls again
    connect(verticalScrollBar(), &QScrollBar::valueChanged, this, [this](int v) {
        if (v < verticalScrollBar()->maximum()) release();
    });
}

void SqlResultGrid::setResultModel(SqlResultModel* model) {
    m_model = model;
    setModel(model);
    connect(model, &QAbstractItemModel::rowsInserted, this,
            [this](const QModelIndex&, int, int last) { onRowsInserted(last); });
    connect(model, &QAbstractItemModel::modelReset, this, [this] { m_follow = false; });
}

bool SqlResultGrid::parked() const {
    return m_model && m_model->fetchHeld();
}

void SqlResultGrid::release() {
    if (m_model) m_model->setFetchHeld(false);
}

void SqlResultGrid::fetchNext(bool follow) {
    if (!m_model || !m_model->moreRows() || m_model->busy()) return;
    m_follow = follow;
    m_model->fetchMore({});
}

void SqlResultGrid::onRowsInserted(int last) {
    if (!std::exchange(m_follow, false)) return;
    const int column = std::max(0, currentIndex().column());
    setCurrentIndex(m_model->index(last, column));
    scrollTo(currentIndex(), QAbstractItemView::PositionAtBottom);
}

QModelIndex SqlResultGrid::moveCursor(CursorAction action, Qt::KeyboardModifiers modifiers) {
    if (!m_model) return QTableView::moveCursor(action, modifiers);
    const int last = m_model->rowCount() - 1;
    const bool onLast = currentIndex().isValid() && currentIndex().row() == last;
    const bool toEnd = action == MoveEnd && (modifiers & Qt::ControlModifier);
    if (toEnd) {
        m_model->setFetchHeld(true);
        if (onLast) fetchNext(true); // at the end already: the next page, and on to its end
        return QTableView::moveCursor(action, modifiers);
    }
    if (parked() && onLast && (action == MoveDown || action == MovePageDown || action == MoveNext)) {
        fetchNext(true);
        return currentIndex();
    }
    release();
    return QTableView::moveCursor(action, modifiers);
}

void SqlResultGrid::wheelEvent(QWheelEvent* e) {
    const bool down = e->angleDelta().y() < 0;
    if (parked() && down && verticalScrollBar()->value() == verticalScrollBar()->maximum()) {
        release(); // past the end: the next page, as scrolling there asks for it
        fetchNext(false);
    } else if (!down) {
        release();
    }
    QTableView::wheelEvent(e);
}

} // namespace rs::views
