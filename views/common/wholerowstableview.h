#pragma once
// A table that shows only whole rows: the row its viewport's bottom edge runs through is not drawn (the
// pixels under the last whole row stay blank) and cannot be clicked, as a dock's scroll area leaves out a
// line its edge would cut (gui::DockScrollArea). Its own scroll moves a row at a time (QTableView's per-item
// scroll), so its top is always a row's top; moving the current row onto the row left out scrolls it into
// view. (Issue 19 #1: Area statistics showed a row cut in half under the ops table's last whole one.)
// GUI thread only.
#include <QTableView>

namespace rs::views {

class WholeRowsTableView : public QTableView {
    Q_OBJECT
  public:
    explicit WholeRowsTableView(QWidget* parent = nullptr) : QTableView(parent) {}
    /// The viewport's y (px) where its whole rows end: its height when no row is cut by its bottom.
    int wholeRowsBottom() const;
    QModelIndex indexAt(const QPoint& p) const override;

  protected:
    void paintEvent(QPaintEvent* e) override;
};

} // namespace rs::views
