#pragma once
// A layout that sets its widgets side by side at their preferred widths and starts another row where the
// next does not fit (never narrower than its minimum: a widget wider than the whole row gets the row).
// Its height follows its width (heightForWidth), so a scroll area or a box layout around it gives it the
// rows it needs. (Issue 19 #1: in one row the op heatmap's four drop-downs were squeezed at 800 × 600
// until their choices were cut to "…"; flowed, each reads whole.) GUI thread only.
#include <QLayout>
#include <QList>

namespace rs::views {

class FlowLayout : public QLayout {
  public:
    explicit FlowLayout(QWidget* parent = nullptr, int spacing = 4);
    ~FlowLayout() override;
    void addItem(QLayoutItem* item) override;
    int count() const override { return int(m_items.size()); }
    QLayoutItem* itemAt(int i) const override { return m_items.value(i); }
    QLayoutItem* takeAt(int i) override;
    Qt::Orientations expandingDirections() const override { return {}; }
    bool hasHeightForWidth() const override { return true; }
    int heightForWidth(int width) const override { return place(QRect(0, 0, width, 0), false); }
    QSize minimumSize() const override;
    QSize sizeHint() const override;
    void setGeometry(const QRect& r) override;

  private:
    /// Lays the items out in `r` (only measures unless `apply`): the height (px) they take.
    int place(const QRect& r, bool apply) const;
    QList<QLayoutItem*> m_items;
    int m_spacing;
};

} // namespace rs::views
