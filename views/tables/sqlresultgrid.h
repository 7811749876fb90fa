#pragma once
// The SQL console's result grid: a table view over a SqlResultModel whose Ctrl+End reaches the last
// fetched row and stays on it. A plain QTableView moved there, saw the last row on screen, fetched the next
// page and left the cursor in the middle (row 1 000 of 2 000). Here Ctrl+End parks on the last fetched
// row (the model's own fetching is held meanwhile); Ctrl+End again there, Down / Page Down on it or the
// wheel past it fetch the next page, and a page Ctrl+End asked for is followed to its last row. Any other
// move lets the grid fetch as it scrolls again. GUI thread only.
#include <QTableView>

namespace rs::views {

class SqlResultModel;

class SqlResultGrid : public QTableView {
    Q_OBJECT
  public:
    explicit SqlResultGrid(QWidget* parent = nullptr);
    void setResultModel(SqlResultModel* model);
    /// True while the grid is parked on the last fetched row (Ctrl+End).
    bool parked() const;

  protected:
    QModelIndex moveCursor(CursorAction action, Qt::KeyboardModifiers modifiers) override;
    void wheelEvent(QWheelEvent* e) override;

  private:
    /// Asks for the next page; when it comes the cursor goes to its last row (`follow`).
    void fetchNext(bool follow);
    void onRowsInserted(int last);
    void release();
    SqlResultModel* m_model = nullptr;
    bool m_follow = false; ///< a page Ctrl+End asked for: the cursor goes to its last row
};

} // namespace rs::views
