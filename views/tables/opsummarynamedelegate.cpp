#include "views/tables/opsummarynamedelegate.h"

#include "views/common/distinctelide.h"

#include <QFontMetrics>
#include <algorithm>

namespace rs::views {

void OpSummaryNameDelegate::setNames(const std::vector<QString>& names, const QFont& font, int cellWidthPx) {
    // the style's text margins (a few px each side) and a little slack, so the style never elides again
    constexpr int kMargins = 14;
    const auto labels = elideDistinct(names, QFontMetrics(font), std::max(20, cellWidthPx - kMargins));
    m_labels.clear();
    for (size_t i = 0; i < names.size(); ++i)
        m_labels.insert(names[i], labels[i]);
}

void OpSummaryNameDelegate::initStyleOption(QStyleOptionViewItem* option, const QModelIndex& index) const {
    QStyledItemDelegate::initStyleOption(option, index);
    option->text = label(option->text);
}

} // namespace rs::views
