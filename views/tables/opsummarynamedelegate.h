#pragma once
// Draws the op summary's op type names so that two different names never read the same: each name's
// label comes from elideDistinct over every name in the table, for the column's width (elided in the
// middle, and where two names still look alike the part where they differ is kept). The model keeps the
// whole name (sorting, filtering, the selection, the tooltip). The op-summary table only. GUI thread.
#include <QHash>
#include <QStyledItemDelegate>
#include <vector>

namespace rs::views {

class OpSummaryNameDelegate : public QStyledItemDelegate {
    Q_OBJECT
  public:
    using QStyledItemDelegate::QStyledItemDelegate;
    /// Labels `names` for a cell `cellWidthPx` wide in `font` (the cell's text margins left out).
    void setNames(const std::vector<QString>& names, const QFont& font, int cellWidthPx);
    /// The label drawn for `name` (the name itself when it was not among setNames').
    QString label(const QString& name) const { return m_labels.value(name, name); }

  protected:
    void initStyleOption(QStyleOptionViewItem* option, const QModelIndex& index) const override;

  private:
    QHash<QString, QString> m_labels;
};

} // namespace rs::views
