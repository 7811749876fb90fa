#include "views/common/sortarrows.h"

#include <QHeaderView>
#include <QProxyStyle>
#include <QStyleOptionHeader>

namespace rs::views {

namespace {
class SortArrowStyle : public QProxyStyle {
  public:
    void drawPrimitive(PrimitiveElement pe, const QStyleOption* opt, QPainter* p,
                       const QWidget* w) const override {
        const auto* header = qobject_cast<const QHeaderView*>(w);
        const auto* h = qstyleoption_cast<const QStyleOptionHeader*>(opt);
        if (pe != PE_IndicatorHeaderArrow || !header || !h || h->sortIndicator == QStyleOptionHeader::None) {
            QProxyStyle::drawPrimitive(pe, opt, p, w);
            return;
        }
        QStyleOption arrow(*opt);
        QColor ink = opt->palette.windowText().color();
        ink.setAlpha(180); // as light as the base style's header arrow
        arrow.palette.setColor(QPalette::ButtonText, ink);
        arrow.palette.setColor(QPalette::WindowText, ink);
        arrow.palette.setColor(QPalette::Text, ink);
        const bool descending = header->sortIndicatorOrder() == Qt::DescendingOrder;
        QProxyStyle::drawPrimitive(descending ? PE_IndicatorArrowDown : PE_IndicatorArrowUp, &arrow, p, w);
    }
};
} // namespace

void pointSortArrows(QHeaderView* header) {
    auto* style = new SortArrowStyle;
    style->setParent(header); // QWidget::setStyle does not take it
    header->setStyle(style);
}

} // namespace rs::views
